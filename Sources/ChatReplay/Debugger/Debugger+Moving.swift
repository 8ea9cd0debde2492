extension Debugger {
  mutating func move(to target: Int, by delta: Int) -> [String] {
    if target == step {
      return [
        delta > 0
          ? "Already at the last step (\(step)); 'back' or 'goto' moves elsewhere."
          : "Already at step 0; 'next' or 'goto' moves elsewhere."
      ]
    }
    return stop(at: target)
  }

  /// Moves to `target` and reports the stop: the where line, displays, and the diagnostics that
  /// appeared or went since the last stop, with the step where that happened when it is not this
  /// one.
  mutating func stop(at target: Int) -> [String] {
    let previous = step
    step = target
    let current = state
    var lines = [whereLine()]
    for display in displays {
      let value = display.path.value(in: current)?.text ?? "(none)"
      lines.append("  \(display.number): \(display.path) = \(value)")
    }
    let ids = current.diagnostics.map { $0.id }
    for diagnostic in current.diagnostics where !shownDiagnostics.contains(diagnostic.id) {
      let began = edge(of: diagnostic.id, before: target, after: previous, shownAtEdge: true)
      let since = began.map { $0 == target ? "" : " (since step \($0))" } ?? ""
      lines.append("  new: \(diagnostic.id)\(since): \(diagnostic.message)")
    }
    let gone = shownDiagnostics.filter { !ids.contains($0) }.map { id in
      guard target > previous else { return id }
      let ended = edge(of: id, before: target, after: previous, shownAtEdge: false)
      return ended.map { $0 == target ? id : "\(id) (since step \($0))" } ?? id
    }
    if !gone.isEmpty { lines.append("  gone: " + gone.joined(separator: ", ")) }
    shownDiagnostics = ids
    return lines
  }

  /// How many diagnostic changes ``stop(at:)`` looks back through for where a run began or ended.
  ///
  /// Each look replays up to a checkpoint interval of events, so a `goto` across a long
  /// recording stays quick. Beyond it the stop says nothing of the step.
  static let edgeSearchLimit = 256

  /// The latest step at or before `target` and after `previous` where diagnostic `id` became
  /// shown (`shownAtEdge`) or stopped being shown.
  ///
  /// That is where the current run began or the last one ended: `target` itself after a move of
  /// one step, `nil` when it lies more than ``edgeSearchLimit`` diagnostic changes back.
  private mutating func edge(
    of id: String, before target: Int, after previous: Int, shownAtEdge: Bool
  )
    -> Int?
  {
    guard target > previous + 1 || target < previous - 1 else { return target }
    var candidate = target
    var looked = 0
    while candidate > 0 && looked < Self.edgeSearchLimit {
      if index.mask(at: candidate) & ChangeIndex.diagnosticsBit != 0 {
        looked += 1
        let before = state(at: candidate - 1).diagnostics.contains { $0.id == id }
        if before != shownAtEdge { return candidate }
      }
      candidate -= 1
    }
    return candidate == 0 ? 0 : nil
  }

  /// `step 17 of 32  t=5.63s  line 18: sendTap  [rxkeyboard]`.
  mutating func whereLine() -> String {
    let current = state
    let position = "step \(step) of \(timeline.lastStep)  t=\(JSONWriter.format(current.t))s"
    let what: String
    if step == 0 {
      what = timeline.headerLine.map { "start (header at line \($0))" } ?? "start (no header)"
    } else {
      what = "line \(timeline.lines[step - 1].number): \(timeline.event(at: step).event.summary)"
    }
    return "\(position)  \(what)  [\(current.layout.rawValue)]"
  }

  mutating func addMark(_ name: String) -> [String] {
    let moved = marks[name].map { $0 == step ? "" : " (moved from step \($0))" } ?? ""
    marks[name] = step
    return ["Mark ':\(name)' is step \(step)\(moved)."]
  }

  /// The step a reference names, or an error naming the valid range.
  func resolve(_ reference: StepReference) throws(DebuggerError) -> Int {
    let last = timeline.lastStep
    switch reference {
    case .first: return 0
    case .last: return last
    case .step(let value):
      guard value <= last else { throw .stepOutOfRange(value, last: last) }
      return value
    case .fromEnd(let count):
      guard count >= 1, count <= last + 1 else { throw .stepOutOfRange(-count, last: last) }
      return last + 1 - count
    case .mark(let name):
      guard let marked = marks[name] else {
        throw .noSuchMark(name, existing: marks.keys.sorted())
      }
      return marked
    case .time(let t):
      // The last step whose time is at or before `t`: times never decrease.
      var low = 0
      var high = last
      while low < high {
        let middle = (low + high + 1) / 2
        if timeline.event(at: middle).t <= t { low = middle } else { high = middle - 1 }
      }
      return low
    }
  }
}
