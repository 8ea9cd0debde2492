/// Draws a state's screen to scale in a terminal: status bar, navigation bar, message bubbles,
/// the input bar with its text, the keyboard, and any gap or overlap between bar and keyboard.
///
/// One column is `W / 36` points and one row twice that, as terminal cells are about twice as
/// tall as wide. Without colour, bubbles are `( … )` (other) and `[ … ]` (me), a gap is `░` and an
/// overlap `▓`; with colour, each part has its own background.
enum ScreenDrawing {
  static let columns = 36

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
      }
    }
  }

  private struct Canvas {
    var cells: [[(Character, Style)]]
    var notes: [String?]
    let rowHeight: Double

    init(rows: Int, rowHeight: Double) {
      cells = Array(
        repeating: Array(repeating: (" ", .plain), count: ScreenDrawing.columns), count: rows)
      notes = Array(repeating: nil, count: rows)
      self.rowHeight = rowHeight
    }

    /// The rows whose middle lies in `top..<bottom`, or the row of its middle when none does.
    func rows(_ top: Double, _ bottom: Double) -> [Int] {
      guard bottom > top, rowHeight > 0 else { return [] }
      var result: [Int] = []
      for row in cells.indices {
        let middle = (Double(row) + 0.5) * rowHeight
        if middle >= top && middle < bottom { result.append(row) }
      }
      if result.isEmpty {
        let row = Int(((top + bottom) / 2 / rowHeight).rounded(.down))
        if cells.indices.contains(row) { result.append(row) }
      }
      return result
    }

    mutating func fill(_ row: Int, _ style: Style, text: String = "", from column: Int = 0) {
      for index in cells[row].indices { cells[row][index] = (" ", style) }
      put(row, text, style, from: column)
    }

    mutating func put(_ row: Int, _ text: String, _ style: Style, from column: Int) {
      var index = column
      for character in text where index < ScreenDrawing.columns {
        if index >= 0 { cells[row][index] = (character, style) }
        index += 1
      }
    }

    mutating func note(_ row: Int?, _ text: String) {
      guard let row, notes.indices.contains(row), notes[row] == nil else { return }
      notes[row] = text
    }
  }

  static func draw(_ state: ChatState, usesColor: Bool) -> [String] {
    let f = JSONWriter.format
    let width = state.screen.width
    let height = state.screen.height
    guard width > 0, height > 0 else {
      return ["The window has no area (\(f(width))×\(f(height)))."]
    }
    let columnWidth = width / Double(columns)
    let rowHeight = 2 * columnWidth
    var canvas = Canvas(rows: Int((height / rowHeight).rounded(.up)), rowHeight: rowHeight)

    drawMessages(state, on: &canvas, columnWidth: columnWidth)
    let navigationTop = state.safeArea.top
    let navigationHeight = max(state.systemInset.top - state.safeArea.top, 0)
    for row in canvas.rows(0, navigationTop) { canvas.fill(row, .status, text: " 9:41") }
    canvas.note(canvas.rows(0, navigationTop).first, "status bar 0…\(f(navigationTop))")
    let navigationRows = canvas.rows(navigationTop, navigationTop + navigationHeight)
    for row in navigationRows { canvas.fill(row, .navigation) }
    if let row = navigationRows.first {
      canvas.put(row, "‹", .navigation, from: 1)
      canvas.put(row, "Chat", .navigation, from: columns / 2 - 2)
      canvas.note(row, "navigation bar \(f(navigationTop))…\(f(navigationTop + navigationHeight))")
    }

    let bar = state.inputBar.frame
    let barRows = canvas.rows(max(bar.minY, 0), min(bar.maxY, height))
    for row in barRows { canvas.fill(row, .bar) }
    if let row = barRows.first {
      let text = state.inputBar.text.isEmpty ? "" : state.inputBar.text
      let field = columns - 8
      let shown = text.count > field - 2 ? "…" + text.suffix(field - 3) : text
      canvas.put(row, "[" + shown.padded(field - 2) + "]", .bar, from: 1)
      canvas.put(row, state.isSendEnabled ? "Send" : "send", .bar, from: columns - 5)
      canvas.note(row, "inputBar \(f(bar.minY))…\(f(bar.maxY))")
    }

    if let keyboard = state.keyboardOnScreen {
      let keyRows = canvas.rows(keyboard.minY, keyboard.maxY)
      let keys = [
        " q w e r t y u i o p", "  a s d f g h j k l", " ⇧ z x c v b n m ⌫",
        " 123   space    return",
      ]
      for (index, row) in keyRows.enumerated() {
        canvas.fill(row, .keyboard, text: index == 0 ? "" : keys[(index - 1) % keys.count])
        if index == 0 {
          canvas.put(row, String(repeating: "▔", count: columns), .keyboard, from: 0)
        }
      }
      canvas.note(
        keyRows.first,
        "keyboard \(f(keyboard.minY))…\(f(keyboard.maxY)) (visibleHeight \(f(state.keyboard.visibleHeight)))"
      )
      if keyboard.minY - bar.maxY > 0.5 {
        let gapRows = canvas.rows(bar.maxY, keyboard.minY)
        for row in gapRows { canvas.fill(row, .gap, text: String(repeating: "░", count: columns)) }
        if let row = gapRows.first {
          canvas.put(row, " gap \(f(keyboard.minY - bar.maxY)) pt ", .gap, from: columns / 2 - 6)
          canvas.notes[row] =
            "GAP \(f(bar.maxY))…\(f(keyboard.minY)): \(f(keyboard.minY - bar.maxY)) pt"
        }
      }
      if let overlap = bar.intersection(keyboard) {
        let overlapRows = canvas.rows(overlap.minY, overlap.maxY)
        for row in overlapRows {
          canvas.fill(row, .overlap, text: String(repeating: "▓", count: columns))
        }
        if let row = overlapRows.first {
          canvas.put(row, " overlap \(f(overlap.height)) pt ", .overlap, from: columns / 2 - 8)
          canvas.notes[row] =
            "OVERLAP \(f(overlap.minY))…\(f(overlap.maxY)): \(f(overlap.height)) pt"
        }
      }
    } else if state.safeArea.bottom > 0, let row = canvas.cells.indices.last {
      canvas.put(row, "▬▬▬▬▬▬▬▬", .status, from: columns / 2 - 4)
      canvas.note(
        row, "home indicator (safe area \(f(height - state.safeArea.bottom))…\(f(height)))")
    }

    var lines = [
      "screen at step \(state.step): \(f(width))×\(f(height)) pt; 1 column = \(f((columnWidth * 10).rounded() / 10)) pt, 1 row = \(f((rowHeight * 10).rounded() / 10)) pt"
    ]
    lines.append("╭" + String(repeating: "─", count: columns) + "╮")
    for (index, row) in canvas.cells.enumerated() {
      var line = "│"
      var current = Style.plain
      for (character, style) in row {
        if usesColor && style != current {
          line += style.ansi
          current = style
        }
        line.append(character)
      }
      if usesColor && current != .plain { line += Style.plain.ansi }
      line += "│"
      if let note = canvas.notes[index] { line += " ← " + note }
      lines.append(line)
    }
    lines.append("╰" + String(repeating: "─", count: columns) + "╯")
    if bar.maxY > height + 0.5 {
      lines.append("input bar bottom \(f(bar.maxY)) is \(f(bar.maxY - height)) pt below the screen")
    }
    if bar.minY >= height { lines.append("the input bar is entirely off screen") }
    if !usesColor { lines.append("( ) other  [ ] me  ░ gap  ▓ overlap") }
    return lines
  }

  private static func drawMessages(_ state: ChatState, on canvas: inout Canvas, columnWidth: Double)
  {
    let top = state.list.frame.minY - state.list.contentOffsetY
    let widest = max(Int((240 / columnWidth).rounded()), 4)
    for message in state.messages {
      let minY = top + message.y
      let maxY = minY + message.height
      guard maxY > 0, minY < state.screen.height else { continue }
      let rows = canvas.rows(minY, maxY)
      guard !rows.isEmpty else { continue }
      let inner = widest - 2
      let text = Array(message.text)
      let bubble = min(text.count, inner) + 2
      let column = message.from == .me ? columns - 1 - bubble : 1
      let style: Style = message.from == .me ? .me : .other
      for (index, row) in rows.enumerated() {
        let start = index * inner
        let chunk = start < text.count ? String(text[start..<min(start + inner, text.count)]) : ""
        let open = message.from == .me ? "[" : "("
        let close = message.from == .me ? "]" : ")"
        canvas.put(row, open + chunk.padded(bubble - 2) + close, style, from: column)
      }
    }
  }
}
