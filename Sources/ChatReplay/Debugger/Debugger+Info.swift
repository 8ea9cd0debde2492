extension Debugger {
  /// `info breakpoints`, `info watchpoints`, `info display`.
  mutating func info(_ topic: InfoTopic) -> [String] {
    switch topic {
    case .breakpoints:
      guard !breakpoints.isEmpty else { return ["No breakpoints or watchpoints."] }
      return breakpointTable(breakpoints)
    case .watchpoints:
      let watches = breakpoints.filter { $0.isWatch }
      guard !watches.isEmpty else { return ["No watchpoints."] }
      return breakpointTable(watches)
    case .display:
      guard !displays.isEmpty else { return ["No displays; 'display PATH' adds one."] }
      let current = state
      return ["Num  Path (value now)"]
        + displays.map {
          "\(String($0.number).padded(3))  \($0.path) = \($0.path.value(in: current)?.text ?? "(none)")"
        }
    }
  }

  private func breakpointTable(_ list: [Breakpoint]) -> [String] {
    var lines = ["Num  Type        Disp  Enb  Hits  What"]
    for breakpoint in list {
      let type = breakpoint.isWatch ? "watchpoint" : "breakpoint"
      let columns = [
        String(breakpoint.number).padded(3), type.padded(10),
        (breakpoint.isTemporary ? "del" : "keep").padded(4),
        (breakpoint.isEnabled ? "y" : "n").padded(3), String(breakpoint.hits).padded(4),
        Self.describe(breakpoint.kind),
      ]
      lines.append(columns.joined(separator: "  "))
      if let extra = breakpoint.extra { lines.append("     stop only when \(extra.source)") }
      if breakpoint.ignoreCount > 0 {
        lines.append("     ignore the next \(Self.count(breakpoint.ignoreCount, "stop"))")
      }
      lines += breakpoint.commands.map { "     then: \($0)" }
    }
    return lines
  }

  /// The commands that recreate the breakpoints in the same order (`save breakpoints`).
  func savedBreakpoints() -> String {
    var lines: [String] = []
    for breakpoint in breakpoints {
      let verb = breakpoint.isTemporary ? "tbreak" : "break"
      switch breakpoint.kind {
      case .condition(let source, _): lines.append("\(verb) when \(source)")
      case .step(let reference, _): lines.append("\(verb) \(reference.text)")
      case .watch(let path): lines.append("watch \(path)")
      }
      let newest = CommandArguments.newestBreakpoint
      if let extra = breakpoint.extra { lines.append("condition \(newest) \(extra.source)") }
      if breakpoint.ignoreCount > 0 { lines.append("ignore \(newest) \(breakpoint.ignoreCount)") }
      if !breakpoint.isEnabled { lines.append("disable \(newest)") }
      if !breakpoint.commands.isEmpty {
        lines += ["commands \(newest)"] + breakpoint.commands + ["end"]
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// `print EXPR`: `EXPR = VALUE`.
  mutating func evaluate(_ source: String, _ expression: ValueExpression) throws(DebuggerError)
    -> [String]
  {
    for path in expression.paths { _ = try checkedValue(path) }
    let current = state
    switch expression {
    case .operand(let operand):
      // Every path has a value, so only arithmetic on a non-number leaves none.
      guard let value = operand.value(in: current) else {
        throw .notANumber(source, values: describeValues(expression.paths, in: current))
      }
      return ["\(source) = \(value.text)"]
    case .condition(let condition):
      let event = step > 0 ? timeline.event(at: step).event : nil
      return ["\(source) = \(condition.holds(in: current, event: event))"]
    }
  }

  private func describeValues(_ paths: [StatePath], in state: ChatState) -> [String] {
    var seen = Set<StatePath>()
    return paths.filter { seen.insert($0).inserted }.map {
      "\($0) = \($0.value(in: state)?.text ?? "(none)")"
    }
  }

  /// `assert`: nothing when the condition holds now, else an error with the values it read.
  mutating func check(_ source: String, _ condition: Condition, message: String?)
    throws(DebuggerError) -> Reply
  {
    for path in condition.paths { try checkPath(path) }
    let current = state
    let event = step > 0 ? timeline.event(at: step).event : nil
    if condition.holds(in: current, event: event) { return Reply(text: "") }
    throw .assertionFailed(
      step: step, source: source, message: message,
      values: describeValues(condition.paths, in: current))
  }
}
