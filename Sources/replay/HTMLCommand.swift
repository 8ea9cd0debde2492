internal import ChatReplay
internal import ReplayPageModule

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `replay html FILE`: the whole session as one self-contained page.
struct HTMLCommand: Command {
  static let name = "html"
  static let abstract = "Write the session as one self-contained HTML page (scrub, phone, state)."
  static let overview = """
    replay html: writes one HTML file with its style, script and data inline (no network; it \
    opens from file://): a scrubber with tracks and play at 1×/2×/4×, the phone drawn at each \
    step, the event list (filter, search), the state with its --json paths, diffs against the \
    previous and a pinned step, why and blame for a clicked value, the debugger's keys, and \
    links to a moment (#step=N, #t=SECONDS). With --layouts, one phone per layout side by side, \
    the steps where they diverge marked on the scrubber, and each layout's tracks and state.
    """
  static let discussion = """
    The same input always gives the same bytes. A page holds at most \
    \(PageData.stepLimit) steps; choose a window of a longer \
    recording with --from and --to. Pages of at most \(PageData.explainedStepLimit) steps carry \
    why and blame for every value at every step; longer pages name the debugger's commands \
    instead, and a window of that size around a moment carries them. Longer pages carry the \
    recording and the replay built as WebAssembly, and make their data when they open, by the \
    same code (--precomputed carries the data instead). A side-by-side page of N layouts holds \
    at most \(PageData.stepLimit) / N steps.
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
      .value(
        "--layouts", placeholder: "LIST",
        help: "Side by side: these layouts, comma-separated, in order, as replay compare names "
          + "them (rxkeyboard@2.0.1 is the rxkeyboard layout on RxKeyboard 2.0.1)."
      ) { command, text throws(UsageError) in
        command.columns = try SharedOptions.columns(text)
      },
      SharedOptions.layoutOption { $0.layoutOptions.append($1) },
      SharedOptions.rxKeyboardVersion { $0.rxKeyboardVersion = $1 },
      .value(
        "--jobs", placeholder: "N",
        help: "Use N threads (default: one per core, at most 2): the second decodes the "
          + "recording ahead, or draws the phone of a --precomputed page. The page is the same."
      ) { command, text throws(UsageError) in
        guard let count = Int(text), count >= 1 else {
          throw .invalidValue(
            option: "--jobs", value: text, expected: .count(of: "thread", minimum: 1))
        }
        command.jobs = count
      },
      .flag(
        "--precomputed",
        help: "Put every step's data in the page, made here, as pages of at most "
          + "\(PageData.explainedStepLimit) steps have it, instead of the recording and the "
          + "replay built as WebAssembly, which make it when the page opens: about 5 times as "
          + "long to write, 2 seconds less to open a page of a million steps."
      ) { command throws(UsageError) in command.precomputed = true },
      SharedOptions.help(),
    ]
  }

  var file = ""
  var outputPath: String?
  var from: Int?
  var to: Int?
  var layout: LayoutID?
  var layoutOptions: [LayoutOptionSetting] = []
  var rxKeyboardVersion: RxKeyboardLayout.Version?
  /// `--layouts`: the side-by-side page's layouts.
  var columns: [Comparison.Column]?
  var jobs = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  /// `--precomputed`: a long page carries its data, not its recording.
  var precomputed = false

  func validate() throws(UsageError) {
    guard let columns else { return }
    if layout != nil { throw .conflicting("--layout", "--layouts") }
    if rxKeyboardVersion != nil { throw .conflicting("--rxkeyboard-version", "--layouts") }
    try SharedOptions.requireALayout(for: layoutOptions, among: columns)
  }

  func run(_ console: inout Console) -> ExitStatus {
    defer { console.flush() }
    if let columns { return runSideBySide(columns, &console) }
    // What the page shows and how it replays, as the page that replays its recording carries it.
    let settings = PageReplaySettings(
      name: file, first: from ?? 0, last: to, layout: layout,
      rxKeyboardVersion: rxKeyboardVersion ?? .v1, layoutOptions: layoutOptions)
    let options = settings.options
    // A window short enough to carry why and blame is made from a timeline of the whole file
    // at once; so is standard input (or a pipe), which cannot be read again for a timeline.
    let size = Self.regularFileSize(file)
    let isExplained = to.map { $0 - (from ?? 0) + 1 <= PageData.explainedStepLimit } ?? false
    guard let size, !isExplained else {
      return runWhole(options, &console)
    }
    // A long recording's page carries the recording and makes its data when it opens. With
    // --precomputed, and for a file of fewer bytes than 200 lines take (where the module would
    // be most of the page, and most recordings carry why and blame), the page carries its data,
    // made in one pass. A recording short enough to carry why and blame after all gets the page
    // made from a timeline: the page begun is dropped (its file with it) before it is written.
    if precomputed || size < PageData.explainedStepLimit * Self.leastLineLength {
      return runOnePass(options, size: size, &console) ?? runWhole(options, &console)
    }
    return runReplaying(settings, &console) ?? runWhole(options, &console)
  }

  /// The page that carries the recording and replays it when it opens (``PageReplaySettings``);
  /// `nil` when the recording turns out short enough to carry why and blame.
  ///
  /// Made in the time of a check: one replay checks the recording (its first bad line is
  /// reported as the other pages report it, and the window is checked against its steps) while
  /// each chunk read is copied into the page.
  private func runReplaying(_ settings: PageReplaySettings, _ console: inout Console)
    -> ExitStatus?
  {
    let page: PageOutput
    do {
      page = try PageOutput(path: outputPath, protecting: file)
    } catch {
      console.error.line("Error: \(error.description)")
      return .failure
    }
    let parts = PageModule.base64.withUTF8Buffer { module in
      PageTemplate.replayingParts(title: "replay: " + file, module: module, settings: settings)
    }
    page.write(parts.beforeRecording)
    let report = CheckCommand.check(
      file, options: settings.options, keepGoing: false, showsTimes: false,
      decodeAhead: jobs >= 2,
      copyingTo: { PageData.writeRecording($0, to: page.write) })
    if let failure = report.readFailure {
      console.error.line(failure)
      return .failure
    }
    if let error = report.errors.first {
      console.error.line(error.rendered(file: file))
      return .failure
    }
    guard let range = window(lastStep: report.steps - 1, layoutCount: 1, &console) else {
      return .failure
    }
    if range.count <= PageData.explainedStepLimit { return nil }
    page.write(parts.afterRecording)
    return page.commit(&console)
  }

  /// The page made in one pass over the file of `size` bytes; `nil` when the recording turns out
  /// short enough to carry why and blame, which a page made from a timeline carries.
  private func runOnePass(_ options: Replayer.Options, size: Int, _ console: inout Console)
    -> ExitStatus?
  {
    // One pass: each line decoded, reduced and written into the page's data as it passes, the
    // phone drawn on a second thread with `--jobs 2`. The columns that grow with the steps go
    // to the page in pieces as they are made (see `PageData.pieceSteps`): the page's piece k,
    // then the phone's piece k - 1, which the phone's thread finished meanwhile.
    let expected = min(PageData.stepLimit, size / Self.leastLineLength + 1)
    let pieceSteps = PageData.pieceSteps(expectedSteps: expected)
    guard let (page, template) = startPage(to: outputPath, &console) else { return .failure }
    func phone() -> PageData.SceneColumn {
      PageData.SceneColumn(options: options, expectedSteps: expected, piecesOf: pieceSteps)
    }
    let sceneThread = jobs >= 2 ? SceneThread.start(phone()) : nil
    // With one thread, the phone is drawn here, from the same batches.
    var inline = sceneThread == nil ? phone() : nil
    var phonePieces: [[UInt8]] = []
    let handOver: (PageData.SceneBatch) -> Void = { batch in
      if let sceneThread { return sceneThread.add(batch) }
      inline?.add(contentsOf: batch)
      phonePieces += inline?.takePieces() ?? []
    }
    var piecesWritten = 0
    let writePiece: (UnsafeBufferPointer<UInt8>) -> Void = { piece in
      page.write(piece)
      piecesWritten += 1
      guard piecesWritten >= 2 else { return }
      page.write(sceneThread?.nextPiece() ?? phonePieces.removeFirst())
    }
    var pass = PageData.OnePass(
      options: options, first: from ?? 0, last: to, expectedSteps: expected,
      drawsScene: false, piecesOf: pieceSteps)
    do {
      try readChunks(of: file, decodingAhead: jobs >= 2) { chunk, decoded in
        pass.read(chunk, decoded: decoded, batches: handOver, pieces: writePiece)
      }
    } catch {
      _ = sceneThread?.finish()
      console.error.line("Error: \(error.description)")
      return .failure
    }
    _ = pass.finishReadingInBatches(handOver, pieces: writePiece)
    if let (column, left) = sceneThread?.finish() {
      inline = column
      phonePieces += left
    }
    switch pass.outcome {
    case .failed(let error):
      console.error.line(error.rendered(file: file))
      return .failure
    case .explained:
      return nil
    case .outsideWindow(let lastStep):
      _ = window(lastStep: lastStep, layoutCount: 1, &console)
      return .failure
    case .ready(let lastStep):
      guard window(lastStep: lastStep, layoutCount: 1, &console) != nil else { return .failure }
    }
    // The last pieces: the page's, then the phone's two.
    pass.writeLastPiece(to: page.write)
    for piece in phonePieces + (inline?.finishPieces() ?? []) { page.write(piece) }
    page.write(template.dataTag)
    pass.write(name: file, to: page.write)
    page.write(template.afterData)
    return page.commit(&console)
  }

  /// The fewest bytes a recording's event line takes, to guess its number of steps from its size
  /// (the page's memories are made with room for them).
  private static let leastLineLength = 40

  /// The size of the regular file at `path`, `nil` for anything else (standard input, a pipe).
  private static func regularFileSize(_ path: String) -> Int? {
    var status = stat()
    guard path != "-", stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      return nil
    }
    return Int(status.st_size)
  }

  /// The page of the file read whole, on one thread.
  private func runWhole(_ options: Replayer.Options, _ console: inout Console) -> ExitStatus {
    let bytes: [UInt8]
    do {
      bytes = try readFile(file)
    } catch {
      console.error.line("Error: \(error.description)")
      return .failure
    }
    let pass: PageData.Pass
    switch PageData.jsonUTF8(bytes, options: options, name: file, first: from ?? 0, last: to) {
    case .success(let made): pass = made
    case .failure(let error):
      console.error.line(error.rendered(file: file))
      return .failure
    }
    guard window(lastStep: pass.lastStep, layoutCount: 1, &console) != nil, let data = pass.data
    else { return .failure }
    return writePage(to: outputPath, &console) { output in
      data.withUnsafeBufferPointer { output($0) }
    }
  }

  /// The page's output for `path` (standard output for `nil` or `-`) with the template up to its
  /// data's pieces written, and the rest of the template; `nil` (the error said) when the file
  /// cannot be written.
  private func startPage(to path: String?, _ console: inout Console)
    -> (PageOutput, PageTemplate.Parts)?
  {
    let page: PageOutput
    do {
      page = try PageOutput(path: path, protecting: file)
    } catch {
      console.error.line("Error: \(error.description)")
      return nil
    }
    let template = PageTemplate.parts(title: "replay: " + file)
    page.write(template.beforePieces)
    return (page, template)
  }

  /// Writes the page whose data `writeData` writes, in pieces, to `path` (atomically) or to
  /// standard output: the template's halves around the data, no copy of the page made whole.
  private func writePage(
    to path: String?, _ console: inout Console,
    _ writeData: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void
  ) -> ExitStatus {
    guard let (page, template) = startPage(to: path, &console) else { return .failure }
    page.write(template.dataTag)
    writeData(page.write)
    page.write(template.afterData)
    return page.commit(&console)
  }

  /// `--layouts`: the recording through each of `columns`, side by side, the header's and the
  /// command line's options applied to each layout that has them (as `replay compare` does).
  private func runSideBySide(_ columns: [Comparison.Column], _ console: inout Console)
    -> ExitStatus
  {
    let bytes: [UInt8]
    do {
      bytes = try readFile(file)
    } catch {
      console.error.line("Error: \(error.description)")
      return .failure
    }
    var timelines: [Timeline] = []
    for column in columns {
      var options = Replayer.Options(customLayout: column.layout, layoutOptions: layoutOptions)
      options.skipsUndeclaredOptions = true
      switch Timeline.load(bytes, options: options) {
      case .success(let timeline): timelines.append(timeline)
      case .failure(let error):
        console.error.line(error.rendered(file: file))
        return .failure
      }
    }
    guard
      let range = window(
        lastStep: timelines[0].lastStep, layoutCount: columns.count, &console)
    else { return .failure }
    let data = PageData.json(timelines, columns: columns, name: file, range: range)
    let page = PageTemplate.sideBySideHTML(title: "replay: " + file, data: data)
    return writeOutput(Array(page.utf8), to: outputPath, protecting: file, &console)
  }

  /// The steps `--from` (`first`) and `--to` (`end`) choose in a recording of `lastStep` steps,
  /// or why they cannot be: they must be within it and fit a page of `layoutCount` layouts.
  static func window(first: Int?, end: Int?, lastStep last: Int, layoutCount: Int)
    -> Result<ClosedRange<Int>, LoadFailure>
  {
    let first = first ?? 0
    let end = end ?? last
    guard first <= end, end <= last else {
      return .failure(
        LoadFailure(
          message:
            "Error: the window \(first)…\(end) is not within the recording's steps 0…\(last)"))
    }
    let limit = PageData.stepLimit(layouts: layoutCount)
    guard end - first + 1 <= limit else {
      let holds =
        layoutCount == 1
        ? "a page holds (\(limit))"
        : "a page of \(layoutCount) layouts holds (\(limit): \(PageData.stepLimit) shared "
          + "between the layouts)"
      return .failure(
        LoadFailure(
          message: "Error: \(end - first + 1) steps are more than \(holds); "
            + "choose a window with --from N --to M, e.g. --from \(first) --to "
            + "\(first + limit - 1)"))
    }
    return .success(first...end)
  }

  private func window(lastStep: Int, layoutCount: Int, _ console: inout Console)
    -> ClosedRange<Int>?
  {
    switch Self.window(first: from, end: to, lastStep: lastStep, layoutCount: layoutCount) {
    case .success(let range): return range
    case .failure(let failure):
      console.error.line(failure.message)
      return nil
    }
  }

  /// The page of `timeline`'s steps `range`, under `name`.
  static func page(_ timeline: Timeline, name: String, range: ClosedRange<Int>) -> [UInt8] {
    page(data: PageData.jsonUTF8(timeline, name: name, range: range), name: name)
  }

  /// The page of `data` (``PageData``'s), under `name`.
  static func page(data: [UInt8], name: String) -> [UInt8] {
    // The page is the template around its data: the template is made once without the data
    // and the data's bytes are put where it goes, so the page's megabytes are copied once.
    let template = PageTemplate.parts(title: "replay: " + name)
    return template.beforePieces + template.dataTag + data + template.afterData
  }

  /// The steps of a page about `step`: all of them when they fit, else a window that does, with
  /// `step` a tenth of the way in.
  static func window(around step: Int, lastStep: Int) -> ClosedRange<Int> {
    guard lastStep >= PageData.stepLimit else { return 0...lastStep }
    let first = max(0, min(step - PageData.stepLimit / 10, lastStep + 1 - PageData.stepLimit))
    return first...(first + PageData.stepLimit - 1)
  }
}
