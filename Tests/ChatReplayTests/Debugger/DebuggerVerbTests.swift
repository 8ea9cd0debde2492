import ChatReplay
import ReplayTestSupport
import Testing

/// The gdb verbs on ``DebuggerFixture`` (its numbers are worked out in its comment).
struct DebuggerVerbTests {
  @Test func breakAtAStepOrATimeStopsOnArrival() {
    var debugger = DebuggerFixture.debugger()
    #expect(debugger.run("break 3") == "Breakpoint 1: at step 3")
    // t = 2.5 s: the last step at or before it is step 2 (t = 2).
    #expect(debugger.run("break @2.5s") == "Breakpoint 2: at step 2 (@2.5s)")
    #expect(debugger.run("c").hasPrefix("Hit breakpoint 2: at step 2 (@2.5s)\nstep 2 of 4"))
    #expect(debugger.run("c").hasPrefix("Hit breakpoint 1: at step 3\nstep 3 of 4"))
    #expect(debugger.run("rc").hasPrefix("Hit breakpoint 2: at step 2 (@2.5s)\nstep 2 of 4"))
  }

  @Test func tbreakIsDeletedAfterItsFirstStop() {
    var debugger = DebuggerFixture.debugger()
    #expect(
      debugger.run("tbreak when event sendTap") == "Temporary breakpoint 1: when event sendTap")
    expectNoDifference(
      debugger.run("continue"),
      """
      Hit breakpoint 1: when event sendTap
      step 3 of 4  t=3s  line 4: sendTap  [rxkeyboard]
        new: keyboard-gap (since step 1): input bar bottom 482 is 34 pt above the keyboard top 516
      Temporary breakpoint 1 deleted.
      """)
    #expect(debugger.run("info breakpoints") == "No breakpoints or watchpoints.")
  }

  @Test func disabledBreakpointsDoNotStopAndEnableTurnsThemBackOn() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("break 2", "watch inputBar.text")
    #expect(debugger.run("disable") == "Disabled 1 breakpoint and 1 watchpoint.")
    #expect(
      debugger.run("c").hasPrefix(
        "Reached the end of the recording: no breakpoints or watchpoints are enabled."))
    _ = debugger.run("goto 0")
    #expect(debugger.run("enable 2") == "Enabled watchpoint 2.")
    #expect(debugger.run("c").hasPrefix("Hit watchpoint 2: inputBar.text: \"\" → \"Yo\"\nstep 2"))
  }

  @Test func conditionAndIgnoreFilterTheStops() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("watch list.contentInset.bottom")
    // The inset changes at step 1 (44 → 380) and step 4 (380 → 44).
    #expect(
      debugger.run("condition 1 keyboard.visibleHeight == 0")
        == "Watchpoint 1 stops only when keyboard.visibleHeight == 0.")
    #expect(
      debugger.run("c").hasPrefix("Hit watchpoint 1: list.contentInset.bottom: 380 → 44\nstep 4"))
    _ = debugger.run("goto 0", "condition 1")
    #expect(debugger.run("ignore 1 1") == "Will ignore the next stop at watchpoint 1.")
    #expect(
      debugger.run("c").hasPrefix("Hit watchpoint 1: list.contentInset.bottom: 380 → 44\nstep 4"))
    // Hits count ignored stops too: steps 4 (condition), 1 (ignored) and 4.
    #expect(debugger.run("info breakpoints").contains("1    watchpoint  keep  y    3     "))
  }

  @Test func commandsRunAfterEachStop() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("break when event sendTap")
    #expect(debugger.prompt == "(replay) ")
    #expect(
      debugger.run("commands")
        == "Type commands for breakpoint 1, one per line; end with a line saying 'end'.")
    #expect(debugger.prompt == ">")
    #expect(debugger.run("print messageCount") == "")
    #expect(debugger.run("end") == "")
    #expect(debugger.prompt == "(replay) ")
    #expect(debugger.run("c").hasSuffix("516\nmessageCount = 2"))
  }

  @Test func untilRunsToAStepUnlessABreakpointStopsFirst() {
    var debugger = DebuggerFixture.debugger()
    #expect(debugger.run("until 2").hasPrefix("step 2 of 4"))
    _ = debugger.run("goto 0", "break 1")
    #expect(debugger.run("advance 3").hasPrefix("Hit breakpoint 1: at step 1\nstep 1 of 4"))
    #expect(debugger.run("until 0") == "Step 0 is behind step 1; 'goto' goes back.")
  }

  @Test func marksNameSteps() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("goto 3")
    #expect(debugger.run("mark sent") == "Mark ':sent' is step 3.")
    _ = debugger.run("goto 0")
    #expect(debugger.run("goto :sent").hasPrefix("step 3 of 4"))
    #expect(debugger.run("goto :nope") == "Error: no mark ':nope'; the marks are :sent")
    _ = debugger.run("next")
    #expect(debugger.run("mark sent") == "Mark ':sent' is step 4 (moved from step 3).")
  }

  @Test func reverseNextIsBack() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("goto 3", "rn")
    #expect(debugger.step == 2)
    _ = debugger.run("reverse-step 2")
    #expect(debugger.step == 0)
  }

  @Test func assertPrintsNothingWhenItHoldsAndFailsWithTheValues() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("next")
    #expect(debugger.execute("assert keyboard.visibleHeight == 336") == Debugger.Reply(text: ""))
    // 852 − 34 − 336 = 482.
    #expect(
      debugger.execute("assert inputBar.frame.maxY >= 516 \"bar on the keyboard\"")
        == Debugger.Reply(
          text:
            "Error: assertion failed at step 1: bar on the keyboard: inputBar.frame.maxY >= 516 (inputBar.frame.maxY = 482)",
          isFailure: true))
    #expect(debugger.execute("assert event keyboard willChangeFrame").isFailure == false)
    #expect(debugger.execute("assert inputBar.text == \"\"").isFailure == false)
  }

  @Test func wordingForWatchpointsIndexesAndTheEnd() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("watch inputBar.text", "break 2", "watch keyboard.visibleHeight")
    #expect(debugger.run("delete 1") == "Deleted watchpoint 1.")
    #expect(debugger.run("delete") == "Deleted 1 breakpoint and 1 watchpoint.")
    #expect(debugger.run("delete") == "No breakpoints or watchpoints to delete.")
    expectNoDifference(
      debugger.run("p messages[99]"),
      "Error: messages[99] is out of range: this step has 1 (messages[0]…messages[0], or messages[-1] for the last)"
    )
    #expect(
      debugger.run("events 2 40").hasSuffix(
        "  4  t=4s  line 5: keyboard willHide → (0, 852, 393×336)"))
  }

  @Test func didYouMeanOnlyWhenClose() {
    var debugger = DebuggerFixture.debugger()
    #expect(Suggestion.nearest(to: "bt", in: ["b", "next"]) == nil)
    #expect(Suggestion.nearest(to: "nxt", in: ["b", "next"]) == "next")
    #expect(debugger.run("zz") == "Error: unknown command 'zz'; 'help' lists the commands")
    #expect(
      debugger.run("watch foo") == "Error: no path 'foo' in the state; 'print' shows them all")
  }

  /// 3,000 steps whose event changes nothing after the first (the same text again).
  static func longDebugger() -> Debugger {
    var text =
      #"{"type":"session","version":1,"device":{"model":"Test","screen":{"width":393,"height":852},"safeArea":{"top":59,"left":0,"bottom":34,"right":0}}}"#
    for step in 1...3000 { text += "\n" + #"{"t":\#(step),"type":"textChange","text":"a"}"# }
    guard case .success(let timeline) = Timeline.load(Array((text + "\n").utf8)) else {
      preconditionFailure("the long recording does not load")
    }
    return Debugger(timeline: timeline)
  }

  @Test func aCancelledScanStopsWhereItGotToAndKeepsTheBreakpoints() {
    var debugger = Self.longDebugger()
    _ = debugger.run("watch keyboard.frame.y", "display inputBar.text")
    // The scan looks at the check every 1,024 steps it visits: forwards from 0 that is step 1024.
    expectNoDifference(
      debugger.execute("continue", isCancelled: { _ in true }).text,
      """
      Interrupted (Ctrl-C) after searching steps 0…1024; breakpoints, watchpoints and displays are kept.
      step 1024 of 3000  t=1024s  line 1025: textChange "a"  [rxkeyboard]
        1: inputBar.text = "a"
      """)
    _ = debugger.run("goto last")
    // Backwards from 3000 the 1,024th step visited is 2999 − 1023 = 1976.
    #expect(
      debugger.execute("reverse-continue", isCancelled: { _ in true }).text.hasPrefix(
        "Interrupted (Ctrl-C) after searching steps 1976…3000;"))
    #expect(debugger.run("info watchpoints").contains("keyboard.frame.y"))
    #expect(
      debugger.run("c").hasPrefix(
        "Reached the end of the recording: no breakpoint or watchpoint fired."))
  }

  @Test func aCancelledBlameOrDiagnosticsAllSaysWhereItStopped() {
    var debugger = Self.longDebugger()
    // Both look at the check every 1,024 steps: blame first at step 1024, diagnostics at step 0.
    #expect(
      debugger.execute("blame keyboard.frame.y", isCancelled: { _ in true })
        == Debugger.Reply(
          text: "Error: 'blame' stopped by Ctrl-C at step 1024 of 3000; nothing else changed",
          isFailure: true))
    #expect(
      debugger.execute("diagnostics all", isCancelled: { _ in true }).text
        == "Error: 'diagnostics all' stopped by Ctrl-C at step 0 of 3000; nothing else changed")
    #expect(debugger.step == 0)
  }

  @Test func printEvaluatesArithmeticAndComparisons() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("next")
    // 336 + 10; maxY 482 − keyboard y 516 = −34.
    #expect(debugger.run("p keyboard.visibleHeight + 10") == "keyboard.visibleHeight + 10 = 346")
    #expect(
      debugger.run("print inputBar.frame.maxY - keyboard.frame.y")
        == "inputBar.frame.maxY - keyboard.frame.y = -34")
    // 2 + 3 × 4 = 14: multiplication first.
    #expect(debugger.run("print 2 + 3 * 4") == "2 + 3 * 4 = 14")
    #expect(
      debugger.run("print inputBar.frame.maxY - keyboard.frame.y < 0")
        == "inputBar.frame.maxY - keyboard.frame.y < 0 = true")
    #expect(
      debugger.run("print keyboard.visibleHeight / 0")
        == "Error: 'keyboard.visibleHeight / 0' does arithmetic on something that is not a number (or divides by zero): keyboard.visibleHeight = 336"
    )
    #expect(
      debugger.run("break when inputBar.frame.maxY - keyboard.frame.y == 0")
        == "Breakpoint 1: when inputBar.frame.maxY - keyboard.frame.y == 0")
  }
}
