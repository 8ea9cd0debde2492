import ReplayTestSupport
import Testing

@testable import ChatReplay

/// `blame` and `why` in a page's window, where the debugger remembers each path's changes from
/// one step of the window to the next, against a debugger that finds them again at every call
/// (`why`'s last changes by its own search, a replay back from the step by checkpoints).
struct RememberedBlameTests {
  /// A realistic session of 300 events: 301 steps, so a window of it is explained at every step
  /// while `step` and `t` change 300 times before and after it.
  static let timeline = try? Timeline.load(
    PagePassTests.recording(.realistic, seed: 3, count: 300)
  ).get()

  /// The paths a page explains whose changes take a pass over the recording (`step`, `t`, a
  /// message's field), come from the change index (the frames, the text) or from the
  /// diagnostics.
  static let paths = [
    "step", "t", "inputBar.frame.maxY", "inputBar.text", "scrollView.contentOffset.y",
    "messages[0].text", "messages[1].frame", "diagnostics",
  ]

  @Test func aWindowsBlameAndWhyAreTheOnesFoundAgainAtEachStep() throws {
    let timeline = try #require(Self.timeline)
    var remembering = Debugger(timeline: timeline)
    remembering.rememberValues()
    // Forwards, then back over the same steps: a remembered list serves steps on either side
    // of the one it was found at.
    for step in Array(250...260) + Array((240...249).reversed()) {
      var fresh = Debugger(timeline: timeline)
      _ = remembering.execute("goto \(step)")
      _ = fresh.execute("goto \(step)")
      for path in Self.paths {
        let remembered = remembering.execute("blame \(path)").text
        let found = fresh.execute("blame \(path)").text
        #expect(remembered == found, "blame \(path) at step \(step)")
        let rememberedWhy = remembering.execute("why \(path)").text
        let foundWhy = fresh.execute("why \(path)").text
        #expect(rememberedWhy == foundWhy, "why \(path) at step \(step)")
      }
    }
  }

  /// Where each diagnostic changed, gathered while a timeline loads, is what a pass finds.
  ///
  /// A page's window gathers them while its timeline loads; a debugger without them finds them
  /// in a pass of its own. Their `blame` of every diagnostic's
  /// fields, and of fields no diagnostic has, is the same: on the realistic session, and on the
  /// debugger's fixture, whose step 0 has a diagnostic (bad-index) that goes at step 1.
  @Test(arguments: ["realistic", "fixture"])
  func diagnosticsGatheredWhileLoadingAreTheOnesAPassFinds(_ name: String) throws {
    let recording =
      name == "fixture"
      ? Array(DebuggerFixture.text.utf8)
      : PagePassTests.recording(.realistic, seed: 3, count: 300)
    var changes = DiagnosticChanges()
    let timeline = try Timeline.load(
      recording, observe: { state, _, settled in changes.add(state, settled: settled) }
    ).get()
    var gathered = Debugger(timeline: timeline, index: nil, diagnosticChanges: changes)
    var found = Debugger(timeline: timeline)
    var listed = 0
    for step in Set([0, timeline.lastStep / 2, timeline.lastStep]).sorted() {
      _ = gathered.execute("goto \(step)")
      _ = found.execute("goto \(step)")
      for number in 0..<4 {
        for field in ["", ".id", ".message", ".gap", ".offsetY", ".item", ".nothing"] {
          let command = "blame diagnostics[\(number)]\(field)"
          let text = gathered.execute(command).text
          #expect(text == found.execute(command).text, "\(command) at step \(step)")
          if text.contains(" changes in ") || text.contains(" change in ") { listed += 1 }
        }
      }
    }
    // The recording's diagnostics do change: the comparison is not of empty lists alone.
    #expect(listed > 5)
  }

  @Test func stepChangesAtEveryStepAndIsSetByTheStepItIs() throws {
    let timeline = try #require(Self.timeline)
    var debugger = Debugger(timeline: timeline)
    debugger.rememberValues()
    for step in [255, 12, 300] {
      _ = debugger.execute("goto \(step)")
      let lines = debugger.execute("blame step").text.split(separator: "\n")
      // 300 events, one step each: `step` goes 0 → 1 → … → 300, so 300 changes, and the value
      // at step N was set by step N's event.
      #expect(
        lines.first
          == "blame step: 300 changes in steps 0…300; now \(step), set at step \(step)")
      // Shortened past 40 changes: 'blame step all' lists all 300.
      #expect(lines.last == "(shortened: 'blame step all' lists all 300 changes)")
    }
  }

  /// The steps `blame` lists, however it finds them (the change index, a pass, the messages'
  /// bisection, the diagnostics compared before their fields), are those at which the path's
  /// value differs from the step before's, read from every state of a replay.
  @Test(arguments: [
    "diagnostics", "diagnostics[0]", "diagnostics[0].id", "diagnostics[0].message",
    "diagnostics[1].id", "diagnostics[2].message", "inputBar.frame.maxY", "keyboard.frame.minY",
    "messages[2].text", "step",
  ])
  func blamesStepsAreTheStepsWhereTheValueDiffers(path text: String) throws {
    // Adversarial: diagnostics that come, go and change their values in place.
    let timeline = try Timeline.load(
      PagePassTests.recording(.adversarial, seed: 12, count: 270)
    ).get()
    let path = try #require(StatePath(parsing: text))
    var expected: [Int] = []
    var previous: StateNode?
    timeline.forEachState { state in
      let value = path.value(in: state)
      if state.step > 0 && value != previous { expected.append(state.step) }
      previous = value
      return true
    }
    var debugger = Debugger(timeline: timeline)
    #expect(try debugger.changeSteps(of: path) == expected)
    debugger.rememberValues()
    #expect(try debugger.changeSteps(of: path) == expected)
  }

  /// A diagnostic's path read from that diagnostic alone gives what it gives read from the
  /// whole state's tree, at every step of a session whose diagnostics come, go and change.
  @Test func aDiagnosticsPathReadsTheSameFromTheDiagnosticAsFromTheWholeState() throws {
    let timeline = try Timeline.load(
      PagePassTests.recording(.adversarial, seed: 12, count: 270)
    ).get()
    let paths = [
      "diagnostics[0]", "diagnostics[0].id", "diagnostics[1].message", "diagnostics[-1].id",
      "diagnostics[2]", "diagnostics[0].nothing", "diagnostics[9].id",
    ].compactMap { StatePath(parsing: $0) }
    #expect(paths.count == 7)
    var present = 0
    timeline.forEachState { state in
      let tree = StateNode(state, includeMessages: false)
      for path in paths {
        let value = path.value(in: state)
        #expect(value == path.resolve(in: tree), "\(path) at step \(state.step)")
        if value != nil { present += 1 }
      }
      return true
    }
    // The paths name diagnostics that are there at some steps.
    #expect(present > 0)
  }
}
