/// The `rxkeyboard` layout: a chat screen whose input bar follows the keyboard through
/// RxKeyboard, as the UIKit sample this project models writes it (<doc:RxKeyboardScreen>).
///
/// Rules, checked against RxKeyboard's source:
/// - RxKeyboard keeps one frame, starting at `(0, H0, W0, 0)`. Only `willChangeFrame`, `willHide`
///   and `pan` (state `changed`) move it; a missing `frameEnd` means that default frame. A frame
///   with `y < 0` is corrected to `y = H - height` (`willChangeFrame`) or `y = H` (`willHide`).
///   A pan moves it to `y = max(panY, H - height)` while `y < H`.
/// - An equal frame emits nothing (`distinctUntilChanged`). Otherwise it emits `k = H - y`
///   (1.0.0, unclamped) or the height of the frame's part inside the screen (2.0.1).
/// - On every emission: the input bar's bottom moves to `H - S.bottom - k` and
///   `contentInset.bottom = k + inputBarHeight` (`viewDidLayoutSubviews` puts back
///   `inputBarHeight` when that is 0). When the previous `k` was exactly 0 and the new one is
///   positive ("will show"): `contentOffset.y += k`, unclamped.
///
/// Then the diagnostics every layout shares (``ChatState``'s geometry checks).
public struct RxKeyboardLayout: BalloonListConstants {
  /// The RxKeyboard releases the layout can follow.
  public enum Version: String, CaseIterable, Hashable, Sendable {
    /// The sample's release: `visibleHeight = H - y`.
    case v1 = "1.0.0"
    /// `visibleHeight` is the height of the frame's intersection with the screen.
    ///
    /// 2.0.1 also sets `panRecognizer.maximumNumberOfTouches = 1` (commit 5f3ac2b, first released
    /// in 2.0.1), so a two-finger drag does not move the keyboard. The recording format's `pan`
    /// carries one `y` and no touch count, so a recording cannot show a multi-touch pan: every
    /// `pan` is a one-finger pan, which both releases follow alike.
    case v2 = "2.0.1"
  }

  /// What RxKeyboard remembers.
  public struct Memory: Hashable, Sendable {
    /// RxKeyboard's default frame, `(0, H0, W0, 0)`, computed once at step 0.
    public var defaultFrame: Rect

    public init(defaultFrame: Rect) { self.defaultFrame = defaultFrame }
  }

  public static let id = LayoutID.rxkeyboard
  public static let summary =
    "A Messages-like chat whose input bar and list insets follow RxKeyboard's visibleHeight."

  public static var options: [LayoutOption<Self>] {
    navigationBarOptions + [
      .points(
        "inputBar.height", get: { $0.inputBarHeight }, set: { $0.inputBarHeight = $1 }, in: 1...400,
        "The input bar's height (MessageInputBar's intrinsic height).")
    ] + balloonListOptions
  }

  /// The RxKeyboard release followed.
  public var version: Version

  // MARK: Metrics from the sample

  /// The navigation bar's height.
  public var navigationBarHeight = 44.0
  /// The navigation bar's height when the window's height is compact (UIKit's 32 on an iPhone in
  /// landscape).
  public var compactNavigationBarHeight = 32.0
  /// `MessageInputBar.intrinsicContentSize.height`.
  public var inputBarHeight = 44.0
  /// The balloon's maximum width.
  public var balloonMaxWidth = 240.0
  /// The balloon's inset around the label, on each side.
  public var balloonInset = 10.0
  /// `UIFont.systemFont(ofSize: 14)`.
  public var fontSize = 14.0
  /// `minimumLineSpacing`.
  public var lineSpacing = 6.0
  /// `sectionInset.top` and `.bottom`.
  public var sectionInset = 10.0

  /// The label's width: the balloon's maximum width less its inset on each side (none when the
  /// inset leaves no room).
  public var labelWidth: Double { max(balloonMaxWidth - 2 * balloonInset, 0) }

  /// The sample's screen following RxKeyboard `version`.
  public init(version: Version) { self.version = version }

  /// The sample's screen following RxKeyboard 1.0.0.
  public init() { self.init(version: .v1) }

  // MARK: Derived values

  /// Safe area plus the navigation bar on top: what automatic inset adjustment adds.
  @inline(__always)
  public func systemInset(of state: ChatState) -> EdgeInsets {
    EdgeInsets(
      top: state.safeArea.top + navigationBarHeight(in: state), left: 0,
      bottom: state.safeArea.bottom, right: 0)
  }

