extension CommandSpec {
  /// Commands that show the state, its events and its history.
  static let looking: [CommandSpec] = [
    CommandSpec(
      name: "print", aliases: ["p"], usage: "print [PATH | EXPR]",
      summary: "Print the state, one path of it, or an expression.",
      details: """
        Paths are the names of 'replay FILE --json': inputBar.frame, inputBar.text,
        keyboard.visibleHeight, list.contentOffset.y, messages[3].text, diagnostics[0].id …
        Rectangles also answer minX, minY, maxX, maxY; messages[-1] is the newest message.
        'print' alone prints every path except messages ('print messages' lists them).
        EXPR adds, subtracts, multiplies and divides paths and numbers (spaces around the
        operators), compares them, or is any 'break when' expression:
          print keyboard.visibleHeight + 10
          print inputBar.frame.maxY - keyboard.frame.y
          print list.contentOffset.y < 0 and event sendTap
        """,
      arguments: [.expression],
      parse: { arguments throws(DebuggerError) in
        if arguments.words.count <= 1 { return .print(try arguments.path(0)) }
        switch ConditionParser.parseValue(arguments.rest) {
        case .success(let expression): return .evaluate(source: arguments.rest, expression)
        case .failure(let error): throw error
        }
      }),
    CommandSpec(
      name: "event", usage: "event",
      summary: "Show the event that produced this state, as its JSON line.",
      details: "Prints the recording's line that produced the current state, with its number.",
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(0)
        return .event
      }),
    CommandSpec(
      name: "events", usage: "events [FROM [TO]]",
      summary: "List events around this step (or FROM…TO), marking this one.",
      details: """
        Without arguments, lists five events on each side of the current step; the current step
        is marked with '→'. FROM and TO take the forms 'goto' takes; a TO past the end lists up to
        the last step.
        """,
      arguments: [.step],
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(2)
        return .events(from: try arguments.reference(0), to: try arguments.reference(1))
      }),
    CommandSpec(
      name: "diff", usage: "diff [A [B]]",
      summary: "What changed from the previous state (or from A to B).",
      details: """
        Prints the fields that differ, in the style of TCA's _printChanges: '−' before, '+' after,
        unchanged fields collapsed. 'diff' compares the previous step with this one, 'diff A'
        step A with this one, 'diff A B' step A with step B. step and t are left out.
        """,
      arguments: [.step],
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(2)
        return .diff(try arguments.reference(0), try arguments.reference(1))
      }),
    CommandSpec(
      name: "diagnostics", usage: "diagnostics [all]",
      summary: "The diagnostics this state shows, or all of them with their steps.",
      details: """
        'diagnostics' explains each defect the current state shows, with its numbers.
        'diagnostics all' lists, per diagnostic, every run of consecutive steps that show it.
        """,
      arguments: [.words(["all"])],
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(1)
        if let word = arguments.words.first, word != "all" { throw arguments.bad(word) }
        return .diagnostics(all: !arguments.words.isEmpty)
      }),
    CommandSpec(
      name: "screen", usage: "screen",
      summary: "Draw the phone at this step, to scale.",
      details: """
        Draws the window to scale: status bar, navigation bar, message bubbles (yours on the
        right), the input bar with its text, the keyboard, and any gap (░) or overlap (▓)
        between the input bar and the keyboard. Colours when the output is a colour terminal.
        """,
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(0)
        return .screen
      }),
    CommandSpec(
      name: "display", usage: "display [PATH]",
      summary: "Print a path at every stop ('display' alone shows them now).",
      details: "Adds PATH to the values printed after the 'where' line of every stop.",
      arguments: [.path],
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(1)
        return .display(try arguments.path(0))
      }),
    CommandSpec(
      name: "undisplay", usage: "undisplay [N]",
      summary: "Stop displaying display N (or all).",
      details: "Removes a display by the number 'info display' shows, or all of them.",
      arguments: [.display],
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(1)
        return .undisplay(try arguments.number(0))
      }),
    CommandSpec(
      name: "blame", usage: "blame PATH [all]",
      summary: "Every step that changed a path: old → new and the event.",
      details: """
        Lists the steps whose event changed PATH, oldest first, with the old and new values and
        the event, marks the change that set the current value, and ends with a count per event
        type. Long histories show the first and last changes and those around the current step;
        'blame PATH all' lists every one.
        """,
      arguments: [.path, .words(["all"])],
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(2)
        if arguments.words.count == 2 && arguments.words[1] != "all" {
          throw arguments.bad(arguments.words[1])
        }
        return .blame(try arguments.requiredPath(), all: arguments.words.count == 2)
      }),
    CommandSpec(
      name: "why", usage: "why PATH",
      summary: "Explain a value: the rule, the formula with numbers, and its inputs.",
      details: """
        Names the layout's rule that set PATH, writes its formula with this step's numbers, and
        gives the step where each input got its value. For a path without a rule, gives the step
        and event that last changed it.
        """,
      arguments: [.path],
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(1)
        return .why(try arguments.requiredPath())
      }),
  ]
}
