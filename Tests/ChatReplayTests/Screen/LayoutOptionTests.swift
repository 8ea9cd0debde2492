import ChatReplay
import ReplayTestSupport
import Testing

/// A measurer whose widths follow the font size: each character `fontSize / 2` wide, lines
/// `fontSize × 1.25` high; for the font-size options, which `FixedWidthMeasurer` ignores.
struct FontScaledMeasurer: TextMeasuring {
  func boundingSize(of text: String, width: Double, fontSize: Double) -> Size {
    guard !text.isEmpty else { return .zero }
    let perLine = max(Int(width / (fontSize / 2)), 1)
    let lines = (text.count + perLine - 1) / perLine
    return Size(
      width: Double(min(text.count, perLine)) * fontSize / 2,
      height: Double(lines) * lineHeight(fontSize: fontSize))
  }

  func lines(of text: String, width: Double, fontSize: Double) -> [String] {
    let perLine = max(Int(width / (fontSize / 2)), 1)
    var lines: [String] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      lines.append(String(rest.prefix(perLine)))
      rest = rest.dropFirst(perLine)
    }
    return lines
  }

  func lineHeight(fontSize: Double) -> Double { fontSize * 1.25 }
}

/// One case per layout option: the option set in the header, a few events, and one number worked
/// out by hand (in `arithmetic`) that the option changes.
struct OptionCase: CustomTestStringConvertible, Sendable {
  var layout: LayoutID
  var option: String
  var value: LayoutOptionValue
  var device = Device.iPhone15
  var messages: [String] = []
  var events: [Event] = []
  var fontScaled = false
  var path: String
  var expected: Double
  var arithmetic: String

  var testDescription: String { "\(layout.rawValue) \(option)=\(value)" }

  /// The state after the events, replayed through the layout with the option set in the header.
  func finalState() throws -> ChatState {
    let header = SessionHeader(
      layout: layout, device: device,
      messages: messages.map { InitialMessage(from: .me, text: $0) },
      options: [LayoutOptionSetting(name: option, value: value, source: .commandLine)])
    let options = Replayer.Options(
      measurer: fontScaled ? FontScaledMeasurer() : FixedWidthMeasurer())
    let screen = try options.screen(for: header)
    var state = screen.initialState(header: header)
    for (index, event) in events.enumerated() {
      screen.reduce(into: &state, TimedEvent(t: Double(index + 1), event: event))
    }
    return state
  }
}

private func keyboard(_ name: KeyboardNotification.Name, _ frame: Rect) -> Event {
  .keyboard(KeyboardNotification(name: name, frameEnd: frame, duration: 0.25, curve: 7))
}

