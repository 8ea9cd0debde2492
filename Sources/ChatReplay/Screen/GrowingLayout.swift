/// The `growing` layout: a LINE-like chat screen whose frames are set by hand, as the UIKit
/// sample this project models writes it (<doc:GrowingScreen>).
///
/// Rules, checked against the sample:
/// - No navigation bar; the status bar is `S.top` high. The table is `(0, S.top, W, H - S.top -
///   50)`, the box `(0, H - 50, W, 50)` (the bottom safe area is ignored), the text view
///   `(1, 1, W - 73, 49)` in the box, font 18, and the send button `(W - 71, 1, 70, 49)`. A 40-pt
///   "Done" bar is the text view's input accessory, so the keyboard frames include it.
/// - `willShow` remembers `frameEnd` (`as! NSValue`: a missing one crashes) and draws the box:
///   the text view's fitting height, clamped to 50…100, becomes its height; the box becomes
///   `(x, H - kb.height - oldBoxHeight, textViewWidth, newHeight)` (the old height for `y`, the
///   text view's width for the width, as the sample writes them); the table's height becomes
///   `H - (S.top + kb.height + newHeight)`.
/// - `textChange` draws the box again; with no remembered keyboard the app crashes, and every
///   later event changes nothing.
/// - `willHide` puts the box and the table back to their first frames; the text view keeps its
///   height (`frame-mismatch` when it is taller than the box).
/// - The observers are added in every `viewWillAppear` but never removed: `viewWillDisappear`
///   passes `object: view.window`, which matches no registration made with `object: nil`. After a
///   second `appear` each notification runs its handler twice (`duplicate-observer`).
///
/// Choices where the sample is silent:
/// - The send button has no action in the sample. Modelled as a LINE-like app would do it: non-empty
///   text is appended as the user's message, the text is cleared and the box is drawn again; the
///   button is always enabled. Once the box is `W - 73` wide the button lies outside it, where a
///   real tap could not reach it (`outside-container`).
/// - The table's rows are not in the post (they are in an earlier one): rows are UITableView's
///   default 44 pt, the header's messages or none. Nothing scrolls the table.
/// - Fitting height: UITextView's defaults, `textContainerInset` 8 top and 8 bottom and
///   `lineFragmentPadding` 5 each side, so the text wraps at `W - 73 - 10` and the height is
///   `ceil(max(text height, one line)) + 16`.
///
/// Then the diagnostics every layout shares (``ChatState``'s geometry checks).
public struct GrowingLayout: Layout {
  /// What the view controller remembers.
  public struct Memory: Hashable, Sendable {
    /// `frKeyboard`: the last `willShow` frame, `nil` until the first one.
    public var keyboardFrame: Rect?
    /// `frBox`: the box's first frame.
    public var restingBoxFrame: Rect
    /// `sizeTable`: the table's first size.
    public var restingTableSize: Size
    /// The text view's frame in the box.
    public var textViewFrame: Rect
    /// The send button's frame in the box.
    public var sendButtonFrame: Rect
    /// How many times each keyboard notification runs its handler.
    public var observerCount = 1
    /// Whether the app has crashed: nothing changes after.
    public var isCrashed = false
  }

  public static let id = LayoutID.growing
  public static let summary =
    "A LINE-like input box with frames set by hand and a text view that grows from 50 to 100 pt."

  public static var options: [LayoutOption<Self>] {
    [
      .points(
        "inputBar.height", get: { $0.boxHeight }, set: { $0.boxHeight = $1 }, in: 1...400,
        "The input box's height at rest."),
      .points(
        "inputBar.margin", get: { $0.margin }, set: { $0.margin = $1 }, in: 0...100,
        "The margin around the text view and the send button in the box."),
      .points(
        "sendButton.width", get: { $0.sendButtonWidth }, set: { $0.sendButtonWidth = $1 },
        in: 0...400, "The send button's width."),
      .points(
        "textView.minHeight", get: { $0.textViewMinHeight }, set: { $0.textViewMinHeight = $1 },
        in: 0...1000, "The text view's least height."),
      .points(
        "textView.maxHeight", get: { $0.textViewMaxHeight }, set: { $0.textViewMaxHeight = $1 },
        in: 0...1000,
        "The text view's greatest height."),
      .points(
        "font.size", get: { $0.fontSize }, set: { $0.fontSize = $1 }, in: 1...200,
        "The text view's system font size."),
      .points(
        "textView.insets", get: { $0.textContainerInsets }, set: { $0.textContainerInsets = $1 },
        in: 0...200,
        "The text view's textContainerInset, top plus bottom."),
      .points(
        "textView.padding", get: { $0.lineFragmentPaddings }, set: { $0.lineFragmentPaddings = $1 },
        in: 0...200,
        "The text view's lineFragmentPadding, both sides together."),
      .points(
        "row.height", get: { $0.rowHeight }, set: { $0.rowHeight = $1 }, in: 1...1000,
        "The table's row height."),
    ]
  }

