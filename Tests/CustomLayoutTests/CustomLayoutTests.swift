import ChatReplay
import Testing

/// `PinnedBarLayout` through the whole library, as a user's own test target drives it.
///
/// iPhone 15: 393 × 852, safe area 59 top and 34 bottom; the keyboard shown at (0, 516, 393, 336).
struct CustomLayoutTests {
  static let recording = """
    {"type":"session","version":1,"device":{"model":"iPhone 15","screen":{"width":393,"height":852},"safeArea":{"top":59,"left":0,"bottom":34,"right":0}},"options":{"inputBar.gap":10}}
    {"t":1,"type":"keyboard","name":"willChangeFrame","frameEnd":{"x":0,"y":516,"width":393,"height":336}}
    {"t":2,"type":"textChange","text":"Hi"}
    {"t":3,"type":"sendTap"}

    """

  static let options = Replayer.Options(customLayout: PinnedBarLayout())

  func timeline() throws -> Timeline {
    try Timeline.load(Array(Self.recording.utf8), options: Self.options).get()
  }

  @Test func theTimelineReplaysTheCustomLayoutWithTheHeadersOptions() throws {
    let timeline = try timeline()
    #expect(timeline.stepCount == 4)
    // At rest: the safe area's bottom 852 − 34 = 818; 818 − 10 − 50 = 758.
    #expect(timeline.state(at: 0).inputBar.frame == Rect(x: 0, y: 758, width: 393, height: 50))
    // Shown: 516 − 10 − 50 = 456; the keyboard 852 − 516 = 336 high.
    let shown = timeline.state(at: 1)
    #expect(shown.layout == .custom("pinned-bar"))
    #expect(shown.inputBar.frame.y == 456)
    #expect(shown.keyboard.visibleHeight == 336)
    let sent = timeline.state(at: 3)
    #expect(sent.messages.map(\.text) == ["Hi"])
    #expect(sent[memoryOf: PinnedBarLayout.self] == PinnedBarLayout.Memory(sentCount: 1))
    #expect(sent.isSendEnabled == false)
  }

  @Test func aComparisonWithABuiltInLayoutShowsWhereTheyDiverge() {
    // The custom layout and keyboard-layout-guide side by side; the header's inputBar.gap is only
    // the custom layout's. Pinned bar: y 818 − 10 − 50 = 758 at rest, 516 − 10 − 50 = 456 with
    // the keyboard. The guide: its top H − S.bottom = 818 at rest (bar y 818 − 44 = 774), the
    // keyboard's top 516 once it is docked (bar y 516 − 44 = 472). They differ at every step.
    let columns = [Comparison.Column(PinnedBarLayout()), Comparison.Column(.keyboardLayoutGuide)]
    let bytes = Array(Self.recording.utf8)
    let comparison = bytes.withUnsafeBufferPointer {
      Comparison(replaying: $0, columns: columns)
    }
    #expect(comparison.errors.isEmpty)
    #expect(columns.map(\.name) == ["pinned-bar", "keyboard-layout-guide"])
    #expect(
      comparison.rows.map { $0.cells.map(\.inputBarFrame) } == [
        [Rect(x: 0, y: 758, width: 393, height: 50), Rect(x: 0, y: 774, width: 393, height: 44)],
        [Rect(x: 0, y: 456, width: 393, height: 50), Rect(x: 0, y: 472, width: 393, height: 44)],
        [Rect(x: 0, y: 456, width: 393, height: 50), Rect(x: 0, y: 472, width: 393, height: 44)],
        [Rect(x: 0, y: 456, width: 393, height: 50), Rect(x: 0, y: 472, width: 393, height: 44)],
      ])
    #expect(comparison.divergingSteps == [0, 1, 2, 3])
    // The custom bar's 10-pt gap above the keyboard, 516 − (456 + 50), is its keyboard-gap; the
    // guide's bar sits on the keyboard.
    #expect(
      comparison.rows[1].cells.map { $0.diagnostics.contains { $0.id == "keyboard-gap" } } == [
        true, false,
      ])
  }

  @Test func theSharedDiagnosticsSeeTheGap() throws {
    // The 10-pt gap is more than 0.5 pt: keyboard-gap on every shown step, from the bar's bottom
    // 456 + 50 = 506 to the keyboard's top 516.
    var tally = Summary.Tally()
    var gaps: [Diagnostic] = []
    var replayer = Replayer(options: Self.options)
    let bytes = Array(Self.recording.utf8)
    func body(_ output: Replayer.Output) -> Bool {
      if case .state(let state, _, _, _) = output {
        tally.add(state)
        gaps += state.diagnostics
      }
      return true
    }
    bytes.withUnsafeBufferPointer { _ = replayer.read($0, body) }
    _ = replayer.finish(body)
    #expect(tally.steps == ["keyboard-gap": 3])
    #expect(gaps.first == .keyboardGap(gap: 10, inputBarMaxY: 506, keyboardMinY: 516))
  }

  @Test func theDebuggerExplainsTheCustomRule() throws {
    var debugger = Debugger(timeline: try timeline())
    _ = debugger.execute("goto 1")
    let reply = debugger.execute("why inputBar.frame.y").text
    #expect(
      reply.contains(
        "inputBar.frame.y = top − inputBar.gap − inputBar.height = 516 − 10 − 50 = 456"))
    #expect(reply.contains("rule (pinned-bar): The bar sits inputBar.gap above"))
  }

  @Test func theSceneDrawsTheCustomLayout() throws {
    // After the send: the bar at 456 (516 − 10 − 50), the keyboard below the 10-pt gap from the
    // bar's bottom 506 to 516; no navigation bar (the system inset is the safe area alone); the
    // one 40-pt message as a plain row, the content's top at 0 − (−59) = 59 on screen.
    let state = try timeline().state(at: 3)
    let measurer = FontMetricsMeasurer()
    let scene = Scene(state, measurer: measurer)
    #expect(scene.layout == .custom("pinned-bar"))
    #expect(scene.inputBar.frame == Rect(x: 0, y: 456, width: 393, height: 50))
    #expect(scene.keyboard == Rect(x: 0, y: 516, width: 393, height: 336))
    #expect(scene.gap == Rect(x: 0, y: 506, width: 393, height: 10))
    #expect(scene.overlap == nil)
    #expect(scene.navigationBar == nil)
    #expect(scene.contentOriginY == 59)
    #expect(scene.bubbles.map(\.frame) == [Rect(x: 0, y: 0, width: 393, height: 40)])
    #expect(scene.bubbles.map(\.text.lines) == [["Hi"]])
    #expect(scene.shapes.contains { $0.style == "gap" && $0.frame == scene.gap })
    let svg = SVGDrawing.document(scene, caption: ["step 3"], measurer: measurer)
    #expect(svg.contains("gap 10 pt"))
    #expect(svg.contains("<title>step 3</title>"))
  }

  @Test func anUnknownOptionOfTheCustomLayoutIsAnError() {
    var header = SessionHeader()
    header.options = [
      LayoutOptionSetting(name: "inputBar.gpa", value: .number(4), source: .commandLine)
    ]
    #expect(throws: RecordingError.self) { try Self.options.screen(for: header) }
    #expect(
      PinnedBarLayout.optionDefaults.map(\.name) == ["inputBar.height", "inputBar.gap"])
  }
}
