/// The states of the last few checkpoint segments visited, so that `back` costs what `next`
/// costs, and `why` and `blame`, which read states in other segments, do not replay the current
/// one again after each look.
struct StateCache: Sendable {
  /// How many segments are kept: a page's explained window (``PageData/explainedStepLimit``)
  /// fits, so building it replays each of its states once.
  static let segmentLimit = 8
  let timeline: Timeline
  /// The kept segments, the most recently used last.
  private var segments: [(start: Int, states: [ChatState])] = []

  init(timeline: Timeline) {
    self.timeline = timeline
  }

  mutating func state(at step: Int) -> ChatState {
    let interval = Timeline.checkpointInterval
    let start = step / interval * interval
    if let last = segments.last, last.start == start { return last.states[step - start] }
    if let found = segments.firstIndex(where: { $0.start == start }) {
      let segment = segments.remove(at: found)
      segments.append(segment)
      return segment.states[step - start]
    }
    var states: [ChatState] = []
    if segments.count >= Self.segmentLimit {
      states = segments.removeFirst().states
      states.removeAll(keepingCapacity: true)
    }
    timeline.forEachState(from: start, through: min(start + interval - 1, timeline.lastStep)) {
      states.append($0)
      return true
    }
    segments.append((start, states))
    return states[step - start]
  }
}
