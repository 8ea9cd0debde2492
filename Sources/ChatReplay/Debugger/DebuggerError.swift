/// A debugger command that cannot run; ``message`` is the one line the prompt prints.
///
/// All wording lives here, in ``message``'s switch: lowercase after `Error:`, the user's text in
/// single quotes, then the fix.
public enum DebuggerError: Error, Hashable, Sendable {
  case ambiguousCommand(String, candidates: [String])
  case assertionFailed(step: Int, source: String, message: String?, values: [String])
  case badArgument(command: String, text: String, usage: String)
  case badExpression(ExpressionProblem)
  case badPath(String)
  case indexOutOfRange(name: String, index: Int, count: Int)
  /// Ctrl-C stopped a command's search of the recording at `step`.
  case interrupted(String, step: Int, last: Int)
  case missingArgument(command: String, usage: String)
  case noEvent
  case noSuchBreakpoint(Int, existing: [Int])
  case noSuchDisplay(Int, existing: [Int])
  case noSuchMark(String, existing: [String])
  case noSuchPath(String, nearest: [String])
  case notANumber(String, values: [String])
  case stepOutOfRange(Int, last: Int)
  case unknownCommand(String, suggestion: String?)
  case unknownHelpTopic(String, suggestion: String?)
  case unknownName(NameList, String)

  /// What is wrong with the expression of `break when`.
  public enum ExpressionProblem: Hashable, Sendable {
    /// `diagnostic` with no id after it.
    case diagnosticWithoutID
    /// The expression stops where an operand should follow.
    case endsEarly
    /// `event` with no type after it.
    case eventWithoutType
    /// A number, string or boolean with no comparison.
    case literalAlone
    case missingClosingParenthesis
    /// A token that starts like a number but is none.
    case notANumber(String)
    /// A symbol where a path or a literal should be.
    case operandExpected(found: String)
    /// A token after a complete expression.
    case trailingToken(String)
    case unexpectedCharacter(Character)
    case unterminatedString
  }

  /// A list of names a word in an expression must come from.
  public enum NameList: Hashable, Sendable {
    case diagnostic
    /// Event types, and keyboard notification names (which imply `keyboard`).
    case eventType
    case keyboardNotification

    /// The names, in the order help lists them.
    public var names: [String] {
      switch self {
      case .diagnostic: Diagnostic.Kind.allCases.map { $0.rawValue }
      case .eventType:
        Event.Kind.allCases.map { $0.rawValue }
          + KeyboardNotification.Name.allCases.map { $0.rawValue }
      case .keyboardNotification: KeyboardNotification.Name.allCases.map { $0.rawValue }
      }
    }
  }

  /// The error as one line: `Error: …`, with a hint.
  public var message: String {
    "Error: " + body
  }

  private var body: String {
    switch self {
    case .ambiguousCommand(let text, let candidates):
      return "'\(text)' is ambiguous: it could be \(Self.list(candidates, "or")); type more letters"
    case .assertionFailed(let step, let source, let message, let values):
      let reason = message.map { "\($0): " } ?? ""
      let read = values.isEmpty ? "" : " (\(values.joined(separator: ", ")))"
      return "assertion failed at step \(step): \(reason)\(source)\(read)"
    case .badArgument(let command, let text, let usage):
      return "'\(text)' is not valid for '\(command)'; usage: \(usage)"
    case .badExpression(let problem):
      let example = "e.g. keyboard.visibleHeight > 300"
      let (what, hint): (String, String) =
        switch problem {
        case .diagnosticWithoutID:
          (
            "'diagnostic' needs an id",
            "one of " + NameList.diagnostic.names.joined(separator: ", ")
          )
        case .endsEarly: ("it ends early", example)
        case .eventWithoutType:
          (
            "'event' needs a type",
            "one of " + Event.Kind.allCases.map { $0.rawValue }.joined(separator: ", ")
          )
        case .literalAlone: ("a literal alone is not a condition", "compare it with a path")
        case .missingClosingParenthesis: ("missing ')'", "every '(' needs a ')'")
        case .notANumber(let literal): ("'\(literal)' is not a number", "write 3 or 3.5")
        case .operandExpected(let found): ("expected a path or a number, found '\(found)'", example)
        case .trailingToken(let token):
          (
            "unexpected '\(token)' after a complete expression",
            "join conditions with 'and' or 'or'"
          )
        case .unexpectedCharacter(let character):
          ("unexpected '\(character)'", "compare with < <= > >= == != and join with and/or")
        case .unterminatedString: ("unterminated string", "close it with '\"'")
        }
      return "bad expression: \(what); \(hint)"
    case .badPath(let text):
      return
        "'\(text)' is not a path; write names separated by dots, with [N] for an element, e.g. messages[3].text"
    case .indexOutOfRange(let name, let index, let count):
      guard count > 0 else {
        return "\(name)[\(index)] is out of range: there are no \(name) at this step"
      }
      return
        "\(name)[\(index)] is out of range: this step has \(count) (\(name)[0]…\(name)[\(count - 1)], or \(name)[-1] for the last)"
    case .interrupted(let command, let step, let last):
      return "'\(command)' stopped by Ctrl-C at step \(step) of \(last); nothing else changed"
    case .missingArgument(let command, let usage):
      return "'\(command)' needs an argument; usage: \(usage)"
    case .noEvent:
      return "step 0 is the state before any event; 'next' goes to the first event"
    case .noSuchBreakpoint(let number, let existing):
      return "no breakpoint \(number); "
        + (existing.isEmpty
          ? "there are none (break when EXPR, watch PATH)"
          : "the breakpoints are \(existing.map(String.init).joined(separator: ", "))")
    case .noSuchDisplay(let number, let existing):
      return "no display \(number); "
        + (existing.isEmpty
          ? "there are none (display PATH)"
          : "the displays are \(existing.map(String.init).joined(separator: ", "))")
    case .noSuchMark(let name, let existing):
      return "no mark ':\(name)'; "
        + (existing.isEmpty
          ? "there are none ('mark NAME' names the current step)"
          : "the marks are " + existing.map { ":" + $0 }.joined(separator: ", "))
    case .noSuchPath(let path, let nearest):
      return "no path '\(path)' in the state"
        + (nearest.isEmpty
          ? "; 'print' shows them all" : "; nearest: " + nearest.joined(separator: ", "))
    case .notANumber(let source, let values):
      return "'\(source)' does arithmetic on something that is not a number (or divides by zero): "
        + values.joined(separator: ", ")
    case .stepOutOfRange(let step, let last):
      return StepOutOfRange(step: step, last: last).message
    case .unknownCommand(let text, let suggestion):
      return "unknown command '\(text)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "; 'help' lists the commands")
    case .unknownHelpTopic(let text, let suggestion):
      return "no help for '\(text)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "; 'help' lists the commands")
    case .unknownName(let list, let text):
      let kind =
        switch list {
        case .diagnostic: "diagnostic"
        case .eventType: "event type"
        case .keyboardNotification: "keyboard notification"
        }
      if let near = Suggestion.nearest(to: text, in: list.names) {
        return "unknown \(kind) '\(text)'; did you mean '\(near)'?"
      }
      return "unknown \(kind) '\(text)'; one of \(list.names.joined(separator: ", "))"
    }
  }

  private static func list(_ items: [String], _ conjunction: String) -> String {
    let quoted = items.map { "'\($0)'" }
    guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }
}
