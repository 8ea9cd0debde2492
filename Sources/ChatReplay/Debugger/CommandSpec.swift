/// The debugger's commands: names, aliases, usage and help, in the order `help` lists them.
struct CommandSpec: Sendable {
  var name: String
  var aliases: [String] = []
  var usage: String
  var summary: String
  var details: String

  /// Finds the command `word` names: an alias, a full name, or an unambiguous prefix.
  static func find(_ word: String) -> Result<CommandSpec, DebuggerError> {
    if let spec = all.first(where: { $0.name == word || $0.aliases.contains(word) }) {
      return .success(spec)
    }
    let matches = all.filter { $0.name.hasPrefix(word) }
    if matches.count == 1, let spec = matches.first { return .success(spec) }
    if matches.count > 1 {
      return .failure(.ambiguousCommand(word, candidates: matches.map(\.name)))
    }
    let names = all.map(\.name) + all.flatMap(\.aliases)
    return .failure(.unknownCommand(word, suggestion: Suggestion.nearest(to: word, in: names)))
  }

  /// Every command.
  static let all: [CommandSpec] = [
    CommandSpec(
      name: "next", aliases: ["n", "step", "s"], usage: "next [N]",
      summary: "Step forwards one event (or N).",
      details: "Replays the next event (or the next N) and stops. A blank line repeats it."),
    CommandSpec(
      name: "back", aliases: ["b"], usage: "back [N]",
      summary: "Step backwards one event (or N).",
      details: """
        Goes to the previous state (or N states back). It costs the same as 'next': the states
        around the current step are kept. A blank line repeats it.
        """),
    CommandSpec(
      name: "goto", aliases: ["g"], usage: "goto N | -N | @SECONDS | first | last",
      summary: "Jump to a step, counting from the end, or by time.",
      details: """
        goto 12      step 12
        goto -1      the last step (-2 the one before)
        goto @3.4s   the last step at or before t = 3.4 s
        goto first   step 0, the state before any event
        Jumps replay from the nearest checkpoint, never from the start.
        """),
    CommandSpec(
      name: "continue", aliases: ["c"], usage: "continue",
      summary: "Run forwards to the next breakpoint or watch, or to the end.",
      details: """
        Runs forwards and stops at the first step where a breakpoint's expression becomes true or
        a watched path changes; without one, stops at the last step and says so.
        """),
    CommandSpec(
      name: "reverse-continue", aliases: ["rc"], usage: "reverse-continue",
      summary: "Run backwards to the previous breakpoint or watch, or to step 0.",
      details: """
        Runs backwards and stops at the nearest earlier step where a breakpoint's expression
        became true or a watched path changed (the step that changed it, showing the new value).
        """),
    CommandSpec(
      name: "where", aliases: ["w"], usage: "where",
      summary: "Show the step, its time, its event and the layout.",
      details: "Prints the line every stop prints: step N of M, t, the event's line and the layout."
    ),
    CommandSpec(
      name: "print", aliases: ["p"], usage: "print [PATH]",
      summary: "Print the state, or one path of it.",
      details: """
        Paths are the names of 'replay FILE --json': inputBar.frame, inputBar.text,
        keyboard.visibleHeight, list.contentOffset.y, messages[3].text, diagnostics[0].id …
        Rectangles also answer minX, minY, maxX, maxY; messages[-1] is the newest message.
        'print' alone prints every path except messages ('print messages' lists them).
        """),
    CommandSpec(
      name: "event", usage: "event",
      summary: "Show the event that produced this state, as its JSON line.",
      details: "Prints the recording's line that produced the current state, with its number."),
    CommandSpec(
      name: "events", usage: "events [FROM [TO]]",
      summary: "List events around this step (or FROM…TO), marking this one.",
      details: """
        Without arguments, lists five events on each side of the current step; the current step
        is marked with '→'. FROM and TO take the forms 'goto' takes.
        """),
    CommandSpec(
      name: "diff", usage: "diff [A [B]]",
      summary: "What changed from the previous state (or from A to B).",
      details: """
        Prints the fields that differ, in the style of TCA's _printChanges: '−' before, '+' after,
        unchanged fields collapsed. 'diff' compares the previous step with this one, 'diff A'
        step A with this one, 'diff A B' step A with step B. step and t are left out.
        """),
    CommandSpec(
      name: "diagnostics", usage: "diagnostics [all]",
      summary: "The diagnostics this state shows, or all of them with their steps.",
      details: """
        'diagnostics' explains each defect the current state shows, with its numbers.
        'diagnostics all' lists, per diagnostic, every run of consecutive steps that show it.
        """),
    CommandSpec(
      name: "screen", usage: "screen",
      summary: "Draw the phone at this step, to scale.",
      details: """
        Draws the window to scale: status bar, navigation bar, message bubbles (yours on the
        right), the input bar with its text, the keyboard, and any gap (░) or overlap (▓)
        between the input bar and the keyboard. Colours when the output is a colour terminal.
        """),
    CommandSpec(
      name: "break", aliases: ["br"], usage: "break when EXPR",
      summary: "Stop where an expression becomes true.",
      details: """
        EXPR compares paths with numbers, strings and each other, and names events and
        diagnostics; join with and, or, not and parentheses:
          break when keyboard.visibleHeight > 300
          break when list.contentOffset.y < 0
          break when event sendTap
          break when event keyboard willHide
          break when diagnostic keyboard-gap and messageCount >= 20
        A breakpoint stops where its expression is true and was false at the step before (an
        'event' term is true at each such event).
        """),
    CommandSpec(
      name: "watch", usage: "watch PATH",
      summary: "Stop where a path's value changes.",
      details: "Stops at each step whose event changed PATH, printing old → new."),
    CommandSpec(
      name: "display", usage: "display [PATH]",
      summary: "Print a path at every stop ('display' alone shows them now).",
      details: "Adds PATH to the values printed after the 'where' line of every stop."),
    CommandSpec(
      name: "undisplay", usage: "undisplay [N]",
      summary: "Stop displaying display N (or all).",
      details: "Removes a display by the number 'info breakpoints' shows, or all of them."),
    CommandSpec(
      name: "info", aliases: ["i"], usage: "info breakpoints",
      summary: "List breakpoints, watches and displays.",
      details: "Lists each breakpoint and watch with its number and hits, and each display."),
    CommandSpec(
      name: "delete", aliases: ["d"], usage: "delete [N]",
      summary: "Delete breakpoint or watch N (or all).",
      details: "Deletes one breakpoint or watch by its number, or all of them without one."),
    CommandSpec(
      name: "blame", usage: "blame PATH [all]",
      summary: "Every step that changed a path: old → new and the event.",
      details: """
        Lists the steps whose event changed PATH, oldest first, with the old and new values and
        the event, marks the change that set the current value, and ends with a count per event
        type. Long histories show the first and last changes and those around the current step;
        'blame PATH all' lists every one.
        """),
    CommandSpec(
      name: "why", usage: "why PATH",
      summary: "Explain a value: the rule, the formula with numbers, and its inputs.",
      details: """
        Names the layout's rule that set PATH, writes its formula with this step's numbers, and
        gives the step where each input got its value. For a path without a rule, gives the step
        and event that last changed it.
        """),
    CommandSpec(
      name: "help", aliases: ["h", "?"], usage: "help [COMMAND]",
      summary: "List the commands, or explain one.",
      details: "Any unambiguous prefix of a command works; a blank line repeats the last move."),
    CommandSpec(
      name: "quit", aliases: ["q", "exit"], usage: "quit",
      summary: "Leave the debugger (end of input does too).",
      details: "Leaves the debugger with exit status 0."),
  ]
}
