extension Debugger {
  /// The value at `path` in the current state, or an error with the nearest paths.
  mutating func checkedValue(_ path: StatePath) throws(DebuggerError) -> StateNode {
    let current = state
    if let value = path.value(in: current) { return value }
    throw .noSuchPath(path.description, nearest: Self.nearestPaths(to: path, in: current))
  }

  /// Checks that `path` exists now, or could later (an element not yet appended).
  mutating func checkPath(_ path: StatePath) throws(DebuggerError) {
    let current = state
    if path.value(in: current) != nil { return }
    if case .key(let name) = path.components.first, name == "messages" || name == "diagnostics",
      path.components.count >= 2, case .index = path.components[1]
    {
      return
    }
    throw .noSuchPath(path.description, nearest: Self.nearestPaths(to: path, in: current))
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
    let limit = max(3, text.count / 2)
    return scored.filter { $0.1 <= limit }.sorted { $0.1 < $1.1 }.prefix(3).map(\.0)
  }
}
