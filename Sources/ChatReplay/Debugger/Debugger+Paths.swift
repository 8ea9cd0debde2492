extension Debugger {
  /// The value at `path` in the current state, or an error with the nearest paths.
  mutating func checkedValue(_ path: StatePath) throws(DebuggerError) -> StateNode {
    if let value = value(of: path, at: step) { return value }
    let current = state
    try checkIndex(path, in: current)
    throw .noSuchPath(path.description, nearest: Self.nearestPaths(to: path, in: current))
  }

  /// Checks that `path` exists now, or could later (an element not yet appended).
  mutating func checkPath(_ path: StatePath) throws(DebuggerError) {
    if value(of: path, at: step) != nil { return }
    let current = state
    if case .key(let name) = path.components.first, name == "messages" || name == "diagnostics",
      path.components.count >= 2, case .index = path.components[1]
    {
      return
    }
    throw .noSuchPath(path.description, nearest: Self.nearestPaths(to: path, in: current))
  }

  /// Throws when `path` indexes `messages` or `diagnostics` past their ends, giving the range.
  private func checkIndex(_ path: StatePath, in state: ChatState) throws(DebuggerError) {
    guard path.components.count >= 2, case .key(let name) = path.components[0],
      case .index(let index) = path.components[1]
    else { return }
    let count: Int
    switch name {
    case "messages": count = state.messages.count
    case "diagnostics": count = state.diagnostics.count
    default: return
    }
    let resolved = index < 0 ? count + index : index
    guard !(0..<count).contains(resolved) else { return }
    throw .indexOutOfRange(name: name, index: index, count: count)
  }

  /// Up to three paths of `state` closest to `path` by edit distance.
  static func nearestPaths(to path: StatePath, in state: ChatState) -> [String] {
    let text = path.description
    let tree = StateNode(state, includeMessages: false)
    var candidates = tree.paths()
    if let message = state.messages.indices.last {
      var builder = StateTreeBuilder()
      state.writeMessage(at: message, to: &builder)
      candidates += ["messages"] + (builder.root?.paths(prefix: "messages[\(message)]") ?? [])
    }
    let scored = candidates.map {
      ($0, Suggestion.editDistance(text.lowercased(), $0.lowercased()))
    }
    // Close means a few edits, and fewer than either path has characters: 'foo' is no misspelling
    // of 't'.
    let limit = max(2, text.count / 3)
    return scored.filter { $0.1 <= limit && $0.1 < $0.0.count && $0.1 < text.count }
      .sorted { $0.1 < $1.1 }.prefix(3).map { $0.0 }
  }
}
