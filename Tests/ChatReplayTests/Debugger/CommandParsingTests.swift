import ChatReplay
import ReplayTestSupport
import Testing

struct CommandParsingTests {
  func parsed(_ line: String) -> Command? {
    guard case .success(let command)? = Command.parse(line) else { return nil }
    return command
  }

  func error(_ line: String) -> String? {
    guard case .failure(let error)? = Command.parse(line) else { return nil }
    return error.message
  }

  @Test func aliasesAndPrefixesNameTheirCommands() {
    #expect(parsed("n") == .next(1))
    #expect(parsed("ne 3") == .next(3))
    #expect(parsed("b") == .back(1))
    #expect(parsed("c") == .continueForward)
    #expect(parsed("rc") == .reverseContinue)
    #expect(parsed("r") == .reverseContinue)
    #expect(parsed("reverse-c") == .reverseContinue)
    #expect(parsed("rn 2") == .back(2))
    #expect(parsed("bt") == .where)
    #expect(parsed("q") == .quit)
    #expect(parsed("p inputBar.frame") == .print(StatePath([.key("inputBar"), .key("frame")])))
    #expect(parsed("event") == .event)
    #expect(parsed("events 2 -1") == .events(from: .step(2), to: .fromEnd(1)))
    #expect(parsed("info b") == .info(.breakpoints))
    #expect(parsed("info w") == .info(.watchpoints))
    #expect(parsed("i d") == .info(.display))
  }

  @Test func stepReferencesTakeNumbersCountsFromTheEndTimesAndNames() {
    #expect(parsed("goto 12") == .goto(.step(12)))
    #expect(parsed("goto -2") == .goto(.fromEnd(2)))
    #expect(parsed("goto @3.4s") == .goto(.time(3.4)))
    #expect(parsed("goto @2") == .goto(.time(2)))
    #expect(parsed("goto first") == .goto(.first))
    #expect(parsed("goto last") == .goto(.last))
  }

  @Test func blankLineIsNoCommand() {
    #expect(Command.parse("") == nil)
    #expect(Command.parse("   ") == nil)
  }

  @Test func pathsReadKeysAndIndexes() {
    #expect(
      StatePath(parsing: "messages[3].text")
        == StatePath([.key("messages"), .index(3), .key("text")]))
    #expect(StatePath(parsing: "messages[-1]") == StatePath([.key("messages"), .index(-1)]))
    #expect(StatePath(parsing: "a..b") == nil)
    #expect(StatePath(parsing: "messages[x]") == nil)
  }

  @Test func breakpointExpressionsParse() {
    let height = StatePath([.key("keyboard"), .key("visibleHeight")])
    #expect(
      parsed("break when keyboard.visibleHeight > 300")
        == .breakWhen(
          source: "keyboard.visibleHeight > 300",
          .comparison(.path(height), .greater, .literal(.number(300))), temporary: false))
    #expect(
      parsed("br when event sendTap or diagnostic keyboard-gap")
        == .breakWhen(
          source: "event sendTap or diagnostic keyboard-gap",
          .or(.event(.sendTap, nil), .diagnostic(.keyboardGap)), temporary: false))
    #expect(
      parsed("break when event willHide and not (messageCount >= 20)")
        == .breakWhen(
          source: "event willHide and not (messageCount >= 20)",
          .and(
            .event(.keyboard, .willHide),
            .not(
              .comparison(
                .path(StatePath([.key("messageCount")])), .greaterOrEqual, .literal(.number(20))))),
          temporary: false))
  }

  @Test func errorsAreOneLineWithAHint() {
    #expect(error("nxt") == "Error: unknown command 'nxt'; did you mean 'next'?")
    #expect(error("zzzz") == "Error: unknown command 'zzzz'; 'help' lists the commands")
    #expect(
      error("ev") == "Error: 'ev' is ambiguous: it could be 'event' or 'events'; type more letters")
    #expect(error("next x") == "Error: 'x' is not valid for 'next'; usage: next [N]")
    #expect(
      error("goto")
        == "Error: 'goto' needs an argument; usage: goto N|-N|@SECONDS|:MARK|first|last")
    #expect(
      error("break when event sendTop")
        == "Error: unknown event type 'sendTop'; did you mean 'sendTap'?")
    #expect(
      error("break when diagnostic keyboard-gaps")
        == "Error: unknown diagnostic 'keyboard-gaps'; did you mean 'keyboard-gap'?")
    #expect(
      error("break when keyboard.visibleHeight >")
        == "Error: bad expression: it ends early; e.g. keyboard.visibleHeight > 300")
  }
}
