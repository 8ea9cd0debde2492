internal import ChatReplay
internal import Dispatch

/// Decodes the chunks of a recording already in memory on a helper thread, ahead of the one being
/// replayed: the debugger's load, which keeps the whole file, uses the second core as
/// `replay check` does (``readChunks(of:decodingAhead:chunkSize:window:_:)``), without reading
/// the file again.
///
/// Chunk `k` is `bytes[k × chunkSize ..< (k + 1) × chunkSize]`. The helper decodes the chunks in
/// order, from the second after the one being replayed on and at most `window` ahead of it;
/// ``take(_:)`` gives the replay a chunk the helper has decoded, or `nil` for a chunk it has not
/// (or is still decoding), which the replay then decodes itself: it never waits. The helper runs
/// at the lowest priority, and frees the decoded chunks handed back by ``replayed(_:_:)`` (their
/// strings were allocated on its thread).
///
/// `bytes` must stay allocated and unchanged until ``stop()`` has returned: it waits for the
/// helper to leave the chunk it may be decoding.
final class DecodeAheadInMemory: Sendable {
  private struct State: Sendable {
    /// The next chunk to decode: the ones before it are claimed.
    var next = 0
    /// The chunk being replayed: the ones before it are done.
    var replaying = 0
    /// The chunks decoded and not yet taken, oldest first.
    var ready: [(index: Int, decoded: DecodedChunk)] = []
    /// Decoded chunks replayed, for the helper to free.
    var spent: [DecodedChunk] = []
    /// The chunk the helper is decoding, if any.
    var helping: Int?
    /// Whether the replay took that chunk itself: the helper then drops its work on it.
    var helpingAbandoned = false
    /// Set by ``stop()``: the helper ends.
    var stopped = false
  }

  /// What the helper does next.
  private enum Task {
    case decode(Int)
    case free([DecodedChunk])
    case wait
    case end
  }

  private let state = Locked(State())
  /// Signalled when the replay frees a place in the window or stops.
  private let work = DispatchSemaphore(value: 0)
  /// Signalled by the helper as it ends.
  private let ended = DispatchSemaphore(value: 0)
  nonisolated(unsafe) private let bytes: UnsafeBufferPointer<UInt8>
  private let chunkSize: Int
  private let window: Int
  private let chunkCount: Int

  /// Starts the helper on `bytes`; `nil` when the bytes are fewer than four chunks (done before a
  /// second thread would help) or the thread cannot start.
  init?(_ bytes: UnsafeBufferPointer<UInt8>, chunkSize: Int, window: Int = 16) {
    guard bytes.count >= 4 * chunkSize else { return nil }
    self.bytes = bytes
    self.chunkSize = chunkSize
    self.window = window
    chunkCount = (bytes.count + chunkSize - 1) / chunkSize
    guard startThread(label: "replay.load-ahead", lowPriority: true, { [self] in help() }) else {
      return nil
    }
  }

  /// Chunk `index`, the one after the last replayed, if the helper has decoded it.
  func take(_ index: Int) -> DecodedChunk? {
    state.withLock { state in
      if let first = state.ready.first, first.index == index {
        state.ready.removeFirst()
        return first.decoded
      }
      if state.helping == index { state.helpingAbandoned = true }
      state.next = max(state.next, index + 1)
      return nil
    }
  }

  /// Notes that chunk `index` is replayed, and takes back its decoded lines for the helper to
  /// free.
  func replayed(_ index: Int, _ decoded: consuming DecodedChunk?) {
    let spent = decoded
    state.withLock { state in
      state.replaying = index + 1
      if let spent { state.spent.append(spent) }
    }
    work.signal()
  }

  /// Ends the helper, waiting for it to leave the chunk it may be decoding (a millisecond or
  /// two at most).
  func stop() {
    state.withLock { $0.stopped = true }
    work.signal()
    ended.wait()
  }

  private func help() {
    defer { ended.signal() }
    loop: while true {
      let task: Task = state.withLock { state in
        if state.stopped { return .end }
        if !state.spent.isEmpty {
          defer { state.spent.removeAll() }
          return .free(state.spent)
        }
        // Not the chunk right after the one being replayed, unless the helper is past it: the
        // replay gets there soon and would likely find the helper in the middle of it.
        let index = max(state.next, state.replaying + 2)
        guard index < chunkCount, index < state.replaying + window else { return .wait }
        state.next = index + 1
        state.helping = index
        return .decode(index)
      }
      switch task {
      case .end:
        break loop
      case .wait:
        work.wait()
      case .free:
        // Dropping `task` drops the last references to the spent chunks' events, on the thread
        // that made them.
        continue
      case .decode(let index):
        let start = index * chunkSize
        let end = min(start + chunkSize, bytes.count)
        let decoded =
          state.withLock({ $0.helpingAbandoned || $0.stopped })
          ? nil : DecodedChunk(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        state.withLock { state in
          state.helping = nil
          let abandoned = state.helpingAbandoned
          state.helpingAbandoned = false
          if !abandoned, !state.stopped, let decoded {
            state.ready.append((index, decoded))
          }
        }
      }
    }
  }
}
