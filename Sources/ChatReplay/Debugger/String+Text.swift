extension String {
  /// The string without leading and trailing spaces and tabs.
  func trimmingSpaces() -> String {
    let isSpace = { (character: Character) in character == " " || character == "\t" }
    guard let start = firstIndex(where: { !isSpace($0) }),
      let end = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[start...end])
  }
}

extension Substring {
  /// The text without leading and trailing spaces and tabs.
  func trimmingSpaces() -> String { String(self).trimmingSpaces() }
}

extension String {
  /// The string padded with spaces on the right to `width` characters.
  func padded(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
