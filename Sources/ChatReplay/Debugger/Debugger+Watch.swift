extension Debugger {
  mutating func addBreakpoint(_ source: String, _ condition: Condition) throws(DebuggerError)
    -> [String]
  {
    for path in condition.paths { try checkPath(path) }
    let number = nextBreakpointNumber
    nextBreakpointNumber += 1
    breakpoints.append(Breakpoint(number: number, kind: .condition(source: source, condition)))
    return ["Breakpoint \(number): when \(source)"]
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
      return ["Removed \(count) display\(count == 1 ? "" : "s")."]
    }
    guard let index = displays.firstIndex(where: { $0.number == number }) else {
      throw .noSuchDisplay(number, existing: displays.map(\.number))
    }
    displays.remove(at: index)
    return ["Removed display \(number)."]
  }

  func breakpointList() -> [String] {
    var lines: [String] = []
    if breakpoints.isEmpty {
      lines.append("No breakpoints or watches.")
    } else {
      lines.append("Num  Type        Hits  What")
      for breakpoint in breakpoints {
        let number = String(breakpoint.number).padded(3)
        let hits = String(breakpoint.hits).padded(4)
        switch breakpoint.kind {
        case .condition(let source, _):
          lines.append("\(number)  breakpoint  \(hits)  when \(source)")
        case .watch(let path):
          lines.append("\(number)  watch       \(hits)  \(path)")
        }
      }
    }
    if !displays.isEmpty {
      lines.append("Displays:")
      lines += displays.map { "  \($0.number): \($0.path)" }
    }
    return lines
  }

  mutating func deleteBreakpoint(_ number: Int?) throws(DebuggerError) -> [String] {
    guard let number else {
      let count = breakpoints.count
      breakpoints.removeAll()
      return [
        "Deleted \(count) breakpoint\(count == 1 ? "" : "s") and watch\(count == 1 ? "" : "es")."
      ]
    }
    guard let index = breakpoints.firstIndex(where: { $0.number == number }) else {
      throw .noSuchBreakpoint(number, existing: breakpoints.map(\.number))
    }
    breakpoints.remove(at: index)
    return ["Deleted breakpoint \(number)."]
  }

  // MARK: Running

  /// What fires between `previous` and `current` (the step `current.step`), as report lines.
  private func hits(_ previous: ChatState, _ current: ChatState) -> [(Int, String)] {
    var result: [(Int, String)] = []
    var event: Event?
    for (index, breakpoint) in breakpoints.enumerated() {
      switch breakpoint.kind {
      case .condition(let source, let condition):
        if condition.mentionsEvent && event == nil && current.step > 0 {
          event = timeline.event(at: current.step).event
        }
        guard condition.holds(in: current, event: event),
          !condition.holds(in: previous, event: nil, eventsHold: false)
        else { continue }
        result.append((index, "Hit breakpoint \(breakpoint.number): when \(source)"))
      case .watch(let path):
        let old = path.value(in: previous)
        let new = path.value(in: current)
        guard old != new else { continue }
        result.append(
          (
            index,
            "Hit watchpoint \(breakpoint.number): \(path): \(old?.text ?? "(none)") → \(new?.text ?? "(none)")"
          ))
      }
    }
    return result
  }

  private mutating func report(_ found: [(Int, String)], at target: Int) -> [String] {
    for (index, _) in found { breakpoints[index].hits += 1 }
    return found.map(\.1) + stop(at: target)
  }

  mutating func continueForward() -> [String] {
    guard step < timeline.lastStep else {
      return ["Already at the last step (\(step)); 'reverse-continue' runs backwards."]
    }
    var previous: ChatState?
    var found: [(Int, String)] = []
    if !breakpoints.isEmpty, let trigger = trigger() {
      for candidate in (step + 1)...timeline.lastStep where trigger.matches(index, candidate) {
        let before = state(at: candidate - 1)
        let found = hits(before, state(at: candidate))
        if !found.isEmpty { return report(found, at: candidate) }
      }
    } else if !breakpoints.isEmpty {
      timeline.forEachState(from: step) { current in
        defer { previous = current }
        guard let previous else { return true }
        found = hits(previous, current)
        return found.isEmpty
      }
    }
    if let stopped = previous, !found.isEmpty { return report(found, at: stopped.step) }
    let reason =
      breakpoints.isEmpty ? "no breakpoints or watches are set" : "no breakpoint or watch fired"
    return ["Reached the end of the recording: \(reason)."] + stop(at: timeline.lastStep)
  }

  mutating func reverseContinue() -> [String] {
    guard step > 0 else { return ["Already at step 0; 'continue' runs forwards."] }
    if !breakpoints.isEmpty, let trigger = trigger() {
      for candidate in stride(from: step - 1, through: 1, by: -1)
      where trigger.matches(index, candidate) {
        let before = state(at: candidate - 1)
        let found = hits(before, state(at: candidate))
        if !found.isEmpty { return report(found, at: candidate) }
      }
    } else if !breakpoints.isEmpty {
      // Segment by segment from the current one backwards; each segment is replayed once, and the
      // first state of the later segment is kept to pair with the last state of this one.
      let interval = Timeline.checkpointInterval
      var later: ChatState?
      var end = step - 1
      var segment: [ChatState] = []
      while end >= 0 {
        let start = end / interval * interval
        segment.removeAll(keepingCapacity: true)
        timeline.forEachState(from: start, through: end) {
          segment.append($0)
          return true
        }
        if let later, let last = segment.last {
          let found = hits(last, later)
          if !found.isEmpty { return report(found, at: later.step) }
        }
        var index = segment.count - 1
        while index >= 1 {
          let found = hits(segment[index - 1], segment[index])
          if !found.isEmpty { return report(found, at: segment[index].step) }
          index -= 1
        }
        later = segment.first
        end = start - 1
      }
    }
    let reason =
      breakpoints.isEmpty ? "no breakpoints or watches are set" : "no breakpoint or watch fired"
    return ["Reached step 0, the start of the recording: \(reason)."] + stop(at: 0)
  }
}
