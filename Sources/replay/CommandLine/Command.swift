/// A command of `replay`: its name, its help, its command line as one table, and its run.
///
/// A new command is a type conforming to this, added to ``Replay/subcommands``: the parser, the
/// `Usage:` line, `--help`, the did-you-mean of a misspelt option or subcommand and the listing
/// in `replay --help` all follow from the declarations.
protocol Command {
  /// The name after `replay` (empty for `replay` itself).
  static var name: String { get }
  /// One line for `replay --help`'s list of subcommands.
  static var abstract: String { get }
  /// The help's first paragraph.
  static var overview: String { get }
  /// Paragraphs between the `Usage:` line and the options; empty for none.
  static var discussion: String { get }
  /// What follows the options in the help (the exit statuses).
  static var epilogue: String { get }
  /// The positional arguments.
  static var positional: PositionalSpec<Self>? { get }
  /// Every option, each declared once.
  static var options: [OptionSpec<Self>] { get }

  /// The command with every option at its default.
  init()
  /// Checks what no single option can check (options that go together or exclude each other).
  mutating func validate() throws(UsageError)
  /// Runs, writing to `console`.
  func run(_ console: inout Console) -> ExitStatus
}

extension Command {
  static var discussion: String { "" }

  mutating func validate() throws(UsageError) {}

  /// `replay check`.
  static var invocation: String { name.isEmpty ? "replay" : "replay \(name)" }

  /// The command line's table.
  static var syntax: CommandSyntax<Self> {
    CommandSyntax(invocation: invocation, positional: positional, options: options)
  }

  /// The `--help` text.
  static var help: String {
    var parts = [overview, syntax.usage]
    if !discussion.isEmpty { parts.append(discussion) }
    parts.append("Options:\n" + syntax.optionList)
    if !epilogue.isEmpty { parts.append(epilogue) }
    return parts.joined(separator: "\n\n")
  }

  /// Parses `arguments` (those after the command's name) and runs the command, or prints its
  /// help, or prints what is wrong with them and the `Usage:` line.
  static func main(_ arguments: [String], console: inout Console) -> ExitStatus {
    var command = Self()
    do throws(UsageError) {
      switch try syntax.parse(arguments, into: &command) {
      case .help:
        console.output.line(help)
        return .success
      case .run:
        try command.validate()
      }
    } catch {
      console.error.line("Error: \(error.description)")
      console.error.line(syntax.usage)
      return .usage
    }
    return command.run(&console)
  }
}

/// How `replay` exits.
enum ExitStatus: Int32 {
  /// Everything asked for was done, and every recording was good.
  case success = 0
  /// A recording is bad or unreadable, or a file cannot be written.
  case failure = 1
  /// `replay check`: a recording reached a diagnostic that `--fail-on` names.
  case policyFailure = 2
  /// `replay check --expect`: states differ from their reference, or have none, or a reference
  /// was just recorded.
  case goldenFailure = 3
  /// The command line is wrong (`EX_USAGE`); a `Usage:` line follows the error.
  case usage = 64
}
