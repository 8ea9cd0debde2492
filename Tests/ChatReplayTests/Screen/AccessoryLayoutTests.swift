import ChatReplay
import ChatReplayTesting
import ReplayTestSupport
import Testing

/// One transition test per rule of the `accessory` layout (seed 003).
///
/// iPhone 15, 393×852, safe area 59/34. Docked, the container is 50 + 34 = 84 pt at y 768; the
/// keyboard frames include it: shown (0, 466, 393, 386) is the container at 466…516 and the
/// 336-pt keyboard at 516…852. The table fills the window: adjusted insets 59 and 34, offset −59
/// at rest. Rows are 44 pt from 0.
struct AccessoryLayoutTests {
  let screen = ChatScreen(layout: .accessory, measurer: FixedWidthMeasurer())

  static let shown = Rect(x: 0, y: 466, width: 393, height: 386)
  static let docked = Rect(x: 0, y: 768, width: 393, height: 84)

  func start(messages: [InitialMessage]? = nil) -> ChatState {
    screen.initialState(
      header: SessionHeader(layout: .accessory, device: .iPhone15, messages: messages))
  }

  func keyboard(_ name: KeyboardNotification.Name, end: Rect?) -> Event {
    .keyboard(KeyboardNotification(name: name, frameEnd: end, duration: 0.25, curve: 7))
  }

  func shown(messages: [InitialMessage]? = nil) -> ChatState {
    var state = start(messages: messages)
    screen.reduce(into: &state, TimedEvent(t: 1, event: keyboard(.willShow, end: Self.shown)))
    return state
  }

  @Test func initialStateHasTheSeedsEmptyMessageAndADockedContainer() {
    let state = start()
    #expect(state.messages.count == 1)
    #expect(state.messages[0] == Message(from: .me, text: "", y: 0, height: 44))
    #expect(state.list.contentHeight == 44)
    #expect(state.adjustedContentInset == EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
    #expect(state.list.contentOffsetY == -59)
    #expect(state.inputBar.frame == Rect(x: 0, y: 768, width: 393, height: 84))
    #expect(state.keyboard.frame == Rect(x: 0, y: 852, width: 393, height: 0))
    // The text field ends at 768 + 50 = 818, where the safe area starts: no unsafe-input.
    #expect(state.diagnostics == [.emptyMessage(index: 0)])
  }

  @Test func keyboardFrameCarriesTheContainerOnItsTop() {
    var store = ScreenStore(screen, initialState: start())
    // The empty message is flagged at step 0 only.
    store.send(keyboard(.willChangeFrame, end: Self.shown)) {
      $0.diagnostics = []
      $0.inputBar.frame = Rect(x: 0, y: 466, width: 393, height: 50)
      $0.keyboard.frame = Rect(x: 0, y: 516, width: 393, height: 336)
      $0.keyboard.visibleHeight = 336
      $0[memoryOf: AccessoryLayout.self] = AccessoryLayout.Memory(shownFrame: Self.shown)
    }
    // The same frame again changes nothing; a missing frameEnd moves nothing.
    store.send(keyboard(.willShow, end: Self.shown), at: 2)
    store.send(keyboard(.didChangeFrame, end: nil), at: 3) { _ in
    }
    // The docked frame, 84 ≤ 50 + 34 high: back to the bottom; insets never changed.
    store.send(keyboard(.willHide, end: Self.docked), at: 4) {
      $0.inputBar.frame = Rect(x: 0, y: 768, width: 393, height: 84)
      $0.keyboard.frame = Rect(x: 0, y: 852, width: 393, height: 0)
      $0.keyboard.visibleHeight = 0
      $0[memoryOf: AccessoryLayout.self] = AccessoryLayout.Memory(shownFrame: nil)
    }
  }

  @Test func panMovesContainerAndKeyboardBetweenShownAndDocked() {
    var store = ScreenStore(screen, initialState: shown())
    store.send(.pan(y: 500, state: .began))
    // Above the shown position: max(400, 466) = 466, no change.
    store.send(.pan(y: 400, state: .changed), at: 2)
    // Container at 600, keyboard at 650: 852 − 650 = 202 on screen.
    store.send(.pan(y: 600, state: .changed), at: 3) {
      $0.inputBar.frame.y = 600
      $0.keyboard.frame.y = 650
      $0.keyboard.visibleHeight = 202
    }
    // Below the docked position: min(900, 852 − 50 − 34 = 768) = 768; keyboard at 818, 34 shown.
    store.send(.pan(y: 900, state: .changed), at: 4) {
      $0.inputBar.frame.y = 768
      $0.keyboard.frame.y = 818
      $0.keyboard.visibleHeight = 34
    }
    store.send(.pan(y: 900, state: .ended), at: 5)
  }

  @Test func sendAndReturnAppendWithoutScrollingSoRowsHideBehindTheKeyboard() {
    let ten = (0..<10).map { InitialMessage(from: .other, text: "m\($0)") }
    var store = ScreenStore(screen, initialState: shown(messages: ten))
    store.reduce(.textChange(text: "Hi"), at: 2)
    // Row 10 at 440…484, on screen 440 + 59 = 499…543; visible 59…466 (the container's top).
    store.send(.sendTap, at: 3) {
      $0.messages.append(Message(from: .me, text: "Hi", y: 440, height: 44))
      $0.list.contentHeight = 484
      $0.inputBar.text = ""
      $0.diagnostics = [
        .messageHidden(
          index: 10, messageMinY: 499, messageMaxY: 543, visibleMinY: 59, visibleMaxY: 466)
      ]
    }
    store.reduce(.textChange(text: "Yo"), at: 4)
    // Row 11 at 484…528, on screen 543…587.
    store.send(.returnKey, at: 5) {
      $0.messages.append(Message(from: .me, text: "Yo", y: 484, height: 44))
      $0.list.contentHeight = 528
      $0.inputBar.text = ""
      $0.diagnostics = [
        .messageHidden(
          index: 11, messageMinY: 543, messageMaxY: 587, visibleMinY: 59, visibleMaxY: 466)
      ]
    }
    // Empty text: nothing appended, so nothing is checked as new.
    store.send(.returnKey, at: 6) { $0.diagnostics = [] }
  }
}
