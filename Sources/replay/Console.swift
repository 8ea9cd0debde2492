internal import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes: its standard output and standard error.
///
/// Commands receive one and never open the process's streams themselves, so a test can run a
/// command in process with ``captured()`` and read back exactly what it printed.
struct Console: Sendable {
  var output: Output
  var error: Output

  /// The process's standard output and standard error.
  static var standard: Console { Console(output: .standardOutput, error: .standardError) }

  /// A console that keeps what is written in memory (see ``Output/text``).
  static func captured() -> Console {
    Console(output: Output(capture: Capture()), error: Output(capture: Capture()))
  }

  /// Writes out everything buffered on both streams.
  mutating func flush() {
    output.flush()
    error.flush()
  }
}

/// Bytes written to a captured ``Output``, shared by its copies.
final class Capture: Sendable {
  private let bytes = Mutex<[UInt8]>([])

  func append(_ more: [UInt8]) {
    bytes.withLock { $0.append(contentsOf: more) }
  }

  var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }
}

/// Buffered output to a file descriptor, or to memory.
struct Output: Sendable {
  private enum Sink: Sendable {
    case descriptor(Int32)
    case capture(Capture)
  }

  private let sink: Sink
  private var buffer: [UInt8] = []

  static var standardOutput: Output { Output(descriptor: 1) }
  static var standardError: Output { Output(descriptor: 2) }

  init(descriptor: Int32) {
    sink = .descriptor(descriptor)
    buffer.reserveCapacity(1 << 16)
  }

  init(capture: Capture) {
    sink = .capture(capture)
  }

  /// Whether the output is a terminal.
  var isTerminal: Bool {
    switch sink {
    case .descriptor(let descriptor): isatty(descriptor) == 1
    case .capture: false
    }
  }

  /// What a captured output has received and flushed so far; `nil` for a file descriptor.
  var text: String? {
    switch sink {
    case .descriptor: nil
    case .capture(let capture): capture.text
    }
  }

  mutating func write(_ bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    // A block at least as big as the buffer goes straight to the descriptor when nothing waits
    // before it: copying it into the buffer first would only cost a pass over its bytes.
    if buffer.isEmpty, bytes.count >= 1 << 16, case .descriptor(let descriptor) = sink {
      Self.write(UnsafeRawBufferPointer(bytes), to: descriptor)
      return
    }
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  mutating func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Writes a line of text.
  mutating func line(_ text: String = "") {
    write(text)
    buffer.append(0x0A)
  }

  mutating func flush() {
    switch sink {
    case .descriptor(let descriptor):
      Self.write(buffer, to: descriptor)
    case .capture(let capture):
      capture.append(buffer)
    }
    buffer.removeAll(keepingCapacity: true)
  }

  private static func write(_ buffer: [UInt8], to descriptor: Int32) {
    buffer.withUnsafeBytes { write($0, to: descriptor) }
  }

  private static func write(_ raw: UnsafeRawBufferPointer, to descriptor: Int32) {
    guard let base = raw.baseAddress else { return }
    var offset = 0
    while offset < raw.count {
      let written = Glibc.write(descriptor, base + offset, raw.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        break
      }
      offset += written
    }
  }
}
