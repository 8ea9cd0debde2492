import ChatReplay
import ChatReplayRecorder
import Testing

/// What the recorder writes is what the replayer reads.
struct ReplayReadsRecorderTests {
  @Test func aScriptedSessionDecodesToTheEventsThatWereRecorded() {
    var header = iPhone15
    header.layout = "rxkeyboard"
    header.os = "iOS 17.4"
    header.idiom = .phone
    header.scale = 3
    header.windowFrameInScreen = .init(x: 0, y: 0, width: 393, height: 852)
    header.hardwareKeyboard = false
    header.messages = [.init(isFromMe: false, text: "Hi")]
    let (recorder, clock, sink) = makeRecorder(header: header)
    recorder.appeared()
    clock.now += 0.5
    recorder.keyboardNotificationPosted(
      .willShow,
      userInfo: [
        "UIKeyboardFrameBeginUserInfoKey": .rect(.init(x: 0, y: 852, width: 393, height: 336)),
        "UIKeyboardFrameEndUserInfoKey": .rect(.init(x: 0, y: 516, width: 393, height: 336)),
        "UIKeyboardAnimationDurationUserInfoKey": .number(0.25),
        "UIKeyboardAnimationCurveUserInfoKey": .number(7),
        "UIKeyboardIsLocalUserInfoKey": .bool(true),
        "UIKeyboardCenterEndUserInfoKey": .point(.init(x: 196.5, y: 684)),
        "UIKeyboardFrameChangedByUserInteraction": .number(0),
      ])
    clock.now += 0.25
    recorder.textChanged("かな", markedRange: .init(location: 0, length: 2))
    recorder.returnKeyPressed(whileComposing: true)
    recorder.textChanged("仮名")
    recorder.sendTapped()
    recorder.messageReceived("Nice")
    clock.now += 0.25
    recorder.panned(y: 600, phase: .began)
    recorder.scrolled(offsetY: 445.33333333333326, isDragging: true, isDecelerating: false)
    recorder.panned(y: 620, phase: .ended)
    recorder.layoutObserved(
      ObservedLayout(
        inputBarFrame: .init(x: 0, y: 438, width: 393, height: 44), contentOffsetY: 445.5,
        contentHeight: 1290, messageCount: 2))
    recorder.doneTapped()
    recorder.viewportChanged(
      windowSize: .init(width: 852, height: 393),
      safeArea: .init(top: 0, left: 59, bottom: 21, right: 59), windowFrameInScreen: nil)
    recorder.safeAreaChanged(.init(top: 0, left: 59, bottom: 0, right: 59))
    recorder.keyboardNotificationPosted(.didHide, userInfo: [:])
    recorder.disappeared()
    recorder.stop()

    let bytes = Array(sink.lines.map { $0 + "\n" }.joined().utf8)
    var reader = RecordingReader()
    var decodedHeader: SessionHeader?
    var events: [TimedEvent] = []
    var errors: [String] = []
    func take(_ item: RecordingReader.Item) -> Bool {
      switch item {
      case .header(let value, _): decodedHeader = value
      case .event(let event, _, _): events.append(event)
      case .error(let error): errors.append(error.rendered(file: "recorded.jsonl"))
      }
      return true
    }
    _ = bytes.withUnsafeBufferPointer { reader.read($0, take) }
    reader.finish(take)

    #expect(errors == [])
    #expect(
      decodedHeader
        == SessionHeader(
          layout: .rxkeyboard,
          device: Device(
            model: "iPhone15,4", screen: Size(width: 393, height: 852),
            safeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0)),
          messages: [.init(from: .other, text: "Hi")], os: "iOS 17.4", idiom: "phone", scale: 3,
          windowFrameInScreen: Rect(x: 0, y: 0, width: 393, height: 852), hardwareKeyboard: false,
          masked: false, recorder: RecorderInfo(name: "ChatReplayRecorder", version: "1.0")))
    let expected: [TimedEvent] = [
      .init(t: 0, event: .appear),
      .init(
        t: 0.5,
        event: .keyboard(
          .init(
            name: .willShow, frameBegin: Rect(x: 0, y: 852, width: 393, height: 336),
            frameEnd: Rect(x: 0, y: 516, width: 393, height: 336), duration: 0.25, curve: 7,
            isLocal: true, centerEnd: Point(x: 196.5, y: 684),
            extra: [.init("UIKeyboardFrameChangedByUserInteraction", .number(0))]))),
      .init(t: 0.75, event: .textChange(text: "かな")),
      .init(t: 0.75, event: .returnKey),
      .init(t: 0.75, event: .textChange(text: "仮名")),
      .init(t: 0.75, event: .sendTap),
      .init(t: 0.75, event: .receive(text: "Nice")),
      .init(t: 1, event: .pan(y: 600, state: .began)),
      .init(t: 1, event: .scroll(offsetY: 445.33333333333326)),
      .init(t: 1, event: .pan(y: 620, state: .ended)),
      .init(
        t: 1,
        event: .observed(
          Observation([
            .init(.inputBarFrameX, 0), .init(.inputBarFrameY, 438), .init(.inputBarFrameWidth, 393),
            .init(.inputBarFrameHeight, 44), .init(.listContentOffsetY, 445.5),
            .init(.listContentSizeHeight, 1290), .init(.messageCount, 2),
          ]))),
      .init(t: 1, event: .doneTap),
      .init(
        t: 1,
        event: .viewport(
          screen: Size(width: 852, height: 393),
          safeArea: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59))),
      .init(t: 1, event: .safeArea(EdgeInsets(top: 0, left: 59, bottom: 0, right: 59))),
      .init(t: 1, event: .keyboard(.init(name: .didHide))),
      .init(t: 1, event: .disappear),
    ]
    expectLines(
      events.map { EventEncoder.line(for: $0) }, expected.map { EventEncoder.line(for: $0) })
    #expect(events == expected)
    // What the replayer writes back reads as the same header and events.
    let again = decode(
      [EventEncoder.line(for: decodedHeader ?? .default)]
        + events.map { EventEncoder.line(for: $0) })
    #expect(again.errors == [])
    #expect(again.header == decodedHeader)
    #expect(again.events == events)
  }

  @Test func aGapDecodesAsTheCountOfWhatWasLost() {
    let (recorder, clock, sink) = makeRecorder(options: .init(bufferCapacity: 2))
    recorder.sendTapped()
    clock.now += 0.5
    recorder.sendTapped()
    recorder.sendTapped()
    recorder.stop()
    let decoded = decode(sink.lines)
    #expect(decoded.errors == [])
    #expect(
      decoded.events == [
        .init(t: 0, event: .sendTap), .init(t: 0.5, event: .gap(dropped: 2)),
      ])
  }

  func decode(_ lines: [String]) -> (header: SessionHeader?, events: [TimedEvent], errors: [String])
  {
    let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
    var reader = RecordingReader()
    var header: SessionHeader?
    var events: [TimedEvent] = []
    var errors: [String] = []
    func take(_ item: RecordingReader.Item) -> Bool {
      switch item {
      case .header(let value, _): header = value
      case .event(let event, _, _): events.append(event)
      case .error(let error): errors.append(error.rendered(file: "recorded.jsonl"))
      }
      return true
    }
    _ = bytes.withUnsafeBufferPointer { reader.read($0, take) }
    reader.finish(take)
    return (header, events, errors)
  }
}
