internal import ChatReplay

/// `replay html FILE`: the whole session as one self-contained page.
struct HTMLCommand: Command {
  static let name = "html"
  static let abstract = "Write the session as one self-contained HTML page (scrub, phone, state)."
  static let overview = """
    replay html: writes one HTML file with its style, script and data inline (no network; it \
    opens from file://): a scrubber with tracks and play at 1×/2×/4×, the phone drawn at each \
    step, the event list (filter, search), the state with its --json paths, diffs against the \
    previous and a pinned step, why and blame for a clicked value, the debugger's keys, and \
    links to a moment (#step=N, #t=SECONDS).
    """
  static let discussion = """
    The same input always gives the same bytes. A page holds at most \
    \(PageData.stepLimit) steps; choose a window of a longer \
    recording with --from and --to. Pages of at most \(PageData.explainedStepLimit) steps carry \
    why and blame for every value at every step; longer pages name the debugger's commands \
    instead, and a window of that size around a moment carries them.
    """
  static let epilogue =
    "Exit status: 0 success, 1 a bad or unreadable recording, a bad window or an unwritable "
    + "output, 64 bad arguments."

  static var positional: PositionalSpec<HTMLCommand>? {
    PositionalSpec(placeholder: "FILE", count: .one) { command, file throws(UsageError) in
      command.file = file
    }
  }

  static var options: [OptionSpec<HTMLCommand>] {
    [
      .value("-o", "--output", placeholder: "OUT.html", help: "Write to OUT.html (atomically).") {
        command, text throws(UsageError) in command.outputPath = text
      },
      .value("--from", placeholder: "N", help: "The window's first step (default 0).") {
        command, text throws(UsageError) in
        guard let step = Int(text), step >= 0 else {
          throw .invalidValue(
            option: "--from", value: text, expected: .count(of: "step", minimum: 0))
        }
        command.from = step
      },
      .value("--to", placeholder: "M", help: "The window's last step (default: the last).") {
        command, text throws(UsageError) in
        guard let step = Int(text), step >= 0 else {
          throw .invalidValue(option: "--to", value: text, expected: .count(of: "step", minimum: 0))
        }
        command.to = step
      },
      SharedOptions.layout { $0.layout = $1 },
      SharedOptions.layoutOption { $0.layoutOptions.append($1) },
      SharedOptions.rxKeyboardVersion { $0.rxKeyboardVersion = $1 },
      SharedOptions.help(),
    ]
  }

  var file = ""
  var outputPath: String?
  var from: Int?
  var to: Int?
  var layout: LayoutID?
  var layoutOptions: [LayoutOptionSetting] = []
  var rxKeyboardVersion = RxKeyboardLayout.Version.v1

  func run(_ console: inout Console) -> ExitStatus {
    defer { console.flush() }
    let timeline: Timeline
    switch loadTimeline(
      file, layout: layout, rxKeyboardVersion: rxKeyboardVersion, layoutOptions: layoutOptions)
    {
    case .success(let loaded): timeline = loaded
    case .failure(let failure):
      console.error.line(failure.message)
      return .failure
    }
    let last = timeline.lastStep
    let first = from ?? 0
    let end = to ?? last
    guard first <= end, end <= last else {
      console.error.line(
        "Error: the window \(first)…\(end) is not within the recording's steps 0…\(last)")
      return .failure
    }
    guard end - first + 1 <= PageData.stepLimit else {
      console.error.line(
        "Error: \(end - first + 1) steps are more than a page holds (\(PageData.stepLimit)); "
          + "choose a window with --from N --to M, e.g. --from \(first) --to "
          + "\(first + PageData.stepLimit - 1)")
      return .failure
    }
    return writeOutput(
      Self.page(timeline, name: file, range: first...end), to: outputPath, protecting: file,
      &console)
  }

  /// The page of `timeline`'s steps `range`, under `name`.
  static func page(_ timeline: Timeline, name: String, range: ClosedRange<Int>) -> [UInt8] {
    let data = PageData.json(timeline, name: name, range: range)
    return Array(PageTemplate.html(title: "replay: " + name, data: data).utf8)
  }

  /// The steps of a page about `step`: all of them when they fit, else a window that does, with
  /// `step` a tenth of the way in.
  static func window(around step: Int, lastStep: Int) -> ClosedRange<Int> {
    guard lastStep >= PageData.stepLimit else { return 0...lastStep }
    let first = max(0, min(step - PageData.stepLimit / 10, lastStep + 1 - PageData.stepLimit))
    return first...(first + PageData.stepLimit - 1)
  }
}
