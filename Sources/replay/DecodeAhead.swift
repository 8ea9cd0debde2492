internal import ChatReplay
internal import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the file at `path` in chunks like ``readChunks(of:chunkSize:_:)``; with
/// `decodingAhead`, a helper thread reads and decodes the chunks ahead of the one `body` is
/// given, so that one recording keeps two cores busy: the caller replays in file order, the
/// helper reads the file and decodes its lines.
///
/// `body` gets each chunk in order, with its ``DecodedChunk`` when the helper decoded it first,
/// or `nil` when the caller reached it first (it then decodes the chunk itself). Chunk `k` is the
/// file's bytes from `k × chunkSize` on, read with `pread`, so either thread can read any chunk:
/// the helper reads the chunks in order as far as `window` chunks ahead of the caller (from the
/// second after the one being replayed on), and the caller never waits for it. A chunk the
/// helper has not read yet, or is still reading or decoding, is read and decoded by the caller
/// itself (the helper's work on it is dropped).
///
/// The helper runs at the lowest priority (nice 19, on Linux), so it works only on a core that
/// would otherwise idle. On a busy machine two threads were slower than one: the helper took its
/// share of the CPU from the same budget as the caller (and the caller waited for a helper
/// descheduled in the middle of a chunk); now the caller simply does what the helper has not.
/// At most `window` chunks are held at once, so memory stays bounded however long the file is.
/// A file of less than four chunks, or one that is not a regular file, is read without the
/// helper.
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
  // pipe, whose size is unknown and which cannot be read at an offset, is).
  var status = stat()
  let isRegular = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  let size = isRegular ? Int(status.st_size) : 0
  let helpersDescriptor = decodingAhead && size >= 4 * chunkSize ? dup(descriptor) : -1
  guard helpersDescriptor >= 0 else {
    return try readChunks(from: descriptor, path: path) { chunk in body(chunk, nil) }
  }
  let shared = DecodeAhead(
    descriptor: helpersDescriptor, path: path, chunkSize: chunkSize, window: window)
  // At the lowest priority: the helper only reads and decodes ahead on a core that would
  // otherwise idle.
  _ = startThread(label: "replay.decode-ahead", lowPriority: true) { shared.help() }
  // The helper may still be reading a chunk nobody needs any more: it keeps `shared` (and so
  // its descriptor and the buffers) alive until it is done.
  defer { shared.stop() }
  let own = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
  defer { own.deallocate() }
  var index = 0
  while true {
    let chunk: UnsafeBufferPointer<UInt8>
    var decoded: DecodedChunk?
    var buffer: Buffer?
    switch shared.take(index) {
    case .end:
      return
    case .failed(let error):
      throw error
    case .ready(let ready):
      chunk = ready.bytes
      decoded = ready.decoded
      buffer = ready.buffer
    case .yours:
      let count = try readFully(descriptor, into: own, at: index * chunkSize, path: path)
      shared.read(index, count: count)
      if count == 0 { return }
      chunk = UnsafeBufferPointer(rebasing: own[0..<count])
    }
    let goOn = body(chunk, decoded)
    // Handed over, not kept: the helper drops the last reference to the chunk's events.
    shared.replayed(index, buffer: buffer, spent: consume decoded)
    guard goOn else { return }
    index += 1
  }
}

/// Reads from byte `offset` of the file into `buffer` until it is full or the file ends; the
/// number of bytes read.
private func readFully(
  _ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int,
  path: String
) throws(FileError) -> Int {
  guard let base = buffer.baseAddress else { return 0 }
  var count = 0
  while count < buffer.count {
    let read = pread(descriptor, base + count, buffer.count - count, off_t(offset + count))
    if read < 0 {
      if errno == EINTR { continue }
      throw .unreadable(path: path, errno: errno)
    }
    if read == 0 { break }
    count += read
  }
  return count
}

/// A chunk buffer of the helper's, handed between the two threads under ``DecodeAhead``'s lock.
private struct Buffer: @unchecked Sendable {
  let pointer: UnsafeMutableBufferPointer<UInt8>
}

/// A chunk the helper read, and decoded unless it was empty.
private struct ReadyChunk: Sendable {
  let index: Int
  let buffer: Buffer
  let count: Int
  let decoded: DecodedChunk?

  var bytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: buffer.pointer[0..<count])
  }
}

/// The chunks between the caller, which replays them in order, and the helper, which reads and
/// decodes them ahead of it.
private final class DecodeAhead: Sendable {
  /// What the caller does with the chunk it needs next.
  enum Take {
    /// The helper has it read and decoded.
    case ready(ReadyChunk)
    /// The caller reads and decodes it itself.
    case yours
    /// The file ended before it.
    case end
    /// Reading the file failed there; the chunks before it have all been replayed.
    case failed(FileError)
  }