private let shown15 = keyboard(.willChangeFrame, Rect(x: 0, y: 516, width: 393, height: 336))
private let growingShown = keyboard(.willShow, Rect(x: 0, y: 476, width: 393, height: 376))
private let twelve = "abcdefghijkl"
private let landscape15 = Device(
  model: "iPhone 15", screen: Size(width: 852, height: 393),
  safeArea: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
private let sixtyTwo = String(repeating: "x", count: 62)

// iPhone 15: 393 × 852, safe area 59 top, 34 bottom. FixedWidthMeasurer: 10 pt a character,
// 17-pt lines, whatever the font size.
private let optionCases: [OptionCase] = [
  // rxkeyboard
  OptionCase(
    layout: .rxkeyboard, option: "navigationBar.height", value: .number(32),
    path: "list.adjustedContentInset.top", expected: 91, arithmetic: "59 + 32"),
  OptionCase(
    layout: .rxkeyboard, option: "navigationBar.compactHeight", value: .number(40),
    device: landscape15, path: "list.adjustedContentInset.top", expected: 40,
    arithmetic: "a phone in landscape has a compact height: 0 + 40"),
  OptionCase(
    layout: .rxkeyboard, option: "inputBar.height", value: .number(52),
    path: "inputBar.frame.y", expected: 766, arithmetic: "852 − 34 − 0 − 52"),
  OptionCase(
    layout: .rxkeyboard, option: "balloon.maxWidth", value: .number(120), messages: [twelve],
    path: "messages[0].frame.height", expected: 54,
    arithmetic: "label 120 − 2 × 10 = 100: 10 a line, 12 characters = 2 lines = 34; 34 + 20"),
  OptionCase(
    layout: .rxkeyboard, option: "balloon.inset", value: .number(20), messages: [twelve],
    path: "messages[0].frame.height", expected: 57,
    arithmetic: "label 240 − 40 = 200: one line of 17; 17 + 2 × 20"),
  OptionCase(
    layout: .rxkeyboard, option: "font.size", value: .number(20), messages: ["abc"],
    fontScaled: true, path: "messages[0].frame.height", expected: 45,
    arithmetic: "one line 20 × 1.25 = 25; ceil(25) + 20"),
  OptionCase(
    layout: .rxkeyboard, option: "cell.spacing", value: .number(12), messages: ["a", "b"],
    path: "messages[1].frame.y", expected: 59, arithmetic: "10 + 37 + 12"),
  OptionCase(
    layout: .rxkeyboard, option: "section.inset", value: .number(20), messages: ["a"],
    path: "list.contentSize.height", expected: 77, arithmetic: "20 + 37 + 20"),
  // growing
  OptionCase(
    layout: .growing, option: "inputBar.height", value: .number(60),
    path: "inputBar.frame.y", expected: 792, arithmetic: "852 − 60"),
  OptionCase(
    layout: .growing, option: "inputBar.margin", value: .number(2), events: [growingShown],
    path: "inputBar.frame.width", expected: 317,
    arithmetic: "the box takes the text view's width: 393 − (3 × 2 + 70)"),
  OptionCase(
    layout: .growing, option: "sendButton.width", value: .number(80), events: [growingShown],
    path: "inputBar.frame.width", expected: 310, arithmetic: "393 − (3 × 1 + 80)"),
  OptionCase(
    layout: .growing, option: "textView.minHeight", value: .number(60), events: [growingShown],
    path: "inputBar.frame.height", expected: 60,
    arithmetic: "fitting max(0, 17) + 16 = 33, clamped to 60…100"),
  OptionCase(
    layout: .growing, option: "textView.maxHeight", value: .number(40), events: [growingShown],
    path: "inputBar.frame.height", expected: 40, arithmetic: "min(max(33, 50), 40)"),
  OptionCase(
    layout: .growing, option: "font.size", value: .number(20),
    events: [growingShown, .textChange(text: sixtyTwo)], fontScaled: true,
    path: "inputBar.frame.height", expected: 66,
    arithmetic: "text width 320 − 10 = 310, 10 a character: 31 a line, 2 lines of 25; 50 + 16"),
  OptionCase(
    layout: .growing, option: "textView.insets", value: .number(30),
    events: [growingShown, .textChange(text: sixtyTwo)], path: "inputBar.frame.height",
    expected: 64, arithmetic: "310 / 10 = 31 a line: 2 lines = 34; 34 + 30"),
  OptionCase(
    layout: .growing, option: "textView.padding", value: .number(30),
    events: [growingShown, .textChange(text: sixtyTwo)], path: "inputBar.frame.height",
    expected: 67, arithmetic: "320 − 30 = 290: 29 a line, 3 lines = 51; 51 + 16"),
  OptionCase(
    layout: .growing, option: "row.height", value: .number(60), messages: ["a", "b"],
    path: "list.contentSize.height", expected: 120, arithmetic: "2 × 60"),
  // scroll-to-field
  OptionCase(
    layout: .scrollToField, option: "inputBar.height", value: .number(50),
    path: "list.contentSize.height", expected: 50, arithmetic: "no rows: 0 + 50"),
  OptionCase(
    layout: .scrollToField, option: "row.height", value: .number(30), messages: ["a", "b", "c"],
    path: "inputBar.frame.y", expected: 149,
    arithmetic: "the field's row at 3 × 30 = 90, the offset at rest −59: 90 − (−59)"),
  // accessory
  OptionCase(
    layout: .accessory, option: "textField.height", value: .number(40),
    path: "inputBar.frame.y", expected: 762, arithmetic: "852 − (40 + 2 × 8 + 34)"),
  OptionCase(
    layout: .accessory, option: "inputBar.padding", value: .number(10),
    path: "inputBar.frame.y", expected: 764, arithmetic: "852 − (34 + 2 × 10 + 34)"),
  OptionCase(
    layout: .accessory, option: "row.height", value: .number(50), messages: ["a"],
    path: "list.contentSize.height", expected: 50, arithmetic: "one row of 50"),
  // keyboard-layout-guide
  OptionCase(
    layout: .keyboardLayoutGuide, option: "usesBottomSafeArea", value: .flag(false),
    path: "inputBar.frame.y", expected: 808, arithmetic: "the guide rests on H: 852 − 44"),
  OptionCase(
    layout: .keyboardLayoutGuide, option: "followsUndockedKeyboard", value: .flag(true),
    events: [keyboard(.willChangeFrame, Rect(x: 100, y: 300, width: 320, height: 250))],
    path: "inputBar.frame.y", expected: 256,
    arithmetic: "the floating keyboard's top 300 − 44 (not followed: 852 − 34 − 44 = 774)"),
  OptionCase(
    layout: .keyboardLayoutGuide, option: "keyboardDismissPadding", value: .number(40),
    events: [shown15, .pan(y: 520, state: .changed)], path: "inputBar.frame.y", expected: 516,
    arithmetic: "keyboard top max(520 + 40, 516) = 560; 560 − 44"),
  OptionCase(
    layout: .keyboardLayoutGuide, option: "navigationBar.height", value: .number(32),
    path: "list.adjustedContentInset.top", expected: 91, arithmetic: "59 + 32"),
  OptionCase(
    layout: .keyboardLayoutGuide, option: "navigationBar.compactHeight", value: .number(40),
    device: landscape15, path: "list.adjustedContentInset.top", expected: 40,
    arithmetic: "a phone in landscape has a compact height: 0 + 40"),
  OptionCase(
    layout: .keyboardLayoutGuide, option: "inputBar.height", value: .number(52),
    path: "inputBar.frame.y", expected: 766, arithmetic: "852 − 34 − 52"),
  OptionCase(
    layout: .keyboardLayoutGuide, option: "balloon.maxWidth", value: .number(120),
    messages: [twelve], path: "messages[0].frame.height", expected: 54,
    arithmetic: "label 100: 2 lines = 34; 34 + 20"),
  OptionCase(
    layout: .keyboardLayoutGuide, option: "balloon.inset", value: .number(20),
    messages: [twelve], path: "messages[0].frame.height", expected: 57, arithmetic: "17 + 40"),
  OptionCase(
    layout: .keyboardLayoutGuide, option: "font.size", value: .number(20), messages: ["abc"],
    fontScaled: true, path: "messages[0].frame.height", expected: 45, arithmetic: "25 + 20"),
  OptionCase(
    layout: .keyboardLayoutGuide, option: "cell.spacing", value: .number(12),
    messages: ["a", "b"], path: "messages[1].frame.y", expected: 59, arithmetic: "10 + 37 + 12"),
  OptionCase(
    layout: .keyboardLayoutGuide, option: "section.inset", value: .number(20), messages: ["a"],
    path: "list.contentSize.height", expected: 77, arithmetic: "20 + 37 + 20"),
]

struct LayoutOptionTests {
  @Test(arguments: optionCases)
  func optionChangesItsNumber(_ item: OptionCase) throws {
    let state = try item.finalState()
    let path = try #require(StatePath(parsing: item.path))
    let value = try #require(path.value(in: state))
    #expect(value.text == JSONWriter.format(item.expected), "\(item.arithmetic)")
  }

  @Test func everyOptionHasACase() {
    let covered = Set(optionCases.map { "\($0.layout.rawValue) \($0.option)" })
    var declared: [String] = []
    for id in LayoutID.allCases {
      guard let layout = id.builtInLayout() else { continue }
      declared += layout.optionValues.map { "\(id.rawValue) \($0.name)" }
    }
    #expect(declared.filter { !covered.contains($0) } == [])
  }

  @Test func aLaterSettingWins() throws {
    let layout = try RxKeyboardLayout().setting([
      LayoutOptionSetting(name: "inputBar.height", value: .number(52), source: .commandLine),
      LayoutOptionSetting(name: "inputBar.height", value: .number(60), source: .commandLine),
    ])
    #expect(layout.inputBarHeight == 60)
    #expect(layout.changedOptionsText == "inputBar.height=60")
  }

  @Test func unknownNameSuggestsTheNearest() {
    #expect(
      throws: LayoutOptionError.unknownOption(
        name: "inputBar.heigth", layout: .rxkeyboard, suggestion: "inputBar.height")
    ) {
      try RxKeyboardLayout().setting([
        LayoutOptionSetting(name: "inputBar.heigth", value: .number(52), source: .commandLine)
      ])
    }
    #expect(
      LayoutOptionError.unknownOption(
        name: "inputBar.heigth", layout: .rxkeyboard, suggestion: "inputBar.height"
      ).message
        == "layout 'rxkeyboard' has no option 'inputBar.heigth'; did you mean 'inputBar.height'?")
    #expect(
      LayoutOptionError.unknownOption(name: "zoom", layout: .growing, suggestion: nil).message
        == "layout 'growing' has no option 'zoom' (see 'replay layouts')")
  }

  @Test func outOfRangeAndWrongTypeAreRefused() {
    #expect(throws: LayoutOptionError.outOfRange(name: "font.size", value: 0, range: 1...200)) {
      try RxKeyboardLayout().setting([
        LayoutOptionSetting(name: "font.size", value: .number(0), source: .commandLine)
      ])
    }
    #expect(
      LayoutOptionError.outOfRange(name: "font.size", value: 0, range: 1...200).message
        == "option 'font.size' is 0 pt, outside its valid range 1…200 pt")
    #expect(throws: LayoutOptionError.wrongType(name: "usesBottomSafeArea", expected: .flag)) {
      try KeyboardLayoutGuideLayout().setting([
        LayoutOptionSetting(name: "usesBottomSafeArea", value: .number(1), source: .commandLine)
      ])
    }
  }

  @Test func headerOptionsAreDecodedAndABadOneIsReportedAtItsColumn() throws {
    let line = #"{"type":"session","version":1,"options":{"inputBar.height":52,"x":true}}"#
    var reader = RecordingReader()
    var header: SessionHeader?
    _ = Array((line + "\n").utf8).withUnsafeBufferPointer { bytes in
      reader.read(bytes) { item in
        if case .header(let decoded, _) = item { header = decoded }
        return true
      }
    }
    let decoded = try #require(header)
    #expect(decoded.options.map(\.name) == ["inputBar.height", "x"])
    #expect(decoded.options.map(\.value) == [.number(52), .flag(true)])
    #expect(throws: RecordingError.self) { try Replayer.Options().screen(for: decoded, line: 1) }
    do {
      _ = try Replayer.Options().screen(for: decoded, line: 1)
    } catch {
      // The value `true` of "x" starts at column 67.
      #expect(error.line == 1)
      #expect(error.column == 67)
      #expect(
        error.problem.message
          == "layout 'rxkeyboard' has no option 'x' (see 'replay layouts')")
    }
  }
}

