import ChatReplayRecorder
import Testing

struct SessionRecorderTests {
  @Test func eachInputGivesItsLine() {
    let (recorder, clock, sink) = makeRecorder()
    recorder.appeared()
    clock.now += 0.5
    recorder.textChanged("Hi")
    clock.now += 0.25
    recorder.sendTapped()
    recorder.returnKeyPressed()
    recorder.doneTapped()
    clock.now += 0.25
    recorder.messageReceived("Hello\nthere")
    recorder.panned(y: 600.5, phase: .began)
    recorder.disappeared()
    recorder.flush()
    expectLines(
      sink.lines,
      [
        iPhone15Line,
        #"{"t":0,"type":"appear"}"#,
        #"{"t":0.5,"type":"textChange","text":"Hi"}"#,
        #"{"t":0.75,"type":"sendTap"}"#,
        #"{"t":0.75,"type":"returnKey"}"#,
        #"{"t":0.75,"type":"doneTap"}"#,
        #"{"t":1,"type":"receive","text":"Hello\nthere"}"#,
        #"{"t":1,"type":"pan","y":600.5,"state":"began"}"#,
        #"{"t":1,"type":"disappear"}"#,
      ])
  }

  @Test func composingTextCarriesItsMarkedRange() {
    let (recorder, _, sink) = makeRecorder()
    // Typing 「かな」 with the Japanese keyboard: both kana are still marked (UTF-16 offsets 2–4
    // after "Hi"); Return commits the composition.
    recorder.textChanged("Hiかな", markedRange: .init(location: 2, length: 2))
    recorder.returnKeyPressed(whileComposing: true)
    recorder.textChanged("Hiかな")
    recorder.flush()
    expectLines(
      sink.lines,
      [
        iPhone15Line,
        #"{"t":0,"type":"textChange","text":"Hiかな","marked":{"location":2,"length":2}}"#,
        #"{"t":0,"type":"returnKey","marked":true}"#,
        #"{"t":0,"type":"textChange","text":"Hiかな"}"#,
      ])
  }

  @Test func numbersAreWrittenInTheirShortestExactForm() {
    let (recorder, _, sink) = makeRecorder()
    // 1336 / 3 is 445.33333333333331; the double a device reports one ulp below it prints as
    // 445.33333333333326, and only all 17 digits read back to it.
    let y = 445.33333333333326
    recorder.panned(y: y, phase: .changed)
    recorder.panned(y: -0.0, phase: .changed)
    recorder.panned(y: 1e-7, phase: .ended)
    recorder.flush()
    expectLines(
      sink.lines,
      [
        iPhone15Line,
        #"{"t":0,"type":"pan","y":445.33333333333326,"state":"changed"}"#,
        #"{"t":0,"type":"pan","y":0,"state":"changed"}"#,
        #"{"t":0,"type":"pan","y":1e-07,"state":"ended"}"#,
      ])
    #expect(Double("445.33333333333326") == y)
  }

  @Test func timeNeverGoesBackwards() {
    let (recorder, clock, sink) = makeRecorder()
    clock.now = 102
    recorder.sendTapped()
    // The clock steps back 1.5 s, and then reports nonsense.
    clock.now = 100.5
    recorder.sendTapped()
    clock.now = .nan
    recorder.sendTapped()
    clock.now = 102.5
    recorder.sendTapped()
    recorder.flush()
    expectLines(
      sink.lines,
      [
        iPhone15Line,
        #"{"t":2,"type":"sendTap"}"#,
        #"{"t":2,"type":"sendTap"}"#,
        #"{"t":2,"type":"sendTap"}"#,
        #"{"t":2.5,"type":"sendTap"}"#,
      ])
  }

