/// The `keyboard-layout-guide` layout: the chat screen as an iOS 15+ app should write it, the
/// input bar's bottom pinned to `view.keyboardLayoutGuide.topAnchor` (<doc:KeyboardLayoutGuideScreen>).
///
/// It is a reference to compare the sample layouts with, not a model of published code: the
/// screen of `rxkeyboard` (navigation bar, balloons, metrics) with its keyboard handling done by
/// the guide.
///
/// Rules, each from Apple's documentation of `UIKeyboardLayoutGuide`:
/// - The guide "represents the space the keyboard occupies in your app's layout"
///   (UIKeyboardLayoutGuide): with a docked keyboard on screen, its top is the keyboard frame's
///   top. The keyboard's frame is the `frameEnd` of the last `willChangeFrame`, `willShow`,
///   `willHide` or `didChangeFrame` (where a floating, undocked or split keyboard, which posts no
///   show or hide, comes to rest); a notification without one leaves it where it was, and so does
///   a frame that cannot be the keyboard's (``ChatState/isKeyboardPlaceholder(_:)``: as tall as
///   the window while a floating keyboard is dragged, above the window while one undocks). The
///   guide follows the keyboard, not the notifications.
/// - "When the keyboard isn't onscreen, the guide is at the bottom of the window and has a height
///   equal to the bottom of the current safeAreaInsets" (Adjusting your layout with keyboard
///   layout guide): its top is `H - S.bottom`. With `usesBottomSafeArea` false (iOS 17) the guide
///   "ties to the bottomAnchor of the view" instead (UIKeyboardLayoutGuide.usesBottomSafeArea):
///   its top is `H`.
/// - `followsUndockedKeyboard` false (the default): "the guide tracks the keyboard only when
///   docked. When the keyboard is off screen or undocked, the guide's topAnchor matches the
///   bottomAnchor of safeAreaLayoutGuide" (UIKeyboardLayoutGuide.followsUndockedKeyboard). A
///   frame is docked when it spans the window's width and its bottom is the window's bottom.
///   With `followsUndockedKeyboard` true the guide's top is the top of any keyboard frame inside
///   the window.
/// - Interactive dismissal (`keyboardDismissMode = .interactive`): a `pan` in state `changed`
///   moves the keyboard's top to `panY + keyboardDismissPadding`, never above its shown top and
///   never below `H`; the dismissal "waits to start the dismiss until it intersects with the
///   keyboard", and the padding "adds padding above the keyboard to start the dismiss earlier"
///   (UIKeyboardLayoutGuide.keyboardDismissPadding; negative values count as 0).
///
/// Choices where the documentation is silent:
/// - The input bar is `inputBarHeight` high and the window's width, its bottom on the guide's
///   top. The list fills the window under a `navigationBarHeight` navigation bar (automatic
///   adjustment adds the safe area and the bar on top); its bottom inset follows the guide:
///   `adjustedContentInset.bottom = H - inputBar.minY`, the part the bar and keyboard cover.
/// - When the bottom inset changes, the offset moves by the same amount, then is kept within the
///   offsets the list can rest at: what was at the bottom stays at the bottom.
/// - Sends and receives append a balloon as `rxkeyboard` does, then scroll the least that shows
///   it. The send button is enabled with text.
/// - With a docked keyboard on screen the guide's top is the keyboard's top even when that is
///   below the safe area's bottom (at the end of an interactive dismissal, or for a keyboard
///   shorter than the home-indicator area); UIKit may stop the guide at the safe area there.
///
/// Then the diagnostics every layout shares (``ChatState``'s geometry checks).
public struct KeyboardLayoutGuideLayout: BalloonListConstants {
  /// What the system remembers of the keyboard.
  public struct Memory: Hashable, Sendable {
    /// The guide's top for the last notification's frame, `nil` when the guide did not follow it:
    /// where a pan starts and how high it can go.
    public var shownTop: Double?

    public init(shownTop: Double? = nil) { self.shownTop = shownTop }
  }

  public static let id = LayoutID.keyboardLayoutGuide
  public static let summary =
    "Reference: the input bar pinned to view.keyboardLayoutGuide.topAnchor, the inset following it."

