/// The `accessory` layout: a chat screen whose input container is the view controller's
/// `inputAccessoryView`, as the UIKit sample this project models writes it
/// (<doc:AccessoryScreen>).
///
/// Rules, checked against the sample:
/// - The table is the whole view, with automatic inset adjustment (the safe area); the sample never
///   changes its insets, so rows behind the keyboard stay hidden (`message-hidden`).
/// - The container is `8 + 34 + 8 = 50` pt high, plus the bottom safe area while docked. iOS
///   moves it, not the app: every keyboard frame includes it, so a frame taller than the docked
///   container puts the container on its top 50 pt and the keyboard below; a frame no taller
///   (or wholly below the window) leaves it docked at the bottom with no keyboard on screen.
///   A notification without `frameEnd` moves nothing.
/// - `pan` (`changed`, keyboard up; the table's `keyboardDismissMode` is `.interactive`) moves
///   the container and keyboard with the finger, never above the shown position and never below
///   the docked one. The keyboard notifications that follow the release do the rest.
/// - The first message is the sample's `[String()]`: one empty row (`empty-message`). Rows are
///   UITableView's default 44 pt.
/// - `sendTap` and `returnKey`: non-empty text is appended and cleared, with `reloadData` and no
///   scroll; `returnKey` also resigns (the notifications that follow hide the keyboard).
///
/// Choices where the sample is silent: `receive` appends the other person's row the same way; the
/// send button is never disabled; the header's `messages` replace the sample's `[String()]`.
///
/// Then the diagnostics every layout shares (``ChatState``'s geometry checks).
public struct AccessoryLayout: Layout {
  /// What the layout remembers.
  public struct Memory: Hashable, Sendable {
    /// The last frame (container plus keyboard) with the keyboard up, for pans; `nil` while docked.
    public var shownFrame: Rect?

    public init(shownFrame: Rect? = nil) { self.shownFrame = shownFrame }
  }

  public static let id = LayoutID.accessory
  public static let summary =
    "An input container returned as inputAccessoryView, riding on the keyboard; fixed insets."

  public static var options: [LayoutOption<Self>] {
    [
      .points(
        "textField.height", get: { $0.textFieldHeight }, set: { $0.textFieldHeight = $1 },
        in: 1...400, "The text field's height."),
      .points(
        "inputBar.padding", get: { $0.containerPadding }, set: { $0.containerPadding = $1 },
        in: 0...200,
        "The container's padding above and below the text field."),
      .points(
        "row.height", get: { $0.rowHeight }, set: { $0.rowHeight = $1 }, in: 1...1000,
        "The table's row height."),
    ]
  }

  /// The text field's height in the container.
  public var textFieldHeight = 34.0
  /// The container's padding above and below the text field.
  public var containerPadding = 8.0
  /// UITableView's default `rowHeight`.
  public var rowHeight = ChatState.defaultRowHeight

  /// The container's height above the safe area: the text field with its padding above and below.
  public var containerHeight: Double { textFieldHeight + 2 * containerPadding }

  /// The sample's screen.
  public init() {}

  // MARK: Derived values

  /// The table fills the window: the whole safe area is added.
  public func systemInset(of state: ChatState) -> EdgeInsets { state.safeAreaOverlap }

  /// The send button is never disabled.
  public func isSendEnabled(_ state: ChatState) -> Bool { true }

  /// The part of the container that holds the text field: a docked container's bottom safe area
  /// is padding, not input.
  public func inputContentFrame(of state: ChatState) -> Rect {
    var frame = state.inputBar.frame
    frame.height = min(frame.height, containerHeight)
    return frame
  }

  // MARK: Reducer

  public func initialState(header: SessionHeader, measurer: AnyTextMeasuring) -> ChatState {
    var state = ChatState(
      layout: self, memory: Memory(), screen: header.device.screen,
      safeArea: header.device.safeArea, idiom: header.deviceIdiom)
    state.list.frame = state.screenRect
    let messages = header.messages ?? [InitialMessage(from: .me, text: "")]
    for message in messages {
      state.appendRow(from: message.from, text: message.text, height: rowHeight)
    }
    if let index = messages.firstIndex(where: { $0.text.isEmpty }) {
      state.diagnostics.append(.emptyMessage(index: index))
    }
    state.list.contentOffsetY = -state.adjustedContentInset.top
    dock(&state)
    return state
  }

