extension LineEditor {
  // MARK: History

  mutating func previousEntry() -> [EditorEffect] {
    guard historyIndex > 0 else { return [.bell] }
    if historyIndex == history.entries.count { draft = line }
    historyIndex -= 1
    line = Array(history.entries[historyIndex])
    cursor = line.count
    return []
  }

  mutating func nextEntry() -> [EditorEffect] {
    guard historyIndex < history.entries.count else { return [.bell] }
    historyIndex += 1
    line = historyIndex == history.entries.count ? draft : Array(history.entries[historyIndex])
    cursor = line.count
    return []
  }

  // MARK: Pasting

  mutating func paste(_ key: Key) -> [EditorEffect] {
    switch key {
    case .pasteEnd: isPasting = false
    case .text(let scalar): insert(scalar)
    case .control(0x09): insert(" ")
    case .control(0x0D), .control(0x0A):
      // Each pasted line runs as it is reached; blank lines (and the LF of a CRLF) are skipped,
      // as a blank line would repeat the last move.
      guard line.contains(where: { !$0.isWhitespace }) else {
        line = []
        cursor = 0
        return []
      }
      return submit()
    case .control, .meta, .metaBackspace, .up, .down, .left, .right, .home, .end, .delete,
      .wordLeft, .wordRight, .pasteStart, .unknown:
      break
    }
    return []
  }
}
