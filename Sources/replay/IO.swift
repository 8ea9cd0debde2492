#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that cannot be read or written, with the facts of why; worded in ``description``.
enum FileError: Error, Equatable {
  /// Reading `path` failed with the system's `errno`.
  case unreadable(path: String, errno: Int32)
  /// `path` is a directory where a file is read.
  case directory(path: String)
  /// Writing `path` failed with `errno`.
  case unwritable(path: String, errno: Int32)
  /// The temporary file beside `path` could not be created.
  case temporaryUncreatable(path: String, temporary: String, errno: Int32)
  /// `path` is a recording being read, which replay never writes to.
  case protectedInput(path: String)

  /// The file the error is about.
  var path: String {
    switch self {
    case .unreadable(let path, _), .directory(let path), .unwritable(let path, _),
      .temporaryUncreatable(let path, _, _), .protectedInput(let path):
      path
    }
  }

  /// The message, as it follows `Error: `.
  var description: String {
    let name = displayName(forPath: path)
    switch self {
    case .unreadable(_, let code):
      return "cannot read '\(name)': \(Self.reason(code))"
    case .directory:
      return "cannot read '\(name)': it is a directory"
    case .unwritable(_, let code):
      return "cannot write '\(name)': \(Self.reason(code))"
    case .temporaryUncreatable(_, let temporary, let code):
      return "cannot write '\(name)': cannot create '\(temporary)': \(Self.reason(code))"
    case .protectedInput:
      return
        "cannot write '\(name)': it is a recording being read; replay never writes to its input"
    }
  }

  private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
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
    if errno != EINTR { throw .unreadable(path: path, errno: errno) }
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

/// The name a path goes by in messages: `<stdin>` for `-`, as compilers write it.
func displayName(forPath path: String) -> String {
  path == "-" ? "<stdin>" : path
}

/// Opens `path` for reading; `-` is standard input (a duplicate of it, so that closing the
/// descriptor leaves standard input open).
func openForReading(_ path: String) throws(FileError) -> Int32 {
  let descriptor = path == "-" ? dup(0) : open(path, O_RDONLY)
  guard descriptor >= 0 else {
    throw .unreadable(path: path, errno: errno)
  }
  var status = stat()
  if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
    close(descriptor)
    throw .directory(path: path)
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
///
/// A `path` that is neither a regular file nor absent (`/dev/null`, a named pipe, a terminal) is
/// written in place: there is no file to replace whole, and renaming over it would replace the
/// device or the pipe itself (for root, `--output /dev/null` deleted the machine's `/dev/null`).
final class AtomicFile {
  let path: String
  /// The temporary file; `nil` when `path` is written in place.
  private let temporary: String?
  private let descriptor: Int32
  /// Whether ``commit()`` has run (and renamed or removed the temporary file).
  private var finished = false

  init(_ path: String, protecting protectedPaths: [String] = []) throws(FileError) {
    var target = stat()
    let exists = stat(path, &target) == 0
    if exists {
      for protected in protectedPaths {
        var source = stat()
        if stat(protected, &source) == 0 && source.st_dev == target.st_dev
          && source.st_ino == target.st_ino
        {
          throw .protectedInput(path: path)
        }
      }
    }
    let kind = target.st_mode & S_IFMT
    if exists && kind != S_IFREG && kind != S_IFDIR {
      let descriptor = open(path, O_WRONLY)
      guard descriptor >= 0 else { throw .unwritable(path: path, errno: errno) }
      self.path = path
      self.temporary = nil
      self.descriptor = descriptor
      return
    }
    let temporary = path + ".tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else {
      throw .temporaryUncreatable(path: path, temporary: temporary, errno: errno)
    }
    self.path = path
    self.temporary = temporary
    self.descriptor = descriptor
  }

  /// Appends `bytes` to the temporary file.
  func write(_ bytes: [UInt8]) throws(FileError) {
    try bytes.withUnsafeBufferPointer { buffer throws(FileError) in try write(buffer) }
  }

  /// Appends `bytes` to the temporary file.
  func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(FileError) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw .unwritable(path: path, errno: errno)
      }
      offset += written
    }
  }

  /// Flushes the temporary file and renames it over `path`; on failure, removes it.
  func commit() throws(FileError) {
    guard !finished else { return }
    finished = true
    guard let temporary else {
      close(descriptor)
      return
    }
    var failure: Int32?
    if fsync(descriptor) != 0 { failure = errno }
    close(descriptor)
    if failure == nil && rename(temporary, path) != 0 { failure = errno }
    if let failure {
      unlink(temporary)
      throw .unwritable(path: path, errno: failure)
    }
  }

  /// Not committed: removes the temporary file, leaving `path` as it was.
  deinit {
    guard !finished else { return }
    close(descriptor)
    if let temporary { unlink(temporary) }
  }
}
