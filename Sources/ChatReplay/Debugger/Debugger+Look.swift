extension Debugger {
  /// How many events `events` lists at most.
  static let eventListLimit = 1000
  /// How many runs per diagnostic `diagnostics all` lists.
  static let runListLimit = 20

  mutating func printLines(_ path: StatePath?) throws(DebuggerError) -> [String] {
    guard let path else {
      guard case .object(let members) = StateNode(state, includeMessages: false) else { return [] }
      return members.flatMap { $0.value.lines(label: $0.key) }
    }
    let value: StateNode
    if path.components == [.key("messages")] {
      value = StateNode(state, includeMessages: true)["messages"] ?? .array([])
    } else {
      value = try checkedValue(path)
    }
    var lines = value.lines(label: path.description)
    if case .array(let elements) = value, elements.isEmpty { lines = ["\(path) = [] (empty)"] }
    if value.isCompact, let first = lines.first {
      lines = [first.replacingFirst(": ", with: " = ")]
      if let note = observedNote(for: path, model: value) { lines = [lines[0] + "   " + note] }
    }
    return lines
  }

  mutating func eventLines() throws(DebuggerError) -> [String] {
    guard step > 0 else { throw .noEvent }
    return ["line \(timeline.lines[step - 1].number): \(timeline.lineText(at: step))"]
  }

  mutating func eventList(from: StepReference?, to: StepReference?) throws(DebuggerError)
    -> [String]
  {
    let first = try from.map { reference throws(DebuggerError) in try resolve(reference) }
    // A TO past the end lists up to the last step.
    let last = try to.map { reference throws(DebuggerError) in
      if case .step(let value) = reference, value > timeline.lastStep { return timeline.lastStep }
      return try resolve(reference)
    }
    let lower = first ?? max(step - 5, 0)
    let upper = last ?? (first.map { _ in timeline.lastStep } ?? min(step + 5, timeline.lastStep))
    guard lower <= upper else {
      return ["Nothing to list: \(lower) comes after \(upper)."]
    }
    let shown = min(upper, lower + Self.eventListLimit - 1)
    let width = String(shown).count
    let timeWidth = "t=\(JSONWriter.format(shown == 0 ? 0 : timeline.event(at: shown).t))s".count
    var lines: [String] = []
    for index in lower...shown {
      let marker = index == step ? "→ " : "  "
      let number = String(repeating: " ", count: max(width - String(index).count, 0)) + "\(index)"
      if index == 0 {
        lines.append("\(marker)\(number)  \("t=0s".padded(timeWidth))  (start)")
      } else {
        let event = timeline.event(at: index)
        lines.append(
          "\(marker)\(number)  \("t=\(JSONWriter.format(event.t))s".padded(timeWidth))  line \(timeline.lines[index - 1].number): \(event.event.summary)"
        )
      }
    }
    if shown < upper {
      lines.append("… \(upper - shown) more; list fewer with 'events FROM TO'")
    }
    return lines
  }

  mutating func diffLines(_ a: StepReference?, _ b: StepReference?) throws(DebuggerError)
    -> [String]
  {
    let from: Int
    let to: Int
    switch (a, b) {
    case (nil, _):
      guard step > 0 else {
        return ["Step 0 has no previous state; 'diff A B' compares two steps."]
      }
      (from, to) = (step - 1, step)
    case (let a?, nil): (from, to) = (try resolve(a), step)
    case (let a?, let b?): (from, to) = (try resolve(a), try resolve(b))
    }
    let old = StateDiff.comparable(state(at: from))
    let new = StateDiff.comparable(state(at: to))
    var lines = ["diff step \(from) → \(to) (Before: −, After: +)"]
    if to == from + 1 && to > 0 {
      lines.append("  received event (line \(timeline.lines[to - 1].number)):")
      lines.append("    " + timeline.event(at: to).event.summary)
    }
    guard let body = StateDiff.lines(old, new, label: "ChatState", indent: "") else {
      return lines + ["  (No state changes)"]
    }
    return lines + body
  }

  mutating func currentDiagnostics() -> [String] {
    let current = state
    guard !current.diagnostics.isEmpty else { return ["No diagnostics at step \(step)."] }
    return current.diagnostics.map { "\($0.id): \($0.message)" }
  }

  mutating func allDiagnostics() throws(DebuggerError) -> [String] {
    struct Run {
      var start: Int
      var end: Int
      var message: String
    }
    var runs: [String: [Run]] = [:]
    var steps: [String: Int] = [:]
    var previous: Set<String> = []
    var stopped: Int?
    timeline.forEachState { state in
      if state.step % Self.cancellationInterval == 0 && isCancelled(state.step) {
        stopped = state.step
        return false
      }
      var current: Set<String> = []
      for diagnostic in state.diagnostics where current.insert(diagnostic.id).inserted {
        let id = diagnostic.id
        steps[id, default: 0] += 1
        if previous.contains(id), var last = runs[id]?.popLast() {
          last.end = state.step
          runs[id]?.append(last)
        } else {
          runs[id, default: []].append(
            Run(start: state.step, end: state.step, message: diagnostic.message))
        }
      }
      previous = current
      return true
    }
    if let stopped {
      throw .interrupted("diagnostics all", step: stopped, last: timeline.lastStep)
    }
    guard !runs.isEmpty else { return ["No diagnostics in the whole recording."] }
    var lines: [String] = []
    for id in Diagnostic.Kind.allCases.map({ $0.rawValue }) {
      guard let list = runs[id], let count = steps[id] else { continue }
      lines.append(
        "\(id): \(list.count) run\(list.count == 1 ? "" : "s"), \(count) step\(count == 1 ? "" : "s")"
      )
      for run in list.prefix(Self.runListLimit) {
        let span =
          run.start == run.end
          ? "step \(run.start)"
          : "steps \(run.start)…\(run.end) (\(run.end - run.start + 1))"
        let here = (run.start...run.end).contains(step) ? "  ← here" : ""
        lines.append("  \(span): \(run.message)\(here)")
      }
      if list.count > Self.runListLimit {
        lines.append("  … \(list.count - Self.runListLimit) more runs")
      }
    }
    return lines
  }
}

extension String {
  /// The string with its first `target` replaced.
  func replacingFirst(_ target: String, with replacement: String) -> String {
    var prefix = ""
    var rest = Substring(self)
    while !rest.isEmpty {
      if rest.hasPrefix(target) { return prefix + replacement + rest.dropFirst(target.count) }
      prefix.append(rest.removeFirst())
    }
    return self
  }
}
