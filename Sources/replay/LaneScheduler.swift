internal import ChatReplay
internal import Dispatch

/// Reduces the batches of `replay compare` on two threads: the layouts are independent of each
/// other, so while the caller writes the rows of one batch, a helper thread reduces the lanes of
/// the batches after it.
///
/// Each lane reduces the batches in order, and whichever thread gets to a lane's next batch first
/// reduces it: both threads take the lane whose next batch is the oldest. The caller, when it
/// needs a batch's rows, so reduces itself every lane the helper has not started on that batch;
/// while the helper is in the middle of the last one it needs, it reduces the lanes of a later
/// batch, and waits only when the helper holds the only lane left. A lane's cells are the same whichever
/// thread reduced them, so the output is too. When the helper gets no core (a busy machine), the
/// caller ends up reducing every lane itself, as it would alone; when writing the rows is the
/// longer part, the helper does all the reducing.
///
/// The helper starts with the second batch (a small file is done alone). A batch written is freed
/// on the caller's thread, which made it and its events: the typed texts the gathering thread
/// allocated then go back to that thread's allocator cache, where its next batch finds them.
/// (Freed on the helper instead, every text went back to the other thread's cache, and each of
/// the caller's allocations took the allocator's slow path: `compare` took about 15 % longer.)
final class LaneScheduler: @unchecked Sendable {
  private struct State {
    /// Each lane, `nil` while a thread is reducing it.
    var lanes: [Comparison.Lane?]
    /// Each lane's next batch, by number (the first batch handed in is 0).
    var next: [Int]
    /// The batches handed in and not yet taken, oldest first.
    var pending: [Comparison.Batch] = []
    /// The number of the first pending batch.
    var firstPending = 0
    /// Set when the caller is done: the helper ends.
    var stopped = false
  }

  private let state: Locked<State>
  /// Signalled when a batch is handed in or the caller stops: the helper may have work.
  private let work = DispatchSemaphore(value: 0)
  /// Signalled when the helper has reduced a lane: the caller may be waiting for it.
  private let reduced = DispatchSemaphore(value: 0)
  private let laneCount: Int
  /// Whether the helper thread was started; read and written by the caller alone.
  private var isHelping = false

  init(lanes: [Comparison.Lane]) {
    laneCount = lanes.count
    state = Locked(State(lanes: lanes, next: Array(repeating: 0, count: lanes.count)))
  }

  /// The number of batches handed in and not yet taken.
  var pendingCount: Int { state.withLock { $0.pending.count } }

  /// Hands in the next batch, to be reduced by every lane.
  func add(_ batch: Comparison.Batch) {
    let count = state.withLock { state in
      state.pending.append(batch)
      return state.firstPending + state.pending.count
    }
    if !isHelping && count >= 2 {
      isHelping = true
      startHelper()
    }
    work.signal()
  }

  /// Calls `body` with the oldest batch handed in, once every lane has reduced it, then frees
  /// the batch here; `nil` when no batch is left, else what `body` returned.
  func withOldest(_ body: (Comparison.Batch) -> Bool) -> Bool? {
    guard
      let (batch, number) = state.withLock({ state in
        state.pending.first.map { ($0, state.firstPending) }
      })
    else { return nil }
    while true {
      let task: Task = state.withLock { state in
        guard state.next.contains(where: { $0 <= number }) else { return .end }
        // Rather than wait for a lane the helper holds, reduce another, perhaps of a later batch.
        return Self.chooseLane(&state) ?? .wait
      }
      switch task {
      case .end:
        break
      case .wait:
        reduced.wait()
        continue
      case .reduce(let index, let lane, let batch):
        reduce(lane, batch, putBackAt: index)
        continue
      }
      break
    }
    let going = body(batch)
    state.withLock { state in
      state.pending.removeFirst()
      state.firstPending += 1
    }
    return going
  }

  /// Reduces `batch` with `lane` and puts the lane back at `index`, one batch further on.
  ///
  /// `lane` was taken out of the shared state by ``chooseLane(_:)``; the caller and the helper
  /// both reduce this way.
  private func reduce(_ lane: Comparison.Lane, _ batch: Comparison.Batch, putBackAt index: Int) {
    var lane = lane
    lane.reduce(batch)
    state.withLock { state in
      state.lanes[index] = lane
      state.next[index] += 1
    }
  }

  /// Tells the helper to end, without waiting for it: it holds what it is reducing.
  func stop() {
    state.withLock { $0.stopped = true }
    work.signal()
  }

  /// What the helper does next.
  private enum Task {
    case reduce(index: Int, Comparison.Lane, Comparison.Batch)
    case wait
    case end
  }

  /// The helper's loop: reduces the lane whose next batch is the oldest, until the caller stops.
  private func help() {
    while true {
      let task: Task = state.withLock { state in
        if state.stopped { return .end }
        return Self.chooseLane(&state) ?? .wait
      }
      switch task {
      case .end:
        return
      case .wait:
        work.wait()
      case .reduce(let index, let lane, let batch):
        reduce(lane, batch, putBackAt: index)
        reduced.signal()
      }
    }
  }

  /// Takes the lane that no thread holds whose next batch is the oldest of those handed in, with
  /// that batch; `nil` when there is none.
  private static func chooseLane(_ state: inout State) -> Task? {
    var chosen: Int?
    for index in state.lanes.indices
    where state.lanes[index] != nil
      && state.next[index] - state.firstPending < state.pending.count
    {
      if let best = chosen, state.next[best] <= state.next[index] { continue }
      chosen = index
    }
    guard let index = chosen, let lane = state.lanes[index] else { return nil }
    state.lanes[index] = nil
    return .reduce(index: index, lane, state.pending[state.next[index] - state.firstPending])
  }

  /// Starts the helper thread.
  ///
  /// At the caller's priority: it does half the work, not spare work. Without a thread, the
  /// caller reduces every lane itself.
  private func startHelper() {
    if !startThread(label: "replay.compare-lanes", { self.help() }) { isHelping = false }
  }
}
