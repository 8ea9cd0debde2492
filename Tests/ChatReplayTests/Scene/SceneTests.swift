import ReplayTestSupport
import Testing

@testable import ChatReplay

/// Scenes of hand-checked states: the numbers come from the layouts' rules and the fixed-width
/// measurer (10 pt a character, 17 pt a line), worked out in the comments.
struct SceneTests {
  static func timeline(_ text: String) -> Timeline {
    switch Timeline.load(
      Array(text.utf8), options: Replayer.Options(measurer: FixedWidthMeasurer()))
    {
    case .success(let timeline): return timeline
    case .failure(let error): preconditionFailure(error.rendered(file: "fixture"))
    }
  }

  static func scene(_ timeline: Timeline, at step: Int) -> Scene {
    Scene(timeline.state(at: step), measurer: timeline.screen.measurer)
  }

  @Test func rxkeyboardSceneHasBarsBalloonFieldKeyboardAndGap() {
    let scene = Self.scene(DebuggerFixture.timeline(), at: 2)
    let expected = Scene(
      step: 2, layout: .rxkeyboard, window: Size(width: 393, height: 852),
      safeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
      statusBar: Rect(x: 0, y: 0, width: 393, height: 59),
      // Under the status bar: 59…103, the 44 pt of the rxkeyboard layout's navigation bar.
      navigationBar: Rect(x: 0, y: 59, width: 393, height: 44), title: "Chat",
      list: Rect(x: 0, y: 0, width: 393, height: 852),
      // The list at y 0 scrolled to 233: content y 0 is at window y -233.
      contentOriginY: -233,
      // "Hi" (content 10…47) is scrolled out of the visible 233…1085.
      bubbles: [],
      inputBar: Scene.InputBar(
        frame: Rect(x: 0, y: 438, width: 393, height: 44),
        // 8 pt margins: x 8, height 44 − 16 = 28 at y 438 + 8; width 393 − 3 × 8 − 60 = 309.
        field: Rect(x: 8, y: 446, width: 309, height: 28),
        // Wrapped at 309 − 16 = 293 pt; one 17 pt line centred: (28 − 17) / 2 = 5.5.
        text: Scene.TextBlock(
          lines: ["Yo"], fontSize: 17, lineHeight: 17, origin: Point(x: 8, y: 5.5), width: 293),
        // 393 − 8 − 60 = 325.
        sendButton: Rect(x: 325, y: 446, width: 60, height: 28), isSendEnabled: true),
      keyboard: Rect(x: 0, y: 516, width: 393, height: 336),
      // Bar bottom 482, keyboard top 516.
      gap: Rect(x: 0, y: 482, width: 393, height: 34), overlap: nil, homeIndicator: nil,
      marks: [])
    #expect(scene == expected)
  }

