/// Draws a ``Scene`` to scale in a terminal: status bar, navigation bar, message bubbles, the
/// input bar with its text, the keyboard, any gap or overlap between bar and keyboard, and the
/// diagnostics' marks.
///
/// One column is `W / columns` points and one row twice that, as terminal cells are about twice
/// as tall as wide. At full size the drawing is 36 columns wide; in a terminal too small for that
/// it is scaled down to fit. Without colour, bubbles are `( … )` (other) and `[ … ]` (me), a gap
/// is `░`, an overlap `▓` and a mark `!`; with colour, each part has its own background.
enum ScreenDrawing {
  /// The drawing's width at full size.
  static let fullColumns = 36
  /// The narrowest drawing: below this the phone is not recognisable.
  static let minimumColumns = 8
  /// Lines besides the phone's rows and the notes below it: the title, two borders and the
  /// debugger's next prompt.
  static let reservedRows = 4

  /// The keyboard's key rows, drawn once each below its top edge.
  static let keyRows = [
    " q w e r t y u i o p", "  a s d f g h j k l", " ⇧ z x c v b n m ⌫", " 123   space    return",
  ]

  /// The drawing's lines, scaled to fit `terminal` when its size is known.
  static func draw(_ scene: Scene, usesColor: Bool, terminal: TerminalSize? = nil) -> [String] {
    let f = JSONWriter.format
    let width = scene.window.width
    let height = scene.window.height
    guard width > 0, height > 0 else {
      return ["The window has no area (\(f(width))×\(f(height)))."]
    }
    let bar = scene.inputBar.frame
    var after: [String] = []
    if bar.maxY > height + 0.5 {
      after.append("input bar bottom \(f(bar.maxY)) is \(f(bar.maxY - height)) pt below the screen")
    }
    if bar.minY >= height { after.append("the input bar is entirely off screen") }
    if !usesColor { after.append("( ) other  [ ] me  ░ gap  ▓ overlap  ! marked") }

    let columns = self.columns(for: scene.window, terminal: terminal, extraLines: after.count)
    var canvas = Canvas(scene: scene, columns: columns)
    canvas.drawMessages(scene)
    canvas.drawBars(scene)
    canvas.drawInputBar(scene)
    canvas.drawKeyboard(scene)
    canvas.drawMarks(scene)

    let columnWidth = width / Double(columns)
    var lines = [
      "screen at step \(scene.step): \(f(width))×\(f(height)) pt; 1 column = \(f((columnWidth * 10).rounded() / 10)) pt, 1 row = \(f((2 * columnWidth * 10).rounded() / 10)) pt"
    ]
    let noteWidth = terminal.map { $0.columns - columns - 2 - 3 }
    lines.append("╭" + String(repeating: "─", count: columns) + "╮")
    for index in canvas.cells.indices {
      var line = "│" + canvas.render(row: index, usesColor: usesColor) + "│"
      if let note = canvas.notes[index] {
        if let noteWidth {
          if noteWidth >= 8 { line += " ← " + note.truncated(toColumns: noteWidth) }
        } else {
          line += " ← " + note
        }
      }
      lines.append(line)
    }
    lines.append("╰" + String(repeating: "─", count: columns) + "╯")
    return lines + after
  }

  /// The widest drawing, at most ``fullColumns``, whose lines fit in `terminal`.
  static func columns(for window: Size, terminal: TerminalSize?, extraLines: Int) -> Int {
    guard let terminal else { return fullColumns }
    let rows = terminal.rows - reservedRows - extraLines
    var columns = min(fullColumns, terminal.columns - 2)
    while columns > minimumColumns && rowCount(window, columns: columns) > rows {
      columns -= 1
    }
    return max(columns, minimumColumns)
  }

  /// The number of rows of a drawing `columns` wide.
  static func rowCount(_ window: Size, columns: Int) -> Int {
    Int((window.height / (2 * window.width / Double(columns))).rounded(.up))
  }
}

/// A terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}
