extension Scene {
  /// The scene of `state`, with text laid out by `measurer` (the one its replay used).
  public init(_ state: ChatState, measurer: some TextMeasuring) {
    let metrics = Metrics.of(state)
    step = state.step
    layout = state.layout
    window = state.screen
    safeArea = state.safeArea
    (statusBar, navigationBar) = Self.bars(state)
    title = Self.navigationTitle
    list = state.list.frame
    contentOriginY = state.list.frame.minY - state.list.contentOffsetY
    bubbles = Self.visibleMessages(state).map { index in
      Self.bubble(state, index, metrics: metrics, measurer: measurer)
    }
    var bar = Self.inputBar(state, metrics: metrics, measurer: measurer)
    bar.text.lines = measurer.lines(
      of: state.inputBar.text, width: bar.text.width, fontSize: bar.text.fontSize)
    inputBar = bar
    (keyboard, gap, overlap, homeIndicator) = Self.keyboardParts(state)
    marks = []
    let bubbles = self.bubbles
    for diagnostic in state.diagnostics {
      let mark = Self.mark(
        for: diagnostic, window: window, inputBar: bar,
        bubbleFrame: { bubbles.indices.contains($0) ? bubbles[$0].frame : nil })
      if let mark { marks.append(mark) }
    }
  }

  /// The navigation bar's title.
  static let navigationTitle = "Chat"

  /// The status bar (the top safe area) and the navigation bar, for layouts that have one.
  static func bars(_ state: ChatState) -> (status: Rect, navigation: Rect?) {
    let width = state.screen.width
    let navigationHeight = state.systemInset.top - state.safeArea.top
    return (
      Rect(x: 0, y: 0, width: width, height: max(state.safeArea.top, 0)),
      navigationHeight > 0
        ? Rect(x: 0, y: state.safeArea.top, width: width, height: navigationHeight) : nil
    )
  }

  /// The part of the keyboard inside the window, the gap above it, the overlap with the input
  /// bar, and the home indicator (while no keyboard is up).
  static func keyboardParts(_ state: ChatState) -> (
    keyboard: Rect?, gap: Rect?, overlap: Rect?, homeIndicator: Rect?
  ) {
    let width = state.screen.width
    let keyboard = state.keyboardOnScreen
    let bar = state.inputBar.frame
    var gap: Rect?
    var overlap: Rect?
    if let keyboard {
      if keyboard.minY - bar.maxY > 0.5 {
        gap = Rect(x: 0, y: bar.maxY, width: width, height: keyboard.minY - bar.maxY)
      }
      overlap = bar.intersection(keyboard)
    }
    let homeIndicator =
      keyboard == nil && state.safeArea.bottom > 0
      ? Rect(
        x: width / 2 - Self.homeIndicatorWidth / 2,
        y: state.screen.height - state.safeArea.bottom / 2 - Self.homeIndicatorHeight / 2,
        width: Self.homeIndicatorWidth, height: Self.homeIndicatorHeight) : nil
    return (keyboard, gap, overlap, homeIndicator)
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

  /// The bubble of message `index`: it depends only on the message, the list's width and the
  /// layout.
  static func bubble(
    _ state: ChatState, _ index: Int, metrics: Metrics, measurer: some TextMeasuring
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
    _ text: String, width: Double, fontSize: Double, _ measurer: some TextMeasuring
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

  /// The input bar with its field and send button, its text's block with no lines yet (they are
  /// `state.inputBar.text` laid out at the block's width and font size).
  static func inputBar(_ state: ChatState, metrics: Metrics, measurer: some TextMeasuring)
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
        lines: [], fontSize: metrics.fieldFontSize, lineHeight: lineHeight, origin: textOrigin,
        width: wrapWidth),
      sendButton: button, isSendEnabled: state.isSendEnabled)
  }

  /// Whether `diagnostic` draws a mark (see ``mark(for:window:inputBar:bubbleFrame:)``).
  static func isMarked(_ diagnostic: Diagnostic) -> Bool {
    switch diagnostic {
    case .crash, .outsideContainer, .messageHidden:
      return true
    case .badIndex, .doubledOrigin, .duplicateObserver, .emptyMessage, .frameMismatch,
      .keyboardGap, .keyboardOverlap, .modelDivergence, .offsetOutOfRange, .phantomKeyboard,
      .unsafeInput:
      return false
    }
  }

  /// The mark `diagnostic` draws on a screen of size `window` with `inputBar`, where
  /// `bubbleFrame(n)` is the frame of the scene's `n`th bubble, when it has one.
  static func mark(
    for diagnostic: Diagnostic, window: Size, inputBar: InputBar, bubbleFrame: (Int) -> Rect?
  ) -> Mark? {
    // The frame of a view a diagnostic names.
    func frame(of view: Diagnostic.View) -> Rect {
      switch view {
      case .box: inputBar.frame
      case .sendButton: inputBar.sendButton
      case .textView: inputBar.field
      }
    }
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
      let bubble = bubbleFrame(index)
      let x = bubble?.x ?? 0
      let width = bubble?.width ?? window.width
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
}
