/// How many terminal columns text takes: East Asian wide and fullwidth characters and emoji
/// take two, combining marks and controls none, everything else one.
public enum Columns {
  /// The columns `character` (one grapheme cluster) takes.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return scalars.count == 1 ? 0 : 1
    default: break
    }
    if first.properties.isEmojiPresentation { return 2 }
    // A text-style emoji followed by VARIATION SELECTOR-16 is drawn as an emoji.
    if scalars.contains("\u{FE0F}") && first.properties.isEmoji { return 2 }
    return isWide(first.value) ? 2 : 1
  }

  /// The columns `text` takes on one line.
  public static func of<S: Sequence<Character>>(_ text: S) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// The East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, W and F), merged
  /// into ranges; emoji are found by their presentation property instead.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
    0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1B000...0x1B2FF,
    0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]

  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    return wideRanges.contains { $0.contains(value) }
  }

  /// `items` in columns that fit `width`, filled down then across as shells list completions.
  public static func table(_ items: [String], width: Int) -> [String] {
    guard !items.isEmpty else { return [] }
    let cell = (items.map { of($0) }.max() ?? 0) + 2
    let perRow = max(1, min(items.count, (width + 2) / max(cell, 1)))
    let rows = (items.count + perRow - 1) / perRow
    var lines: [String] = []
    for row in 0..<rows {
      var line = ""
      var column = row
      while column < items.count {
        let item = items[column]
        column += rows
        line += item
        if column < items.count { line += String(repeating: " ", count: cell - of(item)) }
      }
      lines.append(line)
    }
    return lines
  }
}
