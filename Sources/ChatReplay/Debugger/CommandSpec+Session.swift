extension CommandSpec {
  /// Scripts, settings, help and leaving.
  static let session: [CommandSpec] = [
    CommandSpec(
      name: "save", usage: "save breakpoints FILE",
      summary: "Write the commands that recreate the breakpoints, for 'source'.",
      details: """
        Writes one 'break', 'watch', 'condition', 'ignore', 'disable' and 'commands' line per
        setting, in an order that gives the breakpoints the same numbers in a fresh session.
        """,
      arguments: [.words(["breakpoints"]), .file],
      parse: { arguments throws(DebuggerError) in
        guard let first = arguments.words.first else { throw arguments.missing }
        guard "breakpoints".hasPrefix(first) else { throw arguments.bad(first) }
        let path = arguments.text(after: 1)
        guard !path.isEmpty else { throw arguments.missing }
        return .saveBreakpoints(path: path)
      }),
    CommandSpec(
      name: "source", usage: "source FILE",
      summary: "Run the commands in FILE, one per line.",
      details: """
        Runs each line as if typed; a failing command stops the file there, naming its line.
        Lines starting with '#' are comments.
        """,
      arguments: [.file],
      parse: { arguments throws(DebuggerError) in
        guard !arguments.rest.isEmpty else { throw arguments.missing }
        return .source(path: arguments.rest)
      }),
    CommandSpec(
      name: "set", usage: "set pagination on|off",
      summary: "Whether long output at a terminal goes through the pager.",
      details: """
        At a terminal, output taller than the window goes through $PAGER (less -FRX when it is
        not set); 'set pagination off' (or the --no-pager option) prints it straight.
        """,
      arguments: [.words(["pagination"]), .words(["on", "off"])],
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(2)
        guard let setting = arguments.words.first else { throw arguments.missing }
        guard setting == "pagination" else { throw arguments.bad(setting) }
        guard arguments.words.count == 2 else { throw arguments.missing }
        switch arguments.words[1] {
        case "on": return .setPagination(true)
        case "off": return .setPagination(false)
        default: throw arguments.bad(arguments.words[1])
        }
      }),
    CommandSpec(
      name: "help", aliases: ["h", "?"], usage: "help [COMMAND]",
      summary: "List the commands, or explain one.",
      details: "Any unambiguous prefix of a command works; a blank line repeats the last move.",
      arguments: [.command],
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(1)
        return .help(arguments.words.first)
      }),
    CommandSpec(
      name: "quit", aliases: ["q", "exit"], usage: "quit",
      summary: "Leave the debugger (end of input or Ctrl-D does too).",
      details: "Leaves the debugger with exit status 0 (1 in a script where a command failed).",
      parse: { _ throws(DebuggerError) in .quit }),
  ]
}
