extension LineEditor {
  /// Handles `key` in incremental search; `nil` when the key leaves the search with the match on
  /// the line and is then handled as usual.
  mutating func searching(_ key: Key) -> [EditorEffect]? {
    guard var current = search else { return nil }
    switch key {
    case .text(let scalar):
      let merged = (current.query.last.map(String.init) ?? "") + String(Character(scalar))
      if merged.count == 1, let single = merged.first, !current.query.isEmpty {
        current.query[current.query.count - 1] = single
      } else {
        current.query.append(Character(scalar))
      }
      search = current
      return find(from: current.match?.entry, skippingCurrent: false)
    case .control(0x12), .control(0x13):
      current.isReverse = key == .control(0x12)
      search = current
      return find(from: current.match?.entry, skippingCurrent: true)
    case .control(0x08), .control(0x7F):
      guard !current.query.isEmpty else { return [.bell] }
      current.query.removeLast()
      current.match = nil
      current.isFailing = false
      search = current
      return current.query.isEmpty ? [] : find(from: nil, skippingCurrent: false)
    case .control(0x07):
      restore(current)
      return []
    case .control(0x03):
      restore(current)
      return handle(key)
    case .control(0x0D), .control(0x0A):
      accept(current)
      return handle(key)
    case .control, .meta, .metaBackspace, .up, .down, .left, .right, .home, .end, .delete,
      .wordLeft, .wordRight, .pasteStart, .pasteEnd, .unknown:
      accept(current)
      return nil
    }
  }

  private mutating func restore(_ current: Search) {
    line = current.savedLine
    cursor = current.savedCursor
    search = nil
  }

  private mutating func accept(_ current: Search) {
    if let match = current.match {
      line = Array(history.entries[match.entry])
      cursor = match.offset
    }
    search = nil
  }

  /// Looks for the query from `entry` (the newest or oldest when `nil`) in the search's direction.
  private mutating func find(from entry: Int?, skippingCurrent: Bool) -> [EditorEffect] {
    guard var current = search, !current.query.isEmpty else { return [] }
    let entries = history.entries
    let step = current.isReverse ? -1 : 1
    var index = entry ?? (current.isReverse ? entries.count - 1 : 0)
    if skippingCurrent && entry != nil { index += step }
    while index >= 0 && index < entries.count {
      if let offset = Self.offset(of: current.query, in: Array(entries[index])) {
        current.match = (index, offset)
        current.isFailing = false
        search = current
        return []
      }
      index += step
    }
    current.isFailing = true
    search = current
    return [.bell]
  }

  private static func offset(of query: [Character], in text: [Character]) -> Int? {
    guard query.count <= text.count else { return nil }
    for start in 0...(text.count - query.count)
    where text[start..<(start + query.count)].elementsEqual(query) {
      return start
    }
    return nil
  }
}