  public func reduce(
    into state: inout ChatState, memory: inout Memory, _ event: Event, measurer: AnyTextMeasuring
  ) {
    switch event {
    case .gap, .observed:
      // The screen handles these (they change no state); they never reach a layout.
      break
    case .keyboard(let notification):
      // iOS places the accessory on the keyboard itself: a frame that cannot be where the
      // keyboard is (taller than the window while a floating keyboard is dragged, above the
      // window while one undocks) moves nothing.
      guard let frame = notification.frameEnd, !state.isKeyboardPlaceholder(frame) else { break }
      let dockedHeight = containerHeight + state.safeArea.bottom
      if frame.height <= dockedHeight + ChatState.tolerance || frame.minY >= state.screen.height {
        memory.shownFrame = nil
      } else {
        memory.shownFrame = frame
        place(&state, containerY: frame.minY, frame: frame)
      }

    case .pan(let y, let panState):
      guard panState == .changed, let shown = memory.shownFrame else { break }
      let dockedY = state.screen.height - containerHeight - state.safeArea.bottom
      place(&state, containerY: min(max(y, shown.minY), max(dockedY, shown.minY)), frame: shown)

    case .textChange(let text):
      state.inputBar.text = text

    case .sendTap, .returnKey:
      guard !state.inputBar.text.isEmpty else { break }
      state.appendRow(from: .me, text: state.inputBar.text, height: rowHeight)
      state.inputBar.text = ""

    case .receive(let text):
      state.appendRow(from: .other, text: text, height: rowHeight)

    case .scroll(let offsetY):
      state.list.contentOffsetY = offsetY

    case .safeArea(let insets):
      state.safeArea = insets

    case .viewport(let screen, let safeArea, _):
      state.screen = screen
      state.safeArea = safeArea

    case .appear, .disappear, .doneTap:
      break
    }
    state.list.frame = state.screenRect
    if memory.shownFrame == nil { dock(&state) }
  }

  /// Whether ``reduce(into:memory:_:measurer:)`` leaves a state it laid out as it is.
  ///
  /// It does for a notification without an end frame, a pan that is not `changed`, a send or
  /// return with no text, and the events the sample does not handle (the list's frame and the
  /// docked container are then placed where they are). Read by
  /// ``ChatScreen/reduceSettled(into:_:)``; it must follow every change of `reduce`.
  @inline(__always)
  func ignores(_ event: Event, in state: ChatState) -> Bool {
    switch event {
    case .keyboard(let notification): notification.frameEnd == nil
    case .pan(_, let panState): panState != .changed
    case .sendTap, .returnKey: state.inputBar.text.isEmpty
    case .appear, .disappear, .doneTap: true
    case .gap, .observed, .textChange, .receive, .scroll, .safeArea, .viewport: false
    }
  }

  /// The container at `containerY`, the keyboard of `frame` below it.
  private func place(_ state: inout ChatState, containerY: Double, frame: Rect) {
    state.inputBar.frame = Rect(
      x: frame.minX, y: containerY, width: frame.width, height: containerHeight)
    state.keyboard.frame = Rect(
      x: frame.minX, y: containerY + containerHeight, width: frame.width,
      height: frame.height - containerHeight)
    state.keyboard.visibleHeight = state.keyboardOnScreen?.height ?? 0
  }

  /// The container docked at the bottom of the window, the keyboard off screen.
  private func dock(_ state: inout ChatState) {
    let height = containerHeight + state.safeArea.bottom
    state.inputBar.frame = Rect(
      x: 0, y: state.screen.height - height, width: state.screen.width, height: height)
    state.keyboard.frame = Rect(
      x: 0, y: state.screen.height, width: state.screen.width, height: 0)
    state.keyboard.visibleHeight = 0
  }
}
