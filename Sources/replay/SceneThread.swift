internal import ChatReplay
internal import Dispatch

/// A page's scene drawn on a thread of its own (`replay html`), from the states the page's pass
/// hands over in batches, in order: the pass decodes, reduces and writes the rest of the page on
/// the calling thread meanwhile.
///
/// At most ``window`` batches wait at once, so memory stays bounded however long the recording
/// is: the pass waits when the scene falls that far behind.
final class SceneThread: @unchecked Sendable {
  private static let window = 4

  /// The batches handed over and not yet drawn, oldest first.
  private let queue = Locked<[PageData.SceneBatch]>([])
  private let waiting = DispatchSemaphore(value: 0)
  private let room = DispatchSemaphore(value: SceneThread.window)
  private let finished = DispatchSemaphore(value: 0)
  /// The phone's pieces written and not yet taken, oldest first (a column written in pieces),
  /// each signalled on ``piecesReady``.
  private let pieces = Locked<[[UInt8]]>([])
  private let piecesReady = DispatchSemaphore(value: 0)
  /// Touched only by the scene's thread until ``finished`` is signalled.
  private var column: PageData.SceneColumn

  /// Starts the thread that draws `column`; `nil` when no thread could be started.
  static func start(_ column: PageData.SceneColumn) -> SceneThread? {
    let thread = SceneThread(column)
    return startThread(label: "replay.page-scene") { thread.run() } ? thread : nil
  }

  private init(_ column: PageData.SceneColumn) {
    self.column = column
  }

  /// Hands over the next batch of steps (called on the pass's thread).
  func add(_ batch: PageData.SceneBatch) {
    room.wait()
    queue.withLock { $0.append(batch) }
    waiting.signal()
  }

  /// The phone's next piece, once it is written (called on the pass's thread, which waits for
  /// it): pieces come out in the order they were written.
  func nextPiece() -> [UInt8] {
    piecesReady.wait()
    return pieces.withLock { $0.removeFirst() }
  }

  /// Waits for the scene, once the last batch is handed over: the one drawn from every state,
  /// and the pieces it wrote that were not taken, oldest first.
  func finish() -> (column: PageData.SceneColumn, pieces: [[UInt8]]) {
    // One signal more than batches: the thread finds no batch and ends.
    waiting.signal()
    finished.wait()
    let left = pieces.withLock { pieces in
      defer { pieces = [] }
      return pieces
    }
    return (column, left)
  }

  private func run() {
    while true {
      waiting.wait()
      let next = queue.withLock { queue -> PageData.SceneBatch? in
        queue.isEmpty ? nil : queue.removeFirst()
      }
      guard let next else { break }
      column.add(contentsOf: next)
      let written = column.takePieces()
      if !written.isEmpty {
        pieces.withLock { $0 += written }
        for _ in written { piecesReady.signal() }
      }
      room.signal()
    }
    finished.signal()
  }
}
