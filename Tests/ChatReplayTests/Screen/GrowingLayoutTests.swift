import ChatReplay
import ChatReplayTesting
import ReplayTestSupport
import Testing

/// One transition test per rule of the `growing` layout (seed 001).
///
/// iPhone SE, 375×667, safe area 20/0: the table is (0, 20, 375, 667 − 70 = 597), the box
/// (0, 617, 375, 50), the text view 375 − 73 = 302 wide and the send button at x 304…374. The
/// keyboard is 216 pt plus the 40-pt Done bar: (0, 411, 375, 256). `FixedWidthMeasurer` wraps the
/// text view's 302 − 10 = 292 pt at 29 characters a line, 17 pt each, so n lines fit in
/// 17 n + 16 pt: 1 or 2 lines → 50 (the minimum), 3 → 67, 5 → 101 → 100 (the maximum).
struct GrowingLayoutTests {
  let screen = ChatScreen(layout: .growing, measurer: FixedWidthMeasurer())

  static let iPhoneSE = Device(
    model: "iPhone SE", screen: Size(width: 375, height: 667),
    safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
  static let shown = Rect(x: 0, y: 411, width: 375, height: 256)
  static let hidden = Rect(x: 0, y: 667, width: 375, height: 256)
  static let buttonOutside = Diagnostic.outsideContainer(
    child: .sendButton, childMinX: 304, childMaxX: 374, container: .box,
    containerWidth: 302)

  func start(_ device: Device = Self.iPhoneSE) -> ChatState {
    screen.initialState(header: SessionHeader(layout: .growing, device: device, messages: []))
  }

  func keyboard(_ name: KeyboardNotification.Name, end: Rect?) -> Event {
    .keyboard(KeyboardNotification(name: name, frameEnd: end, duration: 0.25, curve: 7))
  }

  func memory(_ state: ChatState) -> GrowingLayout.Memory? {
    state[memoryOf: GrowingLayout.self]
  }

  /// After willShow with an empty text: the box is (0, 667 − 256 − 50 = 361, 302, 50).
  func shown() -> ChatState {
    var state = start()
    screen.reduce(into: &state, TimedEvent(t: 1, event: keyboard(.willShow, end: Self.shown)))
    return state
  }

  @Test func initialFramesAreTheSeeds() {
    let state = start()
    #expect(state.list.frame == Rect(x: 0, y: 20, width: 375, height: 597))
    #expect(state.inputBar.frame == Rect(x: 0, y: 617, width: 375, height: 50))
    #expect(memory(state)?.textViewFrame == Rect(x: 1, y: 1, width: 302, height: 49))
    #expect(memory(state)?.sendButtonFrame == Rect(x: 304, y: 1, width: 70, height: 49))
    #expect(memory(state)?.keyboardFrame == nil)
    // The table lies inside the safe area: nothing is added; at rest at 0.
    #expect(state.adjustedContentInset == .zero)
    #expect(state.list.contentOffsetY == 0)
    #expect(state.diagnostics == [])
    #expect(state.isSendEnabled == true)
  }

  @Test func boxIgnoresTheBottomSafeArea() {
    let state = start(.iPhone15)
    // Box bottom 852, safe area from 852 − 34 = 818.
    #expect(state.inputBar.frame == Rect(x: 0, y: 802, width: 393, height: 50))
    #expect(state.diagnostics == [.unsafeInput(inputBarMaxY: 852, safeAreaMinY: 818)])
  }

  @Test func willShowRemembersTheKeyboardAndDrawsTheBox() {
    var store = ScreenStore(screen, initialState: start())
    var memory = memory(store.state)
    // willChangeFrame is not observed.
    store.send(keyboard(.willChangeFrame, end: Self.shown))
    // Empty text: one line, 17 + 16 = 33 → 50. Box (0, 667 − 256 − 50, 302, 50) = (0, 361, 302,
    // 50), touching the keyboard at 411; table 667 − (20 + 256 + 50) = 341. The box is 302 wide,
    // the button at 304…374 lies outside it.
    store.send(keyboard(.willShow, end: Self.shown)) {
      $0.keyboard.frame = Self.shown
      $0.keyboard.visibleHeight = 256
      $0.inputBar.frame = Rect(x: 0, y: 361, width: 302, height: 50)
      $0.list.frame.height = 341
      memory?.keyboardFrame = Self.shown
      memory?.textViewFrame.height = 50
      if let memory { $0[memoryOf: GrowingLayout.self] = memory }
      $0.diagnostics = [Self.buttonOutside]
    }
  }

  @Test func textChangeGrowsTheBoxPlacedWithTheOldHeight() {
    var store = ScreenStore(screen, initialState: shown())
    var memory = memory(store.state)
    // 59 characters: 3 lines, 3 × 17 + 16 = 67. y = 667 − 256 − 50 (old height) = 361, so the box
    // ends at 428, 17 pt into the keyboard; table 667 − (20 + 256 + 67) = 324.
    let three = String(repeating: "a", count: 59)
    store.send(.textChange(text: three)) {
      $0.inputBar.text = three
      $0.inputBar.frame = Rect(x: 0, y: 361, width: 302, height: 67)
      $0.list.frame.height = 324
      memory?.textViewFrame.height = 67
      if let memory { $0[memoryOf: GrowingLayout.self] = memory }
      $0.diagnostics = [
        Self.buttonOutside,
        .keyboardOverlap(overlap: 17, inputBarMaxY: 428, keyboardMinY: 411),
      ]
    }
    // Still 3 lines: now y = 667 − 256 − 67 = 344, ending on the keyboard's top.
    store.send(.textChange(text: three + "a")) {
      $0.inputBar.text = three + "a"
      $0.inputBar.frame.y = 344
      $0.diagnostics = [Self.buttonOutside]
    }
    // 117 characters: 5 lines, 5 × 17 + 16 = 101, clamped to 100. y = 667 − 256 − 67 = 344,
    // bottom 444, 33 pt into the keyboard; table 667 − (20 + 256 + 100) = 291.
    let five = String(repeating: "a", count: 117)
    store.send(.textChange(text: five)) {
      $0.inputBar.text = five
      $0.inputBar.frame = Rect(x: 0, y: 344, width: 302, height: 100)
      $0.list.frame.height = 291
      memory?.textViewFrame.height = 100
      if let memory { $0[memoryOf: GrowingLayout.self] = memory }
      $0.diagnostics = [
        Self.buttonOutside,
        .keyboardOverlap(overlap: 33, inputBarMaxY: 444, keyboardMinY: 411),
      ]
    }
  }

  @Test func textChangeBeforeAnyWillShowCrashesAndNothingChangesAfter() {
    var store = ScreenStore(screen, initialState: start())
    var memory = memory(store.state)
    store.send(.textChange(text: "H")) {
      $0.inputBar.text = "H"
      memory?.isCrashed = true
      if let memory { $0[memoryOf: GrowingLayout.self] = memory }
      $0.diagnostics = [.crash(reason: .keyboardFrameNotRemembered)]
    }
    store.send(keyboard(.willShow, end: Self.shown), at: 2) { _ in
    }
    store.send(.receive(text: "Hi"), at: 3)
  }

  @Test func willShowWithoutFrameEndCrashes() {
    var store = ScreenStore(screen, initialState: start())
    var memory = memory(store.state)
    store.send(keyboard(.willShow, end: nil)) {
      memory?.isCrashed = true
      if let memory { $0[memoryOf: GrowingLayout.self] = memory }
      $0.diagnostics = [.crash(reason: .frameEndMissing)]
    }
  }

  @Test func willHideRestoresTheBoxButTheTextViewStaysTall() {
    var store = ScreenStore(screen, initialState: shown())
    let three = String(repeating: "a", count: 59)
    store.reduce(.textChange(text: three), at: 2)
    // Box and table back to (0, 617, 375, 50) and 375 × 597; the text view keeps 67 > 50.
    store.send(keyboard(.willHide, end: Self.hidden), at: 3) {
      $0.keyboard.frame = Self.hidden
      $0.keyboard.visibleHeight = 0
      $0.inputBar.frame = Rect(x: 0, y: 617, width: 375, height: 50)
      $0.list.frame.height = 597
      $0.diagnostics = [
        .frameMismatch(
          child: .textView, childHeight: 67, container: .box, containerHeight: 50)
      ]
    }
  }

  @Test func sendAppendsClearsAndDrawsTheBoxWithTheOldHeight() {
    var store = ScreenStore(screen, initialState: shown())
    let three = String(repeating: "a", count: 59)
    store.reduce(.textChange(text: three), at: 2)
    store.reduce(.textChange(text: three), at: 3)
    var memory = memory(store.state)
    // Box (0, 344, 302, 67). Send: a 44-pt row at 0; text "" → 50 high at
    // y = 667 − 256 − 67 = 344, bottom 394, 17 pt above the keyboard; table 341.
    store.send(.sendTap, at: 4) {
      $0.messages.append(Message(from: .me, text: three, y: 0, height: 44))
      $0.list.contentHeight = 44
      $0.inputBar.text = ""
      $0.inputBar.frame = Rect(x: 0, y: 344, width: 302, height: 50)
      $0.list.frame.height = 341
      memory?.textViewFrame.height = 50
      if let memory { $0[memoryOf: GrowingLayout.self] = memory }
      $0.diagnostics = [
        Self.buttonOutside, .keyboardGap(gap: 17, inputBarMaxY: 394, keyboardMinY: 411),
      ]
    }
    // Empty text: nothing.
    store.send(.sendTap, at: 5)
  }

  @Test func appearingAgainRunsEachHandlerTwice() {
    var store = ScreenStore(screen, initialState: start())
    var memory = memory(store.state)
    store.send(.appear) {
      memory?.observerCount = 2
      if let memory { $0[memoryOf: GrowingLayout.self] = memory }
      $0.diagnostics = [.duplicateObserver(count: 2)]
    }
    // disappear removes nothing.
    store.send(.disappear, at: 2)
    store.reduce(keyboard(.willShow, end: Self.shown), at: 3)
    store.reduce(.textChange(text: String(repeating: "a", count: 59)), at: 4)
    store.reduce(keyboard(.willHide, end: Self.hidden), at: 5)
    #expect(store.state.inputBar.frame == Rect(x: 0, y: 617, width: 375, height: 50))
    // The first run places the 67-pt box with the old height (y 667 − 256 − 50 = 361), the
    // second with the new one: y 667 − 256 − 67 = 344, on the keyboard's top.
    store.reduce(keyboard(.willShow, end: Self.shown), at: 6)
    #expect(store.state.inputBar.frame == Rect(x: 0, y: 344, width: 302, height: 67))
    #expect(store.state.diagnostics == [Self.buttonOutside, .duplicateObserver(count: 2)])
  }

  @Test func receiveAppendsAndDoneTapPanAndReturnDoNothing() {
    var store = ScreenStore(screen, initialState: shown())
    // A 44-pt row at 0; content 44; table 341 high, so nothing to scroll.
    store.send(.receive(text: "Yo")) {
      $0.messages.append(Message(from: .other, text: "Yo", y: 0, height: 44))
      $0.list.contentHeight = 44
    }
    store.send(.doneTap, at: 2)
    store.send(.returnKey, at: 3)
    store.send(.pan(y: 500, state: .changed), at: 4)
  }
}
