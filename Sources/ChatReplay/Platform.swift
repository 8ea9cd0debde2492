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

/// The offset of the last `byte` in `buffer` at or after `start`, or `nil`.
@inline(__always)
func lastIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
  // Byte by byte: the C library's `memrchr` is not in every one of them, and the byte is near
  // the end where this is used (a chunk's last line feed).
  guard let base = buffer.baseAddress else { return nil }
  var index = buffer.count - 1
  while index >= start {
    if base[index] == byte { return index }
    index -= 1
  }
  return nil
}

/// Whether the first `count` bytes at `lhs` and `rhs` are the same.
@inline(__always)
func bytesEqual(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, count: Int) -> Bool {
  memcmp(lhs, rhs, count) == 0
}

/// A number that tells the calling thread from every other running thread.
@inline(__always)
func currentThreadID() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
