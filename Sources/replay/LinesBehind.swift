internal import ChatReplay
internal import Dispatch

/// `--json`'s lines written on a thread of their own, behind the thread that decodes and
/// reduces: the states go across in batches of their values, in order, and come out as the same
/// bytes a ``StateLineWriter`` on the replaying thread would write.
///
/// Decoding and reducing a line cost about as much as writing its state, so the two threads
/// share the work about evenly. At most ``depth`` batches are in flight: the replaying thread
/// waits when the writer is that far behind, and the writer when it has caught up.
struct LinesBehind {
  /// States in a batch: a batch's values and bytes stay well inside a core's cache.
  static let batchSize = 256
  static let depth = 8

  private let pipe: LinePipe
  private var batch = StateLineBatch()

  /// Starts the writing thread, which writes to `output` until ``finish()``.
  init(output: Output) {
    pipe = LinePipe(output: output)
    if !startThread(label: "replay.lines", { [pipe] in pipe.write() }) {
      DispatchQueue(label: "replay.lines").async { [pipe] in pipe.write() }
    }
  }

  /// Adds the next state.
  @inline(__always)
  mutating func add(_ state: ChatState) {
    batch.append(state, includeOptions: state.step == 0)
    if batch.count == Self.batchSize { send() }
  }

  private mutating func send() {
    batch = pipe.send(batch)
  }

  /// Writes the states left, waits for the writer, and hands back its output.
  mutating func finish() -> Output {
    if batch.count > 0 { send() }
    return pipe.end()
  }
}

/// The batches between the replaying thread and the writer.
private final class LinePipe: Sendable {
  struct State: Sendable {
    /// Batches filled and not yet written, oldest first.
    var filled: [StateLineBatch] = []
    /// Written batches, emptied, to fill again.
    var free: [StateLineBatch] = []
    var ended = false
    /// The output, the writer's while it runs.
    var output: Output?
  }

  let state: Locked<State>
  /// Counts the filled batches (and the end) for the writer.
  let filledCount = DispatchSemaphore(value: 0)
  /// Counts the batches the replaying thread may still fill before the writer catches up.
  let room = DispatchSemaphore(value: LinesBehind.depth)
  /// Signalled once the writer has written everything.
  let done = DispatchSemaphore(value: 0)

  init(output: Output) {
    state = Locked(State(output: output))
  }

  /// Hands `batch` to the writer; an empty batch to fill next.
  func send(_ batch: StateLineBatch) -> StateLineBatch {
    state.withLock { $0.filled.append(batch) }
    filledCount.signal()
    room.wait()
    return state.withLock { $0.free.popLast() } ?? StateLineBatch()
  }

  /// Tells the writer that no batch follows, waits for it, and takes back the output.
  func end() -> Output {
    state.withLock { $0.ended = true }
    filledCount.signal()
    done.wait()
    return state.withLock { state in
      guard let output = state.output else { preconditionFailure("the writer keeps the output") }
      return output
    }
  }

  /// The writer's loop.
  func write() {
    var lines = StateLineWriter()
    guard var output = state.withLock({ $0.output.take() }) else { return }
    while true {
      filledCount.wait()
      guard var batch = state.withLock({ $0.filled.isEmpty ? nil : $0.filled.removeFirst() })
      else { break }
      lines.write(batch) { output.write($0) }
      batch.removeAll()
      state.withLock { $0.free.append(batch) }
      room.signal()
    }
    lines.take { output.write($0) }
    state.withLock { $0.output = output }
    done.signal()
  }
}
