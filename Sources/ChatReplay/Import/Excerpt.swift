/// The part of a long line a message quotes, around a column.
enum Excerpt {
  /// How many columns of a line a message shows.
  static let width = 72

  /// The text to quote and the 1-based column of `column` (0-based in `line`) within it.
  static func make(_ line: [Unicode.Scalar], column: Int) -> (String, Int) {
    var start = 0
    if column > width - 12 { start = column - (width - 12) }
    let end = min(line.count, start + width)
    var view = String.UnicodeScalarView()
    if start > 0 { view.append("…") }
    view.append(contentsOf: line[min(start, line.count)..<end])
    if end < line.count { view.append("…") }
    return (String(view), column - start + 1 + (start > 0 ? 1 : 0))
  }
}