  @Test func balloonIsSizedToItsTextAtItsCell() {
    let scene = Self.scene(DebuggerFixture.timeline(), at: 0)
    // Step 0: offset −103. "Hi" is 20 pt wide: a balloon of 20 + 2 × 10 = 40 pt, 10 pt from
    // the left edge, at the cell's y 10 and height ceil(17) + 20 = 37.
    #expect(scene.contentOriginY == 103)
    #expect(
      scene.bubbles == [
        Scene.Bubble(
          index: 0, from: .other, frame: Rect(x: 10, y: 10, width: 40, height: 37),
          isBalloon: true,
          text: Scene.TextBlock(
            lines: ["Hi"], fontSize: 14, lineHeight: 17, origin: Point(x: 10, y: 10), width: 220))
      ])
    #expect(scene.windowFrame(of: scene.bubbles[0]) == Rect(x: 10, y: 113, width: 40, height: 37))
  }

  static let growingShown = """
    {"type":"session","version":1,"layout":"growing","device":{"model":"Test","screen":{"width":393,"height":852},"safeArea":{"top":59,"left":0,"bottom":34,"right":0}}}
    {"t":1,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":516,"width":393,"height":336}}

    """

  @Test func growingSendButtonIsMarkedOutsideItsBox() {
    let scene = Self.scene(Self.timeline(Self.growingShown), at: 1)
    // The box becomes (0, 852 − 336 − 50, W − 73, 50) = (0, 466, 320, 50); the button keeps its
    // frame (W − 71, 1, 70, 49) in the box: window x 322…392, beyond the box's 320.
    #expect(scene.inputBar.frame == Rect(x: 0, y: 466, width: 320, height: 50))
    #expect(scene.inputBar.sendButton == Rect(x: 322, y: 467, width: 70, height: 49))
    // The text view (1, 1, 320, 50), wrapping at 320 − 10, its text 5 pt in and 8 pt down.
    #expect(scene.inputBar.field == Rect(x: 1, y: 467, width: 320, height: 50))
    #expect(
      scene.inputBar.text
        == Scene.TextBlock(
          lines: [], fontSize: 18, lineHeight: 17, origin: Point(x: 5, y: 8), width: 310))
    #expect(scene.navigationBar == nil)
    // Bar bottom 516 meets the keyboard top 516: neither a gap nor an overlap.
    #expect(scene.gap == nil && scene.overlap == nil)
    #expect(
      scene.marks == [
        .outsideContainer(
          child: Rect(x: 322, y: 467, width: 70, height: 49),
          container: Rect(x: 0, y: 466, width: 320, height: 50))
      ])
  }

  @Test func crashIsMarked() {
    let text = """
      {"type":"session","version":1,"layout":"growing","device":{"model":"Test","screen":{"width":393,"height":852},"safeArea":{"top":59,"left":0,"bottom":34,"right":0}}}
      {"t":1,"type":"textChange","text":"Y"}

      """
    let scene = Self.scene(Self.timeline(text), at: 1)
    #expect(
      scene.marks == [
        .crash(reason: "the remembered keyboard frame is nil (textChange before any willShow)")
      ])
    #expect(scene.isCrashed)
  }

  @Test func hiddenMessageIsMarkedWithTheVisibleBand() {
    // Accessory: the container at 476 (50 pt) above the keyboard; rows of 44 pt from the seed's
    // empty row at 0. The list's offset is −59 (the top safe area), so row k is at window
    // 59 + 44k: row 9 spans 455…499, past the container's top 476.
    var text = """
      {"type":"session","version":1,"layout":"accessory","device":{"model":"Test","screen":{"width":393,"height":852},"safeArea":{"top":59,"left":0,"bottom":34,"right":0}}}
      {"t":1,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":476,"width":393,"height":376}}

      """
    for index in 1...9 {
      text += "{\"t\":\(1 + index),\"type\":\"receive\",\"text\":\"m\(index)\"}\n"
    }
    let scene = Self.scene(Self.timeline(text), at: 10)
    #expect(
      scene.marks == [
        .hiddenMessage(
          index: 9, frame: Rect(x: 0, y: 455, width: 393, height: 44),
          visible: Rect(x: 0, y: 59, width: 393, height: 417))
      ])
    // Rows are plain cells: one line, 16 pt in, centred in the 44 pt row.
    #expect(
      scene.bubbles[9].text
        == Scene.TextBlock(
          lines: ["m9"], fontSize: 17, lineHeight: 17, origin: Point(x: 16, y: 13.5), width: 361))
    #expect(scene.bubbles[9].isBalloon == false)
  }

  @Test func plainRowsShortenTextThatDoesNotFitOneLine() {
    // 10 pt a character: "…" plus n characters fit in 30 pt when n ≤ 2.
    let line = Scene.oneLine("abcdef", width: 30, fontSize: 17, FixedWidthMeasurer())
    #expect(line == "ab…")
    #expect(Scene.oneLine("abc", width: 30, fontSize: 17, FixedWidthMeasurer()) == "abc")
    #expect(Scene.oneLine("ab\ncd", width: 30, fontSize: 17, FixedWidthMeasurer()) == "ab…")
  }
}
