import ChatReplay
import ChatReplayTesting
import ReplayTestSupport
import Testing

/// Two states that differ only where their JSON does not look (a layout's memory) are told apart
/// by their stored properties, and how a state was reached (settled by a full step or not) is
/// not one of the differences.
struct StateDifferenceTests {
  @Test func aMemoryOnlyDifferenceNamesTheLayoutSlotAndNothingElse() {
    let screen = ChatScreen(layout: .rxkeyboard, measurer: FixedWidthMeasurer())
    var reduced = screen.initialState(header: SessionHeader(device: .iPhone15, messages: []))
    // A full step (the keyboard shows), then a keystroke the settled state takes alone.
    screen.reduce(
      into: &reduced,
      TimedEvent(
        t: 1,
        event: .keyboard(
          KeyboardNotification(
            name: .willChangeFrame, frameEnd: Rect(x: 0, y: 516, width: 393, height: 336)))))
    screen.reduce(into: &reduced, TimedEvent(t: 2, event: .textChange(text: "Hi")))
    var changed = reduced
    // Written by hand, so no longer settled; RxKeyboard's default frame is (0, H, W, 0) =
    // (0, 852, 393, 0) on an iPhone 15, and this one is another.
    changed[memoryOf: RxKeyboardLayout.self] = RxKeyboardLayout.Memory(
      defaultFrame: Rect(x: 0, y: 800, width: 393, height: 0))
    let lines = StateDifference.lines(reduced, changed)
    let named = lines.filter { $0.hasPrefix("−") || $0.hasPrefix("+") }
      .map { $0.dropFirst().drop { $0 == " " }.prefix { $0 != ":" } }
    #expect(named == ["slot", "slot"], "\(lines)")
    // Each side shows its own memory: the default frame's y, 852 against 800.
    #expect(lines.first { $0.hasPrefix("−") }?.contains("852") == true, "\(lines)")
    #expect(lines.first { $0.hasPrefix("+") }?.contains("800") == true, "\(lines)")
  }
}