  /// The navigation bar's height in `state`'s window: the compact one when its height is compact.
  @inline(__always)
  public func navigationBarHeight(in state: ChatState) -> Double {
    state.verticalSizeClass == .compact ? compactNavigationBarHeight : navigationBarHeight
  }

  /// `textView.rx.text.map { $0?.isEmpty == false }`.
  public func isSendEnabled(_ state: ChatState) -> Bool { !state.inputBar.text.isEmpty }

  // MARK: Reducer

  public func initialState(header: SessionHeader, measurer: AnyTextMeasuring) -> ChatState {
    let screen = header.device.screen
    let memory = Memory(defaultFrame: Rect(x: 0, y: screen.height, width: screen.width, height: 0))
    var state = ChatState(
      layout: self, memory: memory, screen: screen, safeArea: header.device.safeArea,
      idiom: header.deviceIdiom)
    state.keyboard.frame = memory.defaultFrame
    // The first emission (k = 0) arrives before the constraints are set up and is ignored;
    // viewDidLayoutSubviews then sets the inset to the bar's height.
    state.list.contentInset.bottom = inputBarHeight
    // An empty flow-layout section still has its section insets.
    state.list.contentHeight = 2 * sectionInset
    let initial = header.messages ?? Self.seedMessages
    for message in initial {
      appendMessage(from: message.from, text: message.text, to: &state, measurer: measurer)
    }
    layOut(&state)
    // A scroll view at rest starts at its adjusted top.
    state.list.contentOffsetY = -state.adjustedContentInset.top
    // The sample scrolls to `accessibilityElementCount() - 1`, which is -1 for a plain view; the
    // model scrolls to the last message, as RxKeyboard's example does.
    state.diagnostics.append(.badIndex(item: -1, count: state.messages.count))
    scrollToLastMessage(&state)
    return state
  }

  public func reduce(
    into state: inout ChatState, memory: inout Memory, _ event: Event, measurer: AnyTextMeasuring
  ) {
    let height = state.screen.height
    switch event {
    case .gap, .observed:
      // The screen handles these (they change no state); they never reach a layout.
      break
    case .keyboard(let notification):
      switch notification.name {
      case .willChangeFrame:
        var frame = notification.frameEnd ?? memory.defaultFrame
        if frame.y < 0 { frame.y = height - frame.height }
        setKeyboardFrame(frame, &state)
      case .willHide:
        var frame = notification.frameEnd ?? memory.defaultFrame
        if frame.y < 0 { frame.y = height }
        setKeyboardFrame(frame, &state)
      case .willShow, .didShow, .didHide, .didChangeFrame:
        break
      }

    case .pan(let y, let panState):
      guard panState == .changed, state.keyboard.frame.y < height else { break }
      var frame = state.keyboard.frame
      frame.y = max(y, height - frame.height)
      setKeyboardFrame(frame, &state)

    case .textChange(let text):
      state.inputBar.text = text

    case .sendTap:
      guard !state.inputBar.text.isEmpty else { break }
      appendMessage(from: .me, text: state.inputBar.text, to: &state, measurer: measurer)
      state.inputBar.text = ""
      scrollToLastMessage(&state)

    case .receive(let text):
      appendMessage(from: .other, text: text, to: &state, measurer: measurer)

    case .scroll(let offsetY):
      state.list.contentOffsetY = offsetY

    case .safeArea(let insets):
      state.safeArea = insets

    case .viewport(let screen, let safeArea, _):
      state.screen = screen
      state.safeArea = safeArea

    case .appear, .disappear, .returnKey, .doneTap:
      // The sample handles none of these: RxKeyboard keeps observing while the screen is away,
      // return inserts a newline (the textChange that follows carries it), and there is no
      // Done button.
      break
    }
    layOut(&state)
  }

  /// Whether ``reduce(into:memory:_:measurer:)`` leaves a state it laid out as it is.
  ///
  /// It does for the notifications RxKeyboard does not observe, a pan that is not `changed` or
  /// with the keyboard off screen, a send with no text, and the events the sample does not
  /// handle (`layOut` then places the views where they are). Read by
  /// ``ChatScreen/reduceSettled(into:_:)``; it must follow every change of `reduce`.
  @inline(__always)
  func ignores(_ event: Event, in state: ChatState) -> Bool {
    switch event {
    case .keyboard(let notification):
      switch notification.name {
      case .willShow, .didShow, .didHide, .didChangeFrame: true
      case .willChangeFrame, .willHide: false
      }
    case .pan(_, let panState):
      !(panState == .changed && state.keyboard.frame.y < state.screen.height)
    case .sendTap: state.inputBar.text.isEmpty
    case .appear, .disappear, .returnKey, .doneTap: true
    case .gap, .observed, .textChange, .receive, .scroll, .safeArea, .viewport: false
    }
  }

