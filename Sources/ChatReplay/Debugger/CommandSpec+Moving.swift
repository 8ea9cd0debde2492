extension CommandSpec {
  /// Commands that move through the recording.
  static let moving: [CommandSpec] = [
    CommandSpec(
      name: "next", aliases: ["n", "step", "s"], usage: "next [N]",
      summary: "Step forwards one event (or N).",
      details: """
        Replays the next event (or the next N) and stops. A blank line repeats it. Each step is
        one event, so gdb's 'next' and 'step' are the same here.
        """,
      parse: { arguments throws(DebuggerError) in .next(try arguments.count()) }),
    CommandSpec(
      name: "back", aliases: ["b"], usage: "back [N]",
      summary: "Step backwards one event (or N).",
      details: """
        Goes to the previous state (or N states back). It costs the same as 'next': the states
        around the current step are kept. A blank line repeats it. In gdb 'b' is 'break'; here
        it is 'back' ('br' is 'break').
        """,
      parse: { arguments throws(DebuggerError) in .back(try arguments.count()) }),
    CommandSpec(
      name: "reverse-next", aliases: ["rn"], usage: "reverse-next [N]",
      summary: "gdb's name for 'back'.",
      details: "The same as 'back': each step is one event, so there is nothing to step over.",
      parse: { arguments throws(DebuggerError) in .back(try arguments.count()) }),
    CommandSpec(
      name: "reverse-step", aliases: ["rs"], usage: "reverse-step [N]",
      summary: "gdb's name for 'back'.",
      details: "The same as 'back': each step is one event, so there is nothing to step into.",
      parse: { arguments throws(DebuggerError) in .back(try arguments.count()) }),
    CommandSpec(
      name: "goto", aliases: ["g"], usage: "goto N|-N|@SECONDS|:MARK|first|last",
      summary: "Jump to a step, counting from the end, by time, or to a mark.",
      details: """
        goto 12      step 12
        goto -1      the last step (-2 the one before)
        goto @3.4s   the last step at or before t = 3.4 s
        goto :sent   the step 'mark sent' named
        goto first   step 0, the state before any event
        Jumps replay from the nearest checkpoint, never from the start.
        """,
      arguments: [.step],
      parse: { arguments throws(DebuggerError) in .goto(try arguments.requiredReference()) }),
    CommandSpec(
      name: "continue", aliases: ["c"], usage: "continue",
      summary: "Run forwards to the next breakpoint or watchpoint, or to the end.",
      details: """
        Runs forwards and stops at the first step where a breakpoint's expression becomes true or
        a watched path changes; without one, stops at the last step and says so. Ctrl-C stops it
        where it has got to.
        """,
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(0)
        return .continueForward
      }),
    CommandSpec(
      name: "reverse-continue", aliases: ["rc", "r"], usage: "reverse-continue",
      summary: "Run back to the previous breakpoint or watchpoint, or to step 0.",
      details: """
        Runs backwards and stops at the nearest earlier step where a breakpoint's expression
        became true or a watched path changed (the step that changed it, showing the new value).
        In gdb 'r' is 'run'; here it is 'reverse-continue'. Ctrl-C stops it where it has got to.
        """,
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(0)
        return .reverseContinue
      }),
    CommandSpec(
      name: "until", aliases: ["u", "advance"], usage: "until STEP",
      summary: "Run forwards to STEP, stopping earlier at a breakpoint.",
      details: """
        Runs forwards like 'continue' but stops at STEP (any form 'goto' takes) if no breakpoint
        or watch fires first. 'advance' is the same.
        """,
      arguments: [.step],
      parse: { arguments throws(DebuggerError) in .advance(try arguments.requiredReference()) }),
    CommandSpec(
      name: "where", aliases: ["w", "bt", "backtrace"], usage: "where",
      summary: "Show the step, its time, its event and the layout.",
      details: """
        Prints the line every stop prints: step N of M, t, the event's line and the layout. There
        is no call stack to trace, so gdb's 'bt' prints this too.
        """,
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(0)
        return .where
      }),
    CommandSpec(
      name: "mark", usage: "mark NAME",
      summary: "Name the current step, for 'goto :NAME'.",
      details: """
        Names this step; 'goto :NAME', 'until :NAME' and 'break :NAME' take it, and Tab completes
        it. Naming another step with the same name moves the mark.
        """,
      parse: { arguments throws(DebuggerError) in
        try arguments.atMost(1)
        guard let name = arguments.words.first else { throw arguments.missing }
        guard StepReference.isMarkName(name) else { throw arguments.bad(name) }
        return .mark(name)
      }),
  ]
}
