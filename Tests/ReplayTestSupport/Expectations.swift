package import ChatReplay
import ChatReplayTesting
package import Testing

/// Expects two strings to be equal, printing a line diff when they are not.
package func expectNoDifference(
  _ actual: String, _ expected: String, _ what: String = "Texts differ",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual != expected else { return }
  Issue.record(
    Comment(rawValue: "\(what) (Expected: −, Actual: +):\n" + LineDiff.text(expected, actual)),
    sourceLocation: sourceLocation)
}

/// Expects two states to be equal, printing the debugger's diff of them when they are not.
package func expectNoDifference(
  _ actual: ChatState, _ expected: ChatState, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual != expected else { return }
  Issue.record(
    Comment(
      rawValue: (["States differ (Expected: −, Actual: +):"]
        + StateDifference.lines(expected, actual)).joined(separator: "\n")),
    sourceLocation: sourceLocation)
}
