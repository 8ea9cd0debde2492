import Foundation
import ReplayTestSupport
import Testing

/// The real `replay` binary, driven with scripted standard input; the whole output is compared.
struct DebuggerTranscriptTests {
  @Test func scriptedSessionPrintsEachCommandsOutputWithoutPromptsOrBanner() throws {
    // The blank line after 'next' repeats it; everything after 'quit' is ignored.
    let script = """
      where
      next

      print inputBar.frame.maxY
      why keyboard.visibleHeight
      break when event sendTap
      continue
      blame messageCount
      quit
      nxt

      """
    let result = try ReplayBinary.run(["Recordings/basic-chat.jsonl"], input: script)
    // 852 − 34 − 336 = 482; 852 − 516 = 336.
    expectNoDifference(
      result.standardOutput,
      """
      step 0 of 32  t=0s  start (header at line 1)  [rxkeyboard]
      step 1 of 32  t=1s  line 2: keyboard willChangeFrame → (0, 516, 393×336)  [rxkeyboard]
        new: keyboard-gap: input bar bottom 482 is 34 pt above the keyboard top 516
        gone: bad-index
      step 2 of 32  t=1s  line 3: keyboard willShow → (0, 516, 393×336)  [rxkeyboard]
      inputBar.frame.maxY = 482
      keyboard.visibleHeight = 336
        rule (rxkeyboard): RxKeyboard 1.0.0 emits visibleHeight = H − keyboardFrame.y, unclamped
          (negative, or taller than the keyboard, for odd frames), and only when the frame changed.
        keyboard.visibleHeight = H − keyboard.frame.y = 852 − 516 = 336
        inputs:
          H = screen.height = 852 since step 0 (the header, line 1)
          keyboard.frame.y = 516  step 1 (line 2: keyboard willChangeFrame → (0, 516, 393×336))
        last change: step 1 (line 2: keyboard willChangeFrame → (0, 516, 393×336)) (0 → 336)
      Breakpoint 1: when event sendTap
      Hit breakpoint 1: when event sendTap
      step 16 of 32  t=5.63s  line 17: sendTap  [rxkeyboard]
      blame messageCount: 4 changes in steps 0…32; now 20, set at step 16
        step 0  t=0s     header 1 19      (initial value)
        step 16 t=5.63s  line 17  19 → 20 sendTap  ← current value
        step 17 t=8.99s  line 18  20 → 21 receive "Yes! What do you have i…"  (later)
        step 27 t=12.96s line 28  21 → 22 sendTap  (later)
        step 28 t=15.65s line 29  22 → 23 receive "Perfect, see you then"  (later)
      by event: sendTap ×2, receive ×2

      """)
    #expect(result.standardError == "")
    #expect(result.status == 0)
  }

  @Test func aFailingScriptCommandStopsTheRunNamingItsLine() throws {
    let script = """
      next
      goto 99
      next

      """
    let result = try ReplayBinary.run(["Recordings/basic-chat.jsonl"], input: script)
    expectNoDifference(
      result.standardOutput,
      """
      step 1 of 32  t=1s  line 2: keyboard willChangeFrame → (0, 516, 393×336)  [rxkeyboard]
        new: keyboard-gap: input bar bottom 482 is 34 pt above the keyboard top 516
        gone: bad-index

      """)
    expectNoDifference(
      result.standardError,
      """
      <stdin>:2: Error: step 99 is out of range; the recording has 33 steps (0…32), -1 is the last

      """)
    #expect(result.status == 1)
  }

  @Test func keepGoingOpensTheDebuggerOnTheGoodLinesAfterListingTheBadOnes() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("replay-transcript-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("bad.jsonl")
    try Data(
      """
      x
      {"t":1,"type":"textChange","text":"a"}
      {"t":0,"type":"sendTap"}
      {"t":2,"type":"sendTap"}

      """.utf8
    ).write(to: file)

    let failed = try ReplayBinary.run([file.path], input: "events\n")
    #expect(failed.standardOutput == "")
    #expect(failed.status == 1)
    #expect(
      failed.standardError.hasSuffix(
        "(--keep-going opens the debugger on the lines before and after it)\n"))

    let result = try ReplayBinary.run([file.path, "--keep-going"], input: "events\n")
    expectNoDifference(
      result.standardOutput,
      """
      → 0  t=0s  (start)
        1  t=1s  line 2: textChange "a"
        2  t=2s  line 4: sendTap

      """)
    expectNoDifference(
      result.standardError,
      """
      \(file.path):1:1: error: expected a JSON value, found 'x'
          x
          ^
      \(file.path):3:6: error: 't' goes backwards: 0 comes after 1
          {"t":0,"type":"sendTap"}
               ^
      2 bad lines left out; the debugger has the other 2 events.

      """)
    #expect(result.status == 0)
  }

  @Test func jsonSummaryAndTheDemoStillPrintWithoutTheDebugger() throws {
    let json = try ReplayBinary.run(["Recordings/basic-chat.jsonl", "--json", "--at", "1"])
    #expect(json.standardOutput.hasPrefix(#"{"step":1,"t":1,"layout":"rxkeyboard""#))
    #expect(json.status == 0)
    let summary = try ReplayBinary.run(["Recordings/basic-chat.jsonl", "--summary"])
    #expect(summary.standardOutput.contains("32 events, 33 steps"))
    let demo = try ReplayBinary.run([])
    #expect(demo.standardOutput.hasPrefix("Recordings/basic-chat.jsonl: rxkeyboard"))
    #expect(demo.standardOutput.contains("This was the bundled demo."))
  }

  @Test func helpDocumentsTheDebugger() throws {
    let result = try ReplayBinary.run(["--help"])
    #expect(result.standardOutput.contains("Debugger: replay FILE opens it at step 0."))
    #expect(result.standardOutput.contains("  blame PATH [all]"))
    #expect(result.status == 0)
  }
}
