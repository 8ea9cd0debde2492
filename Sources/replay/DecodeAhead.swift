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
/// file's bytes from `k × chunkSize` on, read with `pread`, so either thread can read any chunk;
/// which chunks the helper takes is ``DecodeAhead``'s, which the debugger's load shares. A file of
/// less than four chunks, or one that is not a regular file, is read without the helper.
/// `leavingKeystrokes` is ``DecodedChunk/init(_:leavingKeystrokes:)``'s.
func readChunks(
  of path: String, decodingAhead: Bool, leavingKeystrokes: Bool = false,
  chunkSize: Int = 1 << 18, window: Int = 16,
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
  let ahead = DecodeAhead(
    .file(descriptor: helpersDescriptor, path: path), chunkSize: chunkSize, window: window,
    leavingKeystrokes: leavingKeystrokes)
  // The helper may still be reading a chunk nobody needs any more: it keeps `ahead` (and so
  // its descriptor and the buffers) alive until it is done.
  defer { ahead.stop() }
  let own = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
  defer { own.deallocate() }
  var index = 0
  while true {
    let chunk: UnsafeBufferPointer<UInt8>
    var decoded: DecodedChunk?
    var buffer: ChunkBuffer?
    switch ahead.take(index) {
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
      ahead.read(index, count: count)
      if count == 0 { return }
      chunk = UnsafeBufferPointer(rebasing: own[0..<count])
    }
    let goOn = body(chunk, decoded)
    // Handed over, not kept: the helper drops the last reference to the chunk's events.
    ahead.replayed(index, buffer: buffer, spent: consume decoded)
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
struct ChunkBuffer: @unchecked Sendable {
  let pointer: UnsafeMutableBufferPointer<UInt8>
}

/// A chunk the helper has, decoded unless it was empty.
struct ReadyChunk: @unchecked Sendable {
  let index: Int
  /// The helper's buffer holding it, when it was read from a file.
  let buffer: ChunkBuffer?
  let bytes: UnsafeBufferPointer<UInt8>
  let decoded: DecodedChunk?
}

/// Decodes the chunks of a recording on a helper thread ahead of the one being replayed, for
/// `replay check` (the file read with `pread`, ``readChunks(of:decodingAhead:chunkSize:window:_:)``)
/// and the debugger's load (the file already in memory): one scheduler over either source.
///
/// The helper takes the chunks in order, from the second after the one being replayed on and at
/// most `window` ahead of it (the chunk right after the one being replayed is left to the replay,
/// which gets there soon and would likely find the helper in the middle of it). The replay never
/// waits: ``take(_:)`` gives it a chunk the helper has finished, or tells it to read and decode
/// the chunk itself (the helper's work on it is then dropped). The helper runs at the lowest
/// priority (nice 19, on Linux), so it works only on a core that would otherwise idle, and it
/// frees the decoded chunks handed back by ``replayed(_:buffer:spent:)``: their strings were
/// allocated on its thread, and freeing them there spares the replay the allocator's
/// cross-thread path. At most `window` chunks are held at once.
final class DecodeAhead: Sendable {
  /// Where the chunks' bytes come from.
  enum Source: @unchecked Sendable {
    /// The file, read at each chunk's offset into the helper's own buffers; the descriptor is
    /// the helper's, closed when the last thread is done with it.
    case file(descriptor: Int32, path: String)
    /// Bytes in memory, which must stay allocated and unchanged until ``stop()`` has returned.
    case memory(UnsafeBufferPointer<UInt8>)
    /// The file, read at each chunk's offset into `buffer`, which is as long as the file and
    /// must stay allocated until ``stop()`` has returned; each chunk is read once, by the helper
    /// or by the replay (``fill(_:)``). The descriptor stays the caller's.
    case filling(descriptor: Int32, path: String, buffer: UnsafeMutableBufferPointer<UInt8>)
  }

  /// What ``fill(_:)`` found of a chunk of a file read into memory.
  enum Filled {
    /// Its bytes are in the buffer, and its lines decoded when the helper decoded them.
    case ready(DecodedChunk?)
    /// Reading it failed.
    case failed(FileError)
    /// It came up short: the file is no longer as long as it was.
    case changed
  }

  /// What the replay does with the chunk it needs next.
  enum Take {
    /// The helper has it (read and) decoded.
    case ready(ReadyChunk)
    /// The replay reads and decodes it itself.
    case yours
    /// The file ended before it.
    case end
    /// Reading the file failed there; the chunks before it have all been replayed.
    case failed(FileError)
  }

  private struct State: Sendable {
    /// The index of the next chunk to take: the chunks before it have been claimed by a thread.
    var next = 0
    /// The index of the chunk the replay needs next: the ones before it are replayed.
    var replaying = 0
    /// The chunks the helper has finished, oldest first.
    var ready: [ReadyChunk] = []
    /// The index of the first chunk past the end: known for memory, and for a file once a read
    /// came up short.
    var end: Int
    /// The error of a read that failed, and the chunk it was reading.
    var failure: (index: Int, error: FileError)?
    /// The helper's buffers that hold no chunk (a file's only).
    var free: [ChunkBuffer] = []
    /// Decoded chunks replayed, for the helper to free.
    var spent: [DecodedChunk] = []
    /// The chunk the helper is reading or decoding, if any.
    var helping: Int?
    /// Whether the replay took that chunk itself: the helper then drops its work on it.
    var helpingAbandoned = false
    /// Set when the replay is done: the helper ends.
    var stopped = false
    /// Whether the helper's thread started.
    var hasHelper = true
    /// For a file read into memory: which chunks have their bytes there.
    var read: [Bool] = []
    /// Whether the replay waits for the helper to read the chunk it is reading.
    var waitsForRead = false
    /// Whether a chunk of a file read into memory came up short.
    var changed = false
  }

  /// What the helper does next.
  private enum Task {
    case load(Int, ChunkBuffer?)
    case free([DecodedChunk])
    case wait
    case end
  }

  private let state: Locked<State>
  /// Signalled when the replay frees a place in the window or stops: the helper may have work.
  private let work = DispatchSemaphore(value: 0)
  /// Signalled by the helper as it ends.
  private let ended = DispatchSemaphore(value: 0)
  /// Signalled by the helper when it has read the chunk the replay waits for.
  private let readDone = DispatchSemaphore(value: 0)
  private let source: Source
  private let chunkSize: Int
  private let window: Int
  /// Whether keystroke lines are left to the replay (see ``DecodedChunk/init(_:leavingKeystrokes:)``).
  private let leavesKeystrokes: Bool
  /// Every buffer, to free them at the end.
  private let buffers: [ChunkBuffer]

  /// Starts the helper.
  ///
  /// Without a thread, the replay reads and decodes every chunk itself.
  init(_ source: Source, chunkSize: Int, window: Int = 16, leavingKeystrokes: Bool = false) {
    self.source = source
    self.chunkSize = chunkSize
    self.window = window
    leavesKeystrokes = leavingKeystrokes
    switch source {
    case .file:
      buffers = (0..<window).map { _ in ChunkBuffer(pointer: .allocate(capacity: chunkSize)) }
      state = Locked(State(end: .max, free: buffers))
    case .memory(let bytes):
      buffers = []
      state = Locked(State(end: (bytes.count + chunkSize - 1) / chunkSize))
    case .filling(_, _, let buffer):
      buffers = []
      let end = (buffer.count + chunkSize - 1) / chunkSize
      state = Locked(State(end: end, read: Array(repeating: false, count: end)))
    }
    // At the lowest priority: the helper only reads and decodes ahead on a core that would
    // otherwise idle.
    if !startThread(label: "replay.decode-ahead", lowPriority: true, { [self] in help() }) {
      state.withLock { $0.hasHelper = false }
    }
  }

  /// A helper decoding `bytes`, a recording in memory, ahead of its replay, leaving keystroke
  /// and keyboard lines to the replay; `nil` when they are fewer than four chunks (done before a
  /// second thread would help).
  static func inMemory(_ bytes: UnsafeBufferPointer<UInt8>, chunkSize: Int) -> DecodeAhead? {
    bytes.count >= 4 * chunkSize
      ? DecodeAhead(.memory(bytes), chunkSize: chunkSize, leavingKeystrokes: true) : nil
  }

  deinit {
    if case .file(let descriptor, _) = source { close(descriptor) }
    for buffer in buffers { buffer.pointer.deallocate() }
  }

  /// What to do with chunk `index`, the one after the last the replay replayed.
  ///
  /// Never waits: a chunk the helper has not finished is left to the replay.
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

  /// Chunk `index` of bytes in memory, the one after the last replayed, if the helper has
  /// decoded it.
  func takeDecoded(_ index: Int) -> DecodedChunk? {
    guard case .ready(let ready) = take(index) else { return nil }
    return ready.decoded
  }

  /// Notes that the replay read `count` bytes of a file's chunk `index` itself.
  func read(_ index: Int, count: Int) {
    guard count < chunkSize else { return }
    state.withLock { state in state.end = min(state.end, count == 0 ? index : index + 1) }
  }

  /// Takes back a replayed chunk's buffer (the helper's, if it read it), and its decoded lines
  /// for the helper to free.
  func replayed(_ index: Int, buffer: ChunkBuffer? = nil, spent: consuming DecodedChunk?) {
    let spent = spent
    state.withLock { state in
      state.replaying = index + 1
      if let buffer { state.free.append(buffer) }
      if let spent { state.spent.append(spent) }
    }
    work.signal()
  }

  /// Tells the helper to end.
  ///
  /// With bytes in memory, waits for it to leave the chunk it may be decoding (a millisecond or
  /// two at most); with a file, does not wait: the helper holds the buffers it reads into.
  func stop() {
    let hasHelper = state.withLock { state in
      state.stopped = true
      return state.hasHelper
    }
    work.signal()
    switch source {
    case .memory, .filling: if hasHelper { ended.wait() }
    case .file: break
    }
  }

  /// Chunk `index` of a file read into memory, the one after the last replayed: waits, if the
  /// helper is reading it, until it has; reads it, if nobody has; and gives its decoded lines
  /// when the helper has decoded them.
  ///
  /// The helper never starts on the chunk being replayed or the one after it, so a wait comes
  /// only when the replay caught up with it (at the lowest priority, it may have had no core).
  func fill(_ index: Int) -> Filled {
    guard case .filling(let descriptor, let path, let buffer) = source else {
      preconditionFailure("fill(_:) of a source not read into memory")
    }
    enum Next {
      case done(Filled)
      case wait
      case read
    }
    while true {
      let next: Next = state.withLock { state in
        if let first = state.ready.first, first.index == index {
          state.ready.removeFirst()
          return .done(.ready(first.decoded))
        }
        if let failure = state.failure, failure.index <= index {
          return .done(.failed(failure.error))
        }
        if state.changed { return .done(.changed) }
        if state.read[index] {
          // Read, and being decoded (or dropped): the replay decodes it itself.
          if state.helping == index { state.helpingAbandoned = true }
          state.next = max(state.next, index + 1)
          return .done(.ready(nil))
        }
        if state.helping == index {
          state.waitsForRead = true
          return .wait
        }
        state.next = max(state.next, index + 1)
        return .read
      }
      switch next {
      case .done(let filled):
        return filled
      case .wait:
        readDone.wait()
      case .read:
        do {
          guard try readChunk(index, of: descriptor, path: path, into: buffer) else {
            state.withLock { $0.changed = true }
            return .changed
          }
          state.withLock { $0.read[index] = true }
          return .ready(nil)
        } catch {
          return .failed(error)
        }
      }
    }
  }

  /// Reads the chunks of a file read into memory that nobody read (those past where a load
  /// stopped), once ``stop()`` has returned; `false` when the file is no longer the length it
  /// was (a chunk came up short, or there is more after it).
  func readRest() throws(FileError) -> Bool {
    guard case .filling(let descriptor, let path, let buffer) = source else { return true }
    let (read, changed) = state.withLock { ($0.read, $0.changed) }
    if changed { return false }
    for index in read.indices where !read[index] {
      guard try readChunk(index, of: descriptor, path: path, into: buffer) else { return false }
    }
    var byte: UInt8 = 0
    while true {
      let count = pread(descriptor, &byte, 1, off_t(buffer.count))
      if count < 0 && errno == EINTR { continue }
      if count < 0 { throw .unreadable(path: path, errno: errno) }
      return count == 0
    }
  }

  /// Reads chunk `index` of the file into its place in `buffer`; `false` when it came up short.
  private func readChunk(
    _ index: Int, of descriptor: Int32, path: String,
    into buffer: UnsafeMutableBufferPointer<UInt8>
  ) throws(FileError) -> Bool {
    let start = index * chunkSize
    let place = UnsafeMutableBufferPointer(
      rebasing: buffer[start..<min(start + chunkSize, buffer.count)])
    return try readFully(descriptor, into: place, at: start, path: path) == place.count
  }

  /// The helper's loop: frees spent chunks, and reads and decodes the next chunk while the
  /// window has room, until the replay stops.
  private func help() {
    defer { ended.signal() }
    let isFile = if case .file = source { true } else { false }
    loop: while true {
      let task: Task = state.withLock { state in
        if state.stopped { return .end }
        if !state.spent.isEmpty {
          defer { state.spent.removeAll() }
          return .free(state.spent)
        }
        // Not the chunk right after the one being replayed, unless the helper is past it
        // already: the replay gets there soon and would likely find the helper in the middle
        // of it (at the start, or when the helper fell behind); a chunk skipped is the replay's.
        let index = max(state.next, state.replaying + 2)
        guard index < state.end, index < state.replaying + window else { return .wait }
        var buffer: ChunkBuffer?
        if isFile {
          guard let free = state.free.popLast() else { return .wait }
          buffer = free
        }
        state.next = index + 1
        state.helping = index
        return .load(index, buffer)
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
      case .load(let index, let buffer):
        load(index, into: buffer)
      }
    }
  }

  /// Reads (from a file, into `buffer`) and decodes chunk `index`, and hands it over unless the
  /// replay took it meanwhile.
  private func load(_ index: Int, into buffer: ChunkBuffer?) {
    let outcome: Result<UnsafeBufferPointer<UInt8>, FileError>
    var isShort = false
    switch source {
    case .file(let descriptor, let path):
      guard let buffer else { return }
      do {
        let count = try readFully(
          descriptor, into: buffer.pointer, at: index * chunkSize, path: path)
        outcome = .success(UnsafeBufferPointer(rebasing: buffer.pointer[0..<count]))
      } catch {
        outcome = .failure(error)
      }
    case .memory(let bytes):
      let start = index * chunkSize
      outcome = .success(
        UnsafeBufferPointer(rebasing: bytes[start..<min(start + chunkSize, bytes.count)]))
    case .filling(let descriptor, let path, let buffer):
      do {
        isShort = try !readChunk(index, of: descriptor, path: path, into: buffer)
        let start = index * chunkSize
        outcome = .success(
          UnsafeBufferPointer(rebasing: buffer[start..<min(start + chunkSize, buffer.count)]))
      } catch {
        outcome = .failure(error)
      }
      // Read (or not): the replay may be waiting for it.
      let waits = state.withLock { state in
        switch outcome {
        case .success: if isShort { state.changed = true } else { state.read[index] = true }
        case .failure(let error): state.failure = (index, error)
        }
        defer { state.waitsForRead = false }
        return state.waitsForRead
      }
      if waits { readDone.signal() }
      if isShort || state.withLock({ $0.failure != nil }) {
        state.withLock { state in
          state.helping = nil
          state.helpingAbandoned = false
        }
        return
      }
    }
    var decoded: DecodedChunk?
    if case .success(let bytes) = outcome, !bytes.isEmpty,
      !state.withLock({ $0.helpingAbandoned || $0.stopped })
    {
      decoded = DecodedChunk(bytes, leavingKeystrokes: leavesKeystrokes)
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
        if let buffer { state.free.append(buffer) }
      case .success(let bytes):
        if bytes.count < chunkSize {
          state.end = min(state.end, bytes.isEmpty ? index : index + 1)
        }
        if abandoned || state.stopped || index >= state.end {
          if let buffer { state.free.append(buffer) }
        } else {
          state.ready.append(
            ReadyChunk(index: index, buffer: buffer, bytes: bytes, decoded: decoded))
        }
      }
    }
  }
}
