extension Debugger {
  /// How many changes `blame` lists before it shortens the list (`blame PATH all` lists all).
  static let blameLimit = 40

  /// The steps whose event changed `path`, oldest first.
  ///
  /// They come from the change index when it can tell, otherwise from one pass over the
  /// recording. Ctrl-C (``isCancelled``) stops the search with ``DebuggerError/interrupted(_:step:last:)``.
  /// While values are remembered (a page's window, explained at every step), each path's list
  /// is found once.
  mutating func changeSteps(of path: StatePath) throws(DebuggerError) -> [Int] {
    if let known = remembered?.changeSteps[path] { return known }
    let steps = try findChangeSteps(of: path)
    remembered?.changeSteps[path] = steps
    return steps
  }

  private mutating func findChangeSteps(of path: StatePath) throws(DebuggerError) -> [Int] {
    let last = timeline.lastStep
    guard last >= 1 else { return [] }
    // `step` and `t` are not in the change index: the step changes at every step, and the time
    // where an event's time is not the one before's, which the events tell without a replay.
    if path.components == [.key("step")] { return Array(1...last) }
    if path.components == [.key("t")] { return try timeChangeSteps() }
    if path.components.count >= 2, path.components[0] == .key("diagnostics"),
      case .index(let number) = path.components[1], number >= 0
    {
      // `diagnostics[N]…` changes only where the N-th diagnostic does (the index has one bit
      // for all the diagnostics): there, the path is read from the diagnostic before and after,
      // as `StatePath.value(in:)` reads it, without the states.
      let rest = StatePath(Array(path.components.dropFirst(2)))
      if rest.components.count == 1, case .key(let name) = rest.components[0],
        let members = try diagnosticMemberChangeSteps(number)
      {
        return members[name] ?? []
      }
      // The whole diagnostic, or a path below one of its members (a scalar: never a value).
      return try diagnosticChanges(number).compactMap { change in
        rest.value(in: change.before) != rest.value(in: change.after) ? change.step : nil
      }
    }
    if let (bits, isExact) = index.bits(for: path) {
      var steps: [Int] = []
      for step in 1...last {
        if step % Self.cancellationInterval == 0 && isCancelled(step) {
          throw .interrupted("blame", step: step, last: last)
        }
        let changed = index.mask(at: step) & bits
        guard changed != 0 else { continue }
        // One field of a sum of several changed alone: the sum did.
        if isExact || (bits.nonzeroBitCount > 1 && changed.nonzeroBitCount == 1) {
          steps.append(step)
        } else if value(of: path, at: step - 1) != value(of: path, at: step) {
          steps.append(step)
        }
      }
      return steps
    }
    if let steps = messageChangeSteps(of: path) { return steps }
    if remembered != nil && last <= PageData.explainedStepLimit {
      // A page's short timeline: the values are remembered for the next step's blame.
      var steps: [Int] = []
      var previous = value(of: path, at: 0)
      for step in 1...last {
        let value = value(of: path, at: step)
        if value != previous { steps.append(step) }
        previous = value
      }
      return steps
    }
    var steps: [Int] = []
    var previous: StateNode?
    var stopped: Int?
    timeline.forEachState { state in
      let value = path.value(in: state)
      if state.step > 0 && value != previous { steps.append(state.step) }
      previous = value
      if state.step % Self.cancellationInterval == 0 && isCancelled(state.step) {
        stopped = state.step
        return false
      }
      return true
    }
    if let stopped { throw .interrupted("blame", step: stopped, last: last) }
    return steps
  }

  /// The steps at which each member of the `number`-th diagnostic changed, by name: each
  /// change's diagnostics read once for all the members (a page's window asks for each), `nil`
  /// when a diagnostic is not one flat object.
  private mutating func diagnosticMemberChangeSteps(_ number: Int) throws(DebuggerError)
    -> [String: [Int]]?
  {
    if let known = diagnosticMemberChanges[number] { return known }
    var steps: [String: [Int]] = [:]
    for change in try diagnosticChanges(number) {
      let before = DiagnosticMembers(change.before)
      let after = DiagnosticMembers(change.after)
      guard before.isFlat && after.isFlat else { return nil }
      for index in after.members.indices where before.differs(from: after, at: index) {
        steps[after.members[index].name.description, default: []].append(change.step)
      }
      for (name, _) in before.members where !after.has(name) {
        steps[name.description, default: []].append(change.step)
      }
    }
    diagnosticMemberChanges[number] = steps
    return steps
  }