  // MARK: Metrics from the sample

  /// `HEIGHT_BOX`: the input box's height at rest.
  public var boxHeight = 50.0
  /// `MARGIN_MSG`: the margin around the text view and the send button.
  public var margin = 1.0
  /// `WIDTH_SUBMIT`: the send button's width.
  public var sendButtonWidth = 70.0
  /// `MIN_HEIGHT_MSG`: the text view's least height.
  public var textViewMinHeight = 50.0
  /// `MAX_HEIGHT_MSG`: the text view's greatest height.
  public var textViewMaxHeight = 100.0
  /// `UIFont.systemFont(ofSize: 18)`.
  public var fontSize = 18.0
  /// UITextView's default `textContainerInset`, top plus bottom.
  public var textContainerInsets = 16.0
  /// UITextView's default `lineFragmentPadding`, both sides.
  public var lineFragmentPaddings = 10.0
  /// UITableView's default `rowHeight`.
  public var rowHeight = ChatState.defaultRowHeight

  /// The sample's screen.
  public init() {}

  // MARK: Derived values

  /// The safe area the table overlaps (none, as the sample places it).
  public func systemInset(of state: ChatState) -> EdgeInsets { state.safeAreaOverlap }

  /// The button is never disabled.
  public func isSendEnabled(_ state: ChatState) -> Bool { true }

  /// Once the app has crashed.
  public func hasCrashed(_ memory: Memory) -> Bool { memory.isCrashed }

  // MARK: Reducer

  public func initialState(header: SessionHeader, measurer: AnyTextMeasuring) -> ChatState {
    let screen = header.device.screen
    let safeArea = header.device.safeArea
    let width = screen.width
    let table = Rect(
      x: 0, y: safeArea.top, width: width, height: screen.height - (safeArea.top + boxHeight))
    let box = Rect(x: 0, y: table.maxY, width: width, height: boxHeight)
    let memory = Memory(
      restingBoxFrame: box, restingTableSize: Size(width: table.width, height: table.height),
      textViewFrame: Rect(
        x: margin, y: margin, width: width - (3 * margin + sendButtonWidth),
        height: boxHeight - margin),
      sendButtonFrame: Rect(
        x: width - (sendButtonWidth + margin), y: margin, width: sendButtonWidth,
        height: boxHeight - margin))
    var state = ChatState(
      layout: self, memory: memory, screen: screen, safeArea: safeArea, idiom: header.deviceIdiom)
    state.keyboard.frame = Rect(x: 0, y: screen.height, width: width, height: 0)
    state.list.frame = table
    state.inputBar.frame = box
    for message in header.messages ?? [] {
      state.appendRow(from: message.from, text: message.text, height: rowHeight)
    }
    state.list.contentOffsetY = -state.adjustedContentInset.top
    check(&state, memory)
    return state
  }

