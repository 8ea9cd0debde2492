/// One command-line option of `Command`: its names, its value, its help, and what it sets.
///
/// A command declares each of its options once, in a table of these (``Command/options``);
/// parsing, the `Usage:` line, `--help` and the did-you-mean of an unknown option are all
/// derived from that table. Options that several commands share are declared in
/// ``SharedOptions``.
struct OptionSpec<Command> {
  /// What the option does when given.
  enum Action {
    /// Sets something; takes no value.
    case flag((inout Command) throws(UsageError) -> Void)
    /// Takes the next argument (or the text after `=`), shown as `placeholder`.
    case value(placeholder: String, (inout Command, String) throws(UsageError) -> Void)
    /// Shows the command's help and stops.
    case help
    /// Ends the options: every later argument is positional, even one that starts with `-`.
    case endOfOptions
  }

  /// The names, as listed in the help (`-h`, `--help`).
  var names: [String]
  /// The help text, one paragraph; the help wraps it.
  var help: String
  var action: Action
  /// Whether the `Usage:` line lists it (not `--help`, `--version` or `--`).
  var isInUsage = true

  /// A flag: `--name` sets something.
  static func flag(
    _ names: String..., help: String, _ set: @escaping (inout Command) throws(UsageError) -> Void
  ) -> OptionSpec {
    OptionSpec(names: names, help: help, action: .flag(set))
  }

  /// An option with a value: `--name VALUE`.
  static func value(
    _ names: String..., placeholder: String, help: String,
    _ set: @escaping (inout Command, String) throws(UsageError) -> Void
  ) -> OptionSpec {
    OptionSpec(names: names, help: help, action: .value(placeholder: placeholder, set))
  }

  /// The name the `Usage:` line shows: the first.
  var usageName: String { names[0] }

  /// `--layout NAME`, `-h, --help`: the option as the help lists it.
  var synopsis: String {
    let names = self.names.joined(separator: ", ")
    switch action {
    case .value(let placeholder, _): return names + " " + placeholder
    case .flag, .help, .endOfOptions: return names
    }
  }
}

/// The positional arguments of `Command`: their placeholder, how many, and what each sets.
struct PositionalSpec<Command> {
  /// How many of the argument the command takes.
  enum Count {
    /// At most one (`[FILE]`).
    case optional
    /// Exactly one (`FILE`).
    case one
    /// One or more (`FILE...`).
    case oneOrMore
    /// Any number, none included (`[FILE...]`).
    case any
  }

  /// `FILE`.
  var placeholder: String
  var count: Count
  /// Takes one argument.
  var take: (inout Command, String) throws(UsageError) -> Void

  /// As the `Usage:` line shows it: `[FILE]`, `FILE`, `FILE...`.
  var synopsis: String {
    switch count {
    case .optional: "[\(placeholder)]"
    case .one: placeholder
    case .oneOrMore: placeholder + "..."
    case .any: "[\(placeholder)...]"
    }
  }
}
