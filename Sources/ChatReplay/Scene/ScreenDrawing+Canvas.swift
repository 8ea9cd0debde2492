extension ScreenDrawing {
  /// A part of the drawing, with its colour.
  enum Style {
    case plain
    case status
    case navigation
    case other
    case me
    case bar
    case keyboard
    case gap
    case overlap
    case mark

    var ansi: String {
      switch self {
      case .plain: "\u{1B}[0m"
      case .status: "\u{1B}[0;2m"
      case .navigation: "\u{1B}[0;97;44m"
      case .other: "\u{1B}[0;30;47m"
      case .me: "\u{1B}[0;97;46m"
      case .bar: "\u{1B}[0;30;107m"
      case .keyboard: "\u{1B}[0;97;100m"
      case .gap: "\u{1B}[0;97;41m"
      case .overlap: "\u{1B}[0;97;45m"
      case .mark: "\u{1B}[0;1;97;41m"
      }
    }
  }

  /// A grid of cells over the window; a wide character takes its cell and the next, which is
  /// left empty.
  struct Canvas {
    private(set) var cells: [[(text: String, style: Style)]]
    var notes: [String?]
    let columns: Int
    let columnWidth: Double
    let rowHeight: Double

    init(scene: Scene, columns: Int) {
      self.columns = columns
      columnWidth = scene.window.width / Double(columns)
      rowHeight = 2 * columnWidth
      let rows = ScreenDrawing.rowCount(scene.window, columns: columns)
      cells = Array(repeating: Array(repeating: (" ", .plain), count: columns), count: rows)
      notes = Array(repeating: nil, count: rows)
    }

    /// The rows whose middle lies in `top..<bottom`, or the row of its middle when none does.
    func rows(_ top: Double, _ bottom: Double) -> [Int] {
      guard bottom > top, rowHeight > 0 else { return [] }
      let first = max(Int((top / rowHeight - 0.5).rounded(.up)), 0)
      let last = min(Int((bottom / rowHeight - 0.5).rounded(.up)) - 1, cells.count - 1)
      if first <= last { return Array(first...last) }
      let row = Int(((top + bottom) / 2 / rowHeight).rounded(.down))
      return cells.indices.contains(row) ? [row] : []
    }

    /// The columns `minX..<maxX` covers, at least one.
    func columnRange(_ minX: Double, _ maxX: Double) -> Range<Int> {
      let first = min(max(Int((minX / columnWidth).rounded()), 0), columns - 1)
      let last = min(max(Int((maxX / columnWidth).rounded()), first + 1), columns)
      return first..<last
    }

    /// Fills `columns` of `row` with blanks of `style`.
    mutating func fill(_ row: Int, _ style: Style, columns range: Range<Int>? = nil) {
      for column in range ?? 0..<columns { set(row, column, " ", style) }
    }

    /// Writes `text` from `column`, wide characters over two cells, cut at `limit`.
    mutating func put(
      _ row: Int, _ text: String, _ style: Style, from column: Int, limit: Int? = nil
    ) {
      let end = min(limit ?? columns, columns)
      var index = column
      for character in text {
        let width = character.terminalWidth
        guard width > 0 else { continue }
        if index + width > end { break }
        if index >= 0 {
          set(row, index, String(character), style)
          if width == 2 { set(row, index + 1, "", style) }
        }
        index += width
      }
    }

    /// Sets one cell, blanking the other half of a wide character it overwrites.
    private mutating func set(_ row: Int, _ column: Int, _ text: String, _ style: Style) {
      guard cells.indices.contains(row), column >= 0, column < columns else { return }
      if cells[row][column].text.isEmpty && column > 0 {
        cells[row][column - 1].text = " "
      } else if cells[row][column].text.terminalWidth == 2 && column + 1 < columns
        && !text.isEmpty
      {
        cells[row][column + 1].text = " "
      }
      cells[row][column] = (text, style)
    }

    /// Notes `text` beside `row` unless it already has a note (or, with `replacing`, anyway).
    mutating func note(_ row: Int?, _ text: String, replacing: Bool = false) {
      guard let row, notes.indices.contains(row), replacing || notes[row] == nil else { return }
      notes[row] = text
    }

    /// The row's text, with colour codes when `usesColor`.
    func render(row: Int, usesColor: Bool) -> String {
      var line = ""
      var current = Style.plain
      for (text, style) in cells[row] {
        if usesColor && style != current {
          line += style.ansi
          current = style
        }
        line += text
      }
      if usesColor && current != .plain { line += Style.plain.ansi }
      return line
    }
  }
}
