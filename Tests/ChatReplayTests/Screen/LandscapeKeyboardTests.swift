import ChatReplay
import ChatReplayTesting
import ReplayTestSupport
import Testing

/// Every layout on an iPhone 15 in landscape, a compact height.
///
/// 852 × 393, safe area 0 top, 59 left and right, 21 bottom. The 209-pt keyboard is shown at (0, 184, 852, 209); the frames
/// of `growing` include its 40-pt Done bar, those of `accessory` its 50-pt container.
/// `FixedWidthMeasurer` cells; the header lists no messages unless a test says so.
struct LandscapeKeyboardTests {
  static let device = Device(
    model: "iPhone 15", screen: Size(width: 852, height: 393),
    safeArea: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
  static let shown = Rect(x: 0, y: 184, width: 852, height: 209)

  func store(_ layout: LayoutID, messages: [InitialMessage] = []) -> ScreenStore {
    let screen = ChatScreen(layout: layout, measurer: FixedWidthMeasurer())
    let header = SessionHeader(
      layout: layout, device: Self.device, messages: messages, idiom: "phone")
    return ScreenStore(screen, initialState: screen.initialState(header: header))
  }

  func keyboard(_ name: KeyboardNotification.Name, end: Rect) -> Event {
    .keyboard(KeyboardNotification(name: name, frameEnd: end, duration: 0.25, curve: 7))
  }

  @Test func aPhoneInLandscapeHasACompactHeightAndAPortraitOneARegularHeight() {
    let landscape = store(.rxkeyboard).state
    #expect(landscape.verticalSizeClass == .compact)
    // The same window shape on an iPad is regular, as UIKit gives every iPad window.
    let pad = ChatScreen(layout: .rxkeyboard).initialState(
      header: SessionHeader(device: Self.device, idiom: "pad"))
    #expect(pad.verticalSizeClass == .regular)
    // Without an idiom, a model named "iPad…" is a pad and anything else a phone.
    #expect(SessionHeader(device: Self.device).deviceIdiom == .phone)
    let iPad = Device(
      model: "iPad Air 11-inch", screen: Size(width: 820, height: 1180), safeArea: .zero)
    #expect(SessionHeader(device: iPad).deviceIdiom == .pad)
    #expect(SessionHeader(device: iPad, idiom: "phone").deviceIdiom == .phone)
  }

  @Test func rxkeyboardUsesTheCompactNavigationBarAndKeepsTheSafeAreaGap() {
    var store = store(.rxkeyboard)
    // At rest: bar bottom 393 − 21 − 0 = 372, y 328; adjusted top 0 + 32 (the compact bar, not
    // 44), bottom 44 + 21 = 65; offset −32; empty section 10 + 10.
    #expect(store.state.inputBar.frame == Rect(x: 0, y: 328, width: 852, height: 44))
    #expect(store.state.adjustedContentInset == EdgeInsets(top: 32, left: 0, bottom: 65, right: 0))
    #expect(store.state.list.contentOffsetY == -32)
    store.send(keyboard(.willChangeFrame, end: Self.shown)) {
      // k = 393 − 184 = 209, from 0: "will show", offset −32 + 209 = 177; inset 209 + 44 = 253;
      // bar bottom 393 − 21 − 209 = 163, y 119: 184 − 163 = 21 pt above the keyboard. The list
      // rests at −32…max(20 + 253 + 21 − 393, −32) = −32.
      $0.keyboard.frame = Self.shown
      $0.keyboard.visibleHeight = 209
      $0.list.contentInset.bottom = 253
      $0.list.contentOffsetY = 177
      $0.inputBar.frame.y = 119
      $0.diagnostics = [
        .keyboardGap(gap: 21, inputBarMaxY: 163, keyboardMinY: 184),
        .offsetOutOfRange(offsetY: 177, minimum: -32, maximum: -32),
      ]
    }
  }

  @Test func keyboardLayoutGuideUsesTheCompactNavigationBarAndSitsOnTheKeyboard() {
    var store = store(.keyboardLayoutGuide)
    // At rest: guide 393 − 21 = 372, bar y 328; adjusted top 0 + 32, bottom 44 + 21.
    #expect(store.state.inputBar.frame == Rect(x: 0, y: 328, width: 852, height: 44))
    #expect(store.state.adjustedContentInset == EdgeInsets(top: 32, left: 0, bottom: 65, right: 0))
    store.send(keyboard(.willChangeFrame, end: Self.shown)) {
      // Docked (852 wide, bottom 393): guide 184, bar y 140, k 209; inset 393 − 140 − 21 = 232;
      // the offset −32 + 188 is kept within −32…max(20 + 253 − 393, −32) = −32.
      $0.keyboard.frame = Self.shown
      $0.keyboard.visibleHeight = 209
      $0.inputBar.frame.y = 140
      $0.list.contentInset.bottom = 232
      $0[memoryOf: KeyboardLayoutGuideLayout.self] = .init(shownTop: 184)
    }
  }

  @Test func growingPlacesTheBoxOnTheKeyboardWithTheOldHeightAndTheTextViewsWidth() {
    var store = store(.growing)
    // At rest: table (0, 0, 852, 393 − 50), box (0, 343, 852, 50), which ignores the 21-pt
    // bottom safe area; the text view is 852 − 73 = 779 wide, the button at 852 − 71 = 781.
    #expect(store.state.inputBar.frame == Rect(x: 0, y: 343, width: 852, height: 50))
    #expect(store.state.diagnostics == [.unsafeInput(inputBarMaxY: 393, safeAreaMinY: 372)])
    let withDoneBar = Rect(x: 0, y: 144, width: 852, height: 249)
    store.send(keyboard(.willShow, end: withDoneBar)) {
      // Fitting height ceil(max(0, 17)) + 16 = 33, clamped to 50. Box y 393 − 249 − 50 = 94,
      // width 779; table height 393 − (0 + 249 + 50) = 94. The button (781…851) lies beyond the
      // 779-pt box.
      $0.keyboard.frame = withDoneBar
      $0.keyboard.visibleHeight = 249
      $0.inputBar.frame = Rect(x: 0, y: 94, width: 779, height: 50)
      $0.list.frame.height = 94
      $0[memoryOf: GrowingLayout.self].keyboardFrame = withDoneBar
      $0[memoryOf: GrowingLayout.self].textViewFrame.height = 50
      $0.diagnostics = [
        .outsideContainer(
          child: .sendButton, childMinX: 781, childMaxX: 851, container: .box,
          containerWidth: 779)
      ]
    }
  }

  @Test func scrollToFieldCountsTheFieldsOriginTwiceInLandscapeToo() {
    let rows = ["a", "b", "c"].map { InitialMessage(from: .other, text: $0) }
    var store = store(.scrollToField, messages: rows)
    // Three 44-pt rows: the field at 132 in the content; adjusted insets 0 and 21; offset 0; the
    // field on screen at 132.
    #expect(store.state.inputBar.frame == Rect(x: 0, y: 132, width: 852, height: 44))
    store.send(keyboard(.willShow, end: Self.shown)) {
      // Keyboard top in the scroll view 184 − 0 + 0 = 184; the field's converted bottom
      // 2 × 132 + 44 = 308; offset 308 − 184 = 124 > 0: inset and offset 124. k = 393 − 184.
      // The field at 132 − 124 = 8, bottom 52: 184 − 52 = 132 above the keyboard. Rest range
      // 0…max(176 + 124 + 21 − 393, 0) = 0.
      $0.keyboard.frame = Self.shown
      $0.keyboard.visibleHeight = 209
      $0.list.contentInset.bottom = 124
      $0.list.contentOffsetY = 124
      $0.inputBar.frame.y = 8
      $0.diagnostics = [
        .doubledOrigin(convertedMaxY: 308, fieldMaxY: 176),
        .keyboardGap(gap: 132, inputBarMaxY: 52, keyboardMinY: 184),
        .offsetOutOfRange(offsetY: 124, minimum: 0, maximum: 0),
      ]
    }
  }

  @Test func accessoryRidesOnTheLandscapeKeyboard() {
    var store = store(.accessory, messages: [InitialMessage(from: .me, text: "a")])
    // Docked: 50 + 21 = 71 pt at 393 − 71 = 322; the text field ends at 372, the safe area's top.
    #expect(store.state.inputBar.frame == Rect(x: 0, y: 322, width: 852, height: 71))
    let withContainer = Rect(x: 0, y: 134, width: 852, height: 259)
    store.send(keyboard(.willChangeFrame, end: withContainer)) {
      // 259 > 71: the container on the frame's top 50 pt (134…184), the keyboard below it.
      $0.inputBar.frame = Rect(x: 0, y: 134, width: 852, height: 50)
      $0.keyboard.frame = Self.shown
      $0.keyboard.visibleHeight = 209
      $0[memoryOf: AccessoryLayout.self] = .init(shownFrame: withContainer)
    }
  }
}
