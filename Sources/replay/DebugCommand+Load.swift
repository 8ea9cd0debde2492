internal import ChatReplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension DebugCommand {
  /// Bytes replayed at a time while loading; the helper thread decodes the chunks ahead.
  static let loadChunkSize = 1 << 18

  /// How many threads load: `REPLAY_LOAD_JOBS=1` loads on one (to measure the load's own work
  /// against `replay check --jobs 1`), `2` (the default) lets the second core decode ahead; any
  /// other value gives a `warning:` line and the default.
  static let loadJobs: (count: Int, warning: String?) = {
    guard let value = getenv("REPLAY_LOAD_JOBS").map({ String(cString: $0) }) else {
      return (2, nil)
    }
    switch value {
    case "1": return (1, nil)
    case "2": return (2, nil)
    default: return (2, "warning: REPLAY_LOAD_JOBS='\(value)' is neither 1 nor 2; using 2")
    }
  }()

  /// Replays `bytes` into a timeline with its change index, the second core decoding the chunks
  /// ahead of the replay (``DecodeAhead``) when the file is long enough and `jobs` is 2.
  static func load(
    _ bytes: [UInt8], options: Replayer.Options, keepGoing: Bool,
    chunkSize: Int = loadChunkSize, jobs: Int = loadJobs.count, index: inout ChangeIndex,
    continuing: (_ bytesRead: Int, _ steps: Int) -> Bool = { _, _ in true }
  ) -> Result<Timeline, RecordingError> {
    bytes.withUnsafeBufferPointer { buffer in
      let ahead = jobs >= 2 ? DecodeAhead.inMemory(buffer, chunkSize: chunkSize) : nil
      defer { ahead?.stop() }
      return Timeline.load(
        bytes, options: options, keepGoing: keepGoing, chunkSize: chunkSize,
        decodedAhead: { chunk in ahead?.takeDecoded(chunk) },
        replayed: { chunk, decoded in ahead?.replayed(chunk, spent: decoded) },
        observe: { index.add($0, event: $1, settled: $2) },
        continuing: continuing)
    }
  }
}

/// Reads the whole file at `path` straight into the array's storage (one copy, where reading
/// chunks and appending them makes two); a file that is not a regular one, or that grows while
/// it is read, is read as ``readFile(_:)`` reads it.
func readWholeFile(_ path: String) throws(FileError) -> [UInt8] {
  let descriptor = try openForReading(path)
  defer { close(descriptor) }
  var status = stat()
  guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
    return try readFile(path)
  }
  let size = Int(status.st_size)
  var failure: FileError?
  var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
    guard let base = buffer.baseAddress else { return }
    while count < size {
      let got = read(descriptor, base + count, size - count)
      if got < 0 {
        if errno == EINTR { continue }
        failure = .unreadable(path: path, errno: errno)
        return
      }
      if got == 0 { return }
      count += got
    }
  }
  if let failure { throw failure }
  // Whatever came after the size it had when it was opened.
  try readChunks(from: descriptor, path: path) { chunk in
    bytes.append(contentsOf: chunk)
    return true
  }
  return bytes
}
