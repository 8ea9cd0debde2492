internal import ChatReplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension DebugCommand {
  /// Bytes replayed at a time while loading; the helper thread decodes the chunks ahead.
  static let loadChunkSize = 1 << 18

  /// Replays `bytes` into a timeline with its change index, the second core decoding the chunks
  /// ahead of the replay (``DecodeAheadInMemory``) when the file is long enough.
  static func load(
    _ bytes: [UInt8], options: Replayer.Options, keepGoing: Bool,
    chunkSize: Int = loadChunkSize, index: inout ChangeIndex,
    continuing: (_ bytesRead: Int, _ steps: Int) -> Bool = { _, _ in true }
  ) -> Result<Timeline, RecordingError> {
    bytes.withUnsafeBufferPointer { buffer in
      let ahead = DecodeAheadInMemory(buffer, chunkSize: chunkSize)
      defer { ahead?.stop() }
      return Timeline.load(
        bytes, options: options, keepGoing: keepGoing, chunkSize: chunkSize,
        decodedAhead: { chunk in ahead?.take(chunk) },
        replayed: { chunk, decoded in ahead?.replayed(chunk, decoded) },
        observe: { index.add($0, event: $1) },
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
