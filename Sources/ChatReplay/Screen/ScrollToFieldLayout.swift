/// The `scroll-to-field` layout: an Rx helper that scrolls the edited field above the keyboard,
/// as the UIKit sample this project models writes it, applied to a chat
/// (<doc:ScrollToFieldScreen>).
///
/// Rules, checked against the sample:
/// - The screen is one scroll view filling the window, with automatic inset adjustment (the safe
///   area is added to `contentInset`). Its content is the messages, then the input field (44 pt)
///   as the last row; the field moves down as messages are added.
/// - Only `willShow` and `willHide` are observed, and only while the screen is visible
///   (`viewDidAppear` … `viewDidDisappear`): visible at step 0, `disappear` hides it, `appear`
///   shows it again.
/// - `willShow` needs `frameEnd` and `duration` (the sample's `guard` returns otherwise). Insets go
///   to 0; the keyboard's frame is converted into the scroll view (`y + contentOffset.y`); the
///   field's frame is converted *from the field's own coordinates*, so its origin counts twice
///   (`maxY = 2 × fieldY + 44`; `doubled-origin`). `offset = maxY(field) - minY(keyboard)`; if
///   positive, `contentInset.bottom = offset` and `contentOffset.y = offset`.
/// - `willHide`: insets to 0, the offset stays.
///
/// Choices where the sample is silent: the "field" is the chat's input field, the first
/// responder whenever the keyboard is up, placed as the last row of the scroll view's content (the
/// sample
/// finds the scroll view by walking up from the field, so the field must be inside it). Rows are
/// UITableView's default 44 pt; the header's messages or none. `textChange` sets the field's text;
/// `sendTap` with non-empty text appends it and clears the field, as a chat would, without
/// scrolling; `returnKey` does nothing (the sample sets no delegate).
///
/// Then the diagnostics every layout shares (``ChatState``'s geometry checks).
public struct ScrollToFieldLayout: Layout {
  /// What the helper remembers.
  public struct Memory: Hashable, Sendable {
    /// Whether the screen is between `viewDidAppear` and `viewDidDisappear`.
    public var isVisible: Bool

    public init(isVisible: Bool = true) { self.isVisible = isVisible }
  }

  public static let id = LayoutID.scrollToField
  public static let summary =
    "A scroll view whose Rx helper scrolls the edited field above the keyboard, as a chat."

  public static var options: [LayoutOption<Self>] {
    [
      .points(
        "inputBar.height", get: { $0.fieldHeight }, set: { $0.fieldHeight = $1 }, in: 1...400,
        "The input field's row height."),
      .points(
        "row.height", get: { $0.rowHeight }, set: { $0.rowHeight = $1 }, in: 1...1000,
        "A message row's height."),
    ]
  }

  /// The input field's height.
  public var fieldHeight = 44.0
  /// UITableView's default `rowHeight`, for the message rows.
  public var rowHeight = ChatState.defaultRowHeight

  /// The sample's screen.
  public init() {}

  // MARK: Derived values

  /// The scroll view fills the window: the whole safe area is added.
  public func systemInset(of state: ChatState) -> EdgeInsets { state.safeAreaOverlap }

  /// A chat's send button: enabled with text.
  public func isSendEnabled(_ state: ChatState) -> Bool { !state.inputBar.text.isEmpty }

  /// The field's top in the scroll view's content: below the last message.
  func fieldY(_ state: ChatState) -> Double {
    state.messages.lastCell.map { $0.y + $0.height } ?? 0
  }

  // MARK: Reducer

  public func initialState(header: SessionHeader, measurer: AnyTextMeasuring) -> ChatState {
    let screen = header.device.screen
    var state = ChatState(
      layout: self, memory: Memory(), screen: screen, safeArea: header.device.safeArea,
      idiom: header.deviceIdiom)
    state.keyboard.frame = Rect(x: 0, y: screen.height, width: screen.width, height: 0)
    state.list.frame = state.screenRect
    for message in header.messages ?? [] {
      state.appendRow(from: message.from, text: message.text, height: rowHeight)
    }
    state.list.contentOffsetY = -state.adjustedContentInset.top
    layOut(&state)
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
      state.trackKeyboard(notification)
      guard memory.isVisible else { break }
      switch notification.name {
      case .willShow:
        scrollField(&state, notification)
      case .willHide:
        state.list.contentInset = .zero
        state.keyboard.visibleHeight = 0
      case .didShow, .didHide, .willChangeFrame, .didChangeFrame:
        break
      }

    case .appear:
      memory.isVisible = true

    case .disappear:
      memory.isVisible = false

    case .textChange(let text):
      state.inputBar.text = text

    case .sendTap:
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

    case .pan, .returnKey, .doneTap:
      // No interactive dismissal, no text-field delegate, no Done button.
      break
    }
    layOut(&state)
  }

  /// Whether ``reduce(into:memory:_:measurer:)`` leaves a state it laid out as it is.
  ///
  /// It does for the notifications neither the helper nor the keyboard's tracking reads, a send
  /// with no text, and the events the sample does not handle (`layOut` then places the field
  /// where it is). Read by ``ChatScreen/reduceSettled(into:_:)``; it must follow every change of
  /// `reduce`.
  @inline(__always)
  func ignores(_ event: Event, in state: ChatState) -> Bool {
    switch event {
    case .keyboard(let notification):
      switch notification.name {
      case .didShow, .didHide, .willChangeFrame: true
      case .willShow, .willHide, .didChangeFrame: false
      }
    case .sendTap: state.inputBar.text.isEmpty
    case .pan, .returnKey, .doneTap: true
    case .appear, .disappear, .gap, .observed, .textChange, .receive, .scroll, .safeArea,
      .viewport:
      false
    }
  }

  /// `scrollTextFieldWhehKeybordShown`.
  private func scrollField(_ state: inout ChatState, _ notification: KeyboardNotification) {
    guard let keyboard = notification.frameEnd, notification.duration != nil else { return }
    state.list.contentInset = .zero
    // convertRect(keyboardFrame, fromView: nil): window to the scroll view's bounds.
    let keyboardMinY = keyboard.minY - state.list.frame.minY + state.list.contentOffsetY
    // textField.convertRect(textField.frame, toView: scrollView): the frame's origin is read in
    // the field's own coordinates, so the field's origin is added to itself.
    let fieldY = fieldY(state)
    let convertedMaxY = 2 * fieldY + fieldHeight
    let offset = convertedMaxY - keyboardMinY
    state.keyboard.visibleHeight = state.screen.height - keyboard.minY
    if fieldY != 0 {
      state.diagnostics.append(
        .doubledOrigin(convertedMaxY: convertedMaxY, fieldMaxY: fieldY + fieldHeight))
    }
    if offset > 0 {
      state.list.contentInset.bottom = offset
      state.list.contentOffsetY = offset
    }
  }

  /// Places the field where the scroll view shows it.
  private func layOut(_ state: inout ChatState) {
    state.list.frame = state.screenRect
    let fieldY = fieldY(state)
    state.list.contentHeight = fieldY + fieldHeight
    state.inputBar.frame = Rect(
      x: 0, y: state.list.frame.minY + fieldY - state.list.contentOffsetY,
      width: state.screen.width, height: fieldHeight)
  }
}
