extension PageData {
  /// What the layouts of a side-by-side page are compared on, as `--json` paths: the input bar's
  /// frame, the effective bottom inset, the offset and the diagnostics, the fields of a
  /// ``Comparison/Cell`` (what `replay compare` compares), in the order of the divergences' bits.
  public static let comparedPaths: [[String]] = [
    ["inputBar.frame.x", "inputBar.frame.y", "inputBar.frame.width", "inputBar.frame.height"],
    ["list.adjustedContentInset.bottom"],
    ["list.contentOffset.y"],
    ["diagnostics"],
  ]

  /// The most steps a side-by-side page of `layoutCount` layouts holds: ``stepLimit`` shared
  /// between them, since the page carries each layout's data.
  public static func stepLimit(layouts layoutCount: Int) -> Int {
    stepLimit / max(layoutCount, 1)
  }

  /// The JSON text of a side-by-side page's data for steps `range` of `timelines`, one recording
  /// replayed through each of `columns`: the layouts' names, where they diverge (as runs of
  /// ``divergences(_:range:)``) and each layout's own page data (``json(_:name:range:)``).
  public static func json(
    _ timelines: [Timeline], columns: [Comparison.Column], name: String, range: ClosedRange<Int>
  ) -> String {
    precondition(!timelines.isEmpty && timelines.count == columns.count, "One timeline a column")
    let runs = divergences(timelines, range: range)
    var diverging = 0
    for run in stride(from: 0, to: runs.count, by: 3) { diverging += runs[run + 1] - runs[run] + 1 }
    let first = runs.first.map { $0 + range.lowerBound }
    var head = PageJSON()
    head.open()
    head.key("file", name)
    head.key(
      "title", Comparison.title(file: name, header: timelines[0].header, columns: columns))
    head.key(
      "summary",
      Comparison.closing(stepCount: range.count, diverging: diverging, first: first)
        + " (input bar frame, bottom inset, offset or diagnostics)")
    head.key("layouts", columns.map(\.name))
    head.key(
      "labels",
      zip(columns, timelines).map { column, timeline in
        column.name + (timeline.screen.changedOptionsText.map { " (\($0))" } ?? "")
      })
    head.keyName("compared")
    head.openArray()
    for paths in comparedPaths {
      head.raw("[" + paths.map(PageJSON.quoted).joined(separator: ",") + "]")
    }
    head.closeArray()
    head.key("divergences", runs)
    head.keyName("pages")
    head.openArray()
    // One layout's data at a time: only the text built so far and one layout's are held. Each
    // names its file with the layout's arguments, for the commands its panel suggests.
    for (column, timeline) in zip(columns, timelines) {
      head.raw(json(timeline, name: name + arguments(for: column), range: range))
    }
    head.closeArray()
    head.close()
    return head.text
  }

  /// ` --layout NAME`, and ` --rxkeyboard-version V` for a release that is not the default: what
  /// replays a recording through `column` alone.
  static func arguments(for column: Comparison.Column) -> String {
    var arguments = " --layout " + column.id.rawValue
    if let version = column.rxKeyboardVersion, version != .v1 {
      arguments += " --rxkeyboard-version " + version.rawValue
    }
    return arguments
  }

  /// Where `timelines` (one recording through several layouts) diverge in steps `range`: runs of
  /// steps `first, last, fields`, counted from the range's start, where the layouts differ on the
  /// same fields; bit `n` of `fields` is set when they differ on ``comparedPaths``[`n`].
  ///
  /// A step is in a run exactly when `replay compare` marks it `≠`.
  public static func divergences(_ timelines: [Timeline], range: ClosedRange<Int>) -> [Int] {
    guard let reference = timelines.first else { return [] }
    precondition(
      timelines.allSatisfy { $0.lastStep == reference.lastStep }, "One recording for every layout")
    var states = timelines.map { $0.state(at: range.lowerBound) }
    var runs: [Int] = []
    func add(_ index: Int) {
      let fields = differingFields(states)
      guard fields != 0 else { return }
      let count = runs.count
      if count >= 3, runs[count - 2] == index - 1, runs[count - 1] == fields {
        runs[count - 2] = index
      } else {
        runs += [index, index, fields]
      }
    }
    add(0)
    for step in range.dropFirst() {
      // The event is the same for every layout: decoded once.
      let event = reference.event(at: step)
      for index in timelines.indices { timelines[index].screen.reduce(into: &states[index], event) }
      add(step - range.lowerBound)
    }
    return runs
  }

  /// The bits of the ``comparedPaths`` on which `states` differ, as ``Comparison/Row/diverges``
  /// compares their cells.
  private static func differingFields(_ states: [ChatState]) -> Int {
    let cells = states.map(Comparison.Cell.init)
    guard let first = cells.first else { return 0 }
    var fields = 0
    if cells.contains(where: { $0.inputBarFrame != first.inputBarFrame }) { fields |= 1 }
    if cells.contains(where: { $0.bottomInset != first.bottomInset }) { fields |= 2 }
    if cells.contains(where: { $0.offsetY != first.offsetY }) { fields |= 4 }
    if cells.contains(where: { $0.diagnostics != first.diagnostics }) { fields |= 8 }
    return fields
  }
}
