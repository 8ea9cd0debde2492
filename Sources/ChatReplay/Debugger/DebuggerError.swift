/// A debugger command that cannot run; ``message`` is the one line the prompt prints.
///
/// All wording lives here: sentence fragments with the user's text in single quotes, then the fix.
public enum DebuggerError: Error, Hashable, Sendable {
  case ambiguousCommand(String, candidates: [String])
  case badArgument(command: String, text: String, usage: String)
  case badExpression(String, hint: String)
  case badPath(String)
  case missingArgument(command: String, usage: String)
  case noEvent
  case noSuchBreakpoint(Int, existing: [Int])
  case noSuchDisplay(Int, existing: [Int])
  case noSuchPath(String, nearest: [String])
  case stepOutOfRange(Int, last: Int)
  case unknownCommand(String, suggestion: String?)
  case unknownHelpTopic(String, suggestion: String?)
  case unknownName(String, String, candidates: [String])

  /// The error as one line: `Error: …`, with a hint.
  public var message: String {
    "Error: " + body
  }

  private var body: String {
    switch self {
    case .ambiguousCommand(let text, let candidates):
      return "'\(text)' is ambiguous: it could be \(Self.list(candidates, "or")); type more letters"
    case .badArgument(let command, let text, let usage):
      return "'\(text)' is not valid for '\(command)'; usage: \(usage)"
    case .badExpression(let problem, let hint):
      return "bad expression: \(problem); \(hint)"
    case .badPath(let text):
      return
        "'\(text)' is not a path; write names separated by dots, with [N] for an element, e.g. messages[3].text"
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
    case .noSuchPath(let path, let nearest):
      return "no path '\(path)' in the state"
        + (nearest.isEmpty
          ? "; 'print' shows them all" : "; nearest: " + nearest.joined(separator: ", "))
    case .stepOutOfRange(let step, let last):
      let count = last + 1
      return
        "step \(step) is out of range; the recording has \(count) step\(count == 1 ? "" : "s") (0…\(last)), -1 is the last"
    case .unknownCommand(let text, let suggestion):
      return "unknown command '\(text)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "; 'help' lists the commands")
    case .unknownHelpTopic(let text, let suggestion):
      return "no help for '\(text)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "; 'help' lists the commands")
    case .unknownName(let kind, let text, let candidates):
      if let near = Suggestion.nearest(to: text, in: candidates) {
        return "unknown \(kind) '\(text)'; did you mean '\(near)'?"
      }
      return "unknown \(kind) '\(text)'; one of \(candidates.joined(separator: ", "))"
    }
  }

  private static func list(_ items: [String], _ conjunction: String) -> String {
    let quoted = items.map { "'\($0)'" }
    guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }
}
