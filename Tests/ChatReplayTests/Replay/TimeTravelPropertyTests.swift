import ChatReplay
import ReplayTestSupport
import Testing

/// Every way of reaching a step in a ``Timeline`` gives the state replaying from the start
/// gives.
struct TimeTravelPropertyTests {
  @Test(arguments: LayoutID.allCases)
  func everyStepFromEveryCheckpointEqualsReplayingFromTheStart(layout: LayoutID) {
    var checkpointsPassed = 0
    // Longer than the other properties' streams: a stream must pass several checkpoints for
    // "from every checkpoint" to mean more than "from step 0".
    let maxEvents = 3 * Timeline.checkpointInterval + 1
    let streams = Gen.oneOf([
      Gen<GeneratedRecording>.recording(.realistic, maxEvents: maxEvents),
      Gen<GeneratedRecording>.recording(.adversarial, maxEvents: maxEvents),
    ])
    expectProperty(
      streams,
      cases: 6
    ) { recording in
      let reference = recording.states(layout: layout)
      let timeline: Timeline
      switch Timeline.load(recording.bytes, options: PropertyDefaults.options(layout: layout)) {
      case .success(let loaded): timeline = loaded
      case .failure(let error): return error.rendered(file: "generated.jsonl")
      }
      if timeline.lastStep != reference.count - 1 {
        return
          "\(layout.rawValue): the timeline has \(timeline.stepCount) steps, not \(reference.count)"
      }
      // Forward from every checkpoint to the end.
      for checkpoint in stride(
        from: 0, through: timeline.lastStep, by: Timeline.checkpointInterval)
      {
        var mismatch: String?
        timeline.forEachState(from: checkpoint) { state in
          guard state == reference[state.step] else {
            mismatch =
              "\(layout.rawValue): step \(state.step) from checkpoint \(checkpoint) differs:\n"
              + "- \(state.jsonLine())\n+ \(reference[state.step].jsonLine())"
            return false
          }
          return true
        }
        if let mismatch {
          return mismatch
        }
      }
      // Jumps, and `back` after `next`.
      for step in stride(from: 0, to: timeline.lastStep, by: 16) {
        let next = timeline.state(at: step + 1)
        let back = timeline.state(at: step)
        if next != reference[step + 1] {
          return
            "\(layout.rawValue): next to step \(step + 1) differs:\n- \(next.jsonLine())\n+ \(reference[step + 1].jsonLine())"
        }
        if back != reference[step] {
          return
            "\(layout.rawValue): back to step \(step) differs:\n- \(back.jsonLine())\n+ \(reference[step].jsonLine())"
        }
      }
      checkpointsPassed = max(checkpointsPassed, timeline.lastStep / Timeline.checkpointInterval)
      if timeline.state(at: timeline.lastStep) != reference[timeline.lastStep] {
        return "\(layout.rawValue): the last step differs"
      }
      return nil
    }
    // Without this, shorter generated streams would test only the first checkpoint.
    #expect(checkpointsPassed >= 2, "no stream passed a checkpoint after step 0")
  }
}
