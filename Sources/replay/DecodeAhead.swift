internal import ChatReplay
internal import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the file at `path` in chunks like ``readChunks(of:chunkSize:_:)``; with
/// `decodingAhead`, a helper thread decodes the chunks ahead of the one `body` is given, so that
/// one recording keeps two cores busy: the caller replays in file order, the helper decodes.
///
/// `body` gets each chunk in order, with its ``DecodedChunk`` when the helper decoded it first,
/// or `nil` when the caller reached it first (it then decodes the chunk itself). The caller never
/// waits for the helper: a chunk the helper is still decoding when the caller reaches it is
/// decoded again by the caller, and the helper's work on it is dropped. The helper takes the
/// newest chunk read, the caller the oldest, so they rarely meet.
///
/// The helper runs at the lowest priority (nice 19, on Linux), so it works only on a core that
/// would otherwise idle. On a busy machine two threads were slower than one: the helper took its
/// share of the CPU from the same budget as the caller (and the caller waited for a helper
/// descheduled in the middle of a chunk); now the caller simply decodes what the helper has not.
/// At most `window` chunks are held at once, so memory stays bounded however long the file is.
/// A file of less than four chunks is read without the helper.
///
/// The helper also frees each decoded chunk once `body` is done with it: the strings of its
/// events were allocated on the helper's thread, and freeing them there spares the caller the
/// allocator's cross-thread path.
func readChunks(
  of path: String, decodingAhead: Bool, chunkSize: Int = 1 << 18, window: Int = 16,
  _ body: (UnsafeBufferPointer<UInt8>, DecodedChunk?) -> Bool
) throws(FileError) {
  let descriptor = try openForReading(path)
  defer { close(descriptor) }
  // A small file is done before a second thread would have started: read it here alone (as a
  // pipe, whose size is unknown, is).
  var status = stat()
  let size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
  guard decodingAhead && size >= 4 * chunkSize else {
    return try readChunks(from: descriptor, path: path) { chunk in body(chunk, nil) }
  }
  let shared = DecodeAhead(chunkSize: chunkSize, window: window)
  // At the lowest priority: the helper only decodes ahead on a core that would otherwise idle.
  _ = startThread(label: "replay.decode-ahead", lowPriority: true) { shared.help() }
  // The helper may still be decoding a chunk nobody needs any more: it keeps `shared` (and so
  // the buffers) alive until it is done.
  defer { shared.stop() }
  // A read that fails ends the file there; the chunks read before it are replayed first, as
  // reading without the helper would, and then the error is thrown.
  var readError: FileError?
  while true {
    while let buffer = shared.freeBuffer() {
      var count = 0
      do {
        count = try readFully(descriptor, into: buffer, path: path)
      } catch {
        readError = error
      }
      if count == 0 {
        shared.recycle(buffer, spent: nil)
        shared.endOfFile()
        break
      }
      shared.add(Chunk(buffer: buffer, count: count))
    }
    guard let (chunk, decoded) = shared.takeOldest() else {
      if let readError { throw readError }
      return
    }
    let goOn = body(chunk.bytes, decoded)
    // Handed over, not kept: the helper drops the last reference to the chunk's events.
    shared.recycle(chunk.buffer, spent: consume decoded)
    guard goOn else { return }
  }
}

/// Reads into `buffer` until it is full or the file ends; the number of bytes read.
private func readFully(
  _ descriptor: Int32, into buffer: Buffer, path: String
) throws(FileError) -> Int {
  var count = 0
  while count < buffer.pointer.count {
    let read = try readSome(
      descriptor, into: UnsafeMutableBufferPointer(rebasing: buffer.pointer[count...]), path: path)
    if read == 0 { break }
    count += read
  }
  return count
}

/// A chunk buffer, handed between the two threads under ``DecodeAhead``'s lock.
private struct Buffer: @unchecked Sendable {
  let pointer: UnsafeMutableBufferPointer<UInt8>

  /// The buffer's address, which tells buffers apart.
  var address: Int { Int(bitPattern: pointer.baseAddress) }
}

/// A chunk of the file: a buffer and how much of it the file filled.
private struct Chunk: Sendable {
  let buffer: Buffer
  let count: Int

  var bytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: buffer.pointer[0..<count])
  }
}

/// The chunks between the reader (the calling thread) and the helper that decodes ahead.
private final class DecodeAhead: Sendable {
  enum Status: Sendable {
    /// Read, not yet taken by either thread.
    case waiting
    /// The helper is decoding it.
    case decoding
    case decoded(DecodedChunk)
  }

