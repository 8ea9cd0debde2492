extension Scene {
  /// The scene of `state`, with text laid out by `measurer` (the one its replay used).
  public init(_ state: ChatState, measurer: any TextMeasuring) {
    self.init(state, measurer: measurer, reusing: nil)
  }

  /// The bubbles of an earlier scene that a later one may take: a bubble depends only on its
  /// message, the list's width and the layout, so it holds while those stay the same.
  struct ReusableBubbles {
    var bubbles: [Bubble]
    var messages: MessageLog
    var listWidth: Double
    var layout: LayoutID
  }

  /// The bubbles this scene's can be taken from by the next scene drawn with the same measurer.
  func reusableBubbles(of state: ChatState) -> ReusableBubbles {
    ReusableBubbles(
      bubbles: bubbles, messages: state.messages, listWidth: state.list.frame.width,
      layout: state.layout)
  }

  /// The scene of `state`, taking from `previous` (an earlier scene's, drawn with the same
  /// measurer) the bubbles of the messages that did not change.
  init(_ state: ChatState, measurer: any TextMeasuring, reusing previous: ReusableBubbles?) {
    var isSame = false
    self.init(state, measurer: measurer, reusing: previous, hasSameBubbles: &isSame)
  }

  /// The scene of `state`, taking from `previous` the bubbles of the messages that did not
  /// change; `hasSameBubbles` is set to whether its bubbles are all of `previous`'s, in the same
  /// order (when `false`, they may still be equal).
  init(
    _ state: ChatState, measurer: any TextMeasuring, reusing previous: ReusableBubbles?,
    hasSameBubbles: inout Bool
  ) {
    let metrics = Metrics.of(state)
    let width = state.screen.width
    let height = state.screen.height
    step = state.step
    layout = state.layout
    window = state.screen
    safeArea = state.safeArea
    statusBar = Rect(x: 0, y: 0, width: width, height: max(state.safeArea.top, 0))
    let navigationHeight = state.systemInset.top - state.safeArea.top
    navigationBar =
      navigationHeight > 0
      ? Rect(x: 0, y: state.safeArea.top, width: width, height: navigationHeight) : nil
    title = "Chat"
    list = state.list.frame
    contentOriginY = state.list.frame.minY - state.list.contentOffsetY
    let reusable =
      previous.flatMap { previous in
        previous.listWidth == state.list.frame.width && previous.layout == state.layout
          ? previous : nil
      }
    let visible = Self.visibleMessages(state)
    if let reusable, let first = reusable.bubbles.first?.index, visible.lowerBound == first,
      visible.count == reusable.bubbles.count, visible.upperBound <= reusable.messages.count,
      reusable.messages.sharesStorage(with: state.messages)
    {
      // The same messages, shared: the same bubbles, taken whole.
      bubbles = reusable.bubbles
      hasSameBubbles = true
    } else {
      let shares = reusable?.messages.sharesStorage(with: state.messages) ?? false
      bubbles = visible.map { index in
        if let reusable, let first = reusable.bubbles.first?.index,
          index >= first, index - first < reusable.bubbles.count,
          index < reusable.messages.count,
          shares || reusable.messages[index] == state.messages[index]
        {
          return reusable.bubbles[index - first]
        }
        return Self.bubble(state, index, metrics: metrics, measurer: measurer)
      }
      hasSameBubbles = false
    }
    inputBar = Self.inputBar(state, metrics: metrics, measurer: measurer)
    let keyboard = state.keyboardOnScreen
    self.keyboard = keyboard
    let bar = state.inputBar.frame
    gap = nil
    overlap = nil
    if let keyboard {
      if keyboard.minY - bar.maxY > 0.5 {
        gap = Rect(x: 0, y: bar.maxY, width: width, height: keyboard.minY - bar.maxY)
      }
      overlap = bar.intersection(keyboard)
    }
    homeIndicator =
      keyboard == nil && state.safeArea.bottom > 0
      ? Rect(
        x: width / 2 - Self.homeIndicatorWidth / 2,
        y: height - state.safeArea.bottom / 2 - Self.homeIndicatorHeight / 2,
        width: Self.homeIndicatorWidth, height: Self.homeIndicatorHeight) : nil
    marks = []
    for diagnostic in state.diagnostics {
      if let mark = mark(for: diagnostic) { marks.append(mark) }
    }
  }

  /// The indices of the messages whose cells lie at least in part inside the list's frame.
  ///
  /// Cells are appended below one another, so their tops only grow: a bisection finds the first
  /// one that ends below the list's top, and the walk stops at the first that starts below its
  /// bottom. A long chat costs only what it shows.
  static func visibleMessages(_ state: ChatState) -> Range<Int> {
    let top = state.list.contentOffsetY
    return state.messages.indices(ofCellsBetween: top, and: top + state.list.frame.height)
  }

  /// The home indicator's size.
  static let homeIndicatorWidth = 134.0
  static let homeIndicatorHeight = 5.0

  private static func bubble(
    _ state: ChatState, _ index: Int, metrics: Metrics, measurer: any TextMeasuring
  ) -> Bubble {
    let message = state.messages[index]
    let width = state.list.frame.width
    let lineHeight = measurer.lineHeight(fontSize: metrics.messageFontSize)
    if metrics.isBalloon {
      let size = measurer.boundingSize(
        of: message.text, width: metrics.labelWidth, fontSize: metrics.messageFontSize)
      let balloonWidth = min(size.width.rounded(.up), metrics.labelWidth) + 2 * metrics.balloonInset
      let x =
        message.from == .me ? width - metrics.sideMargin - balloonWidth : metrics.sideMargin
      let lines = measurer.lines(
        of: message.text, width: metrics.labelWidth, fontSize: metrics.messageFontSize)
      return Bubble(
        index: index, from: message.from,
        frame: Rect(x: x, y: message.y, width: balloonWidth, height: message.height),
        isBalloon: true,
        text: TextBlock(
          lines: lines, fontSize: metrics.messageFontSize, lineHeight: lineHeight,
          origin: Point(x: metrics.balloonInset, y: metrics.balloonInset),
          width: metrics.labelWidth))
    }
    let textWidth = max(width - 2 * metrics.sideMargin, 0)
    let line = oneLine(message.text, width: textWidth, fontSize: metrics.messageFontSize, measurer)
    return Bubble(
      index: index, from: message.from,
      frame: Rect(x: 0, y: message.y, width: width, height: message.height), isBalloon: false,
      text: TextBlock(
        lines: line.isEmpty ? [] : [line], fontSize: metrics.messageFontSize,
        lineHeight: lineHeight,
        origin: Point(x: metrics.sideMargin, y: (message.height - lineHeight) / 2),
        width: textWidth))
  }

  /// `text`'s first line as a one-line label shows it: shortened with `…` when it does not fit
  /// in `width`.
  static func oneLine(
    _ text: String, width: Double, fontSize: Double, _ measurer: any TextMeasuring
  ) -> String {
    let firstLine = String(text.prefix { !$0.isNewline })
    // A label fits when the measurer puts it on one line at the label's width.
    func fits(_ candidate: String) -> Bool {
      measurer.lines(of: candidate, width: width, fontSize: fontSize).count <= 1
    }
    if fits(firstLine) && firstLine.count == text.count { return firstLine }
    let characters = Array(firstLine)
    var low = 0
    var high = characters.count
    while low < high {
      let middle = (low + high + 1) / 2
      if fits(String(characters[0..<middle]) + "…") { low = middle } else { high = middle - 1 }
    }
    return String(characters[0..<low]) + "…"
  }

  private static func inputBar(_ state: ChatState, metrics: Metrics, measurer: any TextMeasuring)
    -> InputBar
  {
    let bar = state.inputBar.frame
    let margin = Metrics.barMargin
    var field: Rect
    var button: Rect
    var textOrigin = Point(x: margin, y: 0)
    var wrapWidth: Double
    if let inset = metrics.textViewInset, case .growing(let box) = state.slot {
      let memory = box.memory
      field = Rect(
        x: bar.x + memory.textViewFrame.x, y: bar.y + memory.textViewFrame.y,
        width: memory.textViewFrame.width, height: memory.textViewFrame.height)
      button = Rect(
        x: bar.x + memory.sendButtonFrame.x, y: bar.y + memory.sendButtonFrame.y,
        width: memory.sendButtonFrame.width, height: memory.sendButtonFrame.height)
      textOrigin = inset
      wrapWidth = max(field.width - metrics.textViewPaddings, 0)
    } else {
      let content = state.inputContentFrame
      let fieldHeight = metrics.fieldHeight ?? content.height - 2 * margin
      let buttonWidth = Metrics.sendButtonWidth
      field = Rect(
        x: content.x + margin, y: content.y + (content.height - fieldHeight) / 2,
        width: max(content.width - 3 * margin - buttonWidth, 0), height: fieldHeight)
      button = Rect(
        x: content.maxX - margin - buttonWidth, y: field.y, width: buttonWidth,
        height: fieldHeight)
      wrapWidth = max(field.width - 2 * margin, 0)
    }
    let lineHeight = measurer.lineHeight(fontSize: metrics.fieldFontSize)
    if metrics.textViewInset == nil { textOrigin.y = (field.height - lineHeight) / 2 }
    return InputBar(
      frame: bar, field: field,
      text: TextBlock(
        lines: measurer.lines(
          of: state.inputBar.text, width: wrapWidth, fontSize: metrics.fieldFontSize),
        fontSize: metrics.fieldFontSize, lineHeight: lineHeight, origin: textOrigin,
        width: wrapWidth),
      sendButton: button, isSendEnabled: state.isSendEnabled)
  }

  private func mark(for diagnostic: Diagnostic) -> Mark? {
    switch diagnostic {
    case .crash(let reason):
      return .crash(reason: reason.rawValue)
    case .outsideContainer(let child, let childMinX, let childMaxX, let container, _):
      let childFrame = frame(of: child)
      let containerFrame = frame(of: container)
      return .outsideContainer(
        child: Rect(
          x: containerFrame.x + childMinX, y: childFrame.y, width: childMaxX - childMinX,
          height: childFrame.height),
        container: containerFrame)
    case .messageHidden(let index, let minY, let maxY, let visibleMinY, let visibleMaxY):
      let x = bubbles.indices.contains(index) ? bubbles[index].frame.x : 0
      let width = bubbles.indices.contains(index) ? bubbles[index].frame.width : window.width
      return .hiddenMessage(
        index: index, frame: Rect(x: x, y: minY, width: width, height: maxY - minY),
        visible: Rect(x: 0, y: visibleMinY, width: window.width, height: visibleMaxY - visibleMinY))
    case .badIndex, .doubledOrigin, .duplicateObserver, .emptyMessage, .frameMismatch,
      .keyboardGap, .keyboardOverlap, .modelDivergence, .offsetOutOfRange, .phantomKeyboard,
      .unsafeInput:
      // Drawn by the scene's own parts (gap, overlap, the bars) or not a place on the screen.
      return nil
    }
  }

  /// The frame of a view a diagnostic names.
  private func frame(of view: Diagnostic.View) -> Rect {
    switch view {
    case .box: inputBar.frame
    case .sendButton: inputBar.sendButton
    case .textView: inputBar.field
    }
  }
}
