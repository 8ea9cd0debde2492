import ChatReplay
import ChatReplayTesting
import ReplayTestSupport
import Testing

/// One transition test per rule of the `scroll-to-field` layout (seed 002).
///
/// iPhone SE, 375×667, safe area 20/0, eight 44-pt rows: the field's row starts at 8 × 44 = 352,
/// content 352 + 44 = 396, adjusted insets 20 top and 0 bottom, so at rest the offset is −20 and
/// the field is on screen at 352 + 20 = 372…416. The keyboard is (0, 451, 375, 216).
struct ScrollToFieldLayoutTests {
  let screen = ChatScreen(layout: .scrollToField, measurer: FixedWidthMeasurer())

  static let iPhoneSE = Device(
    model: "iPhone SE", screen: Size(width: 375, height: 667),
    safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
  static let shown = Rect(x: 0, y: 451, width: 375, height: 216)
  static let hidden = Rect(x: 0, y: 667, width: 375, height: 216)

  func start() -> ChatState {
    let messages = (0..<8).map { InitialMessage(from: .other, text: "m\($0)") }
    return screen.initialState(
      header: SessionHeader(layout: .scrollToField, device: Self.iPhoneSE, messages: messages))
  }

  func keyboard(_ name: KeyboardNotification.Name, end: Rect?, duration: Double? = 0.25) -> Event {
    .keyboard(KeyboardNotification(name: name, frameEnd: end, duration: duration, curve: 7))
  }

  @Test func initialStatePutsTheFieldAfterTheMessages() {
    let state = start()
    #expect(state.list.frame == Rect(x: 0, y: 0, width: 375, height: 667))
    #expect(state.list.contentHeight == 396)
    #expect(state.adjustedContentInset == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    #expect(state.list.contentOffsetY == -20)
    #expect(state.inputBar.frame == Rect(x: 0, y: 372, width: 375, height: 44))
    #expect(state.diagnostics == [])
    #expect(state[memoryOf: ScrollToFieldLayout.self] == ScrollToFieldLayout.Memory())
  }

  @Test func willShowScrollsByTheDoubledFieldOrigin() {
    var store = ScreenStore(screen, initialState: start())
    store.send(keyboard(.willChangeFrame, end: Self.shown))
    // Keyboard in the scroll view: 451 + (−20) = 431. Field converted from its own coordinates:
    // maxY 2 × 352 + 44 = 748 (really 396). offset = 748 − 431 = 317 > 0: inset 317, offset 317.
    // The field shows at 352 − 317 = 35…79, 451 − 79 = 372 pt above the keyboard. Max offset
    // max(396 + 317 − 667, −20) = 46. (Its real bottom 396 − 431 < 0: no scroll was needed.)
    store.send(keyboard(.willShow, end: Self.shown)) {
      $0.keyboard.frame = Self.shown
      $0.keyboard.visibleHeight = 216
      $0.list.contentInset.bottom = 317
      $0.list.contentOffsetY = 317
      $0.inputBar.frame.y = 35
      $0.diagnostics = [
        .doubledOrigin(convertedMaxY: 748, fieldMaxY: 396),
        .keyboardGap(gap: 372, inputBarMaxY: 79, keyboardMinY: 451),
        .offsetOutOfRange(offsetY: 317, minimum: -20, maximum: 46),
      ]
    }
    // willHide: insets to 0, offset kept: max is now max(396 − 667, −20) = −20.
    store.send(keyboard(.willHide, end: Self.hidden), at: 2) {
      $0.keyboard.frame = Self.hidden
      $0.keyboard.visibleHeight = 0
      $0.list.contentInset.bottom = 0
      $0.diagnostics = [.offsetOutOfRange(offsetY: 317, minimum: -20, maximum: -20)]
    }
  }

  @Test func willShowWithoutDurationReturnsEarly() {
    var store = ScreenStore(screen, initialState: start())
    // The seed's guard needs the duration; only the real keyboard moves. Field bottom 416,
    // keyboard top 451: a 35-pt gap.
    store.send(
      keyboard(.willShow, end: Self.shown, duration: nil)
    ) {
      $0.keyboard.frame = Self.shown
      $0.diagnostics = [.keyboardGap(gap: 35, inputBarMaxY: 416, keyboardMinY: 451)]
    }
  }

  @Test func notificationsCountOnlyWhileTheScreenIsVisible() {
    var store = ScreenStore(screen, initialState: start())
    store.send(.disappear) {
      $0[memoryOf: ScrollToFieldLayout.self] = ScrollToFieldLayout.Memory(isVisible: false)
    }
    store.send(keyboard(.willShow, end: Self.shown), at: 2) {
      $0.keyboard.frame = Self.shown
      $0.diagnostics = [.keyboardGap(gap: 35, inputBarMaxY: 416, keyboardMinY: 451)]
    }
    store.send(.appear, at: 3) {
      $0[memoryOf: ScrollToFieldLayout.self] = ScrollToFieldLayout.Memory(isVisible: true)
    }
  }

  @Test func sendAppendsClearsAndTheFieldMovesDown() {
    var store = ScreenStore(screen, initialState: start())
    store.send(.textChange(text: "Hi")) {
      $0.inputBar.text = "Hi"
    }
    #expect(store.state.isSendEnabled == true)
    // Row 8 at 352…396; the field moves to 396 (on screen 416…460); content 440.
    store.send(.sendTap, at: 2) {
      $0.messages.append(Message(from: .me, text: "Hi", y: 352, height: 44))
      $0.inputBar.text = ""
      $0.list.contentHeight = 440
      $0.inputBar.frame.y = 416
    }
    #expect(store.state.isSendEnabled == false)
    store.send(.sendTap, at: 3)
    store.send(.returnKey, at: 4)
  }
}
