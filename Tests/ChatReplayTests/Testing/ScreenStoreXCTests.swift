import ChatReplay
import ChatReplayTesting
import ReplayTestSupport
import XCTest

// An XCTest case, not a Swift Testing suite: what it tests is the path ScreenStore takes when
// XCTest, not Swift Testing, runs the test (an app's XCTest target).
#if !canImport(ObjectiveC)
  /// `ScreenStore` in an XCTest test: a mismatching `send` fails through XCTest at the `send`'s
  /// file and line with the labelled diff and the step, and a matching one reports nothing.
  ///
  /// The failures are captured by overriding swift-corelibs-xctest's
  /// `recordFailure(withDescription:inFile:atLine:expected:)`, where `XCTFail` ends, so the test
  /// checks them instead of failing. (Apple's XCTest reports through `record(_:)` instead.)
  final class ScreenStoreXCTests: XCTestCase {
    struct Failure: Equatable {
      var description: String
      var file: String
      var line: Int
    }

    /// The failures recorded while ``captureFailures(_:)`` runs; `nil` outside it, where
    /// failures, this test's own assertions', fail the test as usual.
    private var captured: [Failure]?

    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      guard captured != nil else {
        super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        return
      }
      captured?.append(Failure(description: description, file: filePath, line: lineNumber))
    }

    /// The failures `body` records, instead of failing the test.
    func captureFailures(_ body: () -> Void) -> [Failure] {
      captured = []
      body()
      defer { captured = nil }
      return captured ?? []
    }

    /// An iPhone 15 with no message; the 336-pt keyboard is docked at 852 − 336 = 516.
    func makeStore() -> ScreenStore {
      ScreenStore(
        ChatScreen(layout: .rxkeyboard, measurer: FixedWidthMeasurer()),
        header: SessionHeader(device: .iPhone15, messages: []))
    }

    static let shown = Rect(x: 0, y: 516, width: 393, height: 336)

    /// The state after `keyboardShows()`, with the input bar's top at `inputBarY`.
    ///
    /// With k = 336: inset 336 + 44 = 380, offset −103 + 336 = 233, the bar's top 852 − 34 − 336 − 44 = 438,
    /// its bottom 482 against the keyboard's top 516 (a gap of 34, the safe area).
    static func expectShown(_ state: inout ChatState, inputBarY: Double) {
      state.keyboard.frame = shown
      state.keyboard.visibleHeight = 336
      state.list.contentInset.bottom = 380
      state.list.contentOffsetY = 233
      state.inputBar.frame.y = inputBarY
      state.diagnostics = [
        .keyboardGap(gap: 34, inputBarMaxY: 482, keyboardMinY: 516),
        .offsetOutOfRange(offsetY: 233, minimum: -103, maximum: -103),
      ]
    }

    func keyboardShows() -> Event {
      .keyboard(KeyboardNotification(name: .willChangeFrame, frameEnd: Self.shown))
    }

    func testAMismatchingSendFailsAtItsLineWithTheDiff() {
      var store = makeStore()
      // 482 for the bar's top, where 438 is right: the mistake made on purpose.
      let line = #line + 2
      let failures = captureFailures {
        store.send(keyboardShows(), at: 1) { Self.expectShown(&$0, inputBarY: 482) }
      }
      let expected = """
        The state after step 1 is not the expected one (Expected: −, Actual: +):
          received event:
            keyboard willChangeFrame → (0, 516, 393×336)
          ChatState(
            … (6 unchanged)
            inputBar: {
        −     frame: (x: 0, y: 482, width: 393, height: 44)
        +     frame: (x: 0, y: 438, width: 393, height: 44)
              … (2 unchanged)
            }
            … (4 unchanged)
          )
        """
      XCTAssertEqual(failures.count, 1)
      XCTAssertEqual(failures.first?.file, "\(#filePath)")
      XCTAssertEqual(failures.first?.line, line)
      // XCTFail prefixes "failed - "; the rest is the store's message, whole.
      let description = failures.first?.description ?? ""
      XCTAssertEqual(
        description, "failed - " + expected, LineDiff.text("failed - " + expected, description))
    }

    func testAMatchingSendReportsNothing() {
      var store = makeStore()
      let failures = captureFailures {
        store.send(keyboardShows(), at: 1) { Self.expectShown(&$0, inputBarY: 438) }
      }
      XCTAssertEqual(failures, [])
    }
  }
#endif
