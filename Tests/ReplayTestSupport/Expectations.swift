package import ChatReplay
import Foundation
package import Testing

/// Expects two strings to be equal, printing a line diff when they are not.
package func expectNoDifference(
  _ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual != expected else { return }
  Issue.record(Comment(rawValue: lineDiff(actual, expected)), sourceLocation: sourceLocation)
}

/// Expects two states to be equal, printing a diff of their JSON (Before: −, After: +).
package func expectNoDifference(
  _ actual: ChatState, _ expected: ChatState, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual != expected else { return }
  let diff = lineDiff(pretty(actual), pretty(expected))
  Issue.record(
    Comment(rawValue: "States differ (Actual: −, Expected: +)\n" + diff),
    sourceLocation: sourceLocation)
}

/// TCA's `TestStore.send` for a pure reducer: applies `event` to `state` and expects the result
/// to be `state` changed by `update`, and no more.
package func expectTransition(
  _ screen: ChatScreen, from state: inout ChatState, on event: Event, at t: Double = 1,
  sourceLocation: SourceLocation = #_sourceLocation, _ update: (inout ChatState) -> Void
) {
  var expected = state
  expected.step += 1
  expected.t = t
  update(&expected)
  screen.reduce(into: &state, TimedEvent(t: t, event: event))
  expectNoDifference(state, expected, sourceLocation: sourceLocation)
}

/// A state's JSON with messages, one field per line.
package func pretty(_ state: ChatState) -> String {
  let data = Data(state.jsonLine(includeMessages: true).utf8)
  guard let object = try? JSONSerialization.jsonObject(with: data),
    let pretty = try? JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
  else { return state.jsonLine(includeMessages: true) }
  return String(decoding: pretty, as: UTF8.self)
}

/// A line diff in the style of swift-custom-dump: `−` for lines only in `old`, `+` for lines only
/// in `new`, two spaces for shared lines near a change.
package func lineDiff(_ old: String, _ new: String) -> String {
  let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let newLines = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let difference = newLines.difference(from: oldLines)
  var removed = Set<Int>()
  var inserted = Set<Int>()
  for change in difference {
    switch change {
    case .remove(let offset, _, _): removed.insert(offset)
    case .insert(let offset, _, _): inserted.insert(offset)
    }
  }
  var output: [String] = []
  var oldIndex = 0
  var newIndex = 0
  while oldIndex < oldLines.count || newIndex < newLines.count {
    if oldIndex < oldLines.count && removed.contains(oldIndex) {
      output.append("− " + oldLines[oldIndex])
      oldIndex += 1
    } else if newIndex < newLines.count && inserted.contains(newIndex) {
      output.append("+ " + newLines[newIndex])
      newIndex += 1
    } else {
      output.append("  " + (oldIndex < oldLines.count ? oldLines[oldIndex] : ""))
      oldIndex += 1
      newIndex += 1
    }
  }
  return collapse(output).joined(separator: "\n")
}

/// Keeps changed lines and two lines of context around them; runs of unchanged lines become
/// `… (N unchanged)`.
private func collapse(_ lines: [String]) -> [String] {
  let changed = lines.indices.filter { !lines[$0].hasPrefix("  ") }
  var keep = Set<Int>()
  for index in changed { keep.formUnion(max(0, index - 2)...min(lines.count - 1, index + 2)) }
  var output: [String] = []
  var skipped = 0
  for (index, line) in lines.enumerated() {
    if keep.contains(index) {
      if skipped > 0 { output.append("  … (\(skipped) unchanged)") }
      skipped = 0
      output.append(line)
    } else {
      skipped += 1
    }
  }
  if skipped > 0 { output.append("  … (\(skipped) unchanged)") }
  return output
}
