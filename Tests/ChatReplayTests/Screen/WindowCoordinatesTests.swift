import ChatReplay
import ChatReplayTesting
import ReplayTestSupport
import Testing

/// Keyboard frames converted from the screen's coordinates to a window's.
///
/// A window that is not the whole screen (Stage Manager, Slide Over, Split View) gets them moved
/// by its origin, as UIKit's `convert(_:from:)` moves them: (x, y) in the screen is
/// (x − window.x, y − window.y) in the window. Each test follows one frame from the screen to the window to the layout's input bar,
/// with the arithmetic in comments; the lists start empty (content height 10 + 10 = 20).
struct WindowCoordinatesTests {
  /// A Stage Manager window on a 1366 × 1024 iPad screen in landscape, at (100, 80) and 800 × 700
  /// (its bottom at 80 + 700 = 780, above the screen's), safe area 24 on top only.
  static let stageManager = SessionHeader(
    device: Device(
      model: "iPad Pro (12.9-inch)", screen: Size(width: 800, height: 700),
      safeArea: EdgeInsets(top: 24, left: 0, bottom: 0, right: 0)),
    messages: [], windowFrameInScreen: Rect(x: 100, y: 80, width: 800, height: 700))
  /// The docked landscape keyboard in the screen: 424 high, its top at 1024 − 424 = 600.
  static let landscapeKeyboard = Rect(x: 0, y: 600, width: 1366, height: 424)
  /// The same keyboard in the Stage Manager window: (0 − 100, 600 − 80) = (−100, 520).
  static let landscapeKeyboardInWindow = Rect(x: -100, y: 520, width: 1366, height: 424)