  public static var options: [LayoutOption<Self>] {
    [
      .flag(
        "usesBottomSafeArea", get: { $0.usesBottomSafeArea }, set: { $0.usesBottomSafeArea = $1 },
        "With no keyboard, the guide rests on the safe area's bottom (true) or the view's (false)."),
      .flag(
        "followsUndockedKeyboard", get: { $0.followsUndockedKeyboard },
        set: { $0.followsUndockedKeyboard = $1 },
        "The guide follows floating and undocked keyboards too, not only docked ones."),
      .points(
        "keyboardDismissPadding", get: { $0.keyboardDismissPadding },
        set: { $0.keyboardDismissPadding = $1 }, in: 0...1000,
        "How far above the keyboard an interactive dismissal starts."),
    ] + navigationBarOptions + [
      .points(
        "inputBar.height", get: { $0.inputBarHeight }, set: { $0.inputBarHeight = $1 }, in: 1...400,
        "The input bar's height.")
    ] + balloonListOptions
  }

  /// `keyboardLayoutGuide.usesBottomSafeArea` (iOS 17; UIKit's default, true).
  public var usesBottomSafeArea = true
  /// `keyboardLayoutGuide.followsUndockedKeyboard` (UIKit's default, false).
  public var followsUndockedKeyboard = false
  /// `keyboardLayoutGuide.keyboardDismissPadding` (iOS 17; UIKit's default, 0).
  public var keyboardDismissPadding = 0.0
  /// The navigation bar's height.
  public var navigationBarHeight = 44.0
  /// The navigation bar's height when the window's height is compact (UIKit's 32 on an iPhone in
  /// landscape).
  public var compactNavigationBarHeight = 32.0
  /// The input bar's height.
  public var inputBarHeight = 44.0
  /// The balloon's maximum width.
  public var balloonMaxWidth = 240.0
  /// The balloon's inset around the label, on each side.
  public var balloonInset = 10.0
  /// The messages' font size.
  public var fontSize = 14.0
  /// The space between two cells.
  public var lineSpacing = 6.0
  /// The space above the first cell and below the last.
  public var sectionInset = 10.0

  /// The label's width: the balloon's maximum width less its inset on each side.
  public var labelWidth: Double { max(balloonMaxWidth - 2 * balloonInset, 0) }

  /// The reference screen with UIKit's defaults.
  public init() {}

  // MARK: Derived values

  /// Safe area plus the navigation bar on top: what automatic inset adjustment adds.
  public func systemInset(of state: ChatState) -> EdgeInsets {
    EdgeInsets(
      top: state.safeArea.top + navigationBarHeight(in: state), left: 0,
      bottom: state.safeArea.bottom, right: 0)
  }

  /// The navigation bar's height in `state`'s window: the compact one when its height is compact.
  public func navigationBarHeight(in state: ChatState) -> Double {
    state.verticalSizeClass == .compact ? compactNavigationBarHeight : navigationBarHeight
  }

  /// Enabled with text.
  public func isSendEnabled(_ state: ChatState) -> Bool { !state.inputBar.text.isEmpty }

  /// Where the guide's top rests with no keyboard it follows.
  public func restingGuideTop(of state: ChatState) -> Double {
    state.screen.height - (usesBottomSafeArea ? state.safeArea.bottom : 0)
  }

  /// The guide's top for the keyboard frame `frame` in `state`'s window, or `nil` when the guide
  /// does not follow it (off screen, or undocked while it follows docked keyboards only).
  public func followedTop(of frame: Rect, in state: ChatState) -> Double? {
    guard let visible = frame.intersection(state.screenRect) else { return nil }
    let tolerance = 0.5
    let isDocked =
      frame.maxY >= state.screen.height - tolerance
      && frame.width >= state.screen.width - tolerance
    guard isDocked || followsUndockedKeyboard else { return nil }
    return visible.minY
  }

  // MARK: Reducer