  public func reduce(
    into state: inout ChatState, memory: inout Memory, _ event: Event, measurer: AnyTextMeasuring
  ) {
    defer { check(&state, memory) }
    switch event {
    case .gap, .observed:
      // The screen handles these (they change no state); they never reach a layout.
      break
    case .keyboard(let notification):
      state.trackKeyboard(notification)
      switch notification.name {
      case .willShow:
        // A third run repeats the second (the height no longer changes), so two runs stand for
        // any number: a recording with many `appear`s cannot make a step slow.
        for _ in 0..<min(memory.observerCount, 2) where !memory.isCrashed {
          guard let frame = notification.frameEnd else {
            crash(&state, &memory, .frameEndMissing)
            break
          }
          memory.keyboardFrame = frame
          drawBox(&state, &memory, measurer: measurer)
        }
      case .willHide:
        state.inputBar.frame = memory.restingBoxFrame
        state.list.frame.width = memory.restingTableSize.width
        state.list.frame.height = memory.restingTableSize.height
        state.keyboard.visibleHeight = 0
      case .didShow, .didHide, .willChangeFrame, .didChangeFrame:
        break
      }

    case .textChange(let text):
      state.inputBar.text = text
      drawBox(&state, &memory, measurer: measurer)

    case .sendTap:
      guard !state.inputBar.text.isEmpty else { break }
      state.appendRow(from: .me, text: state.inputBar.text, height: rowHeight)
      state.inputBar.text = ""
      drawBox(&state, &memory, measurer: measurer)

    case .receive(let text):
      state.appendRow(from: .other, text: text, height: rowHeight)

    case .scroll(let offsetY):
      state.list.contentOffsetY = offsetY

    case .safeArea(let insets):
      state.safeArea = insets

    case .viewport(let screen, let safeArea, _):
      // Frames were set once in viewDidLoad; only drawBox reads the new size.
      state.screen = screen
      state.safeArea = safeArea

    case .appear:
      memory.observerCount += 1

    case .disappear, .pan, .returnKey, .doneTap:
      // removeObserver(…, object: view.window) removes nothing; the table keeps no dismiss mode;
      // return inserts a newline (the textChange that follows carries it); Done ends editing and
      // the keyboard notifications that follow do the rest.
      break
    }
  }

  /// `drawBox()`: sizes the text view to its text and moves the box above the remembered keyboard.
  private func drawBox(
    _ state: inout ChatState, _ memory: inout Memory, measurer: AnyTextMeasuring
  ) {
    guard let keyboard = memory.keyboardFrame else {
      crash(&state, &memory, .keyboardFrameNotRemembered)
      return
    }
    let fitting = fittingHeight(
      of: state.inputBar.text, width: memory.textViewFrame.width, measurer: measurer)
    let height = min(max(fitting, textViewMinHeight), textViewMaxHeight)
    memory.textViewFrame.height = height
    let box = state.inputBar.frame
    state.inputBar.frame = Rect(
      x: box.x, y: state.screen.height - keyboard.height - box.height,
      width: memory.textViewFrame.width, height: height)
    state.list.frame.height = state.screen.height - (state.safeArea.top + keyboard.height + height)
    state.keyboard.visibleHeight = keyboard.height
  }

  /// `msg.sizeThatFits(CGSize(width: msg.frame.width, height: .greatestFiniteMagnitude)).height`.
  func fittingHeight(of text: String, width: Double, measurer: AnyTextMeasuring) -> Double {
    let textWidth = max(width - lineFragmentPaddings, 0)
    let textHeight = measurer.boundingSize(of: text, width: textWidth, fontSize: fontSize).height
    return max(textHeight, measurer.lineHeight(fontSize: fontSize)).rounded(.up)
      + textContainerInsets
  }

  private func crash(
    _ state: inout ChatState, _ memory: inout Memory, _ reason: Diagnostic.CrashReason
  ) {
    memory.isCrashed = true
    state.diagnostics.append(.crash(reason: reason))
  }

  /// The sample's own defects, besides the shared geometric ones.
  private func check(_ state: inout ChatState, _ memory: Memory) {
    let box = state.inputBar.frame
    if memory.textViewFrame.height > box.height + ChatState.tolerance {
      state.diagnostics.append(
        .frameMismatch(
          child: .textView, childHeight: memory.textViewFrame.height, container: .box,
          containerHeight: box.height))
    }
    if memory.sendButtonFrame.maxX > box.width + ChatState.tolerance {
      state.diagnostics.append(
        .outsideContainer(
          child: .sendButton, childMinX: memory.sendButtonFrame.minX,
          childMaxX: memory.sendButtonFrame.maxX, container: .box, containerWidth: box.width))
    }
    if memory.observerCount > 1 {
      state.diagnostics.append(.duplicateObserver(count: memory.observerCount))
    }
  }
}