  /// The steps whose event's time differs from the time before it (step 0's is the first
  /// state's).
  private func timeChangeSteps() throws(DebuggerError) -> [Int] {
    var steps: [Int] = []
    var previous = timeline.state(at: 0).t
    var stopped: Int?
    timeline.forEachEvent { step, event in
      if event.t != previous { steps.append(step) }
      previous = event.t
      if step % Self.cancellationInterval == 0 && isCancelled(step) {
        stopped = step
        return false
      }
      return true
    }
    if let stopped { throw .interrupted("blame", step: stopped, last: timeline.lastStep) }
    return steps
  }

  /// The steps at which the `number`-th diagnostic changed (came, went or became another), with
  /// it before and after, from one pass over the recording for all of them, kept for the
  /// debugger's life.
  private mutating func diagnosticChanges(_ number: Int) throws(DebuggerError)
    -> [DiagnosticChange]
  {
    if diagnosticChanges == nil {
      var changes = DiagnosticChanges()
      var stopped: Int?
      timeline.forEachState { state in
        changes.add(state)
        if state.step % Self.cancellationInterval == 0 && isCancelled(state.step) {
          stopped = state.step
          return false
        }
        return true
      }
      if let stopped { throw .interrupted("blame", step: stopped, last: timeline.lastStep) }
      diagnosticChanges = changes
    }
    return diagnosticChanges?.changes(of: number) ?? []
  }

  /// The changes of `messages[N]…`, without a pass over the recording.
  ///
  /// Messages are only ever appended (``MessageLog``), so message N appears at the first step
  /// with more than N messages, found by bisection, and changes after that only where the list's
  /// frame (its width) changes. `nil` when the index cannot tell.
  private mutating func messageChangeSteps(of path: StatePath) -> [Int]? {
    guard path.components.count >= 2, path.components[0] == .key("messages"),
      case .index(let number) = path.components[1], number >= 0,
      let frame = StatePath(parsing: "list.frame").flatMap({ index.bits(for: $0) })
    else { return nil }
    let last = timeline.lastStep
    guard state(at: last).messages.count > number else { return [] }
    var low = 0
    var high = last
    while low < high {
      let middle = (low + high) / 2
      if state(at: middle).messages.count > number { high = middle } else { low = middle + 1 }
    }
    var steps = low > 0 ? [low] : []
    var step = low + 1
    while step <= last {
      if index.mask(at: step) & frame.bits != 0
        && value(of: path, at: step - 1) != value(of: path, at: step)
      {
        steps.append(step)
      }
      step += 1
    }
    return steps
  }

