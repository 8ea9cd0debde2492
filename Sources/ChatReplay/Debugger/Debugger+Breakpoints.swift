extension Debugger {
  mutating func addBreakpoint(_ kind: Breakpoint.Kind, temporary: Bool) throws(DebuggerError)
    -> [String]
  {
    if case .condition(_, let condition) = kind {
      for path in condition.paths { try checkPath(path) }
    }
    let number = nextBreakpointNumber
    nextBreakpointNumber += 1
    breakpoints.append(Breakpoint(number: number, kind: kind, isTemporary: temporary))
    let name = temporary ? "Temporary breakpoint" : "Breakpoint"
    return ["\(name) \(number): \(Self.describe(kind))"]
  }

  static func describe(_ kind: Breakpoint.Kind) -> String {
    switch kind {
    case .condition(let source, _): "when \(source)"
    case .step(let reference, let step):
      reference == .step(step) ? "at step \(step)" : "at step \(step) (\(reference.text))"
    case .watch(let path): path.description
    }
  }

  mutating func addWatch(_ path: StatePath) throws(DebuggerError) -> [String] {
    try checkPath(path)
    let number = nextBreakpointNumber
    nextBreakpointNumber += 1
    breakpoints.append(Breakpoint(number: number, kind: .watch(path)))
    let value = path.value(in: state)?.text ?? "(none)"
    return ["Watchpoint \(number): \(path) (now \(value))"]
  }

  mutating func addDisplay(_ path: StatePath?) throws(DebuggerError) -> [String] {
    guard let path else {
      let current = state
      guard !displays.isEmpty else { return ["No displays; 'display PATH' adds one."] }
      return displays.map {
        "  \($0.number): \($0.path) = \($0.path.value(in: current)?.text ?? "(none)")"
      }
    }
    try checkPath(path)
    let number = nextDisplayNumber
    nextDisplayNumber += 1
    displays.append((number, path))
    return ["  \(number): \(path) = \(path.value(in: state)?.text ?? "(none)")"]
  }

  mutating func removeDisplay(_ number: Int?) throws(DebuggerError) -> [String] {
    guard let number else {
      let count = displays.count
      displays.removeAll()
      return ["Removed \(Self.count(count, "display"))."]
    }
    guard let index = displays.firstIndex(where: { $0.number == number }) else {
      throw .noSuchDisplay(number, existing: displays.map { $0.number })
    }
    displays.remove(at: index)
    return ["Removed display \(number)."]
  }

  /// The indices of breakpoints `numbers` (all when empty), or an error naming one that is not.
  private func indices(_ numbers: [Int]) throws(DebuggerError) -> [Int] {
    guard !numbers.isEmpty else { return Array(breakpoints.indices) }
    var result: [Int] = []
    for number in numbers {
      let number = number == CommandArguments.newest ? breakpoints.last?.number ?? 0 : number
      guard let index = breakpoints.firstIndex(where: { $0.number == number }) else {
        throw .noSuchBreakpoint(number, existing: breakpoints.map { $0.number })
      }
      result.append(index)
    }
    return result
  }

  /// "breakpoint 2", "watchpoint 3", "2 breakpoints and 1 watchpoint" (with `byNumber: false`,
  /// always the counts).
  func named(_ indices: [Int], byNumber: Bool = true) -> String {
    let watches = indices.filter { breakpoints[$0].isWatch }.count
    let others = indices.count - watches
    if byNumber, indices.count == 1, let index = indices.first {
      return "\(watches == 1 ? "watchpoint" : "breakpoint") \(breakpoints[index].number)"
    }
    switch (others, watches) {
    case (_, 0): return Self.count(others, "breakpoint")
    case (0, _): return Self.count(watches, "watchpoint")
    default: return "\(Self.count(others, "breakpoint")) and \(Self.count(watches, "watchpoint"))"
    }
  }

  mutating func deleteBreakpoints(_ numbers: [Int]) throws(DebuggerError) -> [String] {
    guard !breakpoints.isEmpty || !numbers.isEmpty else {
      return ["No breakpoints or watchpoints to delete."]
    }
    let chosen = try indices(numbers)
    let name = named(chosen)
    for index in chosen.sorted(by: >) { breakpoints.remove(at: index) }
    return ["Deleted \(name)."]
  }

  mutating func enable(_ numbers: [Int], _ isEnabled: Bool) throws(DebuggerError) -> [String] {
    guard !breakpoints.isEmpty || !numbers.isEmpty else {
      return ["No breakpoints or watchpoints to \(isEnabled ? "enable" : "disable")."]
    }
    let chosen = try indices(numbers)
    for index in chosen { breakpoints[index].isEnabled = isEnabled }
    return ["\(isEnabled ? "Enabled" : "Disabled") \(named(chosen))."]
  }

  mutating func setCondition(_ number: Int, source: String?, _ condition: Condition?)
    throws(DebuggerError) -> [String]
  {
    guard let index = try indices([number]).first else { return [] }
    let name = named([index])
    guard let source, let condition else {
      breakpoints[index].extra = nil
      return ["\(name.capitalizedFirst) stops unconditionally now."]
    }
    for path in condition.paths { try checkPath(path) }
    breakpoints[index].extra = (source, condition)
    return ["\(name.capitalizedFirst) stops only when \(source)."]
  }

  mutating func ignore(_ number: Int, count: Int) throws(DebuggerError) -> [String] {
    guard let index = try indices([number]).first else { return [] }
    breakpoints[index].ignoreCount = count
    let name = named([index])
    guard count > 0 else { return ["\(name.capitalizedFirst) stops at its next hit."] }
    return ["Will ignore the next \(count == 1 ? "stop" : "\(count) stops") at \(name)."]
  }

  mutating func startCommands(_ number: Int?) throws(DebuggerError) -> [String] {
    guard let index = try indices([number ?? CommandArguments.newest]).first else { return [] }
    let chosen = breakpoints[index].number
    collecting = (chosen, [])
    return ["Type commands for breakpoint \(chosen), one per line; end with a line saying 'end'."]
  }

  /// While `commands` reads its lines: keeps `line` (or ends at `end`); `nil` otherwise.
  mutating func collect(_ line: String) -> Reply? {
    guard let (number, lines) = collecting else { return nil }
    let text = line.trimmingSpaces()
    guard text == "end" else {
      collecting = (number, lines + [text])
      return Reply(text: "")
    }
    collecting = nil
    if let index = breakpoints.firstIndex(where: { $0.number == number }) {
      breakpoints[index].commands = lines.filter { !$0.isEmpty }
    }
    return Reply(text: "")
  }
}

extension String {
  /// The string with its first character upper-cased.
  var capitalizedFirst: String {
    guard let first else { return self }
    return first.uppercased() + dropFirst()
  }
}
