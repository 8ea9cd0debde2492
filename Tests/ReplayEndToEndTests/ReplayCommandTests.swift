import Foundation
import ReplayTestSupport
import Testing

/// The `replay` command line: whole standard output, standard error and exit status, in process
/// (what `main` runs) unless a test needs the process itself (standard input, two processes,
/// the demo, which the binary carries compiled in).
struct ReplayCommandTests {
  let basicChat = ReplayBinary.recording("basic-chat.jsonl")

  @Test func withoutArgumentsItReplaysTheBundledDemo() throws {
    let demo = try ReplayBinary.run([])
    // Run from the package root, so that the relative path is the one the demo's title names.
    let file = try ReplayBinary.run(["Recordings/basic-chat.jsonl", "--summary"])
    #expect(demo.status == 0)
    #expect(demo.standardError == "")
    // The same replay as Recordings/basic-chat.jsonl, title included: only the closing hint
    // differs, so the compiled-in copy matches the file.
    let demoLines = demo.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    let fileLines = file.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      demoLines.first.map(String.init)
        == "Recordings/basic-chat.jsonl: rxkeyboard (RxKeyboard 1.0.0) on iPhone 15, 393×852 pt, "
        + "safe area 59/0/34/0")
    let hint = demoLines.suffix(4)
    #expect(
      Array(hint) == [
        "",
        "This was the bundled demo. `replay FILE` opens the time-travel debugger on a recording;",
        "`replay FILE --json` prints every state as JSON. See `replay --help`.",
        "",
      ])
    #expect(Array(demoLines.dropLast(3)) == fileLines)
  }

  @Test func jsonPrintsOneObjectPerStateWithTheFormatsPaths() throws {
    let result = runInProcess([basicChat, "--json"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n")
    // 32 events in basic-chat.jsonl (33 lines minus the header): steps 0…32.
    #expect(lines.count == 33)
    for (index, line) in lines.enumerated() {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["step"] as? Int == index)
      for path in [
        "t", "keyboard.frame.y", "keyboard.visibleHeight", "inputBar.frame.height", "inputBar.text",
        "inputBar.sendEnabled", "list.contentInset.top", "list.contentInset.bottom",
        "list.contentOffset.y", "list.contentSize.height", "messageCount",
      ] {
        #expect(value(at: path, in: object) != nil, "step \(index) lacks \(path)")
      }
      #expect(object?["messages"] == nil)
    }
  }

  @Test func atPrintsOneFullStateWithItsMessages() throws {
    let first = runInProcess([basicChat, "--json", "--at", "0"])
    let last = runInProcess([basicChat, "--json", "--at", "last"])
    let step32 = runInProcess([basicChat, "--json", "--at", "32"])
    #expect(first.status == 0)
    #expect(last.standardOutput == step32.standardOutput)
    let state =
      try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [String: Any]
    let messages = state?["messages"] as? [[String: Any]]
    // The seed's 19 messages, the first from the other person.
    #expect(messages?.count == 19)
    #expect(messages?.first?["from"] as? String == "other")
    #expect(
      messages?.first?["text"] as? String
        == "Lorem ipsum dolor sit amet, consectetur adipiscing elit.")
    // The first cell starts at the section inset, 10, and spans the 393-pt width.
    #expect(value(at: "frame.y", in: messages?.first) as? Int == 10)
    #expect(value(at: "frame.width", in: messages?.first) as? Int == 393)
    let final =
      try JSONSerialization.jsonObject(with: Data(last.standardOutput.utf8)) as? [String: Any]
    // Two sends and two receives: 19 + 4 = 23.
    #expect((final?["messages"] as? [Any])?.count == 23)
  }

  @Test func stepOutOfRangeIsABadArgument() throws {
    expectInProcess(
      [basicChat, "--json", "--at", "99"], stdout: "",
      stderr: """
        Error: step 99 is out of range; the recording has 33 steps (0…32), -1 is the last
        Usage: replay [FILE] [--summary] [--json] [--at STEP] [--keep-going] [--layout NAME]
                      [--rxkeyboard-version V] [--option NAME=VALUE] [--color WHEN] [--timing] [-ex CMD]
                      [-x FILE] [-batch] [--no-pager]

        """, status: 64)
  }

  @Test func misspeltOptionGetsADidYouMeanAndUsage() throws {
    expectInProcess(
      [basicChat, "--jsno"], stdout: "",
      stderr: """
        Error: unknown option '--jsno'; did you mean '--json'?
        Usage: replay [FILE] [--summary] [--json] [--at STEP] [--keep-going] [--layout NAME]
                      [--rxkeyboard-version V] [--option NAME=VALUE] [--color WHEN] [--timing] [-ex CMD]
                      [-x FILE] [-batch] [--no-pager]

        """, status: 64)
  }

  @Test func missingFileFailsWithTheReason() throws {
    expectInProcess(
      ["no-such-recording.jsonl", "--json"], stdout: "",
      stderr: "Error: cannot read 'no-such-recording.jsonl': No such file or directory\n",
      status: 1)
  }

  @Test func firstBadLineStopsTheReplay() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write(
      """
      {"t":0.5,"type":"textChange","text":"Hi"}
      {"t":0.6,"type":"sendTapp"}
      {"t":0.7,"type":"sendTap"}

      """)
    let result = runInProcess([path, "--json"])
    #expect(result.status == 1)
    // Steps 0 and 1 were printed before line 2 stopped the replay.
    #expect(result.standardOutput.split(separator: "\n").count == 2)
    // {"t":0.6,"type": is 16 characters, so the value starts at column 17.
    #expect(
      result.standardError == """
        \(path):2:17: error: unknown event type 'sendTapp'; did you mean 'sendTap'?
            {"t":0.6,"type":"sendTapp"}
                            ^

        """)
  }

  @Test func keepGoingReportsEveryBadLineAndReplaysTheRest() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write(
      """
      {"t":0.5,"type":"textChange","text":"Hi"}
      {"t":0.6,"type":"sendTapp"}
      {"t":0.7,"type":"sendTap"}
      not json
      {"t":0.1,"type":"sendTap"}
      {"t":0.8,"type":"receive","text":"Yo"}

      """)
    let result = runInProcess([path, "--json", "--keep-going"])
    #expect(result.status == 1)
    // 6 lines: 3 replayed (steps 1…3 after step 0) and 3 reported.
    #expect(result.standardOutput.split(separator: "\n").count == 4)
    // Columns: {"t":0.6,"type": is 16 characters; 'not' opens its line; {"t": is 5.
    expectNoDifference(
      result.standardError,
      """
      \(path):2:17: error: unknown event type 'sendTapp'; did you mean 'sendTap'?
          {"t":0.6,"type":"sendTapp"}
                          ^
      \(path):4:1: error: expected a JSON value, found 'not'
          not json
          ^
      \(path):5:6: error: 't' goes backwards: 0.1 comes after 0.7
          {"t":0.1,"type":"sendTap"}
               ^

      """)
  }

  @Test func twoRunsGiveByteIdenticalOutput() throws {
    for recording in ["rotation.jsonl", "interactive-dismiss.jsonl"] {
      // Two processes: hashing is seeded per process, so an order that depends on it differs.
      let first = try ReplayBinary.run([ReplayBinary.recording(recording), "--json"])
      let second = try ReplayBinary.run([ReplayBinary.recording(recording), "--json"])
      #expect(first.outputBytes == second.outputBytes)
      #expect(!first.outputBytes.isEmpty)
    }
  }

  @Test func theRecordingIsNeverWritten() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write(#"{"t":1,"type":"sendTap"}"# + "\n", name: "read-only.jsonl")
    let before = try FileManager.default.attributesOfItem(atPath: path)
    _ = runInProcess([path, "--json"])
    let after = try FileManager.default.attributesOfItem(atPath: path)
    #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == #"{"t":1,"type":"sendTap"}"# + "\n")
  }

  @Test func aDashReadsTheRecordingFromStandardInput() throws {
    let basicChat = ReplayBinary.recording("basic-chat.jsonl")
    let text = try String(contentsOfFile: basicChat, encoding: .utf8)
    let fromFile = runInProcess([basicChat, "--json", "--at", "last"])
    let fromInput = try ReplayBinary.run(["-", "--json", "--at", "last"], input: text)
    #expect(fromInput.status == 0)
    #expect(fromInput.standardError == "")
    expectNoDifference(fromInput.standardOutput, fromFile.standardOutput)
    // Without --json or --summary, standard input prints the summary: the debugger would read
    // its commands there.
    let summary = try ReplayBinary.run(["-"], input: text)
    #expect(summary.status == 0)
    #expect(
      summary.standardOutput.hasPrefix(
        "<stdin>: rxkeyboard (RxKeyboard 1.0.0) on iPhone 15, 393×852 pt, safe area 59/0/34/0\n"))
    let check = try ReplayBinary.run(["check", "--no-times", "-"], input: text)
    expectNoDifference(
      check.standardOutput,
      "<stdin>: 32 events, 33 steps; diagnostics: keyboard-gap ×1 (28 steps), message-hidden ×2 "
        + "(2 steps), offset-out-of-range ×1 (4 steps), bad-index ×1 (1 step)\n")
    #expect(check.status == 0)
  }
}
