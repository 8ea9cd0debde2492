extension LineEditor {
  /// Tab: one candidate replaces the word (with a space after a whole word), several extend it
  /// to what they share, and a second Tab lists them.
  mutating func complete(_ completer: (String) -> Completion, after action: LastAction)
    -> [EditorEffect]
  {
    let completion = completer(String(line[0..<cursor]))
    let start = min(max(completion.start, 0), cursor)
    var seen = Set<String>()
    let candidates = completion.candidates.filter { seen.insert($0).inserted }
    lastAction = .tab
    guard let first = candidates.first else { return [.bell] }
    let word = Array(line[start..<cursor])
    if candidates.count == 1 {
      var replacement = Array(first)
      let continues = first.last.map { "./[".contains($0) } ?? false
      if !continues && (cursor == line.count || line[cursor] != " ") { replacement.append(" ") }
      replace(start..<cursor, with: replacement)
      return []
    }
    var shared = Array(first)
    for candidate in candidates.dropFirst() {
      let other = Array(candidate)
      var length = 0
      while length < min(shared.count, other.count) && shared[length] == other[length] {
        length += 1
      }
      shared.removeSubrange(length...)
    }
    if shared.count > word.count {
      replace(start..<cursor, with: shared)
      return []
    }
    guard action == .tab else { return [.bell] }
    return [.show(Columns.table(candidates.sorted(), width: width))]
  }

  private mutating func replace(_ range: Range<Int>, with replacement: [Character]) {
    line.replaceSubrange(range, with: replacement)
    cursor = range.lowerBound + replacement.count
  }
}
