/// The states of the checkpoint segment around the current step, so that `back` costs what
/// `next` costs.
struct StateCache: Sendable {
  let timeline: Timeline
  private var start = -1
  private var states: [ChatState] = []

  init(timeline: Timeline) {
    self.timeline = timeline
  }

  mutating func state(at step: Int) -> ChatState {
    if step >= start && step < start + states.count { return states[step - start] }
    let interval = Timeline.checkpointInterval
    start = step / interval * interval
    states.removeAll(keepingCapacity: true)
    timeline.forEachState(from: start, through: min(start + interval - 1, timeline.lastStep)) {
      states.append($0)
      return true
    }
    return states[step - start]
  }
}
