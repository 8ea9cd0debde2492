internal import ChatReplay

/// A command's whole command line: its positional arguments and its options, from which the
/// parser, the `Usage:` line and the help's option list are derived.
struct CommandSyntax<Command> {
  /// How the command is typed: `replay check`.
  var invocation: String
  var positional: PositionalSpec<Command>?
  var options: [OptionSpec<Command>]

  /// What a parsed command line asks for.
  enum Parsed {
    case run
    case help
  }

  /// Reads `arguments` into `command`: options as declared, `--NAME=VALUE` as `--NAME VALUE`,
  /// `-` as a positional argument (standard input), everything after `--` as positional.
  func parse(_ arguments: [String], into command: inout Command) throws(UsageError) -> Parsed {
    var rest = arguments[...]
    var positionals: [String] = []
    var optionsEnded = false
    while let argument = rest.popFirst() {
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        try take(argument, after: positionals, into: &command)
        positionals.append(argument)
        continue
      }
      var name = argument
      var attached: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        attached = String(argument[argument.index(after: equals)...])
      }
      guard let option = options.first(where: { $0.names.contains(name) }) else {
        let names = options.flatMap(\.names)
        throw .unknownOption(name, suggestion: Suggestion.nearest(to: name, in: names))
      }
      switch option.action {
      case .help:
        return .help
      case .endOfOptions:
        optionsEnded = true
      case .flag(let set):
        if let attached { throw .flagWithValue(option: name, value: attached) }
        try set(&command)
      case .value(_, let set):
        guard let value = attached ?? rest.popFirst() else { throw .missingValue(option: name) }
        try set(&command, value)
      }
    }
    if let positional, positionals.isEmpty {
      let name = invocation.split(separator: " ").dropFirst().joined(separator: " ")
      switch positional.count {
      case .optional, .any: break
      case .one:
        throw .missingArgument(command: name, placeholder: positional.placeholder, count: .one)
      case .oneOrMore:
        throw .missingArgument(
          command: name, placeholder: positional.placeholder, count: .oneOrMore)
      }
    }
    return .run
  }

  private func take(
    _ argument: String, after earlier: [String], into command: inout Command
  ) throws(UsageError) {
    guard let positional else { throw .unexpectedArgument(argument, first: nil) }
    switch positional.count {
    case .optional, .one:
      if let first = earlier.first { throw .unexpectedArgument(argument, first: first) }
    case .oneOrMore, .any:
      break
    }
    try positional.take(&command, argument)
  }

  /// `Usage: replay check FILE... [--keep-going] …`, wrapped under its first word.
  var usage: String {
    var words = positional.map { [$0.synopsis] } ?? []
    for option in options where option.isInUsage {
      switch option.action {
      case .value(let placeholder, _): words.append("[\(option.usageName) \(placeholder)]")
      case .flag, .help, .endOfOptions: words.append("[\(option.usageName)]")
      }
    }
    let lead = "Usage: \(invocation) "
    return Text.wrap(words, width: 100, first: lead, indent: lead.count)
  }

  /// The help's option list: each option's synopsis, then its help wrapped beside it.
  var optionList: String {
    let column = (options.map(\.synopsis.count).max() ?? 0) + 6
    return options.map { option in
      let lead = "  " + option.synopsis
      let words = option.help.split(separator: " ").map(String.init)
      let padded = lead + String(repeating: " ", count: column - lead.count)
      return Text.wrap(words, width: 100, first: padded, indent: column)
    }.joined(separator: "\n")
  }
}

/// Wrapping for usage lines and help.
enum Text {
  /// `words` joined by spaces after `first`, in lines of at most `width` characters (a longer
  /// word stands alone), each line after the first indented by `indent` spaces.
  static func wrap(_ words: [String], width: Int, first: String, indent: Int) -> String {
    var lines: [String] = []
    var line = first
    var lineIsEmpty = true
    for word in words {
      if !lineIsEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = String(repeating: " ", count: indent)
        lineIsEmpty = true
      }
      line += (lineIsEmpty ? "" : " ") + word
      lineIsEmpty = false
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }
}