  /// RxKeyboard's relay takes `frame`; if it differs from the last one, `k` is emitted.
  private func setKeyboardFrame(_ frame: Rect, _ state: inout ChatState) {
    guard frame != state.keyboard.frame else { return }
    state.keyboard.frame = frame
    let k: Double
    switch version {
    case .v1: k = state.screen.height - frame.y
    case .v2: k = frame.intersection(state.screenRect)?.height ?? 0
    }
    let isWillShow = state.keyboard.visibleHeight == 0 && k > 0
    state.keyboard.visibleHeight = k
    state.list.contentInset.bottom = k + inputBarHeight
    if state.list.contentInset.bottom == 0 {
      state.list.contentInset.bottom = inputBarHeight
    }
    if isWillShow {
      state.list.contentOffsetY += k
    }
  }

  /// Places the views that follow the window, the safe area and `k`.
  private func layOut(_ state: inout ChatState) {
    let width = state.screen.width
    let bottom = state.screen.height - state.safeArea.bottom - state.keyboard.visibleHeight
    state.inputBar.frame = Rect(
      x: 0, y: bottom - inputBarHeight, width: width, height: inputBarHeight)
    state.list.frame = state.screenRect
  }

  /// Appends a message cell below the last one.
  private func appendMessage(
    from sender: Sender, text: String, to state: inout ChatState, measurer: AnyTextMeasuring
  ) {
    state.appendBalloon(
      from: sender, text: text, labelWidth: labelWidth, fontSize: fontSize,
      balloonInset: balloonInset, lineSpacing: lineSpacing, sectionInset: sectionInset,
      measurer: measurer)
  }

  private func scrollToLastMessage(_ state: inout ChatState) { state.scrollToLastMessage() }

  /// The sample's 19 messages.
  static let seedMessages: [InitialMessage] = [
    InitialMessage(from: .other, text: "Lorem ipsum dolor sit amet, consectetur adipiscing elit."),
    InitialMessage(
      from: .other, text: "Morbi et eros elementum, semper massa eu, pellentesque sapien."),
    InitialMessage(from: .me, text: "Aenean sollicitudin justo scelerisque tincidunt venenatis."),
    InitialMessage(from: .me, text: "Ut mollis magna nec interdum pellentesque."),
    InitialMessage(
      from: .me, text: "Aliquam semper nibh nec quam dapibus, a congue odio consequat."),
    InitialMessage(
      from: .other, text: "Nullam iaculis nisi in justo feugiat, at pharetra nulla dignissim."),
    InitialMessage(from: .me, text: "Fusce at nulla luctus, posuere mauris ut, viverra nunc."),
    InitialMessage(from: .other, text: "Nam feugiat urna non tortor ornare viverra."),
    InitialMessage(
      from: .other, text: "Donec vitae metus maximus, efficitur urna ac, blandit erat."),
    InitialMessage(
      from: .other, text: "Pellentesque luctus eros ac nisi ullamcorper pharetra nec vel felis."),
    InitialMessage(
      from: .me, text: "Duis vulputate magna quis urna porttitor, tempor malesuada metus volutpat."),
    InitialMessage(from: .me, text: "Duis aliquam urna quis metus tristique eleifend."),
    InitialMessage(from: .other, text: "Cras quis orci quis nisi vulputate mollis ut vitae magna."),
    InitialMessage(from: .other, text: "Fusce eu urna eu ipsum laoreet lobortis."),
    InitialMessage(from: .other, text: "Proin vitae tellus nec odio consequat varius ac non orci."),
    InitialMessage(from: .me, text: "Maecenas gravida arcu ut consectetur tincidunt."),
    InitialMessage(
      from: .me, text: "Quisque accumsan nisl ut ipsum rutrum, nec rutrum magna lobortis."),
    InitialMessage(from: .other, text: "Integer ac sem eu velit tincidunt hendrerit a in dui."),
    InitialMessage(from: .other, text: "Duis posuere arcu convallis tincidunt faucibus."),
  ]
}
