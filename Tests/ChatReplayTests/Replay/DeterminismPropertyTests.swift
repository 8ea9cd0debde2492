import ChatReplay
import ReplayTestSupport
import Testing

/// Replaying is deterministic and the reducer is pure, on realistic and adversarial streams.
struct DeterminismPropertyTests {
  @Test(arguments: LayoutID.allCases)
  func replayingTwiceGivesTheSameStatesByteForByte(layout: LayoutID) {
    let streams = Gen.oneOf([PropertyDefaults.realistic, PropertyDefaults.adversarial])
    expectProperty(
      streams, cases: 20
    ) { recording in
      let first = recording.states(layout: layout)
      let second = recording.states(layout: layout)
      if let difference = firstDifference(
        first, second, "\(layout.rawValue): two replays", byteForByte: true)
      {
        return difference
      }
      // Purity: reducing a copy of a middle state along another branch (the events again,
      // in reverse) must leave the states already made, and their shared messages, as they
      // were.
      // Every state's messages are a prefix of the last state's; the fields are values.
      let middle = first[first.count / 2]
      let before = (Array(middle.messages), Array(first[first.count - 1].messages))
      let screen = ChatScreen(layout: layout, measurer: PropertyDefaults.measurer)
      var branch = first[first.count / 2]
      for event in recording.events.reversed() {
        screen.reduce(into: &branch, TimedEvent(t: max(event.t, branch.t), event: event.event))
      }
      let after = (Array(middle.messages), Array(first[first.count - 1].messages))
      if before != after {
        return
          "\(layout.rawValue): reducing a copy of step \(first.count / 2) changed earlier states"
      }
      return nil
    }
  }
}
