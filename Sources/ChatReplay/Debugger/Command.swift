/// One debugger command, parsed from a line typed at the prompt.
public enum Command: Hashable, Sendable {
  /// `until N` / `advance N`: run forwards to step N, stopping earlier at a breakpoint.
  case advance(StepReference)
  /// `assert EXPR [MESSAGE]`: fails (the script) when EXPR is false at this step.
  case assert(source: String, Condition, message: String?)
  case back(Int)
  case blame(StatePath, all: Bool)
  /// `break N`, `break @5.6s`, `tbreak …`: stop on arriving at a step.
  case breakAt(StepReference, temporary: Bool)
  case breakWhen(source: String, Condition, temporary: Bool)
  /// `commands N`: the lines up to `end` run whenever breakpoint N (or the newest) stops.
  case commands(Int?)
  /// `condition N EXPR`, or `condition N` to remove the condition.
  case condition(Int, source: String?, Condition?)
  case continueForward
  /// `delete [N…]`: the numbers, or all when empty.
  case delete([Int])
  case diagnostics(all: Bool)
  case diff(StepReference?, StepReference?)
  /// `disable [N…]` (`isEnabled: false`) and `enable [N…]`.
  case enable([Int], isEnabled: Bool)
  case display(StatePath?)
  case event
  case events(from: StepReference?, to: StepReference?)
  case goto(StepReference)
  case help(String?)
  /// `ignore N COUNT`: the next COUNT hits of breakpoint N do not stop.
  case ignore(Int, count: Int)
  case info(InfoTopic)
  /// `mark NAME`: names the current step, for `goto :NAME`.
  case mark(String)
  case next(Int)
  case print(StatePath?)
  /// `print EXPR` for more than a path: arithmetic, a comparison, a condition.
  case evaluate(source: String, ValueExpression)
  case quit
  case reverseContinue
  /// `save breakpoints FILE`: the commands that recreate the breakpoints, for `source`.
  case saveBreakpoints(path: String)
  case screen
  /// `set pagination on|off`.
  case setPagination(Bool)
  /// `source FILE`: run the file's lines as commands.
  case source(path: String)
  case undisplay(Int?)
  case watch(StatePath)
  case `where`
  case why(StatePath)

  /// Whether a blank line repeats the command.
  public var isMovement: Bool {
    switch self {
    case .next, .back, .continueForward, .reverseContinue: true
    case .advance, .assert, .blame, .breakAt, .breakWhen, .commands, .condition, .delete,
      .diagnostics, .diff, .enable, .display, .evaluate, .event, .events, .goto, .help, .ignore,
      .info, .mark, .print, .quit, .saveBreakpoints, .screen, .setPagination, .source, .undisplay,
      .watch, .where, .why:
      false
    }
  }
}

/// What `info` lists.
public enum InfoTopic: String, CaseIterable, Hashable, Sendable {
  case breakpoints
  case display
  case watchpoints
}

/// A step as a command names it: `12`, `-1` (from the end), `@3.4s` (by time), `first`, `last`,
/// `:NAME` (a mark).
public enum StepReference: Hashable, Sendable {
  case step(Int)
  case fromEnd(Int)
  case time(Double)
  case first
  case last
  case mark(String)

  /// Parses a step reference; `nil` when the text is none.
  public init?(parsing text: String) {
    switch text {
    case "first": self = .first
    case "last": self = .last
    default:
      if text.hasPrefix("@") {
        var number = text.dropFirst()
        if number.hasSuffix("s") { number = number.dropLast() }
        guard let t = Double(number), t >= 0, t.isFinite else { return nil }
        self = .time(t)
      } else if text.hasPrefix(":") {
        let name = String(text.dropFirst())
        guard Self.isMarkName(name) else { return nil }
        self = .mark(name)
      } else if let value = Int(text) {
        self = value < 0 ? .fromEnd(-value) : .step(value)
      } else {
        return nil
      }
    }
  }

  /// Whether `name` can name a mark: letters, digits, `-` and `_`, starting with a letter.
  public static func isMarkName(_ name: String) -> Bool {
    guard let first = name.first, first.isLetter else { return false }
    return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
  }

  /// The reference as a command writes it.
  public var text: String {
    switch self {
    case .step(let step): String(step)
    case .fromEnd(let count): "-\(count)"
    case .time(let t): "@\(JSONWriter.format(t))s"
    case .first: "first"
    case .last: "last"
    case .mark(let name): ":" + name
    }
  }
}

extension Command {
  /// Parses one line; `nil` for a blank line.
  public static func parse(_ line: String) -> Result<Command, DebuggerError>? {
    let words = CommandArguments.words(of: line)
    guard let first = words.first else { return nil }
    let spec: CommandSpec
    switch CommandSpec.find(first) {
    case .success(let found): spec = found
    case .failure(let error): return .failure(error)
    }
    let arguments = CommandArguments(
      spec: spec, words: Array(words.dropFirst()), rest: CommandArguments.rest(of: line))
    do {
      return .success(try spec.parse(arguments))
    } catch {
      return .failure(error)
    }
  }
}
