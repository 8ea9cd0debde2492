import ChatReplay
import ReplayTestSupport
import Testing

/// What Tab offers, from the tables `help` and did-you-mean use.
struct DebuggerCompletionTests {
  func complete(_ prefix: String, in debugger: inout Debugger, files: [String] = []) -> [String] {
    let found = debugger.completions(
      for: prefix, files: { word in files.filter { $0.hasPrefix(word) } })
    return found.candidates
  }

  @Test func commandNamesAndHelpTopics() {
    var debugger = DebuggerFixture.debugger()
    #expect(complete("wh", in: &debugger) == ["where", "why"])
    #expect(
      complete("help rev", in: &debugger) == ["reverse-next", "reverse-step", "reverse-continue"])
    #expect(debugger.completions(for: "help rev", files: { _ in [] }).start == 5)
    #expect(complete("info w", in: &debugger) == ["watchpoints"])
  }

  @Test func pathsOneLevelAtATime() {
    var debugger = DebuggerFixture.debugger()
    #expect(
      complete("print inputBar.", in: &debugger) == [
        "inputBar.frame.", "inputBar.text", "inputBar.sendEnabled",
      ])
    #expect(
      complete("p inputBar.frame.m", in: &debugger)
        == [
          "inputBar.frame.minX", "inputBar.frame.minY", "inputBar.frame.maxX",
          "inputBar.frame.maxY",
        ])
    #expect(complete("watch messages[", in: &debugger) == ["messages[0]", "messages[-1]"])
    #expect(complete("print mes", in: &debugger) == ["messageCount", "messages["])
  }

  @Test func expressionsOfferEventsDiagnosticsAndPaths() {
    var debugger = DebuggerFixture.debugger()
    #expect(complete("break when event sen", in: &debugger) == ["sendTap"])
    #expect(complete("break when event keyboard willH", in: &debugger) == ["willHide"])
    #expect(
      complete("break when diagnostic keyboard-", in: &debugger) == [
        "keyboard-overlap", "keyboard-gap",
      ])
    #expect(complete("assert keyboard.vis", in: &debugger) == ["keyboard.visibleHeight"])
    #expect(complete("break w", in: &debugger) == ["when"])
  }

  @Test func breakpointNumbersMarksAndFiles() {
    var debugger = DebuggerFixture.debugger()
    _ = debugger.run("break 1", "watch inputBar.text", "goto 2", "mark typed")
    #expect(complete("delete ", in: &debugger) == ["1", "2"])
    #expect(complete("condition 2 inputBar.t", in: &debugger) == ["inputBar.text"])
    #expect(complete("goto :", in: &debugger) == [":typed"])
    #expect(
      complete("source che", in: &debugger, files: ["checks.replay", "other"]) == ["checks.replay"])
    #expect(complete("save breakpoints b", in: &debugger, files: ["bp.replay"]) == ["bp.replay"])
    #expect(complete("save b", in: &debugger) == ["breakpoints"])
  }
}
