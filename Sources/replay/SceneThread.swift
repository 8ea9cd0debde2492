internal import ChatReplay
internal import Dispatch

/// A page's scene drawn on a thread of its own (`replay html`), from the states the page's pass
/// hands over in batches, in order: the pass decodes, reduces and writes the rest of the page on
/// the calling thread meanwhile.
///
/// At most ``window`` batches wait at once, so memory stays bounded however long the recording
/// is: the pass waits when the scene falls that far behind.
final class SceneThread: @unchecked Sendable {
  /// The states handed over in one go: enough that the lock and the wake-ups cost little per
  /// state, few enough that the scene's thread starts early.
  static let batchSize = 256
  private static let window = 16

  /// The batches handed over and not yet drawn, oldest first.
  private let queue = Locked<[[PageData.SceneStep]]>([])
  private let waiting = DispatchSemaphore(value: 0)
  private let room = DispatchSemaphore(value: SceneThread.window)
  private let finished = DispatchSemaphore(value: 0)
  /// Touched only by the scene's thread until ``finished`` is signalled.
  private var column: PageData.SceneColumn
  /// Touched only by the pass's thread; not checked for exclusive access at every state (a
  /// class's property is checked at run time, and only this thread ever touches it).
  @exclusivity(unchecked) private var batch: [PageData.SceneStep] = []

  /// Starts the thread that draws `column`; `nil` when no thread could be started.
  static func start(_ column: PageData.SceneColumn) -> SceneThread? {
    let thread = SceneThread(column)
    return startThread(label: "replay.page-scene") { thread.run() } ? thread : nil
  }

  private init(_ column: PageData.SceneColumn) {
    self.column = column
    batch.reserveCapacity(Self.batchSize)
  }

  /// Hands over the next state (called on the pass's thread).
  func add(_ step: PageData.SceneStep) {
    batch.append(step)
    PageData.SceneColumn.trim(&batch[batch.count - 1])
    if batch.count == Self.batchSize { send() }
  }

  private func send() {
    room.wait()
    let full = batch
    batch = []
    batch.reserveCapacity(Self.batchSize)
    queue.withLock { $0.append(full) }
    waiting.signal()
  }

  /// Hands over the last states and waits for the scene: the one drawn from every state.
  func finish() -> PageData.SceneColumn {
    if !batch.isEmpty { send() }
    // One signal more than batches: the thread finds no batch and ends.
    waiting.signal()
    finished.wait()
    return column
  }

  /// Draws `states` into `column`: the states borrowed from the batch, not copied, and the
  /// column accessed once for the batch (not checked for exclusive access at every state).
  private static func draw(
    _ states: [PageData.SceneStep], into column: inout PageData.SceneColumn
  ) {
    states.withUnsafeBufferPointer { column.add(contentsOf: $0) }
  }

  private func run() {
    while true {
      waiting.wait()
      let next = queue.withLock { queue -> [PageData.SceneStep]? in
        queue.isEmpty ? nil : queue.removeFirst()
      }
      guard let next else { break }
      Self.draw(next, into: &column)
      room.signal()
    }
    finished.signal()
  }
}
