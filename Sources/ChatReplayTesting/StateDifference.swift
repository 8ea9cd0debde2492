package import ChatReplay

/// The lines of a diff of two states for a test failure: the debugger's `diff` (`−` expected,
/// `+` actual, unchanged members collapsed), with the step and the time, which the debugger
/// leaves out because they change at every step.
package enum StateDifference {
  package static func lines(_ expected: ChatState, _ actual: ChatState) -> [String] {
    let old = StateNode(expected, includeMessages: true)
    let new = StateNode(actual, includeMessages: true)
    if let lines = StateDiff.lines(old, new, label: "ChatState", indent: "") { return lines }
    // The two differ only where the JSON description does not look (a layout's private
    // memory): name the stored properties that differ.
    return hiddenDifferences(expected, actual)
  }

  /// The stored properties whose values differ, as `− name: value` / `+ name: value` lines.
  private static func hiddenDifferences(_ expected: ChatState, _ actual: ChatState) -> [String] {
    var lines = ["  ChatState("]
    for (old, new) in zip(expected.storedValueDescriptions, actual.storedValueDescriptions)
    where old.value != new.value {
      lines.append("−   \(old.name): \(old.value)")
      lines.append("+   \(new.name): \(new.value)")
    }
    return lines + ["    … (the other members are unchanged)", "  )"]
  }
}