  mutating func blame(_ path: StatePath, all: Bool) throws(DebuggerError) -> [String] {
    try checkPath(path)
    let changes = try changeSteps(of: path)
    let initial = value(of: path, at: 0)
    let now = value(of: path, at: step)
    // The change that set the current value: the last one at or before this step (by
    // bisection: `step` and `t` change at every step).
    let setter = Self.lastPosition(in: changes, atOrBefore: step)
    let count = changes.count
    var lines = [
      "blame \(path): \(count == 0 ? "never changed" : "\(count) change\(count == 1 ? "" : "s")") in steps 0…\(timeline.lastStep); now \(now?.text ?? "(none)")"
        + (setter.map { ", set at step \(changes[$0])" } ?? ", as at step 0")
    ]
    let origin = timeline.headerLine.map { "header \($0)" } ?? "start"
    var rows: [[String]] = [
      ["step 0", "t=0s", origin, initial?.text ?? "(none)", "(initial value)"]
    ]
    var marks: [String] = [setter == nil ? "← current value" : ""]
    let shown: [Int]
    if !all && count > Self.blameLimit {
      let around = setter ?? 0
      var keep = Set(0..<10).union((count - 10)..<count)
      keep.formUnion(max(around - 9, 0)...min(around + 10, count - 1))
      shown = keep.sorted()
    } else {
      shown = Array(changes.indices)
    }
    var previousIndex = -1
    for position in shown {
      if position > previousIndex + 1 {
        rows.append(["…", "", "", "", "\(position - previousIndex - 1) more changes"])
        marks.append("")
      }
      previousIndex = position
      let changed = changes[position]
      let old = value(of: path, at: changed - 1)?.text ?? "(none)"
      let new = value(of: path, at: changed)?.text ?? "(none)"
      let event = timeline.event(at: changed)
      rows.append([
        "step \(changed)", "t=\(JSONWriter.format(event.t))s",
        "line \(timeline.lines[changed - 1].number)", old + " → " + new, event.event.summary,
      ])
      marks.append(position == setter ? "← current value" : (changed > step ? "(later)" : ""))
    }
    if let last = shown.last, last < count - 1 {
      rows.append(["…", "", "", "", "\(count - 1 - last) more changes"])
      marks.append("")
    }
    lines += table(rows).enumerated().map { index, row in
      marks[index].isEmpty ? row : row + "  " + marks[index]
    }
    if count > 0 {
      lines.append(changeTally(changes, of: path))
      if !all && count > Self.blameLimit {
        lines.append("(shortened: 'blame \(path) all' lists all \(count) changes)")
      }
    }
    return lines
  }

  /// `by event: …`: how many of `changes` (those of `path`) each kind of event made, most first.
  ///
  /// Counted by kind in an array, each kind named from its first change, and remembered with
  /// the steps: a page's window of a long recording blames `step` and `t`, which change at
  /// every step, at each of its steps.
  private mutating func changeTally(_ changes: [Int], of path: StatePath) -> String {
    if let known = remembered?.changeTallies[path] { return known }
    var counts = [Int](repeating: 0, count: 256)
    var order: [(kind: UInt8, first: Int)] = []
    for changed in changes {
      let kind = index.kind(at: changed)
      if counts[Int(kind)] == 0 { order.append((kind, changed)) }
      counts[Int(kind)] += 1
    }
    let tally =
      "by event: "
      + order.sorted { counts[Int($0.kind)] > counts[Int($1.kind)] }
      .map { kind, first in
        "\(EventClass(timeline.event(at: first).event).label) ×\(counts[Int(kind)])"
      }
      .joined(separator: ", ")
    remembered?.changeTallies[path] = tally
    return tally
  }

  /// Rows as columns padded to their widest cell (in characters); the last column is not padded.
  ///
  /// Lines are put together as bytes: a page explains every value at every step, and joining
  /// and padding `String`s was most of `blame`'s cost.
  func table(_ rows: [[String]]) -> [String] {
    guard let columns = rows.map({ $0.count }).max() else { return [] }
    let counts = rows.map { $0.map(Self.characterCount) }
    var widths = [Int](repeating: 0, count: columns)
    for row in counts {
      for (index, count) in row.enumerated() where index < columns - 1 {
        widths[index] = max(widths[index], count)
      }
    }
    return zip(rows, counts).map { row, counts in
      var line: [UInt8] = [0x20]
      for (index, cell) in row.enumerated() {
        line.append(0x20)
        line.append(contentsOf: cell.utf8)
        if index < columns - 1 && counts[index] < widths[index] {
          line.append(contentsOf: repeatElement(0x20, count: widths[index] - counts[index]))
        }
      }
      // Trailing spaces are trailing bytes when every byte is ASCII; otherwise a space can end
      // a character that begins before it (after a prepended mark), and the text decides.
      guard line.allSatisfy({ $0 < 0x80 }) else {
        return String(decoding: line, as: UTF8.self).trimmingTrailingSpaces()
      }
      while line.last == 0x20 { line.removeLast() }
      return String(decoding: line, as: UTF8.self)
    }
  }

  /// The characters in `text`: its bytes when they are ASCII but a carriage return (which joins
  /// a line feed after it into one character).
  static func characterCount(_ text: String) -> Int {
    text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? text.utf8.count : text.count
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
