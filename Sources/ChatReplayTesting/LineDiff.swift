/// Line diffs of texts, for test failures.
package enum LineDiff {
  /// A line diff in the style of swift-custom-dump: `−` for lines only in `old`, `+` for lines only
  /// in `new`, two spaces for shared lines near a change.
  package static func text(_ old: String, _ new: String) -> String {
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
  private static func collapse(_ lines: [String]) -> [String] {
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
}
