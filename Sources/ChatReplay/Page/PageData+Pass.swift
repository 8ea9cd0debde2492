extension PageData {
  /// What one pass over a recording made of its page.
  public struct Pass: Sendable {
    /// The recording's last step.
    public var lastStep: Int
    /// The page's data (as ``jsonUTF8(_:name:range:)`` writes it), or `nil` when the window
    /// asked for is not within steps `0...lastStep` or holds more than ``stepLimit`` steps.
    public var data: [UInt8]?
  }

  /// The data of the page of steps `first` to `last` (the last step when `nil`) of the recording
  /// `source` replayed with `options`, under `name`, or the recording's first bad line.
  ///
  /// Each line is decoded and reduced once and its step written into the page as it passes: no
  /// ``Timeline`` is built, and the recording is not replayed a second time for the page. Pages
  /// of at most ``explainedStepLimit`` steps carry `why` and `blame`, which need the debugger and
  /// so a timeline: those are made from one.
  public static func jsonUTF8(
    _ source: [UInt8], options: Replayer.Options, name: String, first: Int, last: Int?
  ) -> Result<Pass, RecordingError> {
    // A step takes a line at least: a window with no more lines than the explained pages' steps
    // is made from a timeline at once.
    let lineCount = source.withUnsafeBufferPointer { Timeline.lineCount(of: $0) }
    let most = min(last ?? Int.max, lineCount + 1) - first + 1
    if most <= explainedStepLimit { return fromTimeline(source, options, name, first, last) }
    var pass = OnePass(options: options, first: first, last: last, expectedSteps: most)
    let read = source.withUnsafeBufferPointer { bytes in pass.read(bytes) && pass.finishReading() }
    if !read, let failure = pass.failure { return .failure(failure) }
    switch pass.outcome {
    case .failed(let error): return .failure(error)
    case .explained: return fromTimeline(source, options, name, first, last)
    case .outsideWindow(let lastStep): return .success(Pass(lastStep: lastStep, data: nil))
    case .ready(let lastStep):
      var data: [UInt8] = []
      pass.write(name: name) { data.append(contentsOf: $0) }
      return .success(Pass(lastStep: lastStep, data: data))
    }
  }

  /// ``jsonUTF8(_:options:name:first:last:)`` through a ``Timeline``.
  private static func fromTimeline(
    _ source: [UInt8], _ options: Replayer.Options, _ name: String, _ first: Int, _ last: Int?
  ) -> Result<Pass, RecordingError> {
    let timeline: Timeline
    // The change index and the diagnostics' changes `why` and `blame` read, gathered in the same
    // replay.
    var index = ChangeIndex()
    var diagnosticChanges = DiagnosticChanges()
    switch Timeline.load(
      source, options: options,
      observe: { state, event, settled in
        index.add(state, event: event, settled: settled)
        diagnosticChanges.add(state, settled: settled)
      })
    {
    case .success(let loaded): timeline = loaded
    case .failure(let error): return .failure(error)
    }
    let end = last ?? timeline.lastStep
    guard first <= end, end <= timeline.lastStep, end - first + 1 <= stepLimit else {
      return .success(Pass(lastStep: timeline.lastStep, data: nil))
    }
    return .success(
      Pass(
        lastStep: timeline.lastStep,
        data: jsonUTF8(
          timeline, name: name, range: first...end, index: index,
          diagnosticChanges: diagnosticChanges, readsFields: true)))
  }

}
