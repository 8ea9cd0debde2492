internal import ChatReplay

/// `replay svg FILE --at STEP`: the phone at one step as a standalone SVG.
struct SVGCommand: Command {
  static let name = "svg"
  static let abstract = "Draw the phone at one step as a standalone SVG (for bug reports)."
  static let overview = """
    replay svg: draws the screen at one step as an SVG, one point to one pixel, with real text: \
    bars, bubbles, the input bar, the keyboard, gaps, overlaps and the diagnostics' marks, and a \
    caption with the step and its diagnostics.
    """
  static let discussion = "The same input always gives the same bytes."
  static let epilogue =
    "Exit status: 0 success, 1 a bad or unreadable recording, a step out of range or an "
    + "unwritable output, 64 bad arguments."

  static var positional: PositionalSpec<SVGCommand>? {
    PositionalSpec(placeholder: "FILE", count: .one) { command, file throws(UsageError) in
      command.file = file
    }
  }

  static var options: [OptionSpec<SVGCommand>] {
    [
      .value(
        "--at", placeholder: "STEP",
        help: "The step to draw: N, -N counting back (-1 is the last), @SECONDS, first or "
          + "last (the default)."
      ) { command, text throws(UsageError) in
        guard let step = StepReference(parsing: text), !step.isMark else {
          throw .invalidValue(option: "--at", value: text, expected: .step)
        }
        command.at = step
      },
      SharedOptions.layout { $0.layout = $1 },
      SharedOptions.rxKeyboardVersion { $0.rxKeyboardVersion = $1 },
      .value(
        "-o", "--output", placeholder: "OUT.svg",
        help: "Write to OUT.svg (atomically) instead of standard output."
      ) { command, text throws(UsageError) in command.outputPath = text },
      SharedOptions.help(),
    ]
  }

  var file = ""
  var at = StepReference.last
  var layout: LayoutID?
  var rxKeyboardVersion = RxKeyboardLayout.Version.v1
  var outputPath: String?

  func run(_ console: inout Console) -> ExitStatus {
    defer { console.flush() }
    let timeline: Timeline
    switch loadTimeline(file, layout: layout, rxKeyboardVersion: rxKeyboardVersion) {
    case .success(let loaded): timeline = loaded
    case .failure(let failure):
      console.error.line(failure.message)
      return .failure
    }
    let step: Int
    switch resolve(at, in: timeline) {
    case .success(let resolved): step = resolved
    case .failure(let error):
      console.error.line("Error: \(error.message)")
      return .failure
    }
    let state = timeline.state(at: step)
    let scene = Scene(state, measurer: timeline.screen.measurer)
    let svg = SVGDrawing.document(
      scene, caption: Caption.lines(file: file, timeline, state),
      measurer: timeline.screen.measurer)
    return writeOutput(Array(svg.utf8), to: outputPath, protecting: file, &console)
  }
}
