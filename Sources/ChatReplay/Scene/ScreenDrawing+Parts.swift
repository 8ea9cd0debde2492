extension ScreenDrawing.Canvas {
  private typealias Style = ScreenDrawing.Style

  /// The bubbles inside the list's frame, each row showing one of the measurer's lines.
  mutating func drawMessages(_ scene: Scene) {
    let list = scene.list
    for bubble in scene.visibleBubbles {
      let frame = scene.windowFrame(of: bubble)
      let top = max(frame.minY, list.minY, 0)
      let bottom = min(frame.maxY, list.maxY, scene.window.height)
      let rows = rows(top, bottom)
      guard !rows.isEmpty else { continue }
      // Outward to whole columns, so that a short message's text fits in its bubble.
      let range = columnRange(
        (frame.minX / columnWidth).rounded(.down) * columnWidth,
        (frame.maxX / columnWidth).rounded(.up) * columnWidth)
      let isMine = bubble.from == .me
      let style: Style = isMine ? .me : .other
      let inner = max(range.count - 2, 0)
      // The rows of the bubble that are scrolled off show no line: line k is the bubble's k-th
      // row from its top, wherever the top is.
      let firstRow = Int((frame.minY / rowHeight - 0.5).rounded(.up))
      for row in rows {
        let lineIndex = row - firstRow
        let lines = bubble.text.lines
        var text = lines.indices.contains(lineIndex) ? lines[lineIndex] : ""
        if row == rows.last && lineIndex < lines.count - 1 { text += "…" }
        text = text.truncated(toColumns: inner)
        let padded = text + String(repeating: " ", count: max(inner - text.terminalWidth, 0))
        let body = isMine ? "[" + padded + "]" : "(" + padded + ")"
        put(row, body, style, from: range.lowerBound, limit: range.upperBound)
      }
    }
  }

  /// The status bar (its time once) and the navigation bar with its title.
  mutating func drawBars(_ scene: Scene) {
    let f = JSONWriter.format
    let statusRows = rows(scene.statusBar.minY, scene.statusBar.maxY)
    for row in statusRows { fill(row, .status) }
    if let row = statusRows.first {
      put(row, " 9:41", .status, from: 0)
      note(row, "status bar 0…\(f(scene.statusBar.maxY))")
    }
    guard let navigation = scene.navigationBar else { return }
    let navigationRows = rows(navigation.minY, navigation.maxY)
    for row in navigationRows { fill(row, .navigation) }
    if let row = navigationRows.first {
      put(row, "‹", .navigation, from: 1)
      put(row, scene.title, .navigation, from: (columns - scene.title.terminalWidth) / 2)
      note(row, "navigation bar \(f(navigation.minY))…\(f(navigation.maxY))")
    }
  }

  /// The input bar: the field with its text's last lines, and the send button where it is.
  mutating func drawInputBar(_ scene: Scene) {
    let f = JSONWriter.format
    let input = scene.inputBar
    let bar = input.frame
    let barRows = rows(max(bar.minY, 0), min(bar.maxY, scene.window.height))
    guard !barRows.isEmpty else { return }
    let barColumns = columnRange(bar.minX, bar.maxX)
    for row in barRows { fill(row, .bar, columns: barColumns) }
    let field = columnRange(input.field.minX, input.field.maxX)
    let inner = max(field.count - 2, 0)
    let lines = input.text.lines.isEmpty ? [""] : input.text.lines
    let shown = Array(lines.suffix(barRows.count))
    for (offset, row) in barRows.enumerated() {
      let text = offset < shown.count ? shown[offset] : ""
      var cut = text.truncatedFromStart(toColumns: inner)
      if offset == 0 && shown.count < lines.count && !cut.hasPrefix("…") {
        cut = ("…" + cut).truncatedFromStart(toColumns: inner)
      }
      let padded = cut + String(repeating: " ", count: max(inner - cut.terminalWidth, 0))
      put(row, "[" + padded + "]", .bar, from: field.lowerBound, limit: field.upperBound)
    }
    let button = columnRange(input.sendButton.minX, input.sendButton.maxX)
    let outside = input.sendButton.maxX > bar.maxX + 0.5
    // Lower case when disabled; its initial alone when the button is narrower than the word.
    let word = input.isSendEnabled ? "Send" : "send"
    let label = button.count >= word.count ? word : String(word.prefix(1))
    let start = button.lowerBound + max((button.count - label.count) / 2, 0)
    put(barRows[0], outside ? "!" + label : label, outside ? .mark : .bar, from: start)
    note(barRows[0], "inputBar \(f(bar.minY))…\(f(bar.maxY))")
  }

  /// The keyboard (its top edge, then each key row once), the gap or overlap above it, or the
  /// home indicator when no keyboard is up.
  mutating func drawKeyboard(_ scene: Scene) {
    let f = JSONWriter.format
    if let keyboard = scene.keyboard {
      let keyRows = rows(keyboard.minY, keyboard.maxY)
      for (index, row) in keyRows.enumerated() {
        fill(row, .keyboard)
        if index == 0 {
          put(row, String(repeating: "▔", count: columns), .keyboard, from: 0)
        } else if index - 1 < ScreenDrawing.keyRows.count {
          put(row, ScreenDrawing.keyRows[index - 1], .keyboard, from: 0)
        }
      }
      note(keyRows.first, "keyboard \(f(keyboard.minY))…\(f(keyboard.maxY))")
    } else if let indicator = scene.homeIndicator,
      let row = rows(indicator.minY, indicator.maxY).last
    {
      let range = columnRange(indicator.minX, indicator.maxX)
      put(row, String(repeating: "▬", count: range.count), .status, from: range.lowerBound)
      note(
        row,
        "home indicator (safe area \(f(scene.window.height - scene.safeArea.bottom))…\(f(scene.window.height)))"
      )
    }
    if let gap = scene.gap {
      let gapRows = rows(gap.minY, gap.maxY)
      for row in gapRows { put(row, String(repeating: "░", count: columns), .gap, from: 0) }
      if let row = gapRows.first {
        let label = " gap \(f(gap.height)) pt "
        put(row, label, .gap, from: (columns - label.count) / 2)
        note(row, "GAP \(f(gap.minY))…\(f(gap.maxY)): \(f(gap.height)) pt", replacing: true)
      }
    }
    if let overlap = scene.overlap {
      let overlapRows = rows(overlap.minY, overlap.maxY)
      for row in overlapRows { put(row, String(repeating: "▓", count: columns), .overlap, from: 0) }
      if let row = overlapRows.first {
        let label = " overlap \(f(overlap.height)) pt "
        put(row, label, .overlap, from: max((columns - label.count) / 2, 0))
        note(
          row, "OVERLAP \(f(overlap.minY))…\(f(overlap.maxY)): \(f(overlap.height)) pt",
          replacing: true)
      }
    }
  }

  /// The diagnostics' marks: a crash across the middle, a hidden message, a view outside its box.
  mutating func drawMarks(_ scene: Scene) {
    let f = JSONWriter.format
    for mark in scene.marks {
      switch mark {
      case .crash(let reason):
        let row = cells.count / 2
        fill(row, .mark)
        let label = "✖ CRASHED ✖"
        put(row, label, .mark, from: max((columns - label.terminalWidth) / 2, 0))
        note(row, "CRASH: " + reason, replacing: true)
      case .outsideContainer(let child, let container):
        let row = rows(child.minY, child.maxY).first
        note(
          row,
          "OUTSIDE: send x \(f(child.minX))…\(f(child.maxX)) beyond the box's \(f(container.width)) pt",
          replacing: true)
      case .hiddenMessage(let index, let frame, _):
        let shown = rows(max(frame.minY, 0), min(frame.maxY, scene.window.height))
        let row =
          shown.first
          ?? (frame.minY >= scene.window.height ? cells.count - 1 : rows(0, rowHeight).first)
        guard let row else { continue }
        put(row, "!", .mark, from: columns - 1)
        note(row, "HIDDEN: message \(index) at \(f(frame.minY))…\(f(frame.maxY))", replacing: true)
      }
    }
  }
}
