/// A diff of two states in the style of TCA's `_printChanges`: `−` before, `+` after, unchanged
/// members collapsed into `… (N unchanged)`.
///
/// ```text
///   ChatState(
///     inputBar: {
/// −     text: "Hi"
/// +     text: ""
///       … (2 unchanged)
///     }
///     … (8 unchanged)
///   )
/// ```
package enum StateDiff {
  /// The state's tree with messages, without `step` and `t`, which change at every step.
  static func comparable(_ state: ChatState) -> StateNode {
    guard case .object(let members) = StateNode(state, includeMessages: true) else {
      return .object([])
    }
    return .object(members.filter { $0.key != "step" && $0.key != "t" })
  }

  /// The diff's lines, or `nil` when the two are equal.
  package static func lines(_ old: StateNode, _ new: StateNode, label: String, indent: String)
    -> [String]?
  {
    guard old != new else { return nil }
    let isTop = label == "ChatState"
    switch (old, new) {
    case (.object(let before), .object(let after))
    where !old.isCompact && before.map({ $0.key }) == after.map({ $0.key }):
      var body: [String] = []
      var unchanged = 0
      for (a, b) in zip(before, after) {
        if let changed = lines(a.value, b.value, label: a.key, indent: indent + "  ") {
          flush(&unchanged, into: &body, indent: indent + "  ")
          body += changed
        } else {
          unchanged += 1
        }
      }
      flush(&unchanged, into: &body, indent: indent + "  ")
      let open = isTop ? "ChatState(" : "\(label): {"
      return ["  \(indent)\(open)"] + body + ["  \(indent)\(isTop ? ")" : "}")"]
    case (.array(let before), .array(let after)):
      var body: [String] = []
      var unchanged = 0
      for index in 0..<max(before.count, after.count) {
        let element = "[\(index)]"
        let inner = indent + "  "
        switch (
          index < before.count ? before[index] : nil, index < after.count ? after[index] : nil
        )
        {
        case (let a?, let b?):
          if let changed = lines(a, b, label: element, indent: inner) {
            flush(&unchanged, into: &body, indent: inner)
            body += changed
          } else {
            unchanged += 1
          }
        case (let a?, nil):
          flush(&unchanged, into: &body, indent: inner)
          body += a.lines(label: element, indent: inner).map { "− " + $0 }
        case (nil, let b?):
          flush(&unchanged, into: &body, indent: inner)
          body += b.lines(label: element, indent: inner).map { "+ " + $0 }
        case (nil, nil):
          break
        }
      }
      flush(&unchanged, into: &body, indent: indent + "  ")
      return ["  \(indent)\(label): ["] + body + ["  \(indent)]"]
    default:
      return old.lines(label: label, indent: indent).map { "− " + $0 }
        + new.lines(label: label, indent: indent).map { "+ " + $0 }
    }
  }

  private static func flush(_ count: inout Int, into lines: inout [String], indent: String) {
    guard count > 0 else { return }
    lines.append("  \(indent)… (\(count) unchanged)")
    count = 0
  }
}
