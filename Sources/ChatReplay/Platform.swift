// The C library, for `memchr` and the math functions behind `Double.rounded`. Nothing here does I/O.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The offset of the first `byte` in `buffer` from `start`, or `nil`.
@inline(__always)
func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
  guard start < buffer.count, let base = buffer.baseAddress else { return nil }
  guard let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
  return UnsafeRawPointer(found) - UnsafeRawPointer(base)
}
