internal import ChatReplay

/// `replay compare FILE`: one recording through every layout, side by side.
struct CompareCommand: Command {
  static let name = "compare"
  static let abstract = "Replay one recording through every layout and show where they diverge."
  static var overview: String {
    """
    replay compare: replays one recording through every layout and shows, step by step, each
    one's input bar frame, effective bottom inset (adjustedContentInset.bottom), contentOffset.y
    and diagnostics; `≠` marks the steps where the layouts diverge (any of these differs).
    Layouts: \(LayoutID.allCases.map(\.rawValue).joined(separator: ", ")). FILE '-' reads
    standard input.
    """
  }
  static let epilogue = "Exit status: 0 success, 1 a bad or unreadable recording, 64 bad arguments."

  static var positional: PositionalSpec<CompareCommand>? {
    PositionalSpec(
      placeholder: "FILE", count: .one
    ) { command, file throws(UsageError) in command.file = file }
  }

  static var options: [OptionSpec<CompareCommand>] {
    [
      .flag("--json", help: "One JSON object per step, with every layout's values.") {
        command throws(UsageError) in command.isJSON = true
      },
      .flag("--diverging", help: "Only the steps where the layouts diverge.") {
        command throws(UsageError) in command.onlyDiverging = true
      },
      .flag(
        "--observed",
        help: "Rank the layouts by how many of the recording's observed values (what UIKit "
          + "laid out on the device) each matches, within 0.5 pt, and say where each departs."
      ) { command throws(UsageError) in command.ranksObserved = true },
      .value(
        "--layouts", placeholder: "LIST",
        help: "The layouts to compare, comma-separated, in order (default: all); "
          + "rxkeyboard@2.0.1 names the rxkeyboard layout on RxKeyboard 2.0.1, e.g. "
          + "--layouts rxkeyboard,rxkeyboard@2.0.1."
      ) { command, text throws(UsageError) in
        command.columns = try SharedOptions.columns(text)
      },
      SharedOptions.rxKeyboardVersion(
        help: "The RxKeyboard release of the rxkeyboard column when --layouts is not given:"
      ) { $0.rxKeyboardVersion = $1 },
      SharedOptions.layoutOption { $0.layoutOptions.append($1) },
      SharedOptions.help(),
      SharedOptions.endOfOptions(),
    ]
  }

  var file = ""
  var isJSON = false
  var onlyDiverging = false
  var ranksObserved = false
  var rxKeyboardVersion = RxKeyboardLayout.Version.v1
  /// `--option NAME=VALUE`, in order; each column takes those its layout has.
  var layoutOptions: [LayoutOptionSetting] = []
  var columns: [Comparison.Column]?
  /// How the file is read; not an option: tests make its chunks small, so that a file of a few
  /// kilobytes is compared in as many batches as one of megabytes.
  var reading = CheckCommand.Reading()

  func validate() throws(UsageError) {
    try SharedOptions.requireALayout(
      for: layoutOptions,
      among: columns ?? Comparison.Column.every(rxKeyboardVersion: rxKeyboardVersion))
  }

