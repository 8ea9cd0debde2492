import ChatReplay
import ChatReplayTesting
import ReplayTestSupport
import Testing

/// One transition test per rule of the `keyboard-layout-guide` layout, on an iPhone 15 (393 × 852,
/// safe area 59 top and 34 bottom) with `FixedWidthMeasurer` cells (one line: 17 + 2 × 10 = 37).
struct KeyboardLayoutGuideLayoutTests {
  let screen = ChatScreen(layout: .keyboardLayoutGuide, measurer: FixedWidthMeasurer())
  static let shown = Rect(x: 0, y: 516, width: 393, height: 336)

  func start(messages: Int = 0) -> ChatState {
    screen.initialState(
      header: SessionHeader(
        device: .iPhone15,
        messages: Array(repeating: InitialMessage(from: .other, text: "a"), count: messages)))
  }

  func keyboard(_ name: KeyboardNotification.Name, end: Rect?) -> Event {
    .keyboard(KeyboardNotification(name: name, frameEnd: end, duration: 0.25, curve: 7))
  }

  func shown() -> ChatState {
    var state = start()
    screen.reduce(
      into: &state, TimedEvent(t: 1, event: keyboard(.willChangeFrame, end: Self.shown)))
    return state
  }

  @Test func atRestTheBarSitsOnTheSafeArea() {
    let state = start()
    // Guide top H − S.bottom = 818; bar y 818 − 44 = 774; inset 852 − 774 − 34 = 44, adjusted
    // 44 + 34 = 78; offset at rest −(59 + 44) = −103; empty section 10 + 10.
    #expect(state.inputBar.frame == Rect(x: 0, y: 774, width: 393, height: 44))
    #expect(state.list.contentInset == EdgeInsets(top: 0, left: 0, bottom: 44, right: 0))
    #expect(state.adjustedContentInset == EdgeInsets(top: 103, left: 0, bottom: 78, right: 0))
    #expect(state.list.contentOffsetY == -103)
    #expect(state.list.contentHeight == 20)
    #expect(state.diagnostics == [])
  }

  @Test func aDockedKeyboardCarriesTheBarOnItsTop() {
    var store = ScreenStore(screen, initialState: start())
    store.send(keyboard(.willChangeFrame, end: Self.shown), at: 1) {
      $0.keyboard.frame = Self.shown
      // k = 852 − 516; bar y 516 − 44 = 472; inset 852 − 472 − 34 = 346. The offset moves by
      // 346 − 44 = 302 to 199, kept within −103…max(20 + 380 − 852, −103) = −103.
      $0.keyboard.visibleHeight = 336
      $0.inputBar.frame.y = 472
      $0.list.contentInset.bottom = 346
      $0[memoryOf: KeyboardLayoutGuideLayout.self] = .init(shownTop: 516)
    }
  }

  @Test func anUndockedKeyboardIsNotFollowedByDefault() {
    var store = ScreenStore(screen, initialState: start())
    let floating = Rect(x: 100, y: 300, width: 320, height: 250)
    store.send(keyboard(.willChangeFrame, end: floating), at: 1) {
      $0.keyboard.frame = floating
    }
  }

  @Test func aNotificationWithoutFrameEndMovesNothing() {
    var store = ScreenStore(screen, initialState: shown())
    store.send(keyboard(.willHide, end: nil), at: 2)
  }

  @Test func aPanLowersTheKeyboardAndTheBarFollows() {
    var store = ScreenStore(screen, initialState: shown())
    store.send(.pan(y: 600, state: .changed), at: 2) {
      // Top max(600 + 0, 516) = 600; k 252; bar y 556; inset 852 − 556 − 34 = 262; the offset
      // −103 − 84 is kept at −103.
      $0.keyboard.frame.y = 600
      $0.keyboard.visibleHeight = 252
      $0.inputBar.frame.y = 556
      $0.list.contentInset.bottom = 262
    }
    store.send(.pan(y: 400, state: .changed), at: 3) {
      // Never above the shown top: max(400, 516) = 516, as shown.
      $0.keyboard.frame.y = 516
      $0.keyboard.visibleHeight = 336
      $0.inputBar.frame.y = 472
      $0.list.contentInset.bottom = 346
    }
  }

  @Test func theOffsetFollowsTheInsetAndASendShowsTheNewMessage() {
    // 30 rows: content 10 + 30 × 37 + 29 × 6 + 10 = 1304; the last at 10 + 29 × 43 = 1257…1294;
    // at load, scrolled to 1294 + 78 − 852 = 520.
    var state = start(messages: 30)
    #expect(state.list.contentOffsetY == 520)
    screen.reduce(
      into: &state, TimedEvent(t: 1, event: keyboard(.willChangeFrame, end: Self.shown)))
    // The inset grows by 302: 520 + 302 = 822, within max 1304 + 380 − 852 = 832.
    #expect(state.list.contentOffsetY == 822)
    screen.reduce(into: &state, TimedEvent(t: 2, event: .textChange(text: "b")))
    screen.reduce(into: &state, TimedEvent(t: 3, event: .sendTap))
    // The new row at 1294 + 6 = 1300…1337: 1337 + 380 − 852 = 865 (max 1347 + 380 − 852 = 875).
    #expect(state.list.contentOffsetY == 865)
    #expect(state.diagnostics == [])
  }

  @Test func withoutTheBottomSafeAreaTheBarRestsOnTheWindowsBottom() throws {
    let layout = try KeyboardLayoutGuideLayout().setting([
      LayoutOptionSetting(name: "usesBottomSafeArea", value: .flag(false), source: .commandLine)
    ])
    let state = ChatScreen(layout: layout, measurer: FixedWidthMeasurer()).initialState(
      header: SessionHeader(device: .iPhone15, messages: []))
    // Guide top H = 852: bar y 808, its bottom in the home-indicator area.
    #expect(state.inputBar.frame.y == 808)
    #expect(state.diagnostics == [.unsafeInput(inputBarMaxY: 852, safeAreaMinY: 818)])
  }
}