  struct State: Sendable {
    /// The index of the next chunk to read: the chunks before it have been claimed by a thread.
    var next = 0
    /// The index of the chunk the caller needs next: the ones before it are replayed.
    var replaying = 0
    /// The chunks the helper has read and decoded, oldest first.
    var ready: [ReadyChunk] = []
    /// The index of the first chunk past the file's end, once a read came up short.
    var end = Int.max
    /// The error of a read that failed, and the chunk it was reading.
    var failure: (index: Int, error: FileError)?
    /// The helper's buffers that hold no chunk.
    var free: [Buffer] = []
    /// Decoded chunks replayed, for the helper to free.
    var spent: [DecodedChunk] = []
    /// The chunk the helper is reading or decoding, if any.
    var helping: Int?
    /// Whether the caller took that chunk itself: the helper then drops its work on it.
    var helpingAbandoned = false
    /// Set when the caller is done: the helper ends.
    var stopped = false
  }

  let state: Locked<State>
  /// Signalled when the caller frees a place in the window or stops: the helper may have work.
  let work = DispatchSemaphore(value: 0)
  /// The helper's own descriptor of the file, closed when the last thread is done with it.
  let descriptor: Int32
  let path: String
  let chunkSize: Int
  let window: Int
  /// Every buffer, to free them at the end.
  let buffers: [Buffer]

  init(descriptor: Int32, path: String, chunkSize: Int, window: Int) {
    self.descriptor = descriptor
    self.path = path
    self.chunkSize = chunkSize
    self.window = window
    buffers = (0..<window).map { _ in Buffer(pointer: .allocate(capacity: chunkSize)) }
    self.state = Locked(State(free: buffers))
  }

  deinit {
    close(descriptor)
    for buffer in buffers { buffer.pointer.deallocate() }
  }

  /// What to do with chunk `index`, the one after the last the caller replayed.
  ///
  /// Never waits: a chunk the helper has not finished is left to the caller.
  func take(_ index: Int) -> Take {
    state.withLock { state in
      if let first = state.ready.first, first.index == index {
        state.ready.removeFirst()
        return .ready(first)
      }
      if let failure = state.failure, failure.index == index { return .failed(failure.error) }
      if index >= state.end { return .end }
      if state.helping == index { state.helpingAbandoned = true }
      state.next = max(state.next, index + 1)
      return .yours
    }
  }

  /// Notes that the caller read `count` bytes of chunk `index` itself.
  func read(_ index: Int, count: Int) {
    guard count < chunkSize else { return }
    state.withLock { state in state.end = min(state.end, count == 0 ? index : index + 1) }
  }

  /// Takes back a replayed chunk's buffer (the helper's, if it read it), and its decoded lines
  /// for the helper to free.
  func replayed(_ index: Int, buffer: Buffer?, spent: DecodedChunk?) {
    state.withLock { state in
      state.replaying = index + 1
      if let buffer { state.free.append(buffer) }
      if let spent { state.spent.append(spent) }
    }
    work.signal()
  }

  /// What the helper does next.
  enum Task {
    case read(Int, Buffer)
    case free([DecodedChunk])
    case wait
    case end
  }

  /// The helper's loop: frees spent chunks, and reads and decodes the next chunk while the
  /// window has room, until the caller stops.
  func help() {
    loop: while true {
      let task: Task = state.withLock { state in
        if state.stopped { return .end }
        if !state.spent.isEmpty {
          defer { state.spent.removeAll() }
          return .free(state.spent)
        }
        // Not the chunk right after the one being replayed, unless the helper is past it
        // already: the caller gets there soon and would likely find the helper in the middle of
        // it (at the start, or when the helper fell behind); a chunk skipped is the caller's.
        let index = max(state.next, state.replaying + 2)
        guard index < state.end, index < state.replaying + window,
          let buffer = state.free.popLast()
        else { return .wait }
        state.next = index + 1
        state.helping = index
        return .read(index, buffer)
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
      case .read(let index, let buffer):
        let outcome: Result<Int, FileError>
        do {
          outcome = .success(
            try readFully(descriptor, into: buffer.pointer, at: index * chunkSize, path: path))
        } catch {
          outcome = .failure(error)
        }
        var decoded: DecodedChunk?
        if case .success(let count) = outcome, count > 0,
          !state.withLock({ $0.helpingAbandoned })
        {
          decoded = DecodedChunk(UnsafeBufferPointer(rebasing: buffer.pointer[0..<count]))
        }
        state.withLock { state in
          state.helping = nil
          let abandoned = state.helpingAbandoned
          state.helpingAbandoned = false
          switch outcome {
          case .failure(let error):
            if !abandoned && index < state.end {
              state.end = index
              state.failure = (index, error)
            }
            state.free.append(buffer)
          case .success(let count):
            if count < chunkSize { state.end = min(state.end, count == 0 ? index : index + 1) }
            if abandoned || index >= state.end {
              state.free.append(buffer)
            } else {
              state.ready.append(
                ReadyChunk(index: index, buffer: buffer, count: count, decoded: decoded))
            }
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
