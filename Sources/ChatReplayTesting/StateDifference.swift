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
    for (old, new) in zip(
      Mirror(reflecting: expected).children, Mirror(reflecting: actual).children)
    {
      let before = String(describing: old.value)
      let after = String(describing: new.value)
      guard before != after else { continue }
      let name = old.label ?? "?"
      lines.append("−   \(name): \(before)")
      lines.append("+   \(name): \(after)")
    }
    return lines + ["    … (the other members are unchanged)", "  )"]
  }
}
