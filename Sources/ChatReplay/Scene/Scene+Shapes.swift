extension Scene {
  /// One thing to paint: what a picture of a scene is made of, whatever draws it (SVG here, the
  /// HTML page's script from the same list).
  public struct Shape: Equatable, Sendable {
    /// What the shape is.
    public enum Kind: String, Sendable {
      case rect
      case text
    }

    public var kind: Kind
    /// A rectangle's frame; for text, the baseline's start (`x`, `y`) and no size.
    public var frame: Rect
    /// The paint, as a CSS class name: `bubble-me`, `keyboard`, `gap`, `mark`, ….
    public var style: String
    /// The text of a text shape.
    public var text = ""
    public var fontSize = 0.0
    public var cornerRadius = 0.0
    /// Whether text is centred on `x` rather than starting there.
    public var isCentred = false
    /// The rectangle the shape is clipped to, when any (the list for bubbles, the field for text).
    public var clip: Rect?
  }

  /// The scene as shapes, back to front: the window, the visible bubbles, then the bars, the
  /// input bar, the keyboard, the gap, the overlap, the home indicator and the marks.
  ///
  /// The page's script draws the same shapes from the scene's parts by the same rules (its
  /// `phoneShapes`), which the page's tests hold to this list at every step.
  public var shapes: [Shape] {
    var shapes = [Shape(kind: .rect, frame: windowRect, style: "window")]
    for bubble in visibleBubbles { appendShapes(of: bubble, to: &shapes) }
    addBars(to: &shapes)
    addInputBar(to: &shapes)
    if let keyboard {
      shapes.append(Shape(kind: .rect, frame: keyboard, style: "keyboard"))
      addKeys(keyboard, to: &shapes)
    }
    if let gap {
      shapes.append(Shape(kind: .rect, frame: gap, style: "gap"))
      addLabel(Self.gapLabel(gap), in: gap, style: "gap-label", to: &shapes)
    }
    if let overlap {
      shapes.append(Shape(kind: .rect, frame: overlap, style: "overlap"))
      addLabel(Self.overlapLabel(overlap), in: overlap, style: "overlap-label", to: &shapes)
    }
    if let homeIndicator {
      shapes.append(
        Shape(
          kind: .rect, frame: homeIndicator, style: "home", cornerRadius: homeIndicator.height / 2))
    }
    for mark in marks { addMark(mark, to: &shapes) }
    return shapes
  }

  /// The gap's label.
  static func gapLabel(_ gap: Rect) -> String { "gap \(JSONWriter.format(gap.height)) pt" }

  /// The overlap's label.
  static func overlapLabel(_ overlap: Rect) -> String {
    "overlap \(JSONWriter.format(overlap.height)) pt"
  }

  private var windowRect: Rect { Rect(x: 0, y: 0, width: window.width, height: window.height) }

  /// The balloon's corner radius.
  static let balloonRadius = 12.0

  /// Appends `bubble`'s shapes, in window coordinates.
  private func appendShapes(of bubble: Bubble, to shapes: inout [Shape]) {
    let frame = windowFrame(of: bubble)
    let style = bubble.from == .me ? "me" : "other"
    shapes.append(
      Shape(
        kind: .rect, frame: frame, style: (bubble.isBalloon ? "bubble-" : "row-") + style,
        cornerRadius: bubble.isBalloon ? Self.balloonRadius : 0, clip: list))
    addText(
      bubble.text, in: frame, style: bubble.isBalloon ? "text-" + style : "row-text", clip: list,
      to: &shapes)
  }

  /// One text shape per line, each at its baseline (the line box's top plus the ascent, taken
  /// as 80 % of the line height).
  private func addText(
    _ block: TextBlock, in frame: Rect, style: String, clip: Rect, to shapes: inout [Shape]
  ) {
    for (index, line) in block.lines.enumerated() where !line.isEmpty {
      let top = frame.y + block.origin.y + Double(index) * block.lineHeight
      shapes.append(
        Shape(
          kind: .text,
          frame: Rect(
            x: frame.x + block.origin.x, y: top + 0.8 * block.lineHeight, width: 0, height: 0),
          style: style, text: line, fontSize: block.fontSize, clip: clip))
    }
  }

  private func addBars(to shapes: inout [Shape]) {
    if statusBar.height > 0 {
      shapes.append(Shape(kind: .rect, frame: statusBar, style: "status"))
      shapes.append(
        Shape(
          kind: .text,
          frame: Rect(
            x: 32, y: statusBar.maxY - max(statusBar.height / 2 - 6, 4), width: 0, height: 0),
          style: "status-text", text: "9:41", fontSize: 15))
    }
    if let navigationBar {
      shapes.append(Shape(kind: .rect, frame: navigationBar, style: "navigation"))
      addLabel(title, in: navigationBar, style: "navigation-text", to: &shapes)
    }
  }

  private func addInputBar(to shapes: inout [Shape]) {
    let input = inputBar
    shapes.append(Shape(kind: .rect, frame: input.frame, style: "bar"))
    shapes.append(Shape(kind: .rect, frame: input.field, style: "field", cornerRadius: 8))
    addText(input.text, in: input.field, style: "field-text", clip: input.field, to: &shapes)
    shapes.append(
      Shape(
        kind: .rect, frame: input.sendButton, style: input.isSendEnabled ? "send" : "send-disabled",
        cornerRadius: 8))
    addLabel("Send", in: input.sendButton, style: "send-text", to: &shapes)
  }

  /// The keyboard's rows as labels.
  static let keyLabels = ScreenDrawing.keyRows.map { $0.trimmingSpaces() }

  private func addKeys(_ keyboard: Rect, to shapes: inout [Shape]) {
    let rowHeight = 54.0
    for (index, row) in Self.keyLabels.enumerated() {
      let top = keyboard.minY + 8 + Double(index) * rowHeight
      guard top + rowHeight <= keyboard.maxY else { break }
      addLabel(
        row,
        in: Rect(x: keyboard.x, y: top, width: keyboard.width, height: rowHeight),
        style: "key-text", to: &shapes)
    }
  }

  private func addMark(_ mark: Mark, to shapes: inout [Shape]) {
    switch mark {
    case .crash(let reason):
      shapes.append(Shape(kind: .rect, frame: windowRect, style: "crash"))
      let middle = Rect(x: 0, y: window.height / 2 - 40, width: window.width, height: 40)
      addLabel("✖ crashed", in: middle, style: "crash-text", to: &shapes)
      addLabel(
        reason, in: Rect(x: 0, y: middle.maxY, width: window.width, height: 24),
        style: "crash-reason", fontSize: 11, to: &shapes)
    case .outsideContainer(let child, let container):
      shapes.append(Shape(kind: .rect, frame: container, style: "mark-container"))
      shapes.append(Shape(kind: .rect, frame: child, style: "mark"))
      addLabel(
        "outside its box",
        in: Rect(x: child.x, y: child.y - 16, width: child.width, height: 14), style: "mark-text",
        fontSize: 10, to: &shapes)
    case .hiddenMessage(let index, let frame, let visible):
      shapes.append(Shape(kind: .rect, frame: visible, style: "visible-band"))
      shapes.append(Shape(kind: .rect, frame: frame, style: "mark"))
      let y = min(max(frame.minY, 0), window.height - 16)
      addLabel(
        "message \(index) hidden", in: Rect(x: frame.x, y: y, width: frame.width, height: 16),
        style: "mark-text", fontSize: 10, to: &shapes)
    }
  }

  private func addLabel(
    _ text: String, in frame: Rect, style: String, fontSize: Double = 15,
    to shapes: inout [Shape]
  ) {
    shapes.append(
      Shape(
        kind: .text,
        frame: Rect(x: frame.midX, y: frame.midY + fontSize * 0.35, width: 0, height: 0),
        style: style, text: text, fontSize: fontSize, isCentred: true))
  }
}

extension Rect {
  /// The x of the rectangle's centre.
  var midX: Double { x + width / 2 }
  /// The y of the rectangle's centre.
  var midY: Double { y + height / 2 }
}
