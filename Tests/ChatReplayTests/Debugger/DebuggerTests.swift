import ChatReplay
import ReplayTestSupport
import Testing

/// Each command's output on ``DebuggerFixture``, whose numbers are worked out in its comment.
struct DebuggerTests {
  @Test func openingNamesTheRecordingAndStopsAtStepZero() {
    var debugger = DebuggerFixture.debugger()
    expectNoDifference(
      debugger.opening(file: "fixture.jsonl"),
      """
      fixture.jsonl: rxkeyboard (RxKeyboard 1.0.0) on Test, 393×852 pt, safe area 59/0/34/0
      5 steps (0…4). Type 'help' for commands, 'quit' to leave.
      step 0 of 4  t=0s  start (header at line 1)  [rxkeyboard]
        new: bad-index: scrollToItem(at: item -1) but the list has items 0..<1
      """)
  }

  @Test func nextStopsWithTheWhereLineAndNewDiagnostics() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.opening(file: "fixture.jsonl")
    // Gap 516 − 482 = 34; offset 233 above the maximum max(57 + 414 − 852, −103) = −103.
    expectNoDifference(
      debugger.run("next"),
      """
      step 1 of 4  t=1s  line 2: keyboard willChangeFrame → (0, 516, 393×336)  [rxkeyboard]
        new: keyboard-gap: input bar bottom 482 is 34 pt above the keyboard top 516
        new: offset-out-of-range: contentOffset.y 233 is outside -103...-103
        gone: bad-index
      """)
  }

  @Test func blankLineRepeatsTheLastMovement() {
    var debugger = DebuggerFixture.debugger()
    #expect(debugger.run("") == "")
    _ = debugger.run("next 2")
    #expect(debugger.step == 2)
    #expect(debugger.run("print inputBar.text") == "inputBar.text = \"Yo\"")
    _ = debugger.run("")
    #expect(debugger.step == 4)
    _ = debugger.run("back")
    _ = debugger.run("")
    #expect(debugger.step == 2)
  }

  @Test func gotoTakesStepsCountsFromTheEndAndTimes() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("goto -1")
    #expect(debugger.step == 4)
    _ = debugger.run("goto @2.5s")
    #expect(debugger.step == 2)
    _ = debugger.run("goto @0.5")
    #expect(debugger.step == 0)
    _ = debugger.run("goto last")
    _ = debugger.run("goto first")
    #expect(debugger.step == 0)
    expectNoDifference(
      debugger.run("goto 9"),
      "Error: step 9 is out of range; the recording has 5 steps (0…4), -1 is the last")
    expectNoDifference(
      debugger.run("goto -6"),
      "Error: step -6 is out of range; the recording has 5 steps (0…4), -1 is the last")
    #expect(debugger.step == 0)
    expectNoDifference(debugger.run("back"), "Already at step 0; 'next' or 'goto' moves elsewhere.")
  }

  @Test func printShowsPathsByTheirJSONNames() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("next")
    // 852 − 34 − 336 = 482; y = 482 − 44 = 438.
    #expect(debugger.run("print inputBar.frame.maxY") == "inputBar.frame.maxY = 482")
    #expect(
      debugger.run("print inputBar.frame")
        == "inputBar.frame = (x: 0, y: 438, width: 393, height: 44)")
    #expect(debugger.run("p messages[-1].text") == "messages[-1].text = \"Hi\"")
    expectNoDifference(
      debugger.run("print inputBar"),
      """
      inputBar: {
        frame: (x: 0, y: 438, width: 393, height: 44)
        text: ""
        sendEnabled: false
      }
      """)
    expectNoDifference(
      debugger.run("print inputBar.frme"),
      "Error: no path 'inputBar.frme' in the state; nearest: inputBar.frame, inputBar.frame.x, inputBar.frame.y"
    )
  }

  @Test func eventShowsTheLineThatProducedTheState() {
    var debugger = DebuggerFixture.debugger()
    expectNoDifference(
      debugger.run("event"),
      "Error: step 0 is the state before any event; 'next' goes to the first event")
    _ = debugger.run("goto 2")
    #expect(debugger.run("event") == #"line 3: {"t":2,"type":"textChange","text":"Yo"}"#)
  }

  @Test func eventsMarksTheCurrentStep() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("goto 2")
    expectNoDifference(
      debugger.run("events"),
      """
        0  t=0s  (start)
        1  t=1s  line 2: keyboard willChangeFrame → (0, 516, 393×336)
      → 2  t=2s  line 3: textChange "Yo"
        3  t=3s  line 4: sendTap
        4  t=4s  line 5: keyboard willHide → (0, 852, 393×336)
      """)
  }

  @Test func diffShowsOnlyWhatChanged() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("goto 3")
    // sendTap: "Yo" appended at y 53 (frame width 393), content 53 + 37 + 10 = 100, offset 233 → −103.
    expectNoDifference(
      debugger.run("diff"),
      """
      diff step 2 → 3 (Before: −, After: +)
        received event (line 4):
          sendTap
        ChatState(
          … (4 unchanged)
          inputBar: {
            … (1 unchanged)
      −     text: "Yo"
      +     text: ""
      −     sendEnabled: true
      +     sendEnabled: false
          }
          list: {
            … (3 unchanged)
      −     contentOffset: (y: 233)
      +     contentOffset: (y: -103)
      −     contentSize: (height: 57)
      +     contentSize: (height: 100)
          }
      −   messageCount: 1
      +   messageCount: 2
          diagnostics: [
            … (1 unchanged)
      −     [1]: {
      −       id: "offset-out-of-range"
      −       message: "contentOffset.y 233 is outside -103...-103"
      −       offsetY: 233
      −       minimum: -103
      −       maximum: -103
      −     }
          ]
          messages: [
            … (1 unchanged)
      +     [1]: {
      +       from: "me"
      +       text: "Yo"
      +       frame: (x: 0, y: 53, width: 393, height: 37)
      +     }
          ]
        )
      """)
    _ = debugger.run("goto 2")
    #expect(debugger.run("diff 2 2").hasSuffix("  (No state changes)"))
  }

  @Test func whyGivesTheRuleTheFormulaAndTheStepOfEachInput() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("goto 3")
    expectNoDifference(
      debugger.run("why inputBar.frame.maxY"),
      """
      inputBar.frame.maxY = 482
        rule (rxkeyboard): RxKeyboard's visibleHeight drives the input bar's bottom constraint: its bottom
          edge sits at H − safeArea.bottom − visibleHeight. visibleHeight is not reduced by the safe area,
          so with a home indicator the bar floats safeArea.bottom above a shown keyboard.
        inputBar.frame.maxY = H − safeArea.bottom − visibleHeight = 852 − 34 − 336 = 482
        inputs:
          H = screen.height = 852                      since step 0 (the header, line 1)
          safeArea.bottom = 34                         since step 0 (the header, line 1)
          visibleHeight = keyboard.visibleHeight = 336 step 1 (line 2: keyboard willChangeFrame → (0, 516, 393×336))
        last change: step 1 (line 2: keyboard willChangeFrame → (0, 516, 393×336)) (818 → 482)
      """)
  }

  @Test func whyFallsBackToTheLastChangeWithoutARule() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("goto 4")
    expectNoDifference(
      debugger.run("why inputBar.text"),
      """
      inputBar.text = ""
        no rxkeyboard rule explains inputBar.text yet; what changed it:
        last change: step 3 (line 4: sendTap) ("Yo" → "")
      """)
  }

  @Test func blameListsEveryChangeAndMarksTheCurrentValue() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("goto 2")
    expectNoDifference(
      debugger.run("blame keyboard.visibleHeight"),
      """
      blame keyboard.visibleHeight: 2 changes in steps 0…4; now 336, set at step 1
        step 0 t=0s header 1 0       (initial value)
        step 1 t=1s line 2   0 → 336 keyboard willChangeFrame → (0, 516, 393×336)  ← current value
        step 4 t=4s line 5   336 → 0 keyboard willHide → (0, 852, 393×336)  (later)
      by event: keyboard willChangeFrame ×1, keyboard willHide ×1
      """)
    // maxY is derived from y and height: 818 → 482 → 818.
    #expect(
      debugger.run("blame inputBar.frame.maxY").hasPrefix("blame inputBar.frame.maxY: 2 changes"))
    #expect(debugger.run("blame safeArea").hasPrefix("blame safeArea: never changed"))
    // "Yo" is appended by the sendTap of step 3; "Hi" was there from the start.
    expectNoDifference(
      debugger.run("blame messages[1].text"),
      """
      blame messages[1].text: 1 change in steps 0…4; now (none), as at step 0
        step 0 t=0s header 1 (none)        (initial value)  ← current value
        step 3 t=3s line 4   (none) → "Yo" sendTap  (later)
      by event: sendTap ×1
      """)
    let first = debugger.run("blame messages[0].text")
    #expect(first.hasPrefix("blame messages[0].text: never changed"))
  }

  @Test func blameOfOneDiagnosticsFieldListsOnlyTheStepsThatChangedIt() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("goto 4")
    // The fixture's diagnostics: step 0 bad-index; steps 1 and 2 keyboard-gap, then
    // offset-out-of-range; step 3 keyboard-gap alone (the offset one gone); step 4 none. So
    // diagnostics[0].id is "bad-index", then "keyboard-gap" from step 1, then nothing at step 4:
    // two changes. Step 3 changed the diagnostics, not their first id, and is not one of them.
    // The fourth column is as wide as its widest cell, "bad-index" → "keyboard-gap" (11 + 3 +
    // 14 = 28 characters): "bad-index" is padded by 17, "keyboard-gap" → (none) (23) by 5.
    expectNoDifference(
      debugger.run("blame diagnostics[0].id"),
      """
      blame diagnostics[0].id: 2 changes in steps 0…4; now (none), set at step 4
        step 0 t=0s header 1 "bad-index"                  (initial value)
        step 1 t=1s line 2   "bad-index" → "keyboard-gap" keyboard willChangeFrame → (0, 516, 393×336)
        step 4 t=4s line 5   "keyboard-gap" → (none)      keyboard willHide → (0, 852, 393×336)  ← current value
      by event: keyboard willChangeFrame ×1, keyboard willHide ×1
      """)
    // diagnostics[1].id: none, then "offset-out-of-range" at step 1, gone at step 3.
    #expect(
      debugger.run("blame diagnostics[1].id").hasPrefix(
        "blame diagnostics[1].id: 2 changes in steps 0…4; now (none), set at step 3"))
    // The list as a whole changed at steps 1, 3 and 4.
    #expect(
      debugger.run("blame diagnostics").hasPrefix(
        "blame diagnostics: 3 changes in steps 0…4; now [], set at step 4"))
  }

  @Test func blameOfADiagnosticsMemberFollowsThatMemberAlone() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("goto 4")
    // diagnostics[0] is bad-index at step 0 (item -1: the rxkeyboard layout scrolls to item
    // count - 1 = 0 - 1 of a list that has 1), keyboard-gap from step 1, none at step 4. Only
    // bad-index has an `item`: it goes at step 1, and step 4 leaves it gone.
    expectNoDifference(
      debugger.run("blame diagnostics[0].item"),
      """
      blame diagnostics[0].item: 1 change in steps 0…4; now (none), set at step 1
        step 0 t=0s header 1 -1          (initial value)
        step 1 t=1s line 2   -1 → (none) keyboard willChangeFrame → (0, 516, 393×336)  ← current value
      by event: keyboard willChangeFrame ×1
      """)
    // Only keyboard-gap has a `gap`: 34 from step 1 (keyboard top 852 - 336 = 516, input bar
    // bottom 852 - 336 - 34 = 482, 516 - 482 = 34); step 3 keeps it (the offset diagnostic
    // went, not this one); step 4 takes it away.
    #expect(
      debugger.run("blame diagnostics[0].gap").hasPrefix(
        """
        blame diagnostics[0].gap: 2 changes in steps 0…4; now (none), set at step 4
          step 0 t=0s header 1 (none)      (initial value)
          step 1 t=1s line 2   (none) → 34 keyboard willChangeFrame
        """))
    // A member no diagnostic has never changes.
    #expect(
      debugger.run("blame diagnostics[0].nothing").hasPrefix(
        "blame diagnostics[0].nothing: never changed in steps 0…4; now (none), as at step 0"))
  }

  @Test func blameOfTheTimeListsTheStepsWhoseEventCameLater() {
    // The fixture with its second event at t=1 like the first, and its fourth at t=3 like the
    // third: the time changes at step 1 (0 → 1) and step 3 (1 → 3) only.
    let text = DebuggerFixture.text.replacing(#""t":2,"#, with: #""t":1,"#)
      .replacing(#""t":4,"#, with: #""t":3,"#)
    guard case .success(let timeline) = Timeline.load(Array(text.utf8)) else {
      Issue.record("the fixture did not load")
      return
    }
    var debugger = Debugger(timeline: timeline)
    _ = debugger.run("goto 4")
    expectNoDifference(
      debugger.run("blame t"),
      """
      blame t: 2 changes in steps 0…4; now 3, set at step 3
        step 0 t=0s header 1 0     (initial value)
        step 1 t=1s line 2   0 → 1 keyboard willChangeFrame → (0, 516, 393×336)
        step 3 t=3s line 4   1 → 3 sendTap  ← current value
      by event: keyboard willChangeFrame ×1, sendTap ×1
      """)
    // The step changes at every step.
    #expect(debugger.run("blame step").hasPrefix("blame step: 4 changes in steps 0…4"))
  }

  @Test func breakpointsStopWhereTheirExpressionBecomesTrue() {
    var debugger = DebuggerFixture.debugger()
    #expect(debugger.run("break when event sendTap") == "Breakpoint 1: when event sendTap")
    expectNoDifference(
      debugger.run("continue"),
      """
      Hit breakpoint 1: when event sendTap
      step 3 of 4  t=3s  line 4: sendTap  [rxkeyboard]
        new: keyboard-gap (since step 1): input bar bottom 482 is 34 pt above the keyboard top 516
      """)
    expectNoDifference(
      debugger.run("c"),
      """
      Reached the end of the recording: no breakpoint or watchpoint fired.
      step 4 of 4  t=4s  line 5: keyboard willHide → (0, 852, 393×336)  [rxkeyboard]
        gone: keyboard-gap
      """)
    _ = debugger.run("delete 1")
    _ = debugger.run("break when keyboard.visibleHeight > 300")
    expectNoDifference(
      debugger.run("rc"),
      """
      Hit breakpoint 2: when keyboard.visibleHeight > 300
      step 1 of 4  t=1s  line 2: keyboard willChangeFrame → (0, 516, 393×336)  [rxkeyboard]
        new: keyboard-gap: input bar bottom 482 is 34 pt above the keyboard top 516
        new: offset-out-of-range: contentOffset.y 233 is outside -103...-103
      """)
  }

  @Test func watchesStopWhereThePathChangesAndDisplaysPrintAtEveryStop() {
    var debugger = DebuggerFixture.debugger()
    #expect(
      debugger.run("watch list.contentInset.bottom")
        == "Watchpoint 1: list.contentInset.bottom (now 44)")
    #expect(debugger.run("display inputBar.text") == "  1: inputBar.text = \"\"")
    // 44 → 336 + 44 = 380 at step 1; → 0 + 44 = 44 at step 4.
    expectNoDifference(
      debugger.run("continue"),
      """
      Hit watchpoint 1: list.contentInset.bottom: 44 → 380
      step 1 of 4  t=1s  line 2: keyboard willChangeFrame → (0, 516, 393×336)  [rxkeyboard]
        1: inputBar.text = ""
        new: keyboard-gap: input bar bottom 482 is 34 pt above the keyboard top 516
        new: offset-out-of-range: contentOffset.y 233 is outside -103...-103
      """)
    #expect(
      debugger.run("c").hasPrefix(
        "Hit watchpoint 1: list.contentInset.bottom: 380 → 44\nstep 4 of 4"))
    expectNoDifference(
      debugger.run("info breakpoints"),
      """
      Num  Type        Disp  Enb  Hits  What
      1    watchpoint  keep  y    2     list.contentInset.bottom
      """)
    expectNoDifference(
      debugger.run("info display"),
      """
      Num  Path (value now)
      1    inputBar.text = ""
      """)
    expectNoDifference(
      debugger.run("delete 7"), "Error: no breakpoint 7; the breakpoints are 1")
    #expect(debugger.run("delete 1") == "Deleted watchpoint 1.")
  }

  @Test func screenDrawsTheGapBetweenBarAndKeyboard() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("goto 2")
    let lines = debugger.run("screen").split(separator: "\n").map(String.init)
    // 393 / 36 = 10.9 pt per column, 21.8 per row: 852 / 21.83 = 39.03, so 40 rows.
    #expect(lines.first == "screen at step 2: 393×852 pt; 1 column = 10.9 pt, 1 row = 21.8 pt")
    #expect(lines.count == 1 + 1 + 40 + 1 + 1)
    // The bar is 438…482: rows whose middle lies inside are 20 (447.5) and 21 (469.4). The
    // field 8…317 is columns 1–28, the send button 325…385 columns 30–34 (ScreenDrawingTests).
    #expect(lines[2 + 20] == "│ [Yo                        ] Send  │ ← inputBar 438…482")
    // The gap 482…516 holds the middle of row 22 (491.2).
    #expect(lines[2 + 22] == "│░░░░░░░░░░░░ gap 34 pt ░░░░░░░░░░░░░│ ← GAP 482…516: 34 pt")
    #expect(lines.last == "( ) other  [ ] me  ░ gap  ▓ overlap  ! marked")
  }

  @Test func helpListsCommandsAndExplainsOne() {
    var debugger = DebuggerFixture.debugger()
    #expect(debugger.run("help").hasPrefix("Commands (any unambiguous prefix works"))
    expectNoDifference(
      debugger.run("help watch"),
      """
      watch PATH
        Stop where a path's value changes.
        Stops at each step whose event changed PATH, printing old → new.
      """)
    #expect(debugger.run("help wach") == "Error: no help for 'wach'; did you mean 'watch'?")
  }

  @Test func quitEndsTheSession() {
    var debugger = DebuggerFixture.debugger()
    #expect(debugger.execute("q") == Debugger.Reply(text: "", quits: true))
    let (after, reply) = Debugger.executing("next", in: debugger)
    #expect(after.step == 1)
    #expect(debugger.step == 0)
    #expect(reply.quits == false)
  }
}