  func run(_ console: inout Console) -> ExitStatus {
    let columns = self.columns ?? Comparison.Column.every(rxKeyboardVersion: rxKeyboardVersion)
    if ranksObserved { return rankObserved(columns, &console) }
    let isJSON = self.isJSON
    var comparator = Comparator(
      columns: columns, options: Replayer.Options(layoutOptions: layoutOptions),
      wording: isJSON ? .json : .text)
    var json = Comparison.JSONPrinter(onlyDiverging: onlyDiverging)
    let name = displayName(forPath: file)
    var printer = Comparison.TextPrinter(
      file: name, columns: columns, onlyDiverging: onlyDiverging)
    var output = console.output
    defer { console.output = output }
    // Each chunk's steps are one batch; the lanes (one per layout, and one for the steps' own
    // words) reduce a batch and write its words on this thread or on the scheduler's helper, and
    // its rows are joined here, in order, two batches behind the newest, so that the helper has
    // the next ones to reduce meanwhile.
    var scheduler: LaneScheduler?
    func writeOldest() -> Bool {
      scheduler?.withOldest { batch in
        if isJSON {
          json.write(batch) { output.write($0) }
        } else {
          printer.write(batch) { output.write($0) }
        }
        return true
      } ?? false
    }
    func handle(_ gathered: Comparator.Gathered) -> Bool {
      switch gathered {
      case .start(let header, let lanes):
        scheduler = LaneScheduler(lanes: lanes)
        if !isJSON { printer.write(.start(header)) }
        return true
      case .batch(let batch):
        guard let scheduler else { return false }
        scheduler.add(batch)
        while scheduler.pendingCount > 2 {
          guard writeOldest() else { return false }
        }
        return true
      }
    }
    defer { scheduler?.stop() }
    do {
      // A second thread decodes the chunks ahead of the one being compared.
      try readChunks(
        of: file, decodingAhead: true, chunkSize: reading.chunkSize, window: reading.window
      ) { chunk, decoded in
        comparator.gather(chunk, decoded: decoded, handle)
      }
    } catch {
      console.error.line("Error: \(error.description)")
      return .failure
    }
    comparator.finishGathering(handle)
    while writeOldest() {}
    printer.flush { output.write($0) }
    json.flush { output.write($0) }
    if !isJSON {
      for line in printer.closingLines { output.line(line) }
    }
    if let error = comparator.error {
      console.error.line(error.rendered(file: name))
      return .failure
    }
    return .success
  }

  /// `--observed`: the layouts ranked by the observed values they match.
  private func rankObserved(_ columns: [Comparison.Column], _ console: inout Console)
    -> ExitStatus
  {
    var ranking = ObservedRanking(
      columns: columns, options: Replayer.Options(layoutOptions: layoutOptions))
    let name = displayName(forPath: file)
    do {
      try readChunks(of: file) { chunk in
        ranking.read(chunk)
        return ranking.error == nil
      }
    } catch {
      console.error.line("Error: \(error.description)")
      return .failure
    }
    ranking.finish()
    if let error = ranking.error {
      console.error.line(error.rendered(file: name))
      return .failure
    }
    let scores = ranking.scores
    guard let total = scores.first?.observed, total > 0 else {
      console.error.line(
        "Error: \(name) has no observed values to rank the layouts by; record what UIKit laid "
          + "out with ChatReplayRecorder's layoutObserved.")
      return .failure
    }
    let f = JSONWriter.format
    if isJSON {
      var writer = JSONWriter()
      for (rank, score) in scores.enumerated() {
        writer.reset()
        writer.beginObject()
        writer.key("rank")
        writer.number(Double(rank + 1))
        writer.key("layout")
        writer.string(score.column.name)
        writer.key("matched")
        writer.number(Double(score.matched))
        writer.key("observed")
        writer.number(Double(score.observed))
        if let departure = score.firstDeparture {
          writer.key("firstDeparture")
          writer.beginObject()
          writer.key("step")
          writer.number(Double(departure.step))
          writer.key("path")
          writer.string(departure.path.rawValue)
          writer.key("model")
          writer.number(departure.model)
          writer.key("device")
          writer.number(departure.device)
          writer.endObject()
        }
        writer.endObject()
        writer.newline()
        console.output.write(writer.bytes)
      }
      return .success
    }
    let events = ranking.observedEvents
    console.output.line(
      "\(name): \(total) observed value\(total == 1 ? "" : "s") in \(events) observed "
        + "event\(events == 1 ? "" : "s"), matched within \(f(Observation.tolerance)) pt by:")
    let width = scores.map(\.column.name.count).max() ?? 0
    let countWidth = String(total).count
    for (rank, score) in scores.enumerated() {
      let matched =
        String(repeating: " ", count: countWidth - String(score.matched).count)
        + "\(score.matched)"
      let padding = String(repeating: " ", count: width - score.column.name.count)
      var line = "  \(rank + 1). \(score.column.name)\(padding)  \(matched)/\(total)"
      if let departure = score.firstDeparture {
        line +=
          "  first departs at step \(departure.step): \(departure.path.rawValue) is "
          + "\(f(departure.model)), the device \(f(departure.device))"
      } else {
        line += "  matches every value"
      }
      console.output.line(line)
    }
    return .success
  }
}
