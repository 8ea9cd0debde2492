internal import ChatReplay

/// `replay compare FILE`: one recording through every layout, side by side.
struct CompareCommand: Subcommand {
  static let name = "compare"
  static let abstract = "Replay one recording through every layout and show where they diverge."
  static let usage =
    "Usage: replay compare FILE [--json] [--diverging] [--layouts LIST] [--rxkeyboard-version V]"
  static let help = """
    replay compare: replays one recording through every layout and shows, step by step, each
    one's input bar frame, effective bottom inset (adjustedContentInset.bottom), contentOffset.y
    and diagnostics; `≠` marks the steps where the layouts diverge (any of these differs).
    Layouts: \(LayoutID.allCases.map(\.rawValue).joined(separator: ", ")).

    \(usage)

    Options:
      --json                    One JSON object per step, with every layout's values.
      --diverging               Only the steps where the layouts diverge.
      --layouts LIST            The layouts to compare, comma-separated, in order (default: all);
                                rxkeyboard@2.0.1 names the rxkeyboard layout on RxKeyboard 2.0.1,
                                e.g. --layouts rxkeyboard,rxkeyboard@2.0.1.
      --rxkeyboard-version V    The RxKeyboard release of the rxkeyboard column when --layouts is
                                not given: 1.0.0 (default) or 2.0.1.
      -h, --help                Show this help.

    Exit status: 0 success, 1 a bad or unreadable recording, 64 bad arguments.
    """

  var file = ""
  var isJSON = false
  var onlyDiverging = false
  var rxKeyboardVersion = RxKeyboardLayout.Version.v1
  var columns: [Comparison.Column]?
  var showsHelp = false

  init(arguments: [String]) throws(UsageError) {
    var file: String?
    var rest = ArgumentList(arguments)
    while let argument = rest.next() {
      switch argument {
      case "-h", "--help":
        showsHelp = true
      case "--json":
        isJSON = true
      case "--diverging":
        onlyDiverging = true
      case "--layouts":
        let text = try rest.value(for: "--layouts")
        var columns: [Comparison.Column] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
          guard let column = Comparison.Column(name: String(name)) else {
            let names = LayoutID.allCases.map(\.rawValue) + ["rxkeyboard@2.0.1"]
            throw UsageError.unknown("layout", String(name), names)
          }
          columns.append(column)
        }
        self.columns = columns
      case "--rxkeyboard-version":
        rxKeyboardVersion = try rest.choice(
          for: "--rxkeyboard-version", named: "RxKeyboard version")
      default:
        if argument.hasPrefix("-") && argument != "-" {
          let options = ["--json", "--diverging", "--layouts", "--rxkeyboard-version", "--help"]
          throw UsageError.unknown("option", argument, options)
        }
        guard file == nil else {
          throw UsageError(
            message: "one recording at a time; got '\(file ?? "")' and '\(argument)'")
        }
        file = argument
      }
    }
    if showsHelp { return }
    guard let file else {
      throw UsageError(message: "compare needs a recording: replay compare FILE")
    }
    self.file = file
  }

  mutating func run() -> Int32 {
    var output = Output.standardOutput
    var standardError = Output.standardError
    defer {
      output.flush()
      standardError.flush()
    }
    if showsHelp {
      output.line(Self.help)
      return Replay.success
    }
    let columns = self.columns ?? Comparison.Column.every(rxKeyboardVersion: rxKeyboardVersion)
    var comparator = Comparator(columns: columns)
    var writer = JSONWriter()
    var stepCount = 0
    var divergingCount = 0
    var firstDiverging: Int?
    let isJSON = self.isJSON
    let onlyDiverging = self.onlyDiverging
    let file = self.file
    func take(_ item: Comparator.Output) -> Bool {
      let row: Comparison.Row
      switch item {
      case .start(let header):
        if !isJSON {
          output.line(Comparison.title(file: file, header: header, columns: columns))
          output.line()
          output.line(Comparison.heading)
        }
        return true
      case .row(let next):
        row = next
      }
      let diverges = row.diverges
      stepCount += 1
      if diverges {
        divergingCount += 1
        if firstDiverging == nil { firstDiverging = row.step }
      }
      guard diverges || !onlyDiverging else { return true }
      if isJSON {
        writer.reset()
        Comparison.write(row, columns: columns, to: &writer)
        writer.newline()
        output.write(writer.bytes)
      } else {
        for line in Comparison.lines(for: row, columns: columns) { output.line(line) }
      }
      return true
    }
    do {
      try readChunks(of: file) { chunk in comparator.read(chunk, take) }
    } catch {
      standardError.line("Error: \(error.description)")
      return Replay.failure
    }
    comparator.finish(take)
    if !isJSON && stepCount > 0 {
      output.line()
      output.line(
        Comparison.closing(stepCount: stepCount, diverging: divergingCount, first: firstDiverging))
    }
    if let error = comparator.error {
      standardError.line(error.rendered(file: file))
      return Replay.failure
    }
    return Replay.success
  }
}
