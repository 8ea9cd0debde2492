extension Debugger {
  /// How many changes `blame` lists before it shortens the list (`blame PATH all` lists all).
  static let blameLimit = 40

  /// A step that changed a path.
  struct Change {
    var step: Int
    var old: StateNode?
    var new: StateNode?
  }

  /// Every step that changed `path`, in order, from one pass over the recording.
  func changes(of path: StatePath) -> (initial: StateNode?, changes: [Change]) {
    var previous: StateNode?
    var initial: StateNode?
    var changes: [Change] = []
    timeline.forEachState { state in
      let value = path.value(in: state)
      if state.step == 0 {
        initial = value
      } else if value != previous {
        changes.append(Change(step: state.step, old: previous, new: value))
      }
      previous = value
      return true
    }
    return (initial, changes)
  }

  mutating func blame(_ path: StatePath, all: Bool) throws(DebuggerError) -> [String] {
    try checkPath(path)
    let (initial, changes) = changes(of: path)
    let now = path.value(in: state)
    // The change that set the current value: the last one at or before this step.
    let setter = changes.lastIndex { $0.step <= step }
    let count = changes.count
    var lines = [
      "blame \(path): \(count == 0 ? "never changed" : "\(count) change\(count == 1 ? "" : "s")") in steps 0…\(timeline.lastStep); now \(now?.text ?? "(none)")"
        + (setter.map { ", set at step \(changes[$0].step)" } ?? ", as at step 0")
    ]
    let origin = timeline.headerLine.map { "header \($0)" } ?? "start"
    var rows: [[String]] = [["step 0", "t=0s", origin, initial?.text ?? "(none)", "(initial value)"]]
    var marks: [String] = [setter == nil ? "← current value" : ""]
    var shown = Array(changes.indices)
    if !all && count > Self.blameLimit {
      let around = setter ?? 0
      var keep = Set(0..<10).union((count - 10)..<count)
      keep.formUnion(max(around - 9, 0)...min(around + 10, count - 1))
      shown = keep.sorted()
    }
    var previousIndex = -1
    for index in shown {
      if index > previousIndex + 1 {
        rows.append(["…", "", "", "", "\(index - previousIndex - 1) more changes"])
        marks.append("")
      }
      previousIndex = index
      let change = changes[index]
      let event = timeline.event(at: change.step)
      rows.append([
        "step \(change.step)", "t=\(JSONWriter.format(event.t))s",
        "line \(timeline.lines[change.step - 1].number)",
        (change.old?.text ?? "(none)") + " → " + (change.new?.text ?? "(none)"), event.event.summary,
      ])
      marks.append(index == setter ? "← current value" : (change.step > step ? "(later)" : ""))
    }
    if let last = shown.last, last < count - 1 {
      rows.append(["…", "", "", "", "\(count - 1 - last) more changes"])
      marks.append("")
    }
    lines += table(rows).enumerated().map { index, row in
      marks[index].isEmpty ? row : row + "  " + marks[index]
    }
    if count > 0 {
      var tally: [String: Int] = [:]
      var order: [String] = []
      for change in changes {
        let key = Self.eventKind(timeline.event(at: change.step).event)
        if tally[key] == nil { order.append(key) }
        tally[key, default: 0] += 1
      }
      lines.append(
        "by event: "
          + order.sorted { tally[$0, default: 0] > tally[$1, default: 0] }
          .map { "\($0) ×\(tally[$0, default: 0])" }.joined(separator: ", "))
      if !all && count > Self.blameLimit {
        lines.append("(shortened: 'blame \(path) all' lists all \(count) changes)")
      }
    }
    return lines
  }

  /// The event's type, with the notification's name or the pan's state.
  static func eventKind(_ event: Event) -> String {
    switch event {
    case .keyboard(let notification): "keyboard \(notification.name.rawValue)"
    case .pan(_, let state): "pan \(state.rawValue)"
    default: event.typeName
    }
  }

  /// Rows as columns padded to their widest cell; the last column is not padded.
  func table(_ rows: [[String]]) -> [String] {
    guard let columns = rows.map(\.count).max() else { return [] }
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() where index < columns - 1 {
        widths[index] = max(widths[index], cell.count)
      }
    }
    return rows.map { row in
      var line = " "
      for (index, cell) in row.enumerated() {
        line += " " + (index < columns - 1 ? cell.padded(widths[index]) : cell)
      }
      return line.trimmingTrailingSpaces()
    }
  }
}

extension String {
  /// The string without trailing spaces.
  func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
