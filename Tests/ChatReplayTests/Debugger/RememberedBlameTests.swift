import Testing

@testable import ChatReplay

/// `blame` in a page's window, where the debugger remembers each path's changes from one step
/// of the window to the next, against a debugger that finds them again at every call.
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

  @Test func aWindowsBlameIsTheBlameFoundAgainAtEachStep() throws {
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
      }
    }
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
}
