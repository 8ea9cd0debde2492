internal import ChatReplay

/// A command line that cannot be run, with the facts of what is wrong.
///
/// Every case is worded in ``description`` alone; the place that throws passes only facts (the
/// option, the text given, the candidates), never words.
enum UsageError: Error, Equatable {
  /// Two options that cannot be used together.
  case conflicting(String, String)
  /// Options that only the debugger takes, with a mode that does not open it.
  case debuggerOnly(options: [String])
  /// `OPTION=VALUE` given to an option that takes no value.
  case flagWithValue(option: String, value: String)
  /// A value that is not what the option takes.
  case invalidValue(option: String, value: String, expected: ValueExpectation)
  /// No `PLACEHOLDER` argument, when the command needs `count` of them.
  case missingArgument(command: String, placeholder: String, count: ArgumentCount)
  /// An option given last, without its value.
  case missingValue(option: String)
  /// `--option NAME=…` for a name that none of the chosen `layouts` declares.
  case optionOfNoLayout(String, layouts: [String])
  /// `option` only makes sense with `required`.
  case requires(option: String, required: String)
  /// A second standard input (`-`) among the files.
  case repeatedStandardInput
  /// A step that `--at` names beyond the recording.
  case stepOutOfRange(StepOutOfRange)
  /// An argument where the command takes none, or a second one (after `first`) where it takes one.
  case unexpectedArgument(String, first: String?)
  /// A name that no subcommand has, when it reads as a subcommand's misspelling.
  case unknownCommand(String, suggestion: String?)
  /// A value that names none of `candidates`, which are of `kind` (`layout`, `profile`…).
  case unknownName(String, kind: String, candidates: [String])
  /// An option that the command does not declare.
  case unknownOption(String, suggestion: String?)

  /// What a value option takes, for ``invalidValue(option:value:expected:)``.
  enum ValueExpectation: Equatable {
    /// A whole number of `unit` (`events`, `files at once`) from `minimum` up.
    case count(of: String, minimum: Int)
    /// The safe-area insets: `TOP,LEFT,BOTTOM,RIGHT` in points.
    case insets
    /// A layout option: `NAME=VALUE`, the value in points or `true`/`false`.
    case layoutOption
    /// A size: `WIDTHxHEIGHT` in points.
    case size
    /// A step: `N`, `-N` counting back from the last, or a name (`first`, `last`).
    case step
    /// A whole number in `range`.
    case wholeNumber(ClosedRange<UInt64>)
  }

  /// How many of a positional argument a command takes.
  enum ArgumentCount: Equatable {
    case one
    case oneOrMore
  }

  /// The message, as it follows `Error: ` (lowercase: see CONTRIBUTING.md, "Wording").
  var description: String {
    switch self {
    case .conflicting(let first, let second):
      return "\(first) and \(second) cannot be used together"
    case .debuggerOnly(let options):
      let list = options.dropLast().joined(separator: ", ") + " and " + (options.last ?? "")
      return "\(list) go with the debugger: replay FILE …"
    case .flagWithValue(let option, let value):
      return "\(option) takes no value; got '\(value)'"
    case .invalidValue(let option, let value, let expected):
      return "\(option) takes \(Self.words(for: expected)), not '\(value)'"
    case .missingArgument(let command, let placeholder, .one):
      return "\(command) needs a \(placeholder)"
    case .missingArgument(let command, let placeholder, .oneOrMore):
      return "\(command) needs at least one \(placeholder)"
    case .missingValue(let option):
      return "\(option) needs a value"
    case .optionOfNoLayout(let name, let layouts):
      return "none of the layouts \(layouts.joined(separator: ", ")) has the option '\(name)' "
        + "('replay layouts' lists each one's)"
    case .requires(let option, let required):
      return "\(option) goes with \(required)"
    case .repeatedStandardInput:
      return "standard input ('-') can be read only once"
    case .stepOutOfRange(let error):
      return error.message
    case .unexpectedArgument(let text, let first?):
      return "one recording at a time; got '\(first)' and '\(text)'"
    case .unexpectedArgument(let text, nil):
      return "unexpected argument '\(text)'"
    case .unknownCommand(let text, let suggestion):
      return "unknown command '\(text)'" + Self.suggesting(suggestion)
    case .unknownName(let text, let kind, let candidates):
      let message = "unknown \(kind) '\(text)'"
      if let near = Suggestion.nearest(to: text, in: candidates) {
        return message + Self.suggesting(near)
      }
      if candidates.count <= 6 {
        return message + "; use one of \(candidates.joined(separator: ", "))"
      }
      return message
    case .unknownOption(let text, let suggestion):
      return "unknown option '\(text)'" + Self.suggesting(suggestion)
    }
  }

  private static func suggesting(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }

  private static func words(for expected: ValueExpectation) -> String {
    switch expected {
    case .count(let unit, let minimum):
      return "a number of \(unit) (\(minimum) or more)"
    case .insets:
      return "TOP,LEFT,BOTTOM,RIGHT in points, such as 44,0,34,0"
    case .layoutOption:
      return "NAME=VALUE, a number of points or true or false, such as inputBar.height=52"
    case .size:
      return "WIDTHxHEIGHT in points, such as 375x812"
    case .step:
      return "a step (N, -N counting back from the last, @SECONDS, first or last)"
    case .wholeNumber(let range):
      return "a whole number from \(range.lowerBound) to \(range.upperBound)"
    }
  }
}
