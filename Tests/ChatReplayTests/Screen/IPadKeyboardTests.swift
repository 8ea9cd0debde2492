import ChatReplay
import ChatReplayTesting
import ReplayTestSupport
import Testing

/// Every layout with an iPad's floating, undocked and split keyboards.
///
/// They post frame changes without shows or hides, frames as tall as the screen while dragged,
/// frames that start above the screen while undocking, and zero-height frames.
/// `FixedWidthMeasurer` cells; the header lists no messages unless a test says so.
///
/// Floating: iPad Air 11-inch, 820 × 1180, safe area 24 top and 20 bottom; the floating keyboard
/// at (250, 700, 320, 260), the frame while it is dragged (0, 0, 820, 1180), and when it goes
/// (60, 560, 320, 0). Undocked and split: iPad (6th generation), 768 × 1024, safe area 20 top;
/// docked (0, 720, 768, 304); the undock's and split's end frame (0, −264, 768, 304); undocked at
/// (0, 380, 768, 304), split at (0, 560, 768, 216), gone (0, 1024, 768, 0).
struct IPadKeyboardTests {
  static let air = Device(
    model: "iPad Air 11-inch", screen: Size(width: 820, height: 1180),
    safeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
  static let sixth = Device(
    model: "iPad (6th generation)", screen: Size(width: 768, height: 1024),
    safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
  static let floating = Rect(x: 250, y: 700, width: 320, height: 260)
  static let dragged = Rect(x: 0, y: 0, width: 820, height: 1180)
  static let floatingGone = Rect(x: 60, y: 560, width: 320, height: 0)
  static let docked = Rect(x: 0, y: 720, width: 768, height: 304)
  static let undocking = Rect(x: 0, y: -264, width: 768, height: 304)
  static let undocked = Rect(x: 0, y: 380, width: 768, height: 304)
  static let split = Rect(x: 0, y: 560, width: 768, height: 216)
  static let gone = Rect(x: 0, y: 1024, width: 768, height: 0)
  static let rows = ["a", "b", "c"].map { InitialMessage(from: .other, text: $0) }

  func store(
    _ layout: any Layout, on device: Device, messages: [InitialMessage] = [],
    after events: [Event] = []
  ) -> ScreenStore {
    let screen = ChatScreen(layout: layout, measurer: FixedWidthMeasurer())
    let header = SessionHeader(
      layout: type(of: layout).id, device: device, messages: messages, idiom: "pad")
    var state = screen.initialState(header: header)
    for (index, event) in events.enumerated() {
      screen.reduce(into: &state, TimedEvent(t: Double(index + 1), event: event))
    }
    return ScreenStore(screen, initialState: state)
  }

  static func keyboard(_ name: KeyboardNotification.Name, _ end: Rect) -> Event {
    .keyboard(KeyboardNotification(name: name, frameEnd: end, duration: 0.25, curve: 7))
  }

  var followingGuide: KeyboardLayoutGuideLayout {
    var layout = KeyboardLayoutGuideLayout()
    layout.followsUndockedKeyboard = true
    return layout
  }

  // MARK: Floating

  @Test func rxkeyboardChasesTheFloatingKeyboardAndItsDragFrameAndLeavesRoomForNone() {
    var store = store(RxKeyboardLayout(), on: Self.air)
    store.send(Self.keyboard(.willChangeFrame, Self.floating)) {
      // k = 1180 − 700 = 480 from 0: offset −68 + 480 = 412; inset 524; bar bottom
      // 1180 − 20 − 480 = 680, y 636, 20 above the keyboard. Rest range −68…max(20 + 544 − 1180,
      // −68) = −68.
      $0.keyboard.frame = Self.floating
      $0.keyboard.visibleHeight = 480
      $0.list.contentInset.bottom = 524
      $0.list.contentOffsetY = 412
      $0.inputBar.frame.y = 636
      $0.diagnostics = [
        .keyboardGap(gap: 20, inputBarMaxY: 680, keyboardMinY: 700),
        .offsetOutOfRange(offsetY: 412, minimum: -68, maximum: -68),
      ]
    }
    store.send(Self.keyboard(.willChangeFrame, Self.dragged), at: 2) {
      // k = 1180 − 0 = 1180: bar bottom 1180 − 20 − 1180 = −20, above the screen; inset 1224;
      // rest range −68…max(20 + 1244 − 1180, −68) = 84.
      $0.keyboard.frame = Self.dragged
      $0.keyboard.visibleHeight = 1180
      $0.list.contentInset.bottom = 1224
      $0.inputBar.frame.y = -64
      $0.diagnostics = [
        .keyboardGap(gap: 20, inputBarMaxY: -20, keyboardMinY: 0),
        .offsetOutOfRange(offsetY: 412, minimum: -68, maximum: 84),
      ]
    }
    store.send(Self.keyboard(.willChangeFrame, Self.floatingGone), at: 3) {
      // k = 1180 − 560 = 620 for a keyboard of no height: bar bottom 540, y 496; inset 664; rest
      // range −68…max(20 + 684 − 1180, −68) = −68.
      $0.keyboard.frame = Self.floatingGone
      $0.keyboard.visibleHeight = 620
      $0.list.contentInset.bottom = 664
      $0.inputBar.frame.y = 496
      $0.diagnostics = [
        .offsetOutOfRange(offsetY: 412, minimum: -68, maximum: -68),
        .phantomKeyboard(visibleHeight: 620),
      ]
    }
  }

  @Test func keyboardLayoutGuideIgnoresTheFloatingKeyboardByDefault() {
    var store = store(KeyboardLayoutGuideLayout(), on: Self.air)
    // Not docked (its bottom is 960): the guide stays on the safe area, the bar at 1116.
    store.send(Self.keyboard(.willChangeFrame, Self.floating)) {
      $0.keyboard.frame = Self.floating
    }
    // As tall as the window: not where the keyboard is; nothing moves.
    store.send(Self.keyboard(.willChangeFrame, Self.dragged), at: 2)
    store.send(Self.keyboard(.willChangeFrame, Self.floatingGone), at: 3) {
      $0.keyboard.frame = Self.floatingGone
    }
  }

  @Test func keyboardLayoutGuideFollowingUndockedKeyboardsKeepsItsPlaceWhileDragged() {
    var store = store(followingGuide, on: Self.air)
    store.send(Self.keyboard(.willChangeFrame, Self.floating)) {
      // Guide 700, bar y 656, k 480; inset 1180 − 656 − 20 = 504; the offset −68 + 460 is kept
      // within −68…max(20 + 524 − 1180, −68) = −68.
      $0.keyboard.frame = Self.floating
      $0.keyboard.visibleHeight = 480
      $0.inputBar.frame.y = 656
      $0.list.contentInset.bottom = 504
      $0[memoryOf: KeyboardLayoutGuideLayout.self] = .init(shownTop: 700)
    }
    store.send(Self.keyboard(.willChangeFrame, Self.dragged), at: 2)
    store.send(Self.keyboard(.willChangeFrame, Self.floatingGone), at: 3) {
      // Nothing of it inside the window: back to rest, bar 1116, inset 44.
      $0.keyboard.frame = Self.floatingGone
      $0.keyboard.visibleHeight = 0
      $0.inputBar.frame.y = 1116
      $0.list.contentInset.bottom = 44
      $0[memoryOf: KeyboardLayoutGuideLayout.self] = .init(shownTop: nil)
    }
  }

  @Test func growingCrashesOnTheFirstKeystrokeWithAFloatingKeyboard() {
    var store = store(GrowingLayout(), on: Self.air)
    // No willShow ever comes: only the keyboard's tracked frame changes; with a keyboard on
    // screen the box is no longer checked against the safe area.
    store.send(Self.keyboard(.didChangeFrame, Self.floating)) {
      $0.keyboard.frame = Self.floating
      $0.diagnostics = []
    }
    store.send(.textChange(text: "Hi"), at: 2) {
      // drawBox reads the keyboard frame willShow never remembered.
      $0.inputBar.text = "Hi"
      $0[memoryOf: GrowingLayout.self].isCrashed = true
      $0.diagnostics = [.crash(reason: .keyboardFrameNotRemembered)]
    }
  }

  @Test func scrollToFieldNeverHearsOfTheFloatingKeyboard() {
    var store = store(ScrollToFieldLayout(), on: Self.air, messages: Self.rows)
    // The field at 132 + 24 = 156 on screen; no willShow, so no scroll.
    store.send(Self.keyboard(.didChangeFrame, Self.floating)) {
      $0.keyboard.frame = Self.floating
      $0.diagnostics = [.keyboardGap(gap: 500, inputBarMaxY: 200, keyboardMinY: 700)]
    }
    store.send(Self.keyboard(.didChangeFrame, Self.dragged), at: 2)
    store.send(Self.keyboard(.didChangeFrame, Self.floatingGone), at: 3) {
      $0.keyboard.frame = Self.floatingGone
      $0.diagnostics = []
    }
  }

  @Test func accessoryRidesTheFloatingKeyboardAndDocksWhenItGoes() {
    var store = store(AccessoryLayout(), on: Self.air, messages: [.init(from: .me, text: "a")])
    store.send(Self.keyboard(.willChangeFrame, Self.floating)) {
      // 260 > 50 + 20: the container on its top 50 pt, 320 wide; the keyboard's 210 below.
      $0.inputBar.frame = Rect(x: 250, y: 700, width: 320, height: 50)
      $0.keyboard.frame = Rect(x: 250, y: 750, width: 320, height: 210)
      $0.keyboard.visibleHeight = 210
      $0[memoryOf: AccessoryLayout.self] = .init(shownFrame: Self.floating)
    }
    store.send(Self.keyboard(.willChangeFrame, Self.dragged), at: 2)
    store.send(Self.keyboard(.willChangeFrame, Self.floatingGone), at: 3) {
      // No taller than the docked 70: docked again at 1180 − 70.
      $0.inputBar.frame = Rect(x: 0, y: 1110, width: 820, height: 70)
      $0.keyboard.frame = Rect(x: 0, y: 1180, width: 820, height: 0)
      $0.keyboard.visibleHeight = 0
      $0[memoryOf: AccessoryLayout.self] = .init(shownFrame: nil)
    }
  }

  // MARK: Undocked

  @Test func rxkeyboardDropsTheBarOnUndockingAndScrollsAgainWhenTheKeyboardMoves() {
    let dockedEvent = Self.keyboard(.willChangeFrame, Self.docked)
    var store = store(RxKeyboardLayout(), on: Self.sixth, after: [dockedEvent])
    // Docked: k 304, offset −64 + 304 = 240, inset 348, bar y 676; rest range −64…−64.
    #expect(store.state.inputBar.frame.y == 676)
    // y < 0: RxKeyboard's willChangeFrame takes y = 1024 − 304 = 720, the frame it has.
    store.send(Self.keyboard(.willChangeFrame, Self.undocking), at: 2)
    store.send(Self.keyboard(.willHide, Self.undocking), at: 3) {
      // willHide takes y = 1024: k 0, inset 44, bar back at 980 below the undocked keyboard.
      $0.keyboard.frame = Rect(x: 0, y: 1024, width: 768, height: 304)
      $0.keyboard.visibleHeight = 0
      $0.list.contentInset.bottom = 44
      $0.inputBar.frame.y = 980
    }
    // didChangeFrame is not observed.
    store.send(Self.keyboard(.didChangeFrame, Self.undocked), at: 4)
    let moved = Rect(x: 0, y: 200, width: 768, height: 304)
    store.send(Self.keyboard(.willChangeFrame, moved), at: 5) {
      // k = 1024 − 200 = 824 from 0: "will show" again, offset 240 + 824 = 1064; inset 868;
      // bar bottom 200, y 156.
      $0.keyboard.frame = moved
      $0.keyboard.visibleHeight = 824
      $0.list.contentInset.bottom = 868
      $0.list.contentOffsetY = 1064
      $0.inputBar.frame.y = 156
      $0.diagnostics = [.offsetOutOfRange(offsetY: 1064, minimum: -64, maximum: -64)]
    }
  }

  @Test func keyboardLayoutGuideSkipsTheUndockFrameAndRestsOnTheSafeArea() {
    let dockedEvent = Self.keyboard(.willChangeFrame, Self.docked)
    var store = store(KeyboardLayoutGuideLayout(), on: Self.sixth, after: [dockedEvent])
    // Docked: guide 720, bar y 676, inset 348, offset kept at −64.
    #expect(store.state.inputBar.frame.y == 676)
    store.send(Self.keyboard(.willChangeFrame, Self.undocking), at: 2)
    store.send(Self.keyboard(.willHide, Self.undocking), at: 3)
    store.send(Self.keyboard(.didChangeFrame, Self.undocked), at: 4) {
      // Undocked (bottom 684): the guide back on the safe area, 1024; bar 980; inset 44.
      $0.keyboard.frame = Self.undocked
      $0.keyboard.visibleHeight = 0
      $0.inputBar.frame.y = 980
      $0.list.contentInset.bottom = 44
      $0[memoryOf: KeyboardLayoutGuideLayout.self] = .init(shownTop: nil)
    }
  }

  @Test func growingPutsTheBoxWhereTheDockedKeyboardWas() {
    let docked = Rect(x: 0, y: 680, width: 768, height: 344)
    let undocked = Rect(x: 0, y: 340, width: 768, height: 344)
    var store = store(
      GrowingLayout(), on: Self.sixth, after: [Self.keyboard(.willShow, docked)])
    // After the willShow: box (0, 1024 − 344 − 50 = 630, 695, 50), table height 610.
    #expect(store.state.inputBar.frame == Rect(x: 0, y: 630, width: 695, height: 50))
    store.send(Self.keyboard(.willHide, Rect(x: 0, y: -264, width: 768, height: 344)), at: 2) {
      // The box and table back at rest; the keyboard, whose undock frame is no place, is still
      // taken to be docked over the box's 974…1024.
      $0.inputBar.frame = Rect(x: 0, y: 974, width: 768, height: 50)
      $0.list.frame.height = 954
      $0.keyboard.visibleHeight = 0
      $0.diagnostics = [.keyboardOverlap(overlap: 50, inputBarMaxY: 1024, keyboardMinY: 680)]
    }
    store.send(Self.keyboard(.didChangeFrame, undocked), at: 3) {
      $0.keyboard.frame = undocked
      $0.diagnostics = []
    }
    store.send(.textChange(text: "Hi"), at: 4) {
      // drawBox with the remembered docked frame: the box at 630…680 again, under the undocked
      // keyboard's 340…684.
      $0.inputBar.text = "Hi"
      $0.inputBar.frame = Rect(x: 0, y: 630, width: 695, height: 50)
      $0.list.frame.height = 610
      $0.keyboard.visibleHeight = 344
      $0.diagnostics = [
        .outsideContainer(
          child: .sendButton, childMinX: 697, childMaxX: 767, container: .box,
          containerWidth: 695),
        .keyboardOverlap(overlap: 50, inputBarMaxY: 680, keyboardMinY: 340),
      ]
    }
  }

  @Test func scrollToFieldClearsItsInsetsOnTheUndocksHide() {
    let shown = Self.keyboard(.willShow, Self.docked)
    var store = store(ScrollToFieldLayout(), on: Self.sixth, messages: Self.rows, after: [shown])
    // Shown: keyboard top in the scroll view 720 − 20 = 700 > the converted 2 × 132 + 44 = 308:
    // no scroll; the field at 132 + 20 = 152, k 304.
    #expect(store.state.inputBar.frame.y == 152)
    store.send(Self.keyboard(.willHide, Self.undocking), at: 2) {
      $0.keyboard.visibleHeight = 0
      $0.diagnostics = [.keyboardGap(gap: 524, inputBarMaxY: 196, keyboardMinY: 720)]
    }
    store.send(Self.keyboard(.didChangeFrame, Self.undocked), at: 3) {
      $0.keyboard.frame = Self.undocked
      $0.diagnostics = [.keyboardGap(gap: 184, inputBarMaxY: 196, keyboardMinY: 380)]
    }
  }

  @Test func accessorySkipsTheUndockFrameAndRidesTheUndockedKeyboard() {
    let docked = Rect(x: 0, y: 670, width: 768, height: 354)
    var store = store(
      AccessoryLayout(), on: Self.sixth, messages: [.init(from: .me, text: "a")],
      after: [Self.keyboard(.willChangeFrame, docked)])
    store.send(Self.keyboard(.willHide, Rect(x: 0, y: -314, width: 768, height: 354)), at: 2)
    let undocked = Rect(x: 0, y: 330, width: 768, height: 354)
    store.send(Self.keyboard(.didChangeFrame, undocked), at: 3) {
      // The container on its top 50 pt (330…380), the keyboard's 304 below.
      $0.inputBar.frame.y = 330
      $0.keyboard.frame = Self.undocked
      $0[memoryOf: AccessoryLayout.self] = .init(shownFrame: undocked)
    }
  }

  // MARK: Split

  @Test func rxkeyboardTakesTheSplitKeyboardsZeroHeightFrameAsAHiddenOne() {
    let dockedEvent = Self.keyboard(.willChangeFrame, Self.docked)
    var store = store(
      RxKeyboardLayout(), on: Self.sixth,
      after: [dockedEvent, Self.keyboard(.willHide, Self.undocking)])
    // After the split's hide: frame (0, 1024, 768, 304), k 0, bar at 980.
    store.send(Self.keyboard(.didChangeFrame, Self.split), at: 3)
    store.send(Self.keyboard(.willChangeFrame, Self.gone), at: 4) {
      // A new frame, but k = 1024 − 1024 = 0 as before: nothing else moves.
      $0.keyboard.frame = Self.gone
    }
  }

  @Test func keyboardLayoutGuideFollowingUndockedKeyboardsRidesTheSplitKeyboard() {
    let dockedEvent = Self.keyboard(.willChangeFrame, Self.docked)
    var store = store(followingGuide, on: Self.sixth, after: [dockedEvent])
    store.send(Self.keyboard(.willHide, Self.undocking), at: 2)
    store.send(Self.keyboard(.didChangeFrame, Self.split), at: 3) {
      // Guide 560, bar y 516, k 464; inset 1024 − 516 = 508; the offset −64 + 160 is kept
      // within −64…max(20 + 508 − 1024, −64) = −64.
      $0.keyboard.frame = Self.split
      $0.keyboard.visibleHeight = 464
      $0.inputBar.frame.y = 516
      $0.list.contentInset.bottom = 508
      $0[memoryOf: KeyboardLayoutGuideLayout.self] = .init(shownTop: 560)
    }
    store.send(Self.keyboard(.didChangeFrame, Self.gone), at: 4) {
      $0.keyboard.frame = Self.gone
      $0.keyboard.visibleHeight = 0
      $0.inputBar.frame.y = 980
      $0.list.contentInset.bottom = 44
      $0[memoryOf: KeyboardLayoutGuideLayout.self] = .init(shownTop: nil)
    }
  }

  @Test func growingDrawsTheBoxIntoTheSplitKeyboard() {
    let docked = Rect(x: 0, y: 680, width: 768, height: 344)
    let split = Rect(x: 0, y: 520, width: 768, height: 256)
    var store = store(
      GrowingLayout(), on: Self.sixth,
      after: [
        Self.keyboard(.willShow, docked),
        Self.keyboard(.willHide, Rect(x: 0, y: -264, width: 768, height: 344)),
      ])
    store.send(Self.keyboard(.didChangeFrame, split), at: 3) {
      // The resting box (974…1024) is below the split keyboard (520…776).
      $0.keyboard.frame = split
      $0.diagnostics = []
    }
    store.send(.textChange(text: "Hi"), at: 4) {
      // The box drawn over the docked keyboard's place, 630…680, inside the split keyboard.
      $0.inputBar.text = "Hi"
      $0.inputBar.frame = Rect(x: 0, y: 630, width: 695, height: 50)
      $0.list.frame.height = 610
      $0.keyboard.visibleHeight = 344
      $0.diagnostics = [
        .outsideContainer(
          child: .sendButton, childMinX: 697, childMaxX: 767, container: .box,
          containerWidth: 695),
        .keyboardOverlap(overlap: 50, inputBarMaxY: 680, keyboardMinY: 520),
      ]
    }
  }

  @Test func scrollToFieldLeavesTheFieldAboveTheSplitKeyboard() {
    var store = store(
      ScrollToFieldLayout(), on: Self.sixth, messages: Self.rows,
      after: [
        Self.keyboard(.willShow, Self.docked), Self.keyboard(.willHide, Self.undocking),
      ])
    store.send(Self.keyboard(.didChangeFrame, Self.split), at: 3) {
      // The field ends at 196; the split keyboard's top is 560.
      $0.keyboard.frame = Self.split
      $0.diagnostics = [.keyboardGap(gap: 364, inputBarMaxY: 196, keyboardMinY: 560)]
    }
  }

  @Test func accessoryRidesTheSplitKeyboardAndDocksOnItsZeroHeightFrame() {
    var store = store(
      AccessoryLayout(), on: Self.sixth, messages: [.init(from: .me, text: "a")],
      after: [Self.keyboard(.willChangeFrame, Rect(x: 0, y: 670, width: 768, height: 354))])
    let split = Rect(x: 0, y: 510, width: 768, height: 266)
    store.send(Self.keyboard(.didChangeFrame, split), at: 2) {
      // The container at 510…560, the split keyboard's 216 below.
      $0.inputBar.frame.y = 510
      $0.keyboard.frame = Self.split
      $0.keyboard.visibleHeight = 216
      $0[memoryOf: AccessoryLayout.self] = .init(shownFrame: split)
    }
    store.send(Self.keyboard(.didChangeFrame, Self.gone), at: 3) {
      // Zero height, no taller than the docked 50: docked at 1024 − 50.
      $0.inputBar.frame = Rect(x: 0, y: 974, width: 768, height: 50)
      $0.keyboard.frame = Rect(x: 0, y: 1024, width: 768, height: 0)
      $0.keyboard.visibleHeight = 0
      $0[memoryOf: AccessoryLayout.self] = .init(shownFrame: nil)
    }
  }
}
