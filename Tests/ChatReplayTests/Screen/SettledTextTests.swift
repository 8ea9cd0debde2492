import ReplayTestSupport
import Testing

@testable import ChatReplay

/// A settled state takes a keystroke's text, or an event its layout ignores, without the layout
/// or the checks (`ChatScreen.reduceSettled`): that must give what they give, and a state changed
/// by hand is not settled.
struct SettledTextTests {
  /// Every step through the layouts that take a text alone equals the step through the layout
  /// and the checks (`reduceFully`), on realistic and adversarial streams.
  @Test(arguments: [LayoutID.rxkeyboard, .scrollToField, .accessory, .keyboardLayoutGuide])
  func takingTheTextAloneGivesWhatTheFullStepGives(layout: LayoutID) {
    let screen = ChatScreen(layout: layout, measurer: PropertyDefaults.measurer)
    var takenAlone = 0
    let recordings =
      [3, 5, 7].map { PropertyDefaults.realistic.generate(seed: $0) }
      + [4, 6, 8].map { PropertyDefaults.adversarial.generate(seed: $0) }
    for recording in recordings {
      var fast = screen.initialState(header: recording.header)
      var full = fast
      for event in recording.events {
        var probe = fast
        if screen.reduceSettled(into: &probe, event) { takenAlone += 1 }
        screen.reduce(into: &fast, event)
        screen.reduceFully(into: &full, event)
        if fast != full {
          Issue.record(
            "\(layout.rawValue), step \(full.step): \(fast.jsonLine()) against \(full.jsonLine())")
          return
        }
      }
    }
    // The property means something only if the fast path ran.
    #expect(takenAlone > 0)
  }

  /// iPhone XS, no messages, the 291-pt keyboard shown (as `RxKeyboardLayoutTests` works it
  /// out): bar bottom 812 - 34 - 291 = 487 (y 443), 34 pt above the keyboard's top 521; offset
  /// 203 against the range -88…-88.
  func shownOnIPhoneXS(_ screen: ChatScreen) -> ChatState {
    let device = Device(
      model: "iPhone XS", screen: Size(width: 375, height: 812),
      safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
    var state = screen.initialState(header: SessionHeader(device: device, messages: []))
    let frame = Rect(x: 0, y: 521, width: 375, height: 291)
    let shown = KeyboardNotification(name: .willChangeFrame, frameEnd: frame)
    screen.reduce(into: &state, TimedEvent(t: 1, event: .keyboard(shown)))
    return state
  }

  /// A keystroke taken in two parts (its step and time, then its text once the run of
  /// keystrokes ends), as `check`'s replayer and `compare`'s lanes take them, leaves the state
  /// `reduceSettled` leaves, still settled, so that the next keystroke is taken alone too.
  @Test func aKeystrokesTextTakenLaterLeavesTheStateSettled() {
    let screen = ChatScreen(layout: .rxkeyboard, measurer: PropertyDefaults.measurer)
    var whole = shownOnIPhoneXS(screen)
    var parts = whole
    #expect(screen.reduceSettled(into: &whole, TimedEvent(t: 2, event: .textChange(text: "H"))))
    #expect(screen.takeKeystrokeSettled(into: &parts, t: 2))
    ChatScreen.takeSettledText("H", into: &parts)
    #expect(parts == whole)
    #expect(parts.isSettled)
    #expect(screen.takeKeystrokeSettled(into: &parts, t: 3))
  }

  @Test func aStateChangedByHandIsCheckedAndLaidOutAgain() {
    let screen = ChatScreen(layout: .rxkeyboard, measurer: PropertyDefaults.measurer)
    var state = shownOnIPhoneXS(screen)
    let gap = Diagnostic.keyboardGap(gap: 34, inputBarMaxY: 487, keyboardMinY: 521)
    let offset = Diagnostic.offsetOutOfRange(offsetY: 203, minimum: -88, maximum: -88)
    #expect(state.diagnostics == [gap, offset])
    #expect(state.isSettled)
    screen.reduce(into: &state, TimedEvent(t: 2, event: .textChange(text: "H")))
    #expect(state.isSettled)
    // The offset moved by hand into its range -88…-88: only the gap is left.
    state.list.contentOffsetY = -88
    #expect(!state.isSettled)
    screen.reduce(into: &state, TimedEvent(t: 3, event: .textChange(text: "Hi")))
    #expect(state.diagnostics == [gap])
    // Diagnostics cleared by hand come back.
    state.diagnostics = []
    screen.reduce(into: &state, TimedEvent(t: 4, event: .textChange(text: "Hi!")))
    #expect(state.diagnostics == [gap])
    // A bar moved by hand is laid out again at y 443.
    state.inputBar.frame.y = 0
    screen.reduce(into: &state, TimedEvent(t: 5, event: .textChange(text: "Hi!!")))
    #expect(state.inputBar.frame == Rect(x: 0, y: 443, width: 375, height: 44))
    #expect(state.inputBar.text == "Hi!!")
    #expect(state.step == 5)
  }
}
