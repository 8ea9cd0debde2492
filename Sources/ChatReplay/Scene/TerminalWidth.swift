extension Character {
  /// The number of terminal columns the character takes: 2 for East Asian wide and full-width
  /// characters and emoji, 0 for control characters, 1 otherwise.
  var terminalWidth: Int {
    let scalars = unicodeScalars
    guard let first = scalars.first else { return 0 }
    let value = first.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x1100 { return 1 }
    if Self.isWide(value) { return 2 }
    for scalar in scalars {
      if scalar.properties.isEmojiPresentation { return 2 }
      if scalar.value == 0xFE0F && first.properties.isEmoji { return 2 }
    }
    return 1
  }

  /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth.txt, W and F, merged).
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}

extension String {
  /// The number of terminal columns the string takes.
  var terminalWidth: Int { reduce(0) { $0 + $1.terminalWidth } }

  /// The string cut to at most `width` columns, ending in `…` when it was cut.
  func truncated(toColumns width: Int) -> String {
    guard terminalWidth > width else { return self }
    guard width > 0 else { return "" }
    var result = ""
    var used = 0
    for character in self {
      let next = character.terminalWidth
      if used + next > width - 1 { break }
      result.append(character)
      used += next
    }
    return result + "…"
  }

  /// The string cut from the start to at most `width` columns, starting with `…` when it was cut.
  func truncatedFromStart(toColumns width: Int) -> String {
    guard terminalWidth > width else { return self }
    guard width > 0 else { return "" }
    var result = ""
    var used = 0
    for character in reversed() {
      let next = character.terminalWidth
      if used + next > width - 1 { break }
      result.insert(character, at: result.startIndex)
      used += next
    }
    return "…" + result
  }
}
