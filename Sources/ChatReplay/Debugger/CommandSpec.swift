/// A debugger command: its names, usage and help (what `help` lists), what Tab completes for its
/// arguments, and how its arguments parse.
struct CommandSpec: Sendable {
  var name: String
  var aliases: [String] = []
  var usage: String
  var summary: String
  var details: String
  /// What each argument is, for Tab; the last one repeats.
  var arguments: [ArgumentKind] = []
  /// Builds the command from the words after its name.
  var parse: @Sendable (CommandArguments) throws(DebuggerError) -> Command

  /// What an argument is, for completion.
  enum ArgumentKind: Hashable, Sendable {
    /// A state path.
    case path
    /// A `break when` expression (paths, `event TYPE`, `diagnostic ID`, `and`/`or`/`not`).
    case expression
    /// A step: a number, `first`, `last` or a mark.
    case step
    /// A command name (for `help`).
    case command
    /// A breakpoint or watchpoint number.
    case breakpoint
    /// A display number.
    case display
    /// A file name.
    case file
    /// One of these words.
    case words([String])
  }

  /// Finds the command `word` names: an alias, a full name, or an unambiguous prefix.
  static func find(_ word: String) -> Result<CommandSpec, DebuggerError> {
    if let spec = all.first(where: { $0.name == word || $0.aliases.contains(word) }) {
      return .success(spec)
    }
    let matches = all.filter { $0.name.hasPrefix(word) }
    if matches.count == 1, let spec = matches.first { return .success(spec) }
    if matches.count > 1 {
      return .failure(.ambiguousCommand(word, candidates: matches.map { $0.name }))
    }
    let names = all.map { $0.name } + all.flatMap { $0.aliases }
    return .failure(.unknownCommand(word, suggestion: Suggestion.nearest(to: word, in: names)))
  }

  /// Every command, in the order `help` lists them.
  static let all: [CommandSpec] = moving + looking + stopping + session
}
