#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that cannot be read, with the system's reason.
struct FileError: Error {
  var path: String
  var reason: String

  var description: String { "cannot read '\(path)': \(reason)" }
}

/// Buffered output to a file descriptor.
struct Output {
  let descriptor: Int32
  private var buffer: [UInt8] = []

  static var standardOutput: Output { Output(descriptor: 1) }
  static var standardError: Output { Output(descriptor: 2) }

  init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer.reserveCapacity(1 << 16)
  }

  /// Whether the output is a terminal.
  var isTerminal: Bool { isatty(descriptor) == 1 }

  mutating func write(_ bytes: [UInt8]) {
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
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return Glibc.write(descriptor, base + offset, raw.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        break
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }
}

/// Reads the file at `path` in chunks, calling `body` with each; stops when `body` returns false.
func readChunks(
  of path: String, chunkSize: Int = 1 << 20, _ body: (UnsafeBufferPointer<UInt8>) -> Bool
) throws(FileError) {
  let descriptor = try openForReading(path)
  defer { close(descriptor) }
  try readChunks(from: descriptor, path: path, chunkSize: chunkSize, body)
}

/// Reads the open file `descriptor` (`path`, for errors) in chunks, calling `body` with each;
/// stops when `body` returns false.
func readChunks(
  from descriptor: Int32, path: String, chunkSize: Int = 1 << 20,
  _ body: (UnsafeBufferPointer<UInt8>) -> Bool
) throws(FileError) {
  let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
  defer { buffer.deallocate() }
  while true {
    let count = try readSome(descriptor, into: buffer, path: path)
    if count == 0 { return }
    guard body(UnsafeBufferPointer(rebasing: buffer[0..<count])) else { return }
  }
}

/// One `read` into `buffer`, again if a signal interrupts it: the number of bytes read, 0 at the
/// end of the file.
func readSome(
  _ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, path: String
) throws(FileError) -> Int {
  while true {
    let count = read(descriptor, buffer.baseAddress, buffer.count)
    if count >= 0 { return count }
    if errno != EINTR { throw FileError(path: path, reason: String(cString: strerror(errno))) }
  }
}

/// Reads the whole file at `path`.
func readFile(_ path: String) throws(FileError) -> [UInt8] {
  var bytes: [UInt8] = []
  var status = stat()
  if stat(path, &status) == 0 { bytes.reserveCapacity(Int(status.st_size)) }
  try readChunks(of: path) { chunk in
    bytes.append(contentsOf: chunk)
    return true
  }
  return bytes
}

func openForReading(_ path: String) throws(FileError) -> Int32 {
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else {
    throw FileError(path: path, reason: String(cString: strerror(errno)))
  }
  var status = stat()
  if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
    close(descriptor)
    throw FileError(path: path, reason: "it is a directory")
  }
  return descriptor
}

/// Writes `bytes` to `path` atomically (see ``AtomicFile``).
func writeFileAtomically(
  _ bytes: [UInt8], to path: String, protecting protectedPaths: [String] = []
) throws(FileError) {
  // On a failed write, dropping `file` removes the temporary file.
  let file = try AtomicFile(path, protecting: protectedPaths)
  try file.write(bytes)
  try file.commit()
}

/// A file written atomically, piece by piece.
///
/// The bytes go into a temporary file beside `path`; ``commit()`` flushes it to disk and renames
/// it over `path`, so an interrupted run leaves either the old file or the new one, never half of
/// one, and a long output need not be held in memory. Refuses to write over `protectedPaths` (the
/// recordings being read), whatever name reaches them. Dropped without ``commit()``, it removes
/// the temporary file.
final class AtomicFile {
  let path: String
  private let temporary: String
  private let descriptor: Int32
  /// Whether ``commit()`` has run (and renamed or removed the temporary file).
  private var finished = false

  init(_ path: String, protecting protectedPaths: [String] = []) throws(FileError) {
    var target = stat()
    if stat(path, &target) == 0 {
      for protected in protectedPaths {
        var source = stat()
        if stat(protected, &source) == 0 && source.st_dev == target.st_dev
          && source.st_ino == target.st_ino
        {
          throw FileError(
            path: path, reason: "it is a recording being read; replay never writes to its input")
        }
      }
    }
    let temporary = path + ".tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else {
      throw FileError(
        path: path, reason: "cannot create '\(temporary)': " + String(cString: strerror(errno)))
    }
    self.path = path
    self.temporary = temporary
    self.descriptor = descriptor
  }

  /// Appends `bytes` to the temporary file.
  func write(_ bytes: [UInt8]) throws(FileError) {
    var offset = 0
    var failure: String?
    bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      while offset < raw.count {
        let written = Glibc.write(descriptor, base + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        offset += written
      }
    }
    if let failure { throw FileError(path: path, reason: failure) }
  }

  /// Flushes the temporary file and renames it over `path`; on failure, removes it.
  func commit() throws(FileError) {
    guard !finished else { return }
    finished = true
    var failure: String?
    if fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
    close(descriptor)
    if failure == nil && rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temporary)
      throw FileError(path: path, reason: failure)
    }
  }

  /// Not committed: removes the temporary file, leaving `path` as it was.
  deinit {
    guard !finished else { return }
    close(descriptor)
    unlink(temporary)
  }
}
