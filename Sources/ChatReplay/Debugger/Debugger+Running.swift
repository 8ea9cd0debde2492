extension Debugger {
  /// How many steps a scan takes between two looks at ``isCancelled``.
  public static let cancellationInterval = 1024

  /// What fires between `previous` and `current` (the step `current.step`), as report lines.
  private func hits(_ previous: ChatState, _ current: ChatState) -> [(Int, String)] {
    var result: [(Int, String)] = []
    var event: Event?
    func currentEvent() -> Event? {
      if event == nil && current.step > 0 { event = timeline.event(at: current.step).event }
      return event
    }
    for (index, breakpoint) in breakpoints.enumerated() where breakpoint.isEnabled {
      let line: String
      switch breakpoint.kind {
      case .condition(let source, let condition):
        guard
          condition.holds(in: current, event: condition.mentionsEvent ? currentEvent() : nil),
          !condition.holds(in: previous, event: nil, eventsHold: false)
        else { continue }
        line = "Hit breakpoint \(breakpoint.number): when \(source)"
      case .step(_, let target):
        guard current.step == target else { continue }
        line = "Hit breakpoint \(breakpoint.number): \(Self.describe(breakpoint.kind))"
      case .watch(let path):
        let old = path.value(in: previous)
        let new = path.value(in: current)
        guard old != new else { continue }
        line =
          "Hit watchpoint \(breakpoint.number): \(path): \(old?.text ?? "(none)") → \(new?.text ?? "(none)")"
      }
      if let extra = breakpoint.extra {
        let event = extra.condition.mentionsEvent ? currentEvent() : nil
        guard extra.condition.holds(in: current, event: event) else { continue }
      }
      result.append((index, line))
    }
    return result
  }

  /// Counts the hits in `found` and keeps those that stop (no stops left to ignore).
  private mutating func stopping(_ found: [(Int, String)]) -> [(Int, String)] {
    var stops: [(Int, String)] = []
    for (index, line) in found {
      breakpoints[index].hits += 1
      if breakpoints[index].ignoreCount > 0 {
        breakpoints[index].ignoreCount -= 1
      } else {
        stops.append((index, line))
      }
    }
    return stops
  }

  /// Whether the scan stops at `candidate` (its hits are counted); the stops, if so.
  private mutating func stops(at candidate: Int) -> [(Int, String)] {
    let before = state(at: candidate - 1)
    let found = hits(before, state(at: candidate))
    return found.isEmpty ? [] : stopping(found)
  }

  /// The report of a stop: the hits, the stop, temporary breakpoints deleted, then the commands
  /// of the breakpoints that stopped.
  private mutating func report(_ stops: [(Int, String)], at target: Int) -> [String] {
    var lines = stops.map { $0.1 } + stop(at: target)
    let numbers = stops.map { breakpoints[$0.0].number }
    var commands: [String] = []
    for (index, _) in stops { commands += breakpoints[index].commands }
    for (index, _) in stops.sorted(by: { $0.0 > $1.0 }) where breakpoints[index].isTemporary {
      lines.append("Temporary breakpoint \(breakpoints[index].number) deleted.")
      breakpoints.remove(at: index)
    }
    guard !commands.isEmpty else { return lines }
    guard commandDepth < 100 else {
      return lines + [
        "(commands of breakpoint \(numbers.map(String.init).joined(separator: ", ")) not run: 100 stops deep)"
      ]
    }
    commandDepth += 1
    defer { commandDepth -= 1 }
    let cancellation = isCancelled
    for command in commands {
      let reply = execute(command, isCancelled: cancellation)
      if !reply.text.isEmpty { lines.append(reply.text) }
      if reply.isFailure { break }
    }
    return lines
  }

  private mutating func interrupted(at target: Int, from start: Int) -> [String] {
    [
      "Interrupted (Ctrl-C) after searching steps \(min(start, target))…\(max(start, target)); breakpoints, watchpoints and displays are kept."
    ]
      + stop(at: target)
  }

  mutating func continueForward() -> [String] {
    guard step < timeline.lastStep else {
      return ["Already at the last step (\(step)); 'reverse-continue' runs backwards."]
    }
    return scanForwards(through: timeline.lastStep)
      ?? ["Reached the end of the recording: \(noStopReason)."] + stop(at: timeline.lastStep)
  }

  /// `until STEP`: forwards to `target`, or to an earlier breakpoint.
  mutating func advance(to target: Int) -> [String] {
    guard target > step else {
      return target == step
        ? ["Already at step \(step)."]
        : ["Step \(target) is behind step \(step); 'goto' goes back."]
    }
    return scanForwards(through: target - 1) ?? stop(at: target)
  }

  private var noStopReason: String {
    breakpoints.contains(where: { $0.isEnabled })
      ? "no breakpoint or watchpoint fired" : "no breakpoints or watchpoints are enabled"
  }

  /// The report of the first stop in `step+1…end`, or `nil` when nothing stops there.
  private mutating func scanForwards(through end: Int) -> [String]? {
    let start = step
    guard end > start, breakpoints.contains(where: { $0.isEnabled }) else { return nil }
    if let trigger = trigger() {
      var candidate = start + 1
      var checked = 0
      while candidate <= end {
        if trigger.matches(index, candidate) {
          let found = stops(at: candidate)
          if !found.isEmpty { return report(found, at: candidate) }
        }
        checked += 1
        if checked % Self.cancellationInterval == 0 && isCancelled(candidate) {
          return interrupted(at: candidate, from: start)
        }
        candidate += 1
      }
      return nil
    }
    let timeline = self.timeline
    var previous: ChatState?
    var result: [String]?
    var checked = 0
    timeline.forEachState(from: start, through: end) { current in
      defer { previous = current }
      guard let before = previous else { return true }
      let found = hits(before, current)
      if !found.isEmpty {
        let stops = stopping(found)
        if !stops.isEmpty {
          result = report(stops, at: current.step)
          return false
        }
      }
      checked += 1
      if checked % Self.cancellationInterval == 0 && isCancelled(current.step) {
        result = interrupted(at: current.step, from: start)
        return false
      }
      return true
    }
    return result
  }

  mutating func reverseContinue() -> [String] {
    guard step > 0 else { return ["Already at step 0; 'continue' runs forwards."] }
    let start = step
    if breakpoints.contains(where: { $0.isEnabled }), let trigger = trigger() {
      var candidate = start - 1
      var checked = 0
      while candidate >= 1 {
        if trigger.matches(index, candidate) {
          let found = stops(at: candidate)
          if !found.isEmpty { return report(found, at: candidate) }
        }
        checked += 1
        if checked % Self.cancellationInterval == 0 && isCancelled(candidate) {
          return interrupted(at: candidate, from: start)
        }
        candidate -= 1
      }
    } else if breakpoints.contains(where: { $0.isEnabled }) {
      // Segment by segment from the current one backwards; each segment is replayed once, and the
      // first state of the later segment is kept to pair with the last state of this one.
      let interval = Timeline.checkpointInterval
      let timeline = self.timeline
      var later: ChatState?
      var end = start - 1
      var segment: [ChatState] = []
      while end >= 0 {
        let first = end / interval * interval
        segment.removeAll(keepingCapacity: true)
        timeline.forEachState(from: first, through: end) {
          segment.append($0)
          return true
        }
        if let later, let last = segment.last {
          let found = hits(last, later)
          let stops = found.isEmpty ? [] : stopping(found)
          if !stops.isEmpty { return report(stops, at: later.step) }
        }
        var position = segment.count - 1
        while position >= 1 {
          let found = hits(segment[position - 1], segment[position])
          let stops = found.isEmpty ? [] : stopping(found)
          if !stops.isEmpty { return report(stops, at: segment[position].step) }
          position -= 1
        }
        if let first = segment.first, isCancelled(first.step) {
          return interrupted(at: first.step, from: start)
        }
        later = segment.first
        end = first - 1
      }
    }
    return ["Reached step 0, the start of the recording: \(noStopReason)."] + stop(at: 0)
  }
}
