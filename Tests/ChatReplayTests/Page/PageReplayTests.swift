import Testing

@testable import ChatReplay

/// What a page that replays its recording carries: the recording, copied so that HTML reads it
/// back as the same events, and the settings the data is made with, read back as they were
/// written.
struct PageReplayTests {
  /// `text` copied as `PageData.writeRecording` copies it, in chunks of `chunkSize` bytes.
  static func copied(_ text: String, chunkSize: Int) -> String {
    let bytes = Array(text.utf8)
    var copy: [UInt8] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + chunkSize)
      bytes[start..<end].withUnsafeBufferPointer { chunk in
        PageData.writeRecording(chunk) { copy += $0 }
      }
      start = end
    }
    return String(decoding: copy, as: UTF8.self)
  }

  @Test(arguments: [1, 2, 7, 4096])
  func theRecordingIsCopiedWithItsLessThansEscapedAndItsReturnsAsSpaces(_ chunkSize: Int) {
    // Two lines ended by CR LF, a lone CR between two members, texts that would end the script
    // element or open a comment, and a `<` at the very start and the very end.
    let recording =
      "{\"t\":1,\"type\":\"textChange\",\"text\":\"</script><!--\"}\r\n"
      + "{\"t\":2,\r\"type\":\"textChange\",\"text\":\"a<b 日本\"}\r\n"
    let expected =
      "{\"t\":1,\"type\":\"textChange\",\"text\":\"\\u003c/script>\\u003c!--\"} \n"
      + "{\"t\":2, \"type\":\"textChange\",\"text\":\"a\\u003cb 日本\"} \n"
    #expect(Self.copied(recording, chunkSize: chunkSize) == expected)
    #expect(Self.copied("<", chunkSize: chunkSize) == "\\u003c")
    #expect(Self.copied("\r<\r", chunkSize: chunkSize) == " \\u003c ")
    #expect(Self.copied("", chunkSize: chunkSize) == "")
  }

  @Test func aCopyReplaysAsTheRecording() throws {
    // The escape means the same character inside a JSON string, and the space the same white
    // space: the copy replays to the same states.
    let recording =
      "{\"type\":\"session\",\"version\":1}\r\n"
      + "{\"t\":1,\r\"type\":\"textChange\",\"text\":\"</script><!--<b>\"}\r\n"
      + "{\"t\":2,\"type\":\"sendTap\"}\r\n"
    let copy = Self.copied(recording, chunkSize: 5)
    let original = try Timeline.load(Array(recording.utf8)).get()
    let replayed = try Timeline.load(Array(copy.utf8)).get()
    #expect(original.stepCount == 3)
    #expect(replayed.stepCount == original.stepCount)
    for step in 0...original.lastStep {
      #expect(replayed.state(at: step) == original.state(at: step), "step \(step)")
    }
    #expect(original.state(at: 1).inputBar.text == "</script><!--<b>")
  }

  @Test func theSettingsAreReadBackAsTheyWereWritten() throws {
    let settings = PageReplaySettings(
      name: "Recordings/日本 \"chat\".jsonl", first: 100, last: 450, layout: .growing,
      rxKeyboardVersion: .v2,
      layoutOptions: [
        LayoutOptionSetting(name: "inputBar.height", value: .number(52.5), source: .commandLine),
        LayoutOptionSetting(name: "textView.insets", value: .number(1e-05), source: .commandLine),
        LayoutOptionSetting(name: "flag", value: .flag(false), source: .commandLine),
      ])
    #expect(
      settings.fields == [
        "Recordings/日本 \"chat\".jsonl", "100", "450", "growing", "2.0.1", "inputBar.height",
        "52.5", "textView.insets", "1e-05", "flag", "false",
      ])
    let joined = Array(settings.fields.joined(separator: "\0").utf8)
    let read = try #require(joined.withUnsafeBufferPointer { PageReplaySettings(joined: $0) })
    #expect(read == settings)
    #expect(read.layoutOptions.map(\.value) == [.number(52.5), .number(1e-05), .flag(false)])
    // No last step and no layout: empty fields.
    let defaults = PageReplaySettings(
      name: "a.jsonl", first: 0, last: nil, layout: nil, rxKeyboardVersion: .v1, layoutOptions: [])
    #expect(defaults.fields == ["a.jsonl", "0", "", "", "1.0.0"])
    let readDefaults = Array(defaults.fields.joined(separator: "\0").utf8).withUnsafeBufferPointer {
      PageReplaySettings(joined: $0)
    }
    #expect(readDefaults == defaults)
  }

  /// Too few fields, a step that is not a count, an unknown RxKeyboard version, an option
  /// without its value, a value that is neither a finite number nor a switch.
  @Test(arguments: [
    [], ["a.jsonl"], ["a.jsonl", "0", "", ""], ["a.jsonl", "x", "", "", "1.0.0"],
    ["a.jsonl", "-1", "", "", "1.0.0"], ["a.jsonl", "0", "-3", "", "1.0.0"],
    ["a.jsonl", "0", "", "", "3.0"], ["a.jsonl", "0", "", "", "1.0.0", "font.size"],
    ["a.jsonl", "0", "", "", "1.0.0", "font.size", "big"],
    ["a.jsonl", "0", "", "", "1.0.0", "font.size", "inf"],
  ])
  func settingsThatAreNotSuchFieldsAreRefused(_ fields: [String]) {
    let joined = Array(fields.joined(separator: "\u{0}").utf8)
    #expect(joined.withUnsafeBufferPointer { PageReplaySettings(joined: $0) } == nil)
  }
}
