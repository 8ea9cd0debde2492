import ChatReplay
import ReplayTestSupport
import Testing

/// The wording and ids of the diagnostics the `growing`, `scroll-to-field` and `accessory`
/// layouts add, and how a recording picks its layout.
struct LayoutDiagnosticTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var diagnostic: Diagnostic
    var id: String
    var message: String
    var testDescription: String { id }
  }

  static let cases = [
    Case(
      diagnostic: .crash(reason: .frameEndMissing), id: "crash",
      message: "the app would crash: willShow has no frameEnd (as! NSValue on nil)"),
    Case(
      diagnostic: .doubledOrigin(convertedMaxY: 748, fieldMaxY: 396), id: "doubled-origin",
      message:
        "the field converted from its own coordinates ends at 748, but it ends at 396 (origin counted twice)"
    ),
    Case(
      diagnostic: .duplicateObserver(count: 3), id: "duplicate-observer",
      message:
        "keyboard notifications run their handler 3 times (viewWillDisappear removes with object: view.window, which matches no registration)"
    ),
    Case(
      diagnostic: .emptyMessage(index: 0), id: "empty-message",
      message: "message 0 is the empty string (the seed's [String()])"),
    Case(
      diagnostic: .outsideContainer(
        child: .sendButton, childMinX: 304, childMaxX: 374, container: .box,
        containerWidth: 302), id: "outside-container",
      message:
        "the send button spans x 304...374 but the box is 302 pt wide: touches beyond it are lost"),
  ]

  @Test(arguments: cases) func diagnosticIsWordedWithItsNumbers(_ item: Case) {
    #expect(item.diagnostic.id == item.id)
    #expect(item.diagnostic.message == item.message)
    #expect(Diagnostic.Kind(rawValue: item.id) != nil)
  }

  @Test func headerPicksTheLayoutAndTheOptionOverridesIt() throws {
    let header = SessionHeader(layout: .accessory)
    #expect(
      try Replayer.Options().screen(for: header).layout as? AccessoryLayout == AccessoryLayout())
    #expect(
      try Replayer.Options(layout: .growing).screen(for: header).layout as? GrowingLayout
        == GrowingLayout())
    #expect(
      LayoutID.allCases == [
        .rxkeyboard, .growing, .scrollToField, .accessory, .keyboardLayoutGuide,
      ])
  }
}
