extension Debugger {
  /// The list of commands, or one command's help.
  func help(_ topic: String?) throws(DebuggerError) -> [String] {
    guard let topic else { return Self.helpText }
    let spec: CommandSpec
    switch CommandSpec.find(topic) {
    case .success(let found): spec = found
    case .failure(.ambiguousCommand(let word, let candidates)):
      throw .ambiguousCommand(word, candidates: candidates)
    case .failure:
      let names = CommandSpec.all.map { $0.name }
      throw .unknownHelpTopic(topic, suggestion: Suggestion.nearest(to: topic, in: names))
    }
    let aliases = spec.aliases.isEmpty ? "" : "  (also: \(spec.aliases.joined(separator: ", ")))"
    return ["\(spec.usage)\(aliases)", "  \(spec.summary)"]
      + spec.details.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
  }

  /// `help`'s text; also the debugger section of `replay --help`.
  public static var helpText: [String] {
    var lines = ["Commands (any unambiguous prefix works; a blank line repeats the last move):"]
    let shortAliases = CommandSpec.all.map { spec in
      spec.aliases.filter { $0.count <= 3 }.joined(separator: ",")
    }
    let usageWidth = (CommandSpec.all.map { $0.usage.count }.max() ?? 0) + 2
    let aliasWidth = (shortAliases.map { $0.count }.max() ?? 0) + 2
    for (spec, aliases) in zip(CommandSpec.all, shortAliases) {
      lines.append("  " + spec.usage.padded(usageWidth) + aliases.padded(aliasWidth) + spec.summary)
    }
    lines.append(
      "Paths are the names of 'replay FILE --json' (inputBar.frame.maxY, messages[3].text, …).")
    lines.append(
      "gdb habits: 'b' is back here ('br' is break), 'r' is reverse-continue, 'bt' is where.")
    lines.append("'help COMMAND' explains one command.")
    return lines
  }
}