  public func initialState(header: SessionHeader, measurer: AnyTextMeasuring) -> ChatState {
    let screen = header.device.screen
    var state = ChatState(
      layout: self, memory: Memory(), screen: screen, safeArea: header.device.safeArea,
      idiom: header.deviceIdiom)
    state.keyboard.frame = Rect(x: 0, y: screen.height, width: screen.width, height: 0)
    state.list.contentHeight = 2 * sectionInset
    for message in header.messages ?? RxKeyboardLayout.seedMessages {
      appendMessage(from: message.from, text: message.text, to: &state, measurer: measurer)
    }
    layOut(&state)
    state.list.contentOffsetY = -state.adjustedContentInset.top
    state.scrollToLastMessage()
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
      switch notification.name {
      case .willChangeFrame, .willShow, .willHide, .didChangeFrame:
        // The guide follows the keyboard itself: a frame that cannot be where it is (taller than
        // the window while a floating keyboard is dragged, above the window while one undocks)
        // leaves it where it was.
        guard let frame = notification.frameEnd, !state.isKeyboardPlaceholder(frame) else { break }
        state.keyboard.frame = frame
        memory.shownTop = followedTop(of: frame, in: state)
      case .didShow, .didHide:
        break
      }

    case .pan(let y, let panState):
      guard panState == .changed, let shownTop = memory.shownTop,
        state.keyboard.frame.minY < state.screen.height
      else { break }
      let top = min(max(y + max(keyboardDismissPadding, 0), shownTop), state.screen.height)
      state.keyboard.frame.y = top

    case .textChange(let text):
      state.inputBar.text = text

    case .sendTap:
      guard !state.inputBar.text.isEmpty else { break }
      appendMessage(from: .me, text: state.inputBar.text, to: &state, measurer: measurer)
      state.inputBar.text = ""
      layOut(&state)
      state.scrollToLastMessage()

    case .receive(let text):
      appendMessage(from: .other, text: text, to: &state, measurer: measurer)
      layOut(&state)
      state.scrollToLastMessage()

    case .scroll(let offsetY):
      state.list.contentOffsetY = offsetY

    case .safeArea(let insets):
      state.safeArea = insets

    case .viewport(let screen, let safeArea, _):
      state.screen = screen
      state.safeArea = safeArea

    case .appear, .disappear, .returnKey, .doneTap:
      // The guide follows the keyboard whether or not the screen listens; return inserts a
      // newline (the textChange that follows carries it); there is no Done button.
      break
    }
    layOut(&state)
  }

  /// Whether ``reduce(into:memory:_:measurer:)`` leaves a state it laid out as it is.
  ///
  /// It does for the notifications the guide does not follow (`didShow`, `didHide`, and any
  /// without an end frame), a pan that is not `changed`, a send with no text, and the events the
  /// sample does not handle (`layOut` then pins the views where they are, when the bottom inset
  /// is finite: ``LayoutSlot/ignores(_:in:)`` sees to it). Read by
  /// ``ChatScreen/reduceSettled(into:_:)``; it must follow every change of `reduce`.
  @inline(__always)
  func ignores(_ event: Event, in state: ChatState) -> Bool {
    switch event {
    case .keyboard(let notification):
      switch notification.name {
      case .didShow, .didHide: true
      case .willChangeFrame, .willShow, .willHide, .didChangeFrame: notification.frameEnd == nil
      }
    case .pan(_, let panState): panState != .changed
    case .sendTap: state.inputBar.text.isEmpty
    case .appear, .disappear, .returnKey, .doneTap: true
    case .gap, .observed, .textChange, .receive, .scroll, .safeArea, .viewport: false
    }
  }

  /// Pins the bar to the guide, and the list's bottom inset to the bar; keeps the bottom content
  /// where it was when the inset changes.
  private func layOut(_ state: inout ChatState) {
    let followed = followedTop(of: state.keyboard.frame, in: state)
    let guideTop = followed ?? restingGuideTop(of: state)
    state.keyboard.visibleHeight = followed.map { state.screen.height - $0 } ?? 0
    state.inputBar.frame = Rect(
      x: 0, y: guideTop - inputBarHeight, width: state.screen.width, height: inputBarHeight)
    state.list.frame = state.screenRect
    let oldBottom = state.list.contentInset.bottom
    state.list.contentInset.bottom =
      state.screen.height - state.inputBar.frame.minY - state.safeArea.bottom
    let change = state.list.contentInset.bottom - oldBottom
    if change != 0 {
      let range = state.offsetRange
      state.list.contentOffsetY = min(
        max(state.list.contentOffsetY + change, range.lowerBound), range.upperBound)
    }
  }

  private func appendMessage(
    from sender: Sender, text: String, to state: inout ChatState, measurer: AnyTextMeasuring
  ) {
    state.appendBalloon(
      from: sender, text: text, labelWidth: labelWidth, fontSize: fontSize,
      balloonInset: balloonInset, lineSpacing: lineSpacing, sectionInset: sectionInset,
      measurer: measurer)
  }
}
