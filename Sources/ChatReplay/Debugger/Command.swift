/// One debugger command, parsed from a line typed at the prompt.
public enum Command: Hashable, Sendable {
  case back(Int)
  case blame(StatePath, all: Bool)
  case breakWhen(source: String, Condition)
  case continueForward
  case delete(Int?)
  case diagnostics(all: Bool)
  case diff(StepReference?, StepReference?)
  case display(StatePath?)
  case event
  case events(from: StepReference?, to: StepReference?)
  case goto(StepReference)
  case help(String?)
  case infoBreakpoints
  case next(Int)
  case print(StatePath?)
  case quit
  case reverseContinue
  case screen
  case undisplay(Int?)
  case watch(StatePath)
  case `where`
  case why(StatePath)

  /// Whether a blank line repeats the command.
  public var isMovement: Bool {
    switch self {
    case .next, .back, .continueForward, .reverseContinue: true
    default: false
    }
  }
}

/// A step as a command names it: `12`, `-1` (from the end), `@3.4s` (by time), `first`, `last`.
public enum StepReference: Hashable, Sendable {
  case step(Int)
  case fromEnd(Int)
  case time(Double)
  case first
  case last

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
      } else if let value = Int(text) {
        self = value < 0 ? .fromEnd(-value) : .step(value)
      } else {
        return nil
      }
    }
  }
}

extension Command {
  /// Parses one line; `nil` for a blank line.
  public static func parse(_ line: String) -> Result<Command, DebuggerError>? {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard let first = words.first else { return nil }
    let spec: CommandSpec
    switch CommandSpec.find(first) {
    case .success(let found): spec = found
    case .failure(let error): return .failure(error)
    }
    let arguments = Array(words.dropFirst())
    do {
      return .success(try build(spec, arguments, rest: rest(of: line)))
    } catch {
      return .failure(error)
    }
  }

  /// The text of `line` after its first word.
  private static func rest(of line: String) -> String {
    let isSpace = { (character: Character) in character == " " || character == "\t" }
    return line.drop(while: isSpace).drop(while: { !isSpace($0) }).trimmingSpaces()
  }

  private static func build(_ spec: CommandSpec, _ arguments: [String], rest: String)
    throws(DebuggerError) -> Command
  {
    func bad(_ text: String) -> DebuggerError {
      .badArgument(command: spec.name, text: text, usage: spec.usage)
    }
    func atMost(_ count: Int) throws(DebuggerError) {
      if arguments.count > count { throw bad(arguments[count]) }
    }
    func count() throws(DebuggerError) -> Int {
      try atMost(1)
      guard let text = arguments.first else { return 1 }
      guard let value = Int(text), value >= 1 else { throw bad(text) }
      return value
    }
    func reference(_ index: Int) throws(DebuggerError) -> StepReference? {
      guard index < arguments.count else { return nil }
      guard let reference = StepReference(parsing: arguments[index]) else {
        throw bad(arguments[index])
      }
      return reference
    }
    func path(_ index: Int, required: Bool) throws(DebuggerError) -> StatePath? {
      guard index < arguments.count else {
        if required { throw .missingArgument(command: spec.name, usage: spec.usage) }
        return nil
      }
      guard let path = StatePath(parsing: arguments[index]) else {
        throw .badPath(arguments[index])
      }
      return path
    }
    func number() throws(DebuggerError) -> Int? {
      try atMost(1)
      guard let text = arguments.first else { return nil }
      guard let value = Int(text) else { throw bad(text) }
      return value
    }
    func requiredPath() throws(DebuggerError) -> StatePath {
      guard let path = try path(0, required: true) else {
        throw .missingArgument(command: spec.name, usage: spec.usage)
      }
      return path
    }

    switch spec.name {
    case "next": return .next(try count())
    case "back": return .back(try count())
    case "goto":
      try atMost(1)
      guard let target = try reference(0) else {
        throw .missingArgument(command: spec.name, usage: spec.usage)
      }
      return .goto(target)
    case "continue":
      try atMost(0)
      return .continueForward
    case "reverse-continue":
      try atMost(0)
      return .reverseContinue
    case "where":
      try atMost(0)
      return .where
    case "print":
      try atMost(1)
      return .print(try path(0, required: false))
    case "event":
      try atMost(0)
      return .event
    case "events":
      try atMost(2)
      return .events(from: try reference(0), to: try reference(1))
    case "diff":
      try atMost(2)
      return .diff(try reference(0), try reference(1))
    case "diagnostics":
      try atMost(1)
      if let word = arguments.first, word != "all" { throw bad(word) }
      return .diagnostics(all: !arguments.isEmpty)
    case "screen":
      try atMost(0)
      return .screen
    case "break":
      guard arguments.first == "when" else {
        throw arguments.isEmpty
          ? .missingArgument(command: spec.name, usage: spec.usage) : bad(arguments[0])
      }
      let source = rest.dropFirst(4).trimmingSpaces()
      guard !source.isEmpty else { throw .missingArgument(command: spec.name, usage: spec.usage) }
      switch ConditionParser.parse(source) {
      case .success(let condition): return .breakWhen(source: source, condition)
      case .failure(let error): throw error
      }
    case "watch":
      try atMost(1)
      return .watch(try requiredPath())
    case "display":
      try atMost(1)
      return .display(try path(0, required: false))
    case "undisplay": return .undisplay(try number())
    case "info":
      guard let word = arguments.first else {
        throw .missingArgument(command: spec.name, usage: spec.usage)
      }
      try atMost(1)
      guard "breakpoints".hasPrefix(word) || word == "watchpoints" || word == "display" else {
        throw bad(word)
      }
      return .infoBreakpoints
    case "delete": return .delete(try number())
    case "blame":
      try atMost(2)
      if arguments.count == 2 && arguments[1] != "all" { throw bad(arguments[1]) }
      return .blame(try requiredPath(), all: arguments.count == 2)
    case "why":
      try atMost(1)
      return .why(try requiredPath())
    case "help":
      try atMost(1)
      return .help(arguments.first)
    case "quit":
      return .quit
    default:
      throw .unknownCommand(spec.name, suggestion: nil)
    }
  }
}
