import ChatReplay
import ReplayTestSupport
import Testing

/// `why`'s formulas for each layout, with a step's numbers worked out by hand (iPhone 15: 393 ×
/// 852, safe area 59 top and 34 bottom; `FixedWidthMeasurer`: a one-line balloon is 37 high).
struct LayoutExplanationTests {
  func state(_ layout: LayoutID, messages: [String] = [], events: [Event] = []) -> ChatState {
    let screen = ChatScreen(layout: layout, measurer: FixedWidthMeasurer())
    var state = screen.initialState(
      header: SessionHeader(
        device: .iPhone15, messages: messages.map { InitialMessage(from: .other, text: $0) }))
    for (index, event) in events.enumerated() {
      screen.reduce(into: &state, TimedEvent(t: Double(index + 1), event: event))
    }
    return state
  }

  func formulas(_ path: String, in state: ChatState) -> [String] {
    StatePath(parsing: path).flatMap { state.explain($0) }?.formulas ?? []
  }

  func keyboard(_ name: KeyboardNotification.Name, _ frame: Rect) -> Event {
    .keyboard(KeyboardNotification(name: name, frameEnd: frame, duration: 0.25, curve: 7))
  }

  @Test func rxkeyboardOffsetAfterASendIsTheScrollToItemFormulaKeptInRange() {
    // "Yo" lands at 10 + 37 + 6 = 53…90; adjusted bottom 336 + 44 + 34 = 414: 90 + 414 − 852 =
    // −348, kept within −103…max(100 + 414 − 852, −103) = −103.
    let sent = state(
      .rxkeyboard, messages: ["Hi"],
      events: [
        keyboard(.willChangeFrame, Rect(x: 0, y: 516, width: 393, height: 336)),
        .textChange(text: "Yo"), .sendTap,
      ])
    #expect(
      formulas("list.contentOffset.y", in: sent) == [
        "list.contentOffset.y = messages[-1].frame.maxY + adjustedContentInset.bottom − "
          + "list.frame.height = 90 + 414 − 852 = −348",
        "list.contentOffset.y = min(max(−348, −103), −103) = −103 (within the offsets the list "
          + "can rest at)",
      ])
    // The navigation bar's 44 is the layout's constant: 0 + 59 + 44.
    #expect(
      formulas("list.adjustedContentInset.top", in: sent) == [
        "list.adjustedContentInset.top = contentInset.top + safeArea.top + navigationBarHeight = "
          + "0 + 59 + 44 = 103"
      ])
  }

  @Test func growingBoxIsDrawnWithItsOldHeight() {
    // willShow (0, 476, 393, 376): the box at 852 − 376 − 50 = 426.
    let shown = state(
      .growing, events: [keyboard(.willShow, Rect(x: 0, y: 476, width: 393, height: 376))])
    #expect(
      formulas("inputBar.frame.y", in: shown) == [
        "inputBar.frame.y = H − frKeyboard.height − oldBoxHeight = 852 − 376 − 50 = 426"
      ])
    // The table: 852 − 59 − 376 − 50 = 367.
    #expect(
      formulas("list.frame.height", in: shown) == [
        "list.frame.height = H − safeArea.top − frKeyboard.height − box.height = "
          + "852 − 59 − 376 − 50 = 367"
      ])
  }

  @Test func scrollToFieldPlacesTheFieldBelowItsRows() {
    // Two rows of 44: the field's row at 88, shown at 0 + 88 − (−59) = 147.
    let rest = state(.scrollToField, messages: ["a", "b"])
    #expect(
      formulas("inputBar.frame.y", in: rest) == [
        "inputBar.frame.y = list.frame.minY + fieldY − contentOffset.y = 0 + 88 − (−59) = 147"
      ])
    #expect(
      formulas("list.contentSize.height", in: rest) == [
        "list.contentSize.height = messages.count × rowHeight + inputBar.height = 2 × 44 + 44 = 132"
      ])
  }

  @Test func accessoryDocksWithTheSafeArea() {
    let rest = state(.accessory)
    #expect(
      formulas("inputBar.frame.y", in: rest) == [
        "inputBar.frame.y = H − (textField.height + 2 × inputBar.padding + safeArea.bottom) = "
          + "852 − 84 = 768"
      ])
    #expect(
      formulas("list.adjustedContentInset.bottom", in: rest) == [
        "list.adjustedContentInset.bottom = contentInset.bottom + max(0, list.frame.maxY − (H − "
          + "safeArea.bottom)) = 0 + 34 = 34"
      ])
  }

  @Test func keyboardLayoutGuidePinsTheBarToTheGuide() {
    let shown = state(
      .keyboardLayoutGuide,
      events: [keyboard(.willChangeFrame, Rect(x: 0, y: 516, width: 393, height: 336))])
    #expect(
      formulas("inputBar.frame.y", in: shown) == [
        "keyboardLayoutGuide.top = keyboard.frame.minY = 516",
        "inputBar.frame.y = keyboardLayoutGuide.top − inputBar.height = 516 − 44 = 472",
      ])
    // 852 − 472 − 34 = 346.
    #expect(
      formulas("list.contentInset.bottom", in: shown) == [
        "list.contentInset.bottom = H − inputBar.frame.minY − safeArea.bottom = 852 − 472 − 34 = 346"
      ])
  }

  @Test func everyLayoutExplainsTheCommonPaths() {
    let paths = [
      "inputBar.frame.y", "inputBar.frame.height", "keyboard.visibleHeight",
      "list.adjustedContentInset.top", "list.adjustedContentInset.bottom",
      "list.contentSize.height", "inputBar.sendEnabled",
    ]
    for id in LayoutID.allCases {
      let rest = state(id, messages: ["a"])
      let unexplained = paths.filter { path in
        StatePath(parsing: path).flatMap { rest.explain($0) } == nil
      }
      #expect(unexplained == [], "\(id.rawValue)")
    }
  }
}
