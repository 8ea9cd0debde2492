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
      .value(
        "--layouts", placeholder: "LIST",
        help: "The layouts to compare, comma-separated, in order (default: all); "
          + "rxkeyboard@2.0.1 names the rxkeyboard layout on RxKeyboard 2.0.1, e.g. "
          + "--layouts rxkeyboard,rxkeyboard@2.0.1."
      ) { command, text throws(UsageError) in
        var columns: [Comparison.Column] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
          guard let column = Comparison.Column(name: String(name)) else {
            let names = LayoutID.allCases.map(\.rawValue) + ["rxkeyboard@2.0.1"]
            throw .unknownName(String(name), kind: "layout", candidates: names)
          }
          columns.append(column)
        }
        command.columns = columns
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
  var rxKeyboardVersion = RxKeyboardLayout.Version.v1
  /// `--option NAME=VALUE`, in order; each column takes those its layout has.
  var layoutOptions: [LayoutOptionSetting] = []
  var columns: [Comparison.Column]?

  func run(_ console: inout Console) -> ExitStatus {
    let columns = self.columns ?? Comparison.Column.every(rxKeyboardVersion: rxKeyboardVersion)
    var comparator = Comparator(
      columns: columns, options: Replayer.Options(layoutOptions: layoutOptions))
    var writer = JSONWriter()
    let name = displayName(forPath: file)
    var printer = Comparison.TextPrinter(
      file: name, columns: columns, onlyDiverging: onlyDiverging)
    let isJSON = self.isJSON
    let onlyDiverging = self.onlyDiverging
    var output = console.output
    defer { console.output = output }
    func take(_ item: Comparator.Output) -> Bool {
      guard isJSON else {
        for line in printer.lines(for: item) { output.line(line) }
        return true
      }
      if case .row(let row) = item, row.diverges || !onlyDiverging {
        writer.reset()
        Comparison.write(row, columns: columns, to: &writer)
        writer.newline()
        output.write(writer.bytes)
      }
      return true
    }
    do {
      try readChunks(of: file) { chunk in comparator.read(chunk, take) }
    } catch {
      console.error.line("Error: \(error.description)")
      return .failure
    }
    comparator.finish(take)
    if !isJSON {
      for line in printer.closingLines { output.line(line) }
    }
    if let error = comparator.error {
      console.error.line(error.rendered(file: name))
      return .failure
    }
    return .success
  }
}
