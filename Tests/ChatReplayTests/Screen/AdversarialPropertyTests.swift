import ChatReplay
import ReplayTestSupport
import Testing

/// Adversarial streams never crash a layout and never put a NaN or an infinity in a state.
struct AdversarialPropertyTests {
  @Test(arguments: LayoutID.allCases)
  func adversarialStreamsKeepEveryNumberFinite(layout: LayoutID) {
    expectProperty(
      PropertyDefaults.adversarial, cases: 100
    ) { recording in
      let states = recording.states(layout: layout, measurer: FontMetricsMeasurer())
      for state in states {
        // Messages never change once added, so the last state shows every message's frame.
        let paths = nonFiniteNumberPaths(in: state, includeMessages: state.step == states.count - 1)
        if let path = paths.first {
          return
            "\(layout.rawValue): step \(state.step) has \(path) = non-finite:\n\(state.jsonLine())"
        }
      }
      return nil
    }
  }
}