/// Every layout with random valid options replays any stream deterministically, with finite
/// numbers everywhere.
struct LayoutOptionPropertyTests {
  /// `layout` with every option at a random valid value drawn from `rng`.
  static func randomized(_ id: LayoutID, _ rng: inout SplitMix64) throws -> any Layout {
    let layout = try #require(id.builtInLayout())
    let settings = layout.optionValues.map { option -> LayoutOptionSetting in
      let value: LayoutOptionValue
      switch option.value {
      case .flag: value = .flag(Bool.random(using: &rng))
      case .number:
        // Ranges reach 1000 or 2000 pt; a screen-sized share of them keeps the layouts readable.
        let range = option.range ?? 0...1
        let upper = min(range.upperBound, range.lowerBound + 300)
        value = .number(Double.random(in: range.lowerBound...upper, using: &rng).rounded())
      }
      return LayoutOptionSetting(name: option.name, value: value, source: .commandLine)
    }
    func set<L: Layout>(_ layout: L) throws -> any Layout { try layout.setting(settings) }
    return try set(layout)
  }

  @Test(arguments: LayoutID.allCases)
  func randomOptionsReplayDeterministicallyWithFiniteNumbers(layout id: LayoutID) throws {
    let streams = Gen.oneOf([PropertyDefaults.realistic, PropertyDefaults.adversarial])
    expectProperty(streams, cases: 20) { recording in
      var rng = SplitMix64(seed: UInt64(recording.events.count))
      guard let layout = try? Self.randomized(id, &rng) else { return "\(id.rawValue): no layout" }
      let screen = ChatScreen(layout: layout, measurer: PropertyDefaults.measurer)
      func replay() -> [ChatState] {
        var state = screen.initialState(header: recording.header)
        var states = [state]
        for event in recording.events {
          screen.reduce(into: &state, event)
          states.append(state)
        }
        return states
      }
      let first = replay()
      if first != replay() { return "\(id.rawValue) \(layout): two replays differ" }
      for state in first {
        let numbers = [
          state.inputBar.frame.y, state.inputBar.frame.height, state.list.contentOffsetY,
          state.list.contentHeight, state.adjustedContentInset.bottom,
        ]
        if !numbers.allSatisfy(\.isFinite) {
          return "\(id.rawValue) \(layout): a number is not finite at step \(state.step)"
        }
      }
      return nil
    }
  }
}
