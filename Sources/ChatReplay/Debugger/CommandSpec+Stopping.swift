extension CommandSpec {
  /// Breakpoints, watchpoints and assertions.
  static let stopping: [CommandSpec] = [
    CommandSpec(
      name: "break", aliases: ["br"], usage: "break when EXPR | break STEP",
      summary: "Stop where an expression becomes true, or at a step.",
      details: """
        EXPR compares paths with numbers, strings and each other, and names events and
        diagnostics; join with and, or, not and parentheses:
          break when keyboard.visibleHeight > 300
          break when list.contentOffset.y < 0
          break when event sendTap
          break when event keyboard willHide
          break when diagnostic keyboard-gap and messageCount >= 20
        A breakpoint stops where its expression is true and was false at the step before (an
        'event' term is true at each such event). 'break 12', 'break @5.6s' and 'break :NAME'
        stop on arriving at that step (gdb's line breakpoints).
        """,
      arguments: [.words(["when"]), .expression],
      parse: { arguments throws(DebuggerError) in try breakpoint(arguments, temporary: false) }),
    CommandSpec(
      name: "tbreak", usage: "tbreak when EXPR | tbreak STEP",
      summary: "A breakpoint that is deleted when it first stops.",
      details: "Takes what 'break' takes; the breakpoint goes away after its first stop.",
      arguments: [.words(["when"]), .expression],
      parse: { arguments throws(DebuggerError) in try breakpoint(arguments, temporary: true) }),
    CommandSpec(
      name: "watch", usage: "watch PATH",
      summary: "Stop where a path's value changes.",
      details: "Stops at each step whose event changed PATH, printing old → new.",
      arguments: [.path],
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(1)
        return .watch(try arguments.requiredPath())
      }),
    CommandSpec(
      name: "delete", aliases: ["d"], usage: "delete [N…]",
      summary: "Delete breakpoints or watchpoints N… (or all).",
      details: "Deletes breakpoints and watchpoints by number, or all of them without one.",
      arguments: [.breakpoint],
      parse: { arguments throws(DebuggerError) in .delete(try arguments.numbers()) }),
    CommandSpec(
      name: "disable", aliases: ["dis"], usage: "disable [N…]",
      summary: "Keep breakpoints or watchpoints N… (or all) but stop not at them.",
      details: "A disabled breakpoint keeps its number, condition and hits; 'enable' turns it on.",
      arguments: [.breakpoint],
      parse: { arguments throws(DebuggerError) in
        .enable(try arguments.numbers(), isEnabled: false)
      }),
    CommandSpec(
      name: "enable", aliases: ["en"], usage: "enable [N…]",
      summary: "Turn breakpoints or watchpoints N… (or all) back on.",
      details: "Undoes 'disable'.",
      arguments: [.breakpoint],
      parse: { arguments throws(DebuggerError) in
        .enable(try arguments.numbers(), isEnabled: true)
      }),
    CommandSpec(
      name: "condition", usage: "condition N [EXPR]",
      summary: "Stop at breakpoint N only when EXPR also holds (none: always).",
      details: """
        Adds a condition, in the language of 'break when', to breakpoint or watchpoint N; it must
        hold at the step where N fires. 'condition N' alone removes it.
        """,
      arguments: [.breakpoint, .expression],
      parse: { arguments throws(DebuggerError) in
        let number = try arguments.requiredNumber(0)
        let source = arguments.text(after: 1)
        guard !source.isEmpty else { return .condition(number, source: nil, nil) }
        return .condition(number, source: source, try CommandArguments.condition(source))
      }),
    CommandSpec(
      name: "ignore", usage: "ignore N COUNT",
      summary: "Pass over the next COUNT stops of breakpoint N.",
      details: "The breakpoint still counts its hits; it stops again after COUNT of them.",
      arguments: [.breakpoint, .words([])],
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(2)
        let number = try arguments.requiredNumber(0)
        return .ignore(number, count: try arguments.requiredNumber(1))
      }),
    CommandSpec(
      name: "commands", usage: "commands [N]",
      summary: "Commands to run whenever breakpoint N (or the newest) stops.",
      details: """
        Reads command lines up to a line saying 'end' and runs them after each stop at
        breakpoint N, as gdb does ('commands N' then 'end' alone removes them):
          commands 1
          print keyboard.visibleHeight
          end
        """,
      arguments: [.breakpoint],
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(1)
        return .commands(try arguments.number(0))
      }),
    CommandSpec(
      name: "info", aliases: ["i"], usage: "info breakpoints|watchpoints|display",
      summary: "List breakpoints, watchpoints or displays.",
      details: """
        'info breakpoints' lists every breakpoint and watchpoint with its number, hits, state
        and condition; 'info watchpoints' only watchpoints; 'info display' the displays.
        """,
      arguments: [.words(InfoTopic.allCases.map { $0.rawValue })],
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(1)
        guard let word = arguments.words.first else { throw arguments.missing }
        let topics = InfoTopic.allCases.filter { $0.rawValue.hasPrefix(word) }
        guard topics.count == 1, let topic = topics.first else { throw arguments.bad(word) }
        return .info(topic)
      }),
    CommandSpec(
      name: "assert", usage: "assert EXPR [\"MESSAGE\"]",
      summary: "Fail (a script: exit 1) unless EXPR holds at this step.",
      details: """
        EXPR is an expression of 'break when', evaluated at the current step; an 'event' term
        names the event that produced it. Prints nothing when it holds. When it does not, the
        error gives the step, MESSAGE and the values of the paths EXPR reads, and a script stops
        with exit status 1:
          assert keyboard.visibleHeight > 300 "the keyboard is up"
        """,
      arguments: [.expression],
      parse: { arguments throws(DebuggerError) in
        guard !arguments.rest.isEmpty else { throw arguments.missing }
        switch ConditionParser.parse(arguments.rest, allowingMessage: true) {
        case .success(let (condition, source, message)):
          return .assert(source: source, condition, message: message)
        case .failure(let error): throw error
        }
      }),
  ]

  private static func breakpoint(_ arguments: CommandArguments, temporary: Bool)
    throws(DebuggerError) -> Command
  {
    guard let first = arguments.words.first else { throw arguments.missing }
    guard first == "when" else {
      return .breakAt(try arguments.requiredReference(), temporary: temporary)
    }
    let source = arguments.text(after: 1)
    guard !source.isEmpty else { throw arguments.missing }
    return .breakWhen(
      source: source, try CommandArguments.condition(source), temporary: temporary)
  }
}
