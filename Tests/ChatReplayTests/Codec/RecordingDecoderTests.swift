import ChatReplay
import ReplayTestSupport
import Testing

struct RecordingDecoderTests {
  static let sendTap = #"{"t":1,"type":"sendTap"}"#
  static let tenMegabyteLine: String = {
    // {"t":1,"type":"textChange","text":"…"} is 37 bytes around the text.
    let text = repeatedASCII("a", count: 10 * 1024 * 1024 - 37)
    return #"{"t":1,"type":"textChange","text":""# + text + #""}"#
  }()

  static let cases: [MalformedInput] = [
    MalformedInput(
      "truncated JSON", #"{"t":1,"type":"sendTap""#,
      "1:24: the line ends early; expected ',' or '}'"),
    MalformedInput(
      "truncated string", #"{"t":1,"type":"send"#,
      "1:20: the line ends early; expected '\"' to end the string"),
    MalformedInput(
      "an array line", "[1,2]", "1:1: each line must be a JSON object, but this one is an array"),
    MalformedInput(
      "a number line", "42", "1:1: each line must be a JSON object, but this one is a number"),
    MalformedInput(
      "t as a string", #"{"t":"1","type":"sendTap"}"#, "1:6: 't' must be a number, not a string"),
    MalformedInput(
      "text as a number", #"{"t":1,"type":"textChange","text":5}"#,
      "1:35: 'text' must be a string, not a number"),
    MalformedInput(
      "misspelt type", #"{"t":1,"type":"keybaord"}"#,
      "1:15: unknown event type 'keybaord'; did you mean 'keyboard'?"),
    MalformedInput("unknown type", #"{"t":1,"type":"swipe"}"#, "1:15: unknown event type 'swipe'"),
    MalformedInput(
      "misspelt name", #"{"t":1,"type":"keyboard","name":"willSho"}"#,
      "1:33: unknown keyboard notification 'willSho'; did you mean 'willShow'?"),
    MalformedInput(
      "missing text", #"{"t":1,"type":"textChange"}"#,
      "1:1: missing field 'text' in a 'textChange' line"),
    MalformedInput(
      "misspelt field", #"{"t":1,"type":"textChange","txt":"a"}"#,
      "1:28: unknown field 'txt'; did you mean 'text'?"),
    MalformedInput(
      "missing t", #"{"type":"sendTap"}"#, "1:1: missing field 't' in a 'sendTap' line"),
    MalformedInput("missing type", #"{"t":1}"#, "1:1: missing field 'type' in the line"),
    MalformedInput(
      "negative width",
      #"{"t":1,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":516,"width":-393,"height":336}}"#,
      "1:78: 'frameEnd.width' is -393, but it cannot be negative"),
    MalformedInput("NaN", #"{"t":NaN,"type":"sendTap"}"#, "1:6: 't' must be a number, not 'NaN'"),
    MalformedInput(
      "1e999", #"{"t":1e999,"type":"sendTap"}"#,
      "1:6: '1e999' is out of range; numbers in a recording lie within ±1e9"),
    MalformedInput(
      "negative t", #"{"t":-1,"type":"sendTap"}"#, "1:6: 't' is -1, but it cannot be negative"),
    MalformedInput(
      "t going backwards", "{\"t\":2,\"type\":\"sendTap\"}\n{\"t\":1,\"type\":\"sendTap\"}",
      "2:6: 't' goes backwards: 1 comes after 2"),
    MalformedInput(
      "invalid UTF-8",
      bytes: Array(#"{"t":1,"type":"textChange","text":"a"#.utf8) + [0xFF] + Array(#"b"}"#.utf8),
      "1:37: invalid UTF-8 byte 0xFF"),
    MalformedInput(
      "overlong UTF-8",
      bytes: Array(#"{"t":1,"type":"textChange","text":""#.utf8) + [0xC0, 0xAF]
        + Array(#""}"#.utf8),
      "1:36: invalid UTF-8 byte 0xC0"),
    MalformedInput(
      "byte-order mark", bytes: [0xEF, 0xBB, 0xBF] + Array(sendTap.utf8),
      "1:1: the file starts with a UTF-8 byte-order mark (EF BB BF); recordings are UTF-8 without one"
    ),
    MalformedInput(
      "CRLF line endings are accepted", "\(sendTap)\r\n{\"t\":2,\"type\":\"sendTap\"}\r\n", nil),
    MalformedInput(
      "a 10 MB line", tenMegabyteLine,
      "1:1: line is 10485760 bytes long; the limit is 1048576 bytes"),
    MalformedInput(
      "empty file", "", "1:1: the recording is empty: it has neither a header nor any event"),
    MalformedInput(
      "only blank lines", "\n  \n\t\n",
      "1:1: the recording is empty: it has neither a header nor any event"),
    MalformedInput(
      "header not first", "\(sendTap)\n{\"type\":\"session\",\"version\":1}",
      "2:1: the session header must be the first line, but line 1 came before it"),
    MalformedInput(
      "version 2", #"{"type":"session","version":2}"#,
      "1:1: unsupported format version 2; this replayer reads version 1"),
    MalformedInput(
      "header without version", #"{"type":"session"}"#,
      "1:1: missing field 'version' in a 'session' line"),
    MalformedInput(
      "trailing characters", #"{"t":1,"type":"sendTap"} x"#,
      "1:26: unexpected 'x' after the end of the object"),
    MalformedInput(
      "duplicate key", #"{"t":1,"t":2,"type":"sendTap"}"#, "1:8: field 't' appears twice"),
    MalformedInput("leading zero", #"{"t":01,"type":"sendTap"}"#, "1:6: '01' is not a JSON number"),
    MalformedInput(
      "misspelt pan state", #"{"t":1,"type":"pan","y":3,"state":"change"}"#,
      "1:35: unknown pan state 'change'; did you mean 'changed'?"),
    MalformedInput(
      "raw tab in a string", "{\"t\":1,\"type\":\"textChange\",\"text\":\"a\tb\"}",
      "1:37: control character 0x09 inside a string; write it as an escape such as '\\n'"),
    MalformedInput(
      "bad escape", #"{"t":1,"type":"textChange","text":"\q"}"#,
      "1:36: invalid escape '\\q' in a string"),
    MalformedInput(
      "lone surrogate", #"{"t":1,"type":"textChange","text":"\ud800"}"#,
      "1:36: '\\ud800' is half of a UTF-16 surrogate pair"),
    MalformedInput(
      "nesting too deep",
      #"{"t":1,"type":"sendTap","extra":"# + String(repeating: "[", count: 70)
        + String(repeating: "]", count: 70) + "}",
      "1:97: arrays and objects nest more than 64 deep"),
    MalformedInput(
      "frame as an array", #"{"t":1,"type":"keyboard","name":"willShow","frameEnd":[0,1]}"#,
      "1:55: 'frameEnd' must be an object with x, y, width, height, not an array"),
    MalformedInput(
      "frame without height",
      #"{"t":1,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":1,"width":3}}"#,
      "1:55: missing field 'height' in 'frameEnd'"),
    MalformedInput(
      "fractional curve", #"{"t":1,"type":"keyboard","name":"willShow","curve":7.5}"#,
      "1:52: 'curve' must be an integer, not 7.5"),
    MalformedInput(
      "isLocal as a string", #"{"t":1,"type":"keyboard","name":"willShow","isLocal":"yes"}"#,
      "1:54: 'isLocal' must be a boolean, not a string"),
    MalformedInput(
      "misspelt layout", #"{"type":"session","version":1,"layout":"rxkeybaord"}"#,
      "1:40: unknown layout 'rxkeybaord'; did you mean 'rxkeyboard'?"),
    MalformedInput(
      "trailing comma", #"{"t":1,"type":"sendTap",}"#,
      "1:25: expected a field name in quotes, found '}'"),
    MalformedInput("single quotes", #"{'t':1}"#, "1:2: expected a field name in quotes, found '''"),
    // A line break where a value may have whitespace ends the line all the same: the fast path
    // for lines in the usual shape skipped it and read the time from the next line, making two
    // lines one event (found by the fuzzer).
    MalformedInput(
      "a line break before the time",
      #"{"t":"# + "\n" + #"2.5,"type":"sendTap"}"# + "\n" + sendTap + "\n",
      "1:6: 't' must be a number, not nothing"),
    MalformedInput(
      "a CRLF line break before the time",
      #"{"t":"# + "\r\n" + #"2.5,"type":"sendTap"}"# + "\r\n" + sendTap + "\r\n",
      "1:6: 't' must be a number, not nothing"),
  ]

  @Test(arguments: cases)
  func malformedInputIsReportedWithLineAndColumn(_ input: MalformedInput) {
    let (_, errors, _) = readRecording(input.bytes)
    let first = errors.first.map { "\($0.line):\($0.column): \($0.problem.message)" }
    #expect(first == input.expected)
  }

  @Test(arguments: cases)
  func chunkBoundariesDoNotChangeTheResult(_ input: MalformedInput) {
    RecordingReaderVerifier.verify(input.bytes, input.id)
  }

  @Test func renderedErrorQuotesTheLineWithACaret() {
    let (_, errors, _) = readRecording(Array(#"{"t":1.0,"type":"keyboard","name":"willSho"}"#.utf8))
    let rendered = errors.first?.rendered(file: "chat.jsonl")
    // The value starts after 34 characters: {"t":1.0,"type":"keyboard","name": → column 35.
    #expect(
      rendered == """
        chat.jsonl:1:35: error: unknown keyboard notification 'willSho'; did you mean 'willShow'?
            {"t":1.0,"type":"keyboard","name":"willSho"}
                                              ^
        """)
  }

  @Test func headerDefaultsApplyToWhatIsMissing() {
    let (events, errors, header) = readRecording(
      Array(#"{"type":"session","version":1,"device":{"model":"iPhone SE"}}"#.utf8))
    #expect(errors.isEmpty)
    #expect(events.isEmpty)
    #expect(
      header
        == SessionHeader(
          device: Device(
            model: "iPhone SE", screen: Size(width: 393, height: 852),
            safeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))))
  }

  @Test func everyEventTypeDecodesAndRoundTrips() {
    let header = SessionHeader(
      layout: .rxkeyboard, device: .iPhone15,
      messages: [InitialMessage(from: .other, text: "Hi \"there\"\n")])
    let events: [TimedEvent] = [
      TimedEvent(
        t: 0.5,
        event: .keyboard(
          KeyboardNotification(
            name: .willChangeFrame, frameBegin: Rect(x: 0, y: 852, width: 393, height: 336),
            frameEnd: Rect(x: 0, y: 516, width: 393, height: 336), duration: 0.25, curve: 7,
            isLocal: true))),
      TimedEvent(t: 0.5, event: .keyboard(KeyboardNotification(name: .willShow))),
      TimedEvent(
        t: 0.75, event: .keyboard(KeyboardNotification(name: .didChangeFrame, isLocal: false))),
      TimedEvent(t: 0.75, event: .keyboard(KeyboardNotification(name: .didShow, duration: 0))),
      TimedEvent(t: 1, event: .keyboard(KeyboardNotification(name: .willHide, curve: -3))),
      TimedEvent(t: 1, event: .keyboard(KeyboardNotification(name: .didHide))),
      TimedEvent(t: 1.1, event: .textChange(text: "日本語 🙂 tab\t")),
      TimedEvent(t: 1.2, event: .sendTap),
      TimedEvent(t: 1.3, event: .safeArea(EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))),
      TimedEvent(t: 1.4, event: .pan(y: -12.5, state: .began)),
      TimedEvent(t: 1.5, event: .pan(y: 600, state: .changed)),
      TimedEvent(t: 1.6, event: .pan(y: 700, state: .ended)),
      TimedEvent(t: 1.7, event: .pan(y: 700, state: .cancelled)),
      TimedEvent(t: 1.8, event: .scroll(offsetY: -103)),
      TimedEvent(t: 1.9, event: .receive(text: "")),
      TimedEvent(t: 2.0, event: .returnKey),
      TimedEvent(t: 2.1, event: .doneTap),
      TimedEvent(
        t: 2.2,
        event: .viewport(
          screen: Size(width: 852, height: 393),
          safeArea: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59))),
      TimedEvent(
        t: 2.25,
        event: .viewport(
          screen: Size(width: 320, height: 1366),
          safeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
          windowFrameInScreen: Rect(x: 704, y: 0, width: 320, height: 1366))),
      TimedEvent(t: 2.3, event: .disappear),
      TimedEvent(t: 2.4, event: .appear),
    ]
    let text = EventEncoder.recording(header: header, events: events)
    let decoded = readRecording(Array(text.utf8))
    #expect(decoded.errors.isEmpty)
    #expect(decoded.header == header)
    #expect(decoded.events == events)
    // Encoding again gives the same bytes.
    #expect(
      EventEncoder.recording(header: decoded.header ?? .default, events: decoded.events) == text)
  }

  /// A header read and written again is the same line, its layout options included.
  ///
  /// They are written in the order they were read; where a value was found (for its error
  /// messages) is not part of the setting's value. Found by the fuzzer: the encoder left
  /// `options` out.
  @Test func aHeaderWithLayoutOptionsIsWrittenBackWithThem() {
    let line =
      #"{"type":"session","version":1,"layout":"keyboard-layout-guide","#
      + #""options":{"inputBar.height":52,"usesBottomSafeArea":false,"followsUndockedKeyboard":true},"#
      + #""device":{"model":"iPad (6th generation)","screen":{"width":768,"height":1024},"#
      + #""safeArea":{"top":20,"left":0,"bottom":0,"right":0}},"idiom":"pad"}"#
    let (_, errors, header) = readRecording(Array(line.utf8))
    #expect(errors.isEmpty)
    #expect(EventEncoder.line(for: header ?? .default) == line)
    let given = SessionHeader(
      layout: .keyboardLayoutGuide,
      device: Device(
        model: "iPad (6th generation)", screen: Size(width: 768, height: 1024),
        safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)),
      options: [
        LayoutOptionSetting(name: "inputBar.height", value: .number(52), source: .commandLine),
        LayoutOptionSetting(name: "usesBottomSafeArea", value: .flag(false), source: .commandLine),
        LayoutOptionSetting(
          name: "followsUndockedKeyboard", value: .flag(true), source: .commandLine),
      ],
      idiom: "pad")
    #expect(header == given)
    #expect(Set([header, given]).count == 1)
    // Where the first value was read: after `{"type":"session","version":1,` (30 characters),
    // `"layout":"keyboard-layout-guide",` (33), `"options":{` (11) and `"inputBar.height":` (18),
    // 30 + 33 + 11 + 18 = 92 characters: column 93.
    if case .header(let column, _, _)? = header?.options.first?.source {
      #expect(column == 93)
    } else {
      Issue.record("the setting read from the header does not say where it was")
    }
  }

  @Test func numbersReadExactly() {
    let (events, errors, _) = readRecording(
      Array(
        """
        {"t":0.1,"type":"scroll","offsetY":-0.5}
        {"t":0.30000000000000004,"type":"scroll","offsetY":1E2}
        {"t":1.5e2,"type":"scroll","offsetY":123456789.123456789}
        """.utf8))
    #expect(errors.isEmpty)
    #expect(events.map(\.t) == [0.1, 0.30000000000000004, 150])
    #expect(
      events.map(\.event) == [
        .scroll(offsetY: -0.5), .scroll(offsetY: 100), .scroll(offsetY: 123456789.123456789),
      ])
  }

  @Test func extraFieldsAndNullUserInfoAreAccepted() {
    let (events, errors, _) = readRecording(
      Array(
        #"{"t":1,"type":"keyboard","name":"didShow","frameEnd":null,"appVersion":"2.1","nested":{"a":[1,true,null]}}"#
          .utf8))
    #expect(errors.isEmpty)
    #expect(events == [TimedEvent(t: 1, event: .keyboard(KeyboardNotification(name: .didShow)))])
  }
}