  @Test func scrollsAreCoalescedToOnePerFrame() {
    let (recorder, clock, sink) = makeRecorder(options: .init(frameInterval: 0.0625))
    // Three offsets within one 1/16-s frame (t 0, 0.03125, 0.046875): only the last is kept,
    // with its own time. The next (t 0.0625) starts a new frame.
    recorder.scrolled(offsetY: 800, isDragging: true, isDecelerating: false)
    clock.now += 0.03125
    recorder.scrolled(offsetY: 790, isDragging: true, isDecelerating: false)
    clock.now += 0.015625
    recorder.scrolled(offsetY: 785, isDragging: true, isDecelerating: false)
    clock.now += 0.015625
    recorder.scrolled(offsetY: 770, isDragging: false, isDecelerating: true)
    // An offset the app set while nobody touches the list is its layout, not a scroll.
    recorder.scrolled(offsetY: 500, isDragging: false, isDecelerating: false)
    recorder.flush()
    // The frame still open waits: nothing after it has happened yet.
    expectLines(
      sink.lines,
      [iPhone15Line, #"{"t":0.046875,"type":"scroll","offsetY":785}"#])
    clock.now += 0.25
    recorder.sendTapped()
    recorder.scrolled(offsetY: 700, isDragging: true, isDecelerating: false)
    recorder.stop()
    expectLines(
      sink.lines,
      [
        iPhone15Line,
        #"{"t":0.046875,"type":"scroll","offsetY":785}"#,
        #"{"t":0.0625,"type":"scroll","offsetY":770}"#,
        #"{"t":0.3125,"type":"sendTap"}"#,
        #"{"t":0.3125,"type":"scroll","offsetY":700}"#,
      ])
    #expect(sink.isClosed)
  }

  @Test func viewportAndSafeAreaAreWrittenWhenTheyChange() {
    let (recorder, _, sink) = makeRecorder()
    // Same as the header: nothing to write.
    recorder.viewportChanged(
      windowSize: .init(width: 393, height: 852),
      safeArea: .init(top: 59, left: 0, bottom: 34, right: 0),
      windowFrameInScreen: nil)
    // Only the safe area changed (a call banner): a safeArea event.
    recorder.viewportChanged(
      windowSize: .init(width: 393, height: 852),
      safeArea: .init(top: 79, left: 0, bottom: 34, right: 0),
      windowFrameInScreen: nil)
    recorder.safeAreaChanged(.init(top: 79, left: 0, bottom: 34, right: 0))
    // Rotation: a viewport event, with the window's frame in the screen.
    recorder.viewportChanged(
      windowSize: .init(width: 852, height: 393),
      safeArea: .init(top: 0, left: 59, bottom: 21, right: 59),
      windowFrameInScreen: .init(x: 0, y: 0, width: 852, height: 393))
    recorder.viewportChanged(
      windowSize: .init(width: 852, height: 393),
      safeArea: .init(top: 0, left: 59, bottom: 21, right: 59),
      windowFrameInScreen: .init(x: 0, y: 0, width: 852, height: 393))
    recorder.flush()
    expectLines(
      sink.lines,
      [
        iPhone15Line,
        #"{"t":0,"type":"safeArea","insets":{"top":79,"left":0,"bottom":34,"right":0}}"#,
        #"{"t":0,"type":"viewport","screen":{"width":852,"height":393},"#
          + #""safeArea":{"top":0,"left":59,"bottom":21,"right":59},"#
          + #""windowFrameInScreen":{"x":0,"y":0,"width":852,"height":393}}"#,
      ])
  }

  @Test func observedLayoutsAreWrittenWhenTheyChange() {
    let (recorder, clock, sink) = makeRecorder()
    let layout = ObservedLayout(
      inputBarFrame: .init(x: 0, y: 438, width: 393, height: 44),
      contentInset: .init(top: 0, left: 0, bottom: 380, right: 0),
      adjustedContentInset: .init(top: 103, left: 0, bottom: 414, right: 0),
      contentOffsetY: 808, contentHeight: 1290)
    clock.now += 1.25
    recorder.layoutObserved(layout)
    recorder.layoutObserved(layout)
    recorder.layoutObserved(ObservedLayout())
    recorder.layoutObserved(ObservedLayout(listFrame: .init(x: 0, y: 0, width: 393, height: 852)))
    recorder.flush()
    expectLines(
      sink.lines,
      [
        iPhone15Line,
        #"{"t":1.25,"type":"observed","inputBar":{"frame":{"x":0,"y":438,"width":393,"height":44}},"#
          + #""list":{"contentInset":{"top":0,"bottom":380},"#
          + #""adjustedContentInset":{"top":103,"bottom":414},"#
          + #""contentOffset":{"y":808},"contentSize":{"height":1290}}}"#,
        #"{"t":1.25,"type":"observed","list":{"frame":{"x":0,"y":0,"width":393,"height":852}}}"#,
      ])
  }

  @Test func inputsAfterStopAreIgnored() {
    let (recorder, _, sink) = makeRecorder()
    recorder.stop()
    recorder.sendTapped()
    recorder.stop()
    recorder.flush()
    expectLines(sink.lines, [iPhone15Line])
  }

  @Test(
    arguments: [
      (0, nil), (1, PanPhase.began), (2, .changed), (3, .ended), (4, .cancelled), (5, .cancelled),
      (9, nil),
    ] as [(Int, PanPhase?)])
  func gestureStatesMapToPanPhases(raw: Int, phase: PanPhase?) {
    #expect(PanPhase(gestureRecognizerStateRawValue: raw) == phase)
  }
}