  struct State: Sendable {
    /// The chunks read and not yet replayed, oldest first.
    var chunks: [(chunk: Chunk, status: Status)] = []
    /// Buffers free for the next chunks; none once the file has ended.
    var free: [Buffer] = []
    var endOfFile = false
    /// Decoded chunks replayed, for the helper to free.
    var spent: [DecodedChunk] = []
    /// The address of the buffer of the chunk the helper is decoding, if any.
    var decodingBuffer: Int?
    /// Whether the caller took that chunk without waiting: the helper then drops what it decoded
    /// and frees the buffer, which the reader must not fill again before.
    var decodingAbandoned = false
    /// Set when the reader is done: the helper ends.
    var stopped = false
  }

  let state: Locked<State>
  /// Signalled when a chunk is read or the reader stops: the helper may have work.
  let work = DispatchSemaphore(value: 0)
  /// Every buffer, to free them at the end.
  let buffers: [Buffer]

  init(chunkSize: Int, window: Int) {
    buffers = (0..<window).map { _ in Buffer(pointer: .allocate(capacity: chunkSize)) }
    self.state = Locked(State(free: buffers))
  }

  deinit {
    for buffer in buffers { buffer.pointer.deallocate() }
  }

  func freeBuffer() -> Buffer? {
    state.withLock { $0.endOfFile ? nil : $0.free.popLast() }
  }

  func endOfFile() { state.withLock { $0.endOfFile = true } }

  /// Takes back a buffer, and a decoded chunk for the helper to free.
  func recycle(_ buffer: Buffer, spent: DecodedChunk?) {
    state.withLock { state in
      if state.decodingBuffer == buffer.address {
        // The helper is still reading it: it frees the buffer when it is done.
        state.decodingAbandoned = true
      } else {
        state.free.append(buffer)
      }
      if let spent { state.spent.append(spent) }
    }
  }

  func add(_ chunk: Chunk) {
    state.withLock { $0.chunks.append((chunk, .waiting)) }
    work.signal()
  }

  /// The oldest chunk, decoded if the helper got to it first; `nil` when no chunk is left.
  ///
  /// Never waits: a chunk the helper is still decoding is handed out undecoded.
  func takeOldest() -> (Chunk, DecodedChunk?)? {
    state.withLock { state in
      guard let (chunk, status) = state.chunks.first else { return nil }
      state.chunks.removeFirst()
      switch status {
      case .waiting, .decoding: return (chunk, nil)
      case .decoded(let decoded): return (chunk, decoded)
      }
    }
  }

  /// What the helper does next.
  enum Task {
    case decode(Chunk)
    case free([DecodedChunk])
    case wait
    case end
  }

  /// The helper's loop: frees spent chunks and decodes the newest waiting chunk until the
  /// reader stops.
  func help() {
    loop: while true {
      let task: Task = state.withLock { state in
        if state.stopped { return .end }
        if !state.spent.isEmpty {
          defer { state.spent.removeAll() }
          return .free(state.spent)
        }
        guard let index = state.chunks.lastIndex(where: { $0.status.isWaiting }) else {
          return .wait
        }
        state.chunks[index].status = .decoding
        state.decodingBuffer = state.chunks[index].chunk.buffer.address
        return .decode(state.chunks[index].chunk)
      }
      switch task {
      case .end:
        break loop
      case .wait:
        work.wait()
      case .free:
        // Dropping `task` drops the last references to the spent chunks' events, on the
        // thread that made them.
        continue
      case .decode(let chunk):
        let decoded = DecodedChunk(chunk.bytes)
        state.withLock { state in
          state.decodingBuffer = nil
          if state.decodingAbandoned {
            // The caller replayed it meanwhile: the buffer is free again, the work is dropped.
            state.decodingAbandoned = false
            state.free.append(chunk.buffer)
          } else if let index = state.chunks.firstIndex(where: {
            $0.chunk.buffer.pointer.baseAddress == chunk.buffer.pointer.baseAddress
          }) {
            // Still waiting to be replayed (chunks leave only from the front): find it by its
            // buffer.
            state.chunks[index].status = .decoded(decoded)
          }
        }
      }
    }
  }

  /// Tells the helper to end, without waiting for it: it holds the buffers it reads.
  func stop() {
    state.withLock { $0.stopped = true }
    work.signal()
  }
}

extension DecodeAhead.Status {
  var isWaiting: Bool {
    if case .waiting = self { true } else { false }
  }
}
