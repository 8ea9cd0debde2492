internal import ChatReplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Terminal {
  /// Standard output's terminal size, which `screen` fits its drawing into, read before each
  /// command so that a resize is honoured; `nil` when standard output is not a terminal.
  static var drawingSize: TerminalSize? {
    var size = winsize()
    guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }
}

/// Reads and replays `file` whole, or the error as `replay` prints it.
func loadTimeline(
  _ file: String, layout: LayoutID?, rxKeyboardVersion: RxKeyboardLayout.Version,
  layoutOptions: [LayoutOptionSetting] = []
) -> Result<Timeline, LoadFailure> {
  let bytes: [UInt8]
  do {
    bytes = try readFile(file)
  } catch {
    return .failure(LoadFailure(message: "Error: \(error.description)"))
  }
  let options = Replayer.Options(
    layout: layout, rxKeyboardVersion: rxKeyboardVersion, layoutOptions: layoutOptions)
  switch Timeline.load(bytes, options: options) {
  case .success(let timeline): return .success(timeline)
  case .failure(let error): return .failure(LoadFailure(message: error.rendered(file: file)))
  }
}

/// Why a recording could not be loaded, worded for standard error.
struct LoadFailure: Error {
  var message: String
}

/// Writes `bytes` to `path` atomically (never over `protected`), or to standard output without
/// a path.
func writeOutput(
  _ bytes: [UInt8], to path: String?, protecting protected: String, _ console: inout Console
) -> ExitStatus {
  guard let path, path != "-" else {
    console.output.write(bytes)
    return .success
  }
  do {
    try writeFileAtomically(bytes, to: path, protecting: [protected])
  } catch {
    console.error.line("Error: \(error.description)")
    return .failure
  }
  return .success
}

/// The step `reference` names in `timeline`, as the debugger's `goto` resolves it (a mark names
/// none outside the debugger).
func resolve(_ reference: StepReference, in timeline: Timeline) -> Result<Int, StepOutOfRange> {
  let last = timeline.lastStep
  switch reference {
  case .first, .mark: return .success(0)
  case .last: return .success(last)
  case .step(let value):
    return value <= last ? .success(value) : .failure(StepOutOfRange(step: value, last: last))
  case .fromEnd(let count):
    guard count >= 1, count <= last + 1 else {
      return .failure(StepOutOfRange(step: -count, last: last))
    }
    return .success(last + 1 - count)
  case .time(let t):
    // The last step whose time is at or before `t`: times never decrease.
    var low = 0
    var high = last
    while low < high {
      let middle = (low + high + 1) / 2
      if timeline.event(at: middle).t <= t { low = middle } else { high = middle - 1 }
    }
    return .success(low)
  }
}

/// The caption under a drawing: the step, and each diagnostic.
enum Caption {
  static func lines(file: String, _ timeline: Timeline, _ state: ChatState) -> [String] {
    let step = state.step
    let what =
      step == 0
      ? "start"
      : "line \(timeline.lines[step - 1].number): \(timeline.event(at: step).event.summary)"
    var lines = [
      "\(file) · step \(step) of \(timeline.lastStep) · t=\(JSONWriter.format(state.t))s · \(state.layout.rawValue) · \(what)"
    ]
    for diagnostic in state.diagnostics { lines.append("\(diagnostic.id): \(diagnostic.message)") }
    return lines
  }
}
