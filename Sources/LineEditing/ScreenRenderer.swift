/// What the editor shows: the prompt and the line as one text, and where the cursor is in it.
public struct Display: Hashable, Sendable {
  /// The prompt followed by the line (or the search prompt and the match).
  public var text: [Character]
  /// The cursor, as an index into `text`.
  public var cursor: Int

  public init(text: [Character], cursor: Int) {
    self.text = text
    self.cursor = cursor
  }
}

/// Where each character of a display lands on a terminal `width` columns wide.
///
/// A character that does not fit the rest of a row starts the next one, as terminals draw it (a
/// wide character never straddles two rows).
public struct Layout: Hashable, Sendable {
  /// The row and column of each character's first cell, then of the place after the last one.
  public var positions: [Position]

  /// A row and a column, both from 0.
  public struct Position: Hashable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
      self.row = row
      self.column = column
    }
  }

  /// Lays `text` out on rows of `width` columns.
  public init(_ text: [Character], width: Int) {
    let width = max(width, 1)
    var row = 0
    var column = 0
    positions = []
    positions.reserveCapacity(text.count + 1)
    for character in text {
      let cells = Columns.of(character)
      if column + cells > width {
        row += 1
        column = 0
      }
      positions.append(Position(row: row, column: column))
      column += cells
    }
    // A full last row leaves the cursor waiting at the edge; the renderer moves it down.
    if column >= width {
      row += 1
      column = 0
    }
    positions.append(Position(row: row, column: column))
  }

  /// Where the text ends.
  public var end: Position { positions[positions.count - 1] }
}

/// Turns displays into the bytes that redraw them in place, remembering which row of the display
/// the cursor is on between redraws.
public struct ScreenRenderer: Sendable {
  /// The terminal's width in columns.
  public var width: Int
  /// The row of the display the cursor is on, from 0.
  public private(set) var cursorRow = 0

  /// A renderer for a terminal `width` columns wide, the cursor on the display's first row.
  public init(width: Int) {
    self.width = max(width, 1)
  }

  /// The bytes that erase the display drawn last and draw `display`.
  public mutating func draw(_ display: Display) -> String {
    var output = ""
    if cursorRow > 0 { output += "\u{1B}[\(cursorRow)A" }
    output += "\r\u{1B}[J"
    output += String(display.text)
    let layout = Layout(display.text, width: width)
    let end = layout.end
    // At the right edge the terminal has not wrapped yet: a line break puts the cursor where the
    // layout says it is.
    if end.column == 0 && end.row > 0 { output += "\r\n" }
    let cursor = layout.positions[min(max(display.cursor, 0), display.text.count)]
    if end.row > cursor.row { output += "\u{1B}[\(end.row - cursor.row)A" }
    output += "\r"
    if cursor.column > 0 { output += "\u{1B}[\(cursor.column)C" }
    cursorRow = cursor.row
    return output
  }

  /// The bytes that move the cursor below `display` (drawn last) onto a fresh line, after which
  /// nothing of it will be redrawn.
  public mutating func finish(_ display: Display) -> String {
    let end = Layout(display.text, width: width).end
    var output = ""
    if end.row > cursorRow { output += "\u{1B}[\(end.row - cursorRow)B" }
    output += end.column == 0 && end.row > 0 ? "\r" : "\r\n"
    cursorRow = 0
    return output
  }

  /// Forgets the drawn display: the next draw starts at the cursor's row (after a clear, say).
  public mutating func reset() {
    cursorRow = 0
  }

  /// Follows a resize: the terminal re-wraps what is drawn, so the cursor's row is recomputed.
  public mutating func resize(to width: Int, showing display: Display) {
    self.width = max(width, 1)
    let cursor = min(max(display.cursor, 0), display.text.count)
    cursorRow = Layout(display.text, width: self.width).positions[cursor].row
  }
}
