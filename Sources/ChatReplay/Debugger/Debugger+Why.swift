extension Debugger {
  mutating func why(_ path: StatePath) throws(DebuggerError) -> [String] {
    let value = try checkedValue(path)
    let current = state
    let layout = current.layout.rawValue
    let explanation = current.explain(path)
    let inputs = explanation?.inputs ?? []
    let found =
      remembered == nil
      ? lastChanges(of: [path] + inputs.map { $0.path }, atOrBefore: step)
      : rememberedLastChanges(of: [path] + inputs.map { $0.path }, atOrBefore: step)
    var lines = ["\(path) = \(value.text)"]
    if let explanation {
      lines += wrap("rule (\(layout)): " + explanation.rule, indent: "  ", continuation: "    ")
      lines += explanation.formulas.map { "  " + $0 }
      if !inputs.isEmpty {
        lines.append("  inputs:")
        let rows = inputs.enumerated().map { index, input -> [String] in
          let text = self.value(of: input.path, at: step)?.text ?? "(none)"
          let name =
            input.symbol == input.path.description
            ? input.symbol : "\(input.symbol) = \(input.path)"
          return ["  \(name) = \(text)", describe(found[index + 1].map { $0.step })]
        }
        lines += table(rows)
      }
    } else {
      lines.append("  no \(layout) rule explains \(path) yet; what changed it:")
    }
    let last = found[0]
    let change =
      last.map { "\($0.old?.text ?? "(none)") → \(value.text)" } ?? "never changed"
    lines.append("  last change: \(describe(last?.step)) (\(change))")
    if let observed = lastObservation(of: path), case .number(let model) = value,
      (last?.step ?? 0) <= observed.step
    {
      let agrees = (observed.value - model).magnitude <= Observation.tolerance
      lines.append(
        "  the device \(agrees ? "agrees" : "disagrees"): observed "
          + "\(JSONWriter.format(observed.value)) at step \(observed.step), "
          + (agrees
            ? "within \(JSONWriter.format(Observation.tolerance)) pt"
            : comparison(observed.value, model, path)
              + " (model-divergence)"))
    }
    return lines
  }

  /// `step 1 (line 2: keyboard willChangeFrame → …)`, or where step 0's values come from.
  private func describe(_ changeStep: Int?) -> String {
    guard let changeStep else {
      return "since step 0 ("
        + (timeline.headerLine.map { "the header, line \($0)" } ?? "the default header") + ")"
    }
    return
      "step \(changeStep) (line \(timeline.lines[changeStep - 1].number): \(timeline.event(at: changeStep).event.summary))"
  }

  /// For each path, the last step at or before `end` whose event changed it.
  ///
  /// Each comes with the value before; `nil` when no step did. One backward pass, segment by
  /// segment, stops when all are found.
  func lastChanges(of paths: [StatePath], atOrBefore end: Int) -> [(step: Int, old: StateNode?)?] {
    var found = [(step: Int, old: StateNode?)?](repeating: nil, count: paths.count)
    var missing = Set(paths.indices)
    let interval = Timeline.checkpointInterval
    var later: [StateNode?]?
    var laterStep = 0
    var upper = end
    while upper >= 0 && !missing.isEmpty {
      let start = upper / interval * interval
      var values: [[StateNode?]] = []
      timeline.forEachState(from: start, through: upper) { state in
        values.append(paths.map { $0.value(in: state) })
        return true
      }
      var index = values.count - 1
      var newer = later
      var newerStep = laterStep
      while index >= 0 && !missing.isEmpty {
        if let newer {
          for path in missing where values[index][path] != newer[path] {
            found[path] = (newerStep, values[index][path])
            missing.remove(path)
          }
        }
        newer = values[index]
        newerStep = start + index
        index -= 1
      }
      later = values.first
      laterStep = start
      upper = start - 1
    }
    return found
  }

  /// `text` in lines of at most 100 columns.
  func wrap(_ text: String, indent: String, continuation: String) -> [String] {
    var lines: [String] = []
    var line = indent
    for word in text.split(separator: " ") {
      if line.count + word.count + 1 > 100 && line != indent && line != continuation {
        lines.append(line)
        line = continuation
      }
      line += (line == indent || line == continuation ? "" : " ") + word
    }
    lines.append(line)
    return lines
  }
}
