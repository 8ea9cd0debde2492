// The C library, for `memchr` and the math functions behind `Double.rounded`. Nothing here does I/O.
//
// An Embedded Swift build for WebAssembly (Sources/ChatReplayWasm) has no C library headers and
// one thread: there the byte searches are loops, and every caller is the same thread.
#if hasFeature(Embedded)
#elseif canImport(Glibc)
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
  #if hasFeature(Embedded)
    var index = start
    while index < buffer.count {
      if base[index] == byte { return index }
      index += 1
    }
    return nil
  #else
    guard let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  #endif
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
  #if hasFeature(Embedded)
    var index = 0
    while index < count {
      if lhs[index] != rhs[index] { return false }
      index += 1
    }
    return true
  #else
    memcmp(lhs, rhs, count) == 0
  #endif
}

/// A number that tells the calling thread from every other running thread.
@inline(__always)
func currentThreadID() -> UInt {
  #if hasFeature(Embedded)
    1
  #elseif canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}

#if hasFeature(Embedded)
  /// The one thread's stand-in for `Synchronization.Mutex`, which Embedded Swift has no lock
  /// for on WebAssembly: the value, handed to each caller in turn.
  final class Mutex<Value>: @unchecked Sendable {
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { body(&value) }
  }
#endif