  /// A Slide Over window on a 1024 × 1366 iPad screen in portrait, at x 704 and 320 wide (its
  /// right edge on the screen's, 704 + 320 = 1024), the screen's full height, safe area 24 / 20.
  static let slideOver = SessionHeader(
    device: Device(
      model: "iPad Pro (12.9-inch)", screen: Size(width: 320, height: 1366),
      safeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)),
    messages: [], windowFrameInScreen: Rect(x: 704, y: 0, width: 320, height: 1366))

  func keyboard(_ name: KeyboardNotification.Name, end: Rect) -> Event {
    .keyboard(KeyboardNotification(name: name, frameEnd: end, duration: 0.25, curve: 7))
  }

  @Test func rxkeyboardMeasuresTheKeyboardInTheStageManagerWindow() {
    let screen = ChatScreen(layout: .rxkeyboard, measurer: FixedWidthMeasurer())
    var store = ScreenStore(screen, header: Self.stageManager)
    // At rest: bar y 700 − 0 − 0 − 44 = 656, inset 44, offset −(24 + 44) = −68, bad-index −1.
    store.assert {
      $0.inputBar.frame = Rect(x: 0, y: 656, width: 800, height: 44)
      $0.list.contentOffsetY = -68
    }
    // In the window the keyboard's top is 600 − 80 = 520, so k = H − y = 700 − 520 = 180 (the
    // 780 − 600 = 180 pt of the window it covers; unconverted it would be 700 − 600 = 100, and
    // the bar would sit 80 pt low, in the keyboard). Bar bottom 700 − 0 − 180 = 520, y 476;
    // inset 180 + 44 = 224; "will show" (0 → 180) scrolls −68 + 180 = 112, past the largest
    // offset max(20 + 224 + 0 − 700, −68) = −68.
    store.send(keyboard(.willChangeFrame, end: Self.landscapeKeyboard), at: 1) {
      $0.keyboard.frame = Self.landscapeKeyboardInWindow
      $0.keyboard.visibleHeight = 180
      $0.inputBar.frame.y = 476
      $0.list.contentInset.bottom = 224
      $0.list.contentOffsetY = 112
      $0.diagnostics = [.offsetOutOfRange(offsetY: 112, minimum: -68, maximum: -68)]
    }
  }

  @Test func theGuideFollowsTheKeyboardInTheStageManagerWindow() {
    let screen = ChatScreen(layout: .keyboardLayoutGuide, measurer: FixedWidthMeasurer())
    var store = ScreenStore(screen, header: Self.stageManager)
    // At rest the guide's top is H − S.bottom = 700: bar y 656, inset 700 − 656 − 0 = 44.
    store.assert {
      $0.inputBar.frame = Rect(x: 0, y: 656, width: 800, height: 44)
      $0.list.contentInset.bottom = 44
    }
    // (−100, 520, 1366 × 424) is docked (its bottom 944 ≥ H = 700, its width 1366 ≥ W = 800); its
    // part in the window is (0, 520, 800 × 180), so the guide's top is 520: bar y 520 − 44 = 476,
    // the same 476 as rxkeyboard's (no bottom safe area to disagree on). Inset 700 − 476 − 0 =
    // 224; the offset moves by 224 − 44 = 180 to 112 and is held at the largest, −68.
    store.send(keyboard(.willChangeFrame, end: Self.landscapeKeyboard), at: 1) {
      $0.keyboard.frame = Self.landscapeKeyboardInWindow
      $0.keyboard.visibleHeight = 180
      $0.inputBar.frame.y = 476
      $0.list.contentInset.bottom = 224
      $0[memoryOf: KeyboardLayoutGuideLayout.self].shownTop = 520
    }
  }

  @Test func theSlideOverWindowSeesTheDockedKeyboardFromItsOwnLeftEdge() {
    let screen = ChatScreen(layout: .rxkeyboard, measurer: FixedWidthMeasurer())
    var store = ScreenStore(screen, header: Self.slideOver)
    // The docked portrait keyboard, 398 high: (0, 1366 − 398 = 968, 1024 × 398) in the screen,
    // (0 − 704, 968 − 0) = (−704, 968) in the window. k = 1366 − 968 = 398; bar bottom
    // 1366 − 20 − 398 = 948, y 904, 20 pt above the keyboard (the sample's keyboard-gap); inset
    // 398 + 44 = 442; "will show" scrolls −(24 + 44) + 398 = 330, past
    // max(20 + 442 + 20 − 1366, −68) = −68.
    store.send(keyboard(.willChangeFrame, end: Rect(x: 0, y: 968, width: 1024, height: 398)), at: 1)
    {
      $0.keyboard.frame = Rect(x: -704, y: 968, width: 1024, height: 398)
      $0.keyboard.visibleHeight = 398
      $0.inputBar.frame.y = 904
      $0.list.contentInset.bottom = 442
      $0.list.contentOffsetY = 330
      $0.diagnostics = [
        .keyboardGap(gap: 20, inputBarMaxY: 948, keyboardMinY: 968),
        .offsetOutOfRange(offsetY: 330, minimum: -68, maximum: -68),
      ]
    }
  }

  @Test func aFloatingKeyboardBesideTheSlideOverWindowIsNotInIt() {
    var layout = KeyboardLayoutGuideLayout()
    layout.followsUndockedKeyboard = true
    let screen = ChatScreen(layout: layout, measurer: FixedWidthMeasurer())
    var store = ScreenStore(screen, header: Self.slideOver)
    // At rest: guide top 1366 − 20 = 1346, bar y 1302.
    store.assert { $0.inputBar.frame = Rect(x: 0, y: 1302, width: 320, height: 44) }
    // A floating keyboard at x 150…470 in the screen is at 150 − 704 = −554 … −234 in the
    // window, wholly left of it: the guide does not follow it and the bar stays at 1302
    // (unconverted, x 150…470 would overlap the window's 0…320 and pull the bar up to 700 − 44).
    let beside = Rect(x: 150, y: 700, width: 320, height: 260)
    store.send(keyboard(.willChangeFrame, end: beside), at: 1) {
      $0.keyboard.frame = Rect(x: -554, y: 700, width: 320, height: 260)
    }
    // Dragged to x 680…1000 in the screen, −24…296 in the window: its part inside is
    // (0, 700, 296 × 260), the guide's top is 700, bar y 700 − 44 = 656; k = 1366 − 700 = 666;
    // inset 1366 − 656 − 20 = 690; the offset −68 + (690 − 44) is held at
    // max(20 + 690 + 20 − 1366, −68) = −68.
    store.send(keyboard(.willChangeFrame, end: Rect(x: 680, y: 700, width: 320, height: 260))) {
      $0.keyboard.frame = Rect(x: -24, y: 700, width: 320, height: 260)
      $0.keyboard.visibleHeight = 666
      $0.inputBar.frame.y = 656
      $0.list.contentInset.bottom = 690
      $0[memoryOf: KeyboardLayoutGuideLayout.self].shownTop = 700
    }
  }

  @Test func aViewportWithTheWindowsFrameMovesTheConversion() throws {
    // The Stage Manager window is dragged 200 right and 100 down, to (300, 180): its bottom is
    // at 880. A viewport without windowFrameInScreen (the size alone) keeps that origin.
    let recording = """
      {"type":"session","version":1,"layout":"rxkeyboard","device":{"model":"iPad Pro (12.9-inch)","screen":{"width":800,"height":700},"safeArea":{"top":24,"left":0,"bottom":0,"right":0}},"messages":[],"windowFrameInScreen":{"x":100,"y":80,"width":800,"height":700}}
      {"t":0.5,"type":"viewport","screen":{"width":800,"height":700},"safeArea":{"top":24,"left":0,"bottom":0,"right":0},"windowFrameInScreen":{"x":300,"y":180,"width":800,"height":700}}
      {"t":1,"type":"keyboard","name":"willChangeFrame","frameEnd":{"x":0,"y":600,"width":1366,"height":424}}
      {"t":1.5,"type":"viewport","screen":{"width":800,"height":700},"safeArea":{"top":24,"left":0,"bottom":0,"right":0}}
      {"t":2,"type":"keyboard","name":"willChangeFrame","frameEnd":{"x":0,"y":556,"width":1366,"height":468}}
      """
    let (events, errors, header) = readRecording(Array(recording.utf8))
    #expect(errors.isEmpty)
    #expect(
      events.map(\.event).first
        == .viewport(
          screen: Size(width: 800, height: 700),
          safeArea: EdgeInsets(top: 24, left: 0, bottom: 0, right: 0),
          windowFrameInScreen: Rect(x: 300, y: 180, width: 800, height: 700)))
    let screen = ChatScreen(layout: .rxkeyboard, measurer: FixedWidthMeasurer())
    var store = ScreenStore(screen, header: try #require(header))
    store.reduce(events[0].event, at: 0.5)
    // In the moved window the keyboard's top is 600 − 180 = 420 (not 520, as at (100, 80)):
    // k = 700 − 420 = 280; bar bottom 700 − 280 = 420, y 376; inset 280 + 44 = 324; the "will
    // show" scroll −68 + 280 = 212 is past max(20 + 324 − 700, −68) = −68.
    store.send(events[1].event, at: 1) {
      $0.keyboard.frame = Rect(x: -300, y: 420, width: 1366, height: 424)
      $0.keyboard.visibleHeight = 280
      $0.inputBar.frame.y = 376
      $0.list.contentInset.bottom = 324
      $0.list.contentOffsetY = 212
      $0.diagnostics = [.offsetOutOfRange(offsetY: 212, minimum: -68, maximum: -68)]
    }
    store.send(events[2].event, at: 1.5) {
      $0.diagnostics = [.offsetOutOfRange(offsetY: 212, minimum: -68, maximum: -68)]
    }
    // QuickType grows the keyboard to 468, its top at 556 − 180 = 376 in the window, still at
    // (300, 180): k = 700 − 376 = 324 (not 0 → positive, so no scroll); bar y 376 − 44 = 332;
    // inset 324 + 44 = 368; the largest offset max(20 + 368 − 700, −68) = −68.
    store.send(events[3].event, at: 2) {
      $0.keyboard.frame = Rect(x: -300, y: 376, width: 1366, height: 468)
      $0.keyboard.visibleHeight = 324
      $0.inputBar.frame.y = 332
      $0.list.contentInset.bottom = 368
      $0.diagnostics = [.offsetOutOfRange(offsetY: 212, minimum: -68, maximum: -68)]
    }
  }

  @Test func aWindowAtTheScreensOriginUsesFramesAsWritten() {
    // The left app of a Split View on the 1024 × 1366 screen: (0, 0, 507 × 1366). Its origin is
    // the screen's, so the keyboard (0, 968, 1024 × 398) is the same in the window: k = 398, bar
    // bottom 1366 − 20 − 398 = 948, y 904, as in the Slide Over window at x 704.
    var header = Self.slideOver
    header.device.screen.width = 507
    header.windowFrameInScreen = Rect(x: 0, y: 0, width: 507, height: 1366)
    let screen = ChatScreen(layout: .rxkeyboard, measurer: FixedWidthMeasurer())
    var state = screen.initialState(header: header)
    screen.reduce(
      into: &state,
      TimedEvent(
        t: 1, event: keyboard(.willChangeFrame, end: Rect(x: 0, y: 968, width: 1024, height: 398))))
    #expect(state.keyboard.frame == Rect(x: 0, y: 968, width: 1024, height: 398))
    #expect(state.inputBar.frame == Rect(x: 0, y: 904, width: 507, height: 44))
  }
}
