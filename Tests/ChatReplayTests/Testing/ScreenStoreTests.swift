import ChatReplay
import ChatReplayTesting
import ReplayTestSupport
import Testing

/// `ScreenStore` fails a test where a user expects it to, at the line of the `send`, with the
/// debugger's diff labelled `(Expected: −, Actual: +)`, and passes otherwise.
struct ScreenStoreTests {
  let screen = ChatScreen(layout: .rxkeyboard, measurer: FixedWidthMeasurer())
  /// The 336-pt keyboard of an iPhone 15, docked at the bottom: 852 - 336 = 516.
  let shown = Rect(x: 0, y: 516, width: 393, height: 336)

  func store() -> ScreenStore {
    ScreenStore(screen, header: SessionHeader(device: .iPhone15, messages: []))
  }

  func keyboardShows() -> Event {
    .keyboard(KeyboardNotification(name: .willChangeFrame, frameEnd: shown))
  }

  @Test func aWrongValueFailsAtTheSendWithTheDiff() {
    var store = store()
    let line = #line + 2
    withKnownIssue {
      store.send(keyboardShows(), at: 1) {
        // k = 336, so the inset is 336 + 44 = 380 and the offset -103 + 336 = 233. The bar's
        // bottom is 852 - 34 - 336 = 482, 34 pt above the keyboard's top 516; its top is
        // 482 - 44 = 438, and 482 is the mistake this test makes on purpose.
        $0.keyboard.frame = shown
        $0.keyboard.visibleHeight = 336
        $0.list.contentInset.bottom = 380
        $0.list.contentOffsetY = 233
        $0.inputBar.frame.y = 482
        $0.diagnostics = [
          .keyboardGap(gap: 34, inputBarMaxY: 482, keyboardMinY: 516),
          .offsetOutOfRange(offsetY: 233, minimum: -103, maximum: -103),
        ]
      }
    } matching: { issue in
      // Unchanged members fold in place: step, t, layout, screen, safeArea and keyboard before
      // the input bar; list, messageCount, diagnostics and messages after it.
      issue.sourceLocation?.line == line
        && issue.comments.map(\.rawValue) == [
          """
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
        ]
    }
  }

  @Test func aChangeNobodyExpectedFails() {
    var store = store()
    withKnownIssue {
      store.send(.textChange(text: "Hi"))
    } matching: { issue in
      // The draft enables Send; the initial scroll's bad-index diagnostic is not raised again.
      issue.comments.map(\.rawValue) == [
        """
        The state after step 1 is not the expected one (Expected: −, Actual: +):
          received event:
            textChange "Hi"
          ChatState(
            … (6 unchanged)
            inputBar: {
              … (1 unchanged)
        −     text: ""
        +     text: "Hi"
        −     sendEnabled: false
        +     sendEnabled: true
            }
            … (2 unchanged)
            diagnostics: [
        −     [0]: (id: "bad-index", message: "scrollToItem(at: item -1) but the list has items 0..<0", item: -1, count: 0)
            ]
            … (1 unchanged)
          )
        """
      ]
    }
  }

  @Test func withExhaustivityOffOnlyWhatIsSetIsChecked() {
    var store = store()
    store.exhaustivity = .off
    // 852 - 34 - 336 - 44 = 438; the other changes go unchecked.
    store.send(keyboardShows()) { $0.inputBar.frame.y = 438 }
    withKnownIssue {
      store.send(.textChange(text: "Hi")) { $0.inputBar.text = "Hello" }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        The state after step 2 is not the expected one (Expected: −, Actual: +):
          received event:
            textChange "Hi"
          ChatState(
            … (6 unchanged)
            inputBar: {
              … (1 unchanged)
        −     text: "Hello"
        +     text: "Hi"
              … (1 unchanged)
            }
            … (4 unchanged)
          )
        """
      ]
    }
  }

  @Test func aWrongDumpFailsWithALineDiff() {
    let store = store()
    withKnownIssue {
      // An iPhone 15 with no message, and one wrong line: the bar's top is 852 - 34 - 44 = 774,
      // not 778. The list fills the screen; adjusted insets 59 + 44 = 103 and 44 + 34 = 78; at
      // rest at -103; an empty section is 10 + 10 = 20 tall.
      store.assertState(
        """
        ChatState(
          step: 0
          t: 0
          layout: "rxkeyboard"
          screen: (width: 393, height: 852)
          safeArea: (top: 59, left: 0, bottom: 34, right: 0)
          keyboard: {
            frame: (x: 0, y: 852, width: 393, height: 0)
            visibleHeight: 0
          }
          inputBar: {
            frame: (x: 0, y: 778, width: 393, height: 44)
            text: ""
            sendEnabled: false
          }
          list: {
            frame: (x: 0, y: 0, width: 393, height: 852)
            contentInset: (top: 0, bottom: 44)
            adjustedContentInset: (top: 103, bottom: 78)
            contentOffset: (y: -103)
            contentSize: (height: 20)
          }
          messageCount: 0
          diagnostics: [
            [0]: (id: "bad-index", message: "scrollToItem(at: item -1) but the list has items 0..<0", item: -1, count: 0)
          ]
          messages: []
        )
        """)
    } matching: { issue in
      // Two lines of context around the change; the 9 lines before and 14 after fold.
      issue.comments.map(\.rawValue) == [
        """
        The state at step 0 is not the expected one (Expected: −, Actual: +):
          … (9 unchanged)
            }
            inputBar: {
        −     frame: (x: 0, y: 778, width: 393, height: 44)
        +     frame: (x: 0, y: 774, width: 393, height: 44)
              text: ""
              sendEnabled: false
          … (14 unchanged)
        """
      ]
    }
  }
}
