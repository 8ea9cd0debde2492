import ChatReplay
import ReplayTestSupport
import Testing

/// The debugger's command line: what each line parses to, and the one-line error of each
/// mistake, as tables (one test case per line).
struct CommandParsingTests {
  /// A command line and the command it parses to.
  struct Parse: CustomTestStringConvertible, Sendable {
    var line: String
    var command: Command
    var testDescription: String { line }

    init(_ line: String, _ command: Command) {
      self.line = line
      self.command = command
    }
  }

  /// A command line and its error.
  struct Mistake: CustomTestStringConvertible, Sendable {
    var line: String
    var error: String
    var testDescription: String { line }

    init(_ line: String, _ error: String) {
      self.line = line
      self.error = error
    }
  }

  func parsed(_ line: String) -> Command? {
    guard case .success(let command)? = Command.parse(line) else { return nil }
    return command
  }

  func error(_ line: String) -> String? {
    guard case .failure(let error)? = Command.parse(line) else { return nil }
    return error.message
  }

  /// Aliases and prefixes name their commands; step references take numbers, counts from the
  /// end, times and names.
  static let parses = [
    Parse("n", .next(1)),
    Parse("ne 3", .next(3)),
    Parse("b", .back(1)),
    Parse("c", .continueForward),
    Parse("rc", .reverseContinue),
    Parse("r", .reverseContinue),
    Parse("reverse-c", .reverseContinue),
    Parse("rn 2", .back(2)),
    Parse("bt", .where),
    Parse("q", .quit),
    Parse("p inputBar.frame", .print(StatePath([.key("inputBar"), .key("frame")]))),
    Parse("event", .event),
    Parse("events 2 -1", .events(from: .step(2), to: .fromEnd(1))),
    Parse("info b", .info(.breakpoints)),
    Parse("info w", .info(.watchpoints)),
    Parse("i d", .info(.display)),
    Parse("goto 12", .goto(.step(12))),
    Parse("goto -2", .goto(.fromEnd(2))),
    Parse("goto @3.4s", .goto(.time(3.4))),
    Parse("goto @2", .goto(.time(2))),
    Parse("goto first", .goto(.first)),
    Parse("goto last", .goto(.last)),
  ]

  @Test(arguments: parses)
  func aLineParsesToItsCommand(_ parse: Parse) {
    #expect(parsed(parse.line) == parse.command)
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

  /// Errors are one line with a hint.
  static let mistakes = [
    Mistake("nxt", "Error: unknown command 'nxt'; did you mean 'next'?"),
    Mistake("zzzz", "Error: unknown command 'zzzz'; 'help' lists the commands"),
    Mistake("ev", "Error: 'ev' is ambiguous: it could be 'event' or 'events'; type more letters"),
    Mistake("next x", "Error: 'x' is not valid for 'next'; usage: next [N]"),
    Mistake("goto", "Error: 'goto' needs an argument; usage: goto N|-N|@SECONDS|:MARK|first|last"),
    Mistake(
      "break when event sendTop", "Error: unknown event type 'sendTop'; did you mean 'sendTap'?"),
    Mistake(
      "break when diagnostic keyboard-gaps",
      "Error: unknown diagnostic 'keyboard-gaps'; did you mean 'keyboard-gap'?"),
    Mistake(
      "break when keyboard.visibleHeight >",
      "Error: bad expression: it ends early; e.g. keyboard.visibleHeight > 300"),
  ]

  @Test(arguments: mistakes)
  func aMistakeIsOneLineWithAHint(_ mistake: Mistake) {
    #expect(error(mistake.line) == mistake.error)
  }
}
