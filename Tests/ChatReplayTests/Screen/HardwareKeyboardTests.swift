import ChatReplay
import ChatReplayTesting
import ReplayTestSupport
import Testing

/// Every layout on an iPad with a hardware keyboard.
///
/// An iPad Air 11-inch (820 × 1180, safe area 24 top and 20 bottom, a regular height): iOS shows
/// only the 55-pt shortcut bar, (0, 1125, 820, 55),
/// with a `willShow` as for a software keyboard. The frames of `growing` include its 40-pt Done
/// bar, those of `accessory` its 50-pt container. `FixedWidthMeasurer` cells; the header lists no
/// messages unless a test says so.
struct HardwareKeyboardTests {
  static let device = Device(
    model: "iPad Air 11-inch", screen: Size(width: 820, height: 1180),
    safeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
  static let shortcutBar = Rect(x: 0, y: 1125, width: 820, height: 55)

  func store(_ layout: LayoutID, messages: [InitialMessage] = []) -> ScreenStore {
    let screen = ChatScreen(layout: layout, measurer: FixedWidthMeasurer())
    let header = SessionHeader(
      layout: layout, device: Self.device, messages: messages, idiom: "pad",
      hardwareKeyboard: true)
    return ScreenStore(screen, initialState: screen.initialState(header: header))
  }

  func keyboard(_ name: KeyboardNotification.Name, end: Rect) -> Event {
    .keyboard(KeyboardNotification(name: name, frameEnd: end, duration: 0.25, curve: 7))
  }

  @Test func rxkeyboardFloatsTheBarTheBottomSafeAreaAboveTheShortcutBar() {
    var store = store(.rxkeyboard)
    // At rest: bar bottom 1180 − 20 = 1160, y 1116; adjusted top 24 + 44 (a regular height: the
    // full navigation bar), bottom 44 + 20; offset −68.
    #expect(store.state.adjustedContentInset == EdgeInsets(top: 68, left: 0, bottom: 64, right: 0))
    store.send(keyboard(.willChangeFrame, end: Self.shortcutBar)) {
      // k = 1180 − 1125 = 55, from 0: offset −68 + 55 = −13; inset 55 + 44 = 99; bar bottom
      // 1180 − 20 − 55 = 1105, y 1061: 20 pt above the bar. Rest range −68…max(20 + 119 − 1180,
      // −68) = −68.
      $0.keyboard.frame = Self.shortcutBar
      $0.keyboard.visibleHeight = 55
      $0.list.contentInset.bottom = 99
      $0.list.contentOffsetY = -13
      $0.inputBar.frame.y = 1061
      $0.diagnostics = [
        .keyboardGap(gap: 20, inputBarMaxY: 1105, keyboardMinY: 1125),
        .offsetOutOfRange(offsetY: -13, minimum: -68, maximum: -68),
      ]
    }
  }

  @Test func keyboardLayoutGuideFollowsTheShortcutBarAsADockedKeyboard() {
    var store = store(.keyboardLayoutGuide)
    store.send(keyboard(.willShow, end: Self.shortcutBar)) {
      // Full width, bottom 1180: docked. Guide 1125, bar y 1081, k 55; inset 1180 − 1081 − 20 =
      // 79; the offset −68 + 35 is kept within −68…max(20 + 99 − 1180, −68) = −68.
      $0.keyboard.frame = Self.shortcutBar
      $0.keyboard.visibleHeight = 55
      $0.inputBar.frame.y = 1081
      $0.list.contentInset.bottom = 79
      $0[memoryOf: KeyboardLayoutGuideLayout.self] = .init(shownTop: 1125)
    }
  }

  @Test func growingDrawsTheBoxOnTheShortcutBarAndItsDoneBar() {
    var store = store(.growing)
    // At rest: table (0, 24, 820, 1180 − 74), box (0, 1130, 820, 50) into the bottom safe area;
    // text view 820 − 73 = 747 wide, the button at 820 − 71 = 749.
    #expect(store.state.diagnostics == [.unsafeInput(inputBarMaxY: 1180, safeAreaMinY: 1160)])
    let withDoneBar = Rect(x: 0, y: 1085, width: 820, height: 95)
    store.send(keyboard(.willShow, end: withDoneBar)) {
      // Fitting 33, clamped to 50; box y 1180 − 95 − 50 = 1035, width 747; table height
      // 1180 − (24 + 95 + 50) = 1011. The button (749…819) lies beyond the box.
      $0.keyboard.frame = withDoneBar
      $0.keyboard.visibleHeight = 95
      $0.inputBar.frame = Rect(x: 0, y: 1035, width: 747, height: 50)
      $0.list.frame.height = 1011
      $0[memoryOf: GrowingLayout.self].keyboardFrame = withDoneBar
      $0[memoryOf: GrowingLayout.self].textViewFrame.height = 50
      $0.diagnostics = [
        .outsideContainer(
          child: .sendButton, childMinX: 749, childMaxX: 819, container: .box,
          containerWidth: 747)
      ]
    }
  }

  @Test func scrollToFieldFindsNothingToScrollForTheShortcutBar() {
    let rows = ["a", "b", "c"].map { InitialMessage(from: .other, text: $0) }
    var store = store(.scrollToField, messages: rows)
    // The field at 132 in the content; adjusted insets 24 and 20; offset −24: on screen at 156.
    #expect(store.state.inputBar.frame == Rect(x: 0, y: 156, width: 820, height: 44))
    store.send(keyboard(.willShow, end: Self.shortcutBar)) {
      // Keyboard top in the scroll view 1125 − 0 − 24 = 1101; converted bottom 2 × 132 + 44 =
      // 308; 308 − 1101 < 0: no scroll. k = 1180 − 1125; the field ends 1125 − 200 = 925 above.
      $0.keyboard.frame = Self.shortcutBar
      $0.keyboard.visibleHeight = 55
      $0.diagnostics = [
        .doubledOrigin(convertedMaxY: 308, fieldMaxY: 176),
        .keyboardGap(gap: 925, inputBarMaxY: 200, keyboardMinY: 1125),
      ]
    }
  }

  @Test func accessoryRidesOnTheShortcutBar() {
    var store = store(.accessory, messages: [InitialMessage(from: .me, text: "a")])
    // Docked: 50 + 20 = 70 pt at 1110.
    #expect(store.state.inputBar.frame == Rect(x: 0, y: 1110, width: 820, height: 70))
    let withContainer = Rect(x: 0, y: 1075, width: 820, height: 105)
    store.send(keyboard(.willShow, end: withContainer)) {
      // 105 > 70: the container on the frame's top 50 pt (1075…1125), the shortcut bar below.
      $0.inputBar.frame = Rect(x: 0, y: 1075, width: 820, height: 50)
      $0.keyboard.frame = Self.shortcutBar
      $0.keyboard.visibleHeight = 55
      $0[memoryOf: AccessoryLayout.self] = .init(shownFrame: withContainer)
    }
  }

  /// On an iPhone a hardware keyboard shows nothing, and no layout moves anything for it.
  ///
  /// iOS posts hides whose frames stay below the screen (0, 852, 393, 0 → 54).
  @Test(arguments: LayoutID.allCases.filter { $0.builtInLayout() != nil })
  func offScreenFramesMoveNoInput(_ layout: LayoutID) {
    let screen = ChatScreen(layout: layout, measurer: FixedWidthMeasurer())
    let start = screen.initialState(
      header: SessionHeader(layout: layout, device: .iPhone15, messages: []))
    var state = start
    screen.reduce(
      into: &state,
      TimedEvent(t: 1, event: keyboard(.willHide, end: Rect(x: 0, y: 852, width: 393, height: 54))))
    #expect(state.inputBar == start.inputBar)
    #expect(state.keyboard.visibleHeight == 0)
    #expect(state.list.contentInset == start.list.contentInset)
  }
}
