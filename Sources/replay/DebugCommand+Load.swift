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

extension DebugCommand {
  /// Loads the recording at `path` as ``load(_:options:keepGoing:chunkSize:jobs:index:continuing:)``
  /// loads its bytes, and gives them with the result.
  ///
  /// With a second core and a regular file of at least four chunks, the file is not read whole
  /// first: the helper reads each chunk into its place in the bytes' storage and decodes it,
  /// while the replay takes the chunks in order (reading one itself when the helper has not
  /// started on it). Reading the 78 MB file of a million events into fresh memory took about
  /// 36 ms, a quarter of the load, on the replaying thread. A file whose length changes while it
  /// is read is read again whole, and loaded as before. The file is opened once: a named pipe
  /// or a terminal can be read only once. `continuing` is told the file's length too.
  static func load(
    file path: String, options: Replayer.Options, keepGoing: Bool,
    chunkSize: Int = loadChunkSize, jobs: Int = loadJobs.count, index: inout ChangeIndex,
    continuing: (_ bytesRead: Int, _ byteCount: Int, _ steps: Int) -> Bool = { _, _, _ in true }
  ) throws(FileError) -> (bytes: [UInt8], loaded: Result<Timeline, RecordingError>) {
    let descriptor = try openForReading(path)
    defer { close(descriptor) }
    func loadWhole() throws(FileError) -> (bytes: [UInt8], loaded: Result<Timeline, RecordingError>)
    {
      let bytes = try readWholeFile(descriptor, path: path)
      index = ChangeIndex()
      let loaded = load(
        bytes, options: options, keepGoing: keepGoing, chunkSize: chunkSize, jobs: jobs,
        index: &index, continuing: { continuing($0, bytes.count, $1) })
      return (bytes, loaded)
    }
    var status = stat()
    // Standard input is read from where it stands, not from its first byte.
    guard jobs >= 2, path != "-", fstat(descriptor, &status) == 0,
      (status.st_mode & S_IFMT) == S_IFREG,
      Int(status.st_size) >= 4 * chunkSize
    else { return try loadWhole() }
    let size = Int(status.st_size)
    var failure: FileError?
    var isWhole = true
    var loaded: Result<Timeline.Loaded, RecordingError>?
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      let storage = UnsafeMutableBufferPointer(rebasing: buffer[0..<size])
      let ahead = DecodeAhead(
        .filling(descriptor: descriptor, path: path, buffer: storage), chunkSize: chunkSize,
        leavingKeystrokes: true)
      var decoded: DecodedChunk?
      loaded = Timeline.load(
        UnsafeBufferPointer(storage), lineCount: size / 64, options: options,
        keepGoing: keepGoing, chunkSize: chunkSize,
        ready: { chunk in
          switch ahead.fill(chunk) {
          case .ready(let chunk):
            decoded = chunk
            return true
          case .failed(let error):
            failure = error
          case .changed:
            isWhole = false
          }
          return false
        },
        decodedAhead: { _ in
          defer { decoded = nil }
          return decoded
        },
        replayed: { chunk, decoded in ahead.replayed(chunk, spent: decoded) },
        observe: { index.add($0, event: $1, settled: $2) },
        continuing: { continuing($0, size, $1) })
      ahead.stop()
      // Every byte is read, also past where the load stopped: the timeline keeps them all.
      if failure == nil && isWhole {
        do throws(FileError) {
          isWhole = try ahead.readRest()
        } catch {
          failure = error
        }
      }
      if failure != nil || !isWhole { storage.update(repeating: 0) }
      count = size
    }
    if let failure { throw failure }
    guard isWhole, let loaded else { return try loadWhole() }
    return (bytes, loaded.map { Timeline($0, source: bytes) })
  }
}

/// Reads the whole of the open file `descriptor` (`path`, for errors) from its offset, a regular
/// file straight into the array's storage (one copy, where reading chunks and appending them
/// makes two); any other file, and what a regular one grew by while it was read, in chunks.
func readWholeFile(_ descriptor: Int32, path: String) throws(FileError) -> [UInt8] {
  var status = stat()
  guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
    var bytes: [UInt8] = []
    try readChunks(from: descriptor, path: path) { chunk in
      bytes.append(contentsOf: chunk)
      return true
    }
    return bytes
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
