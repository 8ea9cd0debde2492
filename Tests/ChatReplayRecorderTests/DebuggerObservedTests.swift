import ChatReplay
import ReplayTestSupport
import Testing

/// The debugger on a recording the recorder made: `print` and `why` name what the device laid out.
struct DebuggerObservedTests {
  func debugger() throws -> Debugger {
    let lines = scriptedSession(inputBarYWithKeyboard: 472)
    let timeline = try Timeline.load(Array((lines.joined(separator: "\n") + "\n").utf8)).get()
    return Debugger(timeline: timeline)
  }

  @Test func printShowsTheObservedValueBesideTheModels() throws {
    var debugger = try debugger()
    // Step 2 observed 774 with the keyboard hidden (852 − 34 − 0 − 44), as the model had it;
    // at step 3 the keyboard is up and the model moved the bar: that observation is older.
    #expect(
      debugger.run("goto 2", "print inputBar.frame.y")
        == "inputBar.frame.y = 774   observed: 774 (step 2, agrees with the model)")
    #expect(
      debugger.run("goto 3", "print inputBar.frame.y")
        == "inputBar.frame.y = 438   observed: 774 (step 2, before the model's change at step 3)")
    // Step 5 observed 472 with the keyboard up; the model has 438: 34 pt apart.
    #expect(
      debugger.run("goto 7", "print inputBar.frame.y")
        == "inputBar.frame.y = 438   observed: 472 (step 5, 34 pt more than the model)")
    #expect(
      debugger.run("print list.contentInset.bottom")
        == "list.contentInset.bottom = 380   observed: 380 (step 5, agrees with the model)")
    // Not an observed path: printed as before.
    #expect(debugger.run("print inputBar.text") == #"inputBar.text = """#)
    #expect(debugger.run("goto 1", "print inputBar.frame.y") == "inputBar.frame.y = 774")
  }

  @Test func whySaysWhetherTheDeviceAgrees() throws {
    var debugger = try debugger()
    let diverging = debugger.run("goto 5", "why inputBar.frame.y")
    #expect(
      diverging.hasSuffix(
        "  the device disagrees: observed 472 at step 5, 34 pt more than the model (model-divergence)"
      ))
    let agreeing = debugger.run("goto 14", "why inputBar.frame.y")
    #expect(agreeing.hasSuffix("  the device agrees: observed 774 at step 14, within 0.5 pt"))
    // At step 4 the last observation (step 2) predates the model's change at step 3: no line.
    #expect(!debugger.run("goto 4", "why inputBar.frame.y").contains("the device"))
  }
}
