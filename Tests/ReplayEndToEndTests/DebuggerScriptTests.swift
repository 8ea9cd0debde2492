import Foundation
import ReplayTestSupport
import Testing

/// The debugger as CI runs it: `-batch`, `-ex`, `-x`, `source`, `assert` and the exit status.
struct DebuggerScriptTests {
  let recording = "Recordings/basic-chat.jsonl"

  @Test func batchRunsTheExCommandsInOrderAndExitsZero() throws {
    // At step 5 the keyboard is up: visibleHeight = 852 − 516 = 336.
    let result = try ReplayBinary.run(
      [
        recording, "-batch", "-ex", "goto 5", "-ex", "assert keyboard.visibleHeight == 336",
        "-ex", "print keyboard.visibleHeight",
      ],
      input: "next\n")
    expectNoDifference(
      result.standardOutput,
      """
      step 5 of 32  t=1.84s  line 6: textChange "H"  [rxkeyboard]
        new: keyboard-gap (since step 1): input bar bottom 482 is 34 pt above the keyboard top 516
        gone: bad-index (since step 1)
      keyboard.visibleHeight = 336

      """)
    #expect(result.standardError == "")
    #expect(result.status == 0)
  }

  @Test func aFailedAssertionExitsOneWithTheValuesItRead() throws {
    let result = try ReplayBinary.run(
      [
        recording, "-batch", "-ex", "goto 5",
        "-ex", "assert keyboard.visibleHeight > 400 \"the keyboard covers the bar\"", "-ex", "next",
      ])
    #expect(result.standardOutput.hasPrefix("step 5 of 32"))
    #expect(!result.standardOutput.contains("step 6"))
    expectNoDifference(
      result.standardError,
      """
      -ex 2: Error: assertion failed at step 5: the keyboard covers the bar: keyboard.visibleHeight > 400 (keyboard.visibleHeight = 336)

      """)
    #expect(result.status == 1)
  }

  @Test func xRunsAFileAndNamesItsLineWhenOneFails() throws {
    let folder = try TemporaryDirectory()
    let script = folder.path + "/checks.replay"
    try Data(
      """
      # the bar must sit on the keyboard once it is up
      goto 2

      assert inputBar.frame.maxY == 516
      next

      """.utf8
    ).write(to: URL(fileURLWithPath: script))
    let result = try ReplayBinary.run([recording, "-x", script], input: "where\n")
    // maxY = 852 − 336 − 34 = 482, not 516: the gap the recording shows.
    expectNoDifference(
      result.standardError,
      """
      \(script):4: Error: assertion failed at step 2: inputBar.frame.maxY == 516 (inputBar.frame.maxY = 482)

      """)
    #expect(result.standardOutput.hasPrefix("step 2 of 32"))
    #expect(!result.standardOutput.contains("step 3"))
    #expect(result.status == 1)
  }

  @Test func sourceAndSaveBreakpointsRoundTrip() throws {
    let folder = try TemporaryDirectory()
    let saved = folder.path + "/breakpoints.replay"
    let first = try ReplayBinary.run(
      [recording],
      input: """
        break when event sendTap
        condition 1 messageCount > 19
        tbreak 20
        watch keyboard.visibleHeight
        disable 3
        save breakpoints \(saved)

        """)
    #expect(first.standardError == "")
    #expect(first.standardOutput.hasSuffix("Saved 2 breakpoints and 1 watchpoint to \(saved).\n"))
    let text = try String(contentsOfFile: saved, encoding: .utf8)
    expectNoDifference(
      text,
      """
      break when event sendTap
      condition $bpnum messageCount > 19
      tbreak 20
      watch keyboard.visibleHeight
      disable $bpnum

      """)
    let second = try ReplayBinary.run([recording], input: "source \(saved)\ninfo breakpoints\n")
    expectNoDifference(
      second.standardOutput,
      """
      Breakpoint 1: when event sendTap
      Breakpoint 1 stops only when messageCount > 19.
      Temporary breakpoint 2: at step 20
      Watchpoint 3: keyboard.visibleHeight (now 0)
      Disabled watchpoint 3.
      Num  Type        Disp  Enb  Hits  What
      1    breakpoint  keep  y    0     when event sendTap
           stop only when messageCount > 19
      2    breakpoint  del   y    0     at step 20
      3    watchpoint  keep  n    0     keyboard.visibleHeight

      """)
    #expect(second.status == 0)
  }

  @Test func notAtATerminalThereIsNoBannerAndEndOfInputExitsZero() throws {
    let result = try ReplayBinary.run([recording], input: "")
    #expect(result.standardOutput == "")
    #expect(result.standardError == "")
    #expect(result.status == 0)
  }

  @Test func debuggerFlagsNeedTheDebugger() throws {
    let result = try ReplayBinary.run([recording, "--json", "-batch"])
    #expect(result.status == 64)
    #expect(
      result.standardError.hasPrefix(
        "Error: -batch, -ex, -x and --no-pager go with the debugger: replay FILE …\n"))
  }
}
