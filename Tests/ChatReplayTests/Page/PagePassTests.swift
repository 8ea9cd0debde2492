import Testing

@testable import ChatReplay

/// The page made in one pass over a recording (`replay html`), against the page made from a
/// timeline with every state written whole (the builder's generic path).
struct PagePassTests {
  /// A recording of `count` events of `kind` made from `seed`, as its file's bytes.
  static func recording(_ kind: RecordingGenerator.Kind, seed: UInt64, count: Int) -> [UInt8] {
    var choices = Choices(seed: seed)
    var generator = RecordingGenerator(kind, choices: &choices, maxEvents: count, eventCount: count)
    var events: [TimedEvent] = []
    while events.count < count { generator.appendEvents(&choices, to: &events) }
    events.removeLast(events.count - count)
    return Array(EventEncoder.recording(header: generator.header, events: events).utf8)
  }

  /// An adversarial session of 270 events (odd values, diagnostics that come, go and change
  /// their values): more than an explained page's 200 steps.
  static let bytes = recording(.adversarial, seed: 12, count: 270)

  @Test func theOnePassPageIsTheTimelinesPageWrittenWhole() throws {
    // Steps 3…262: a window, with the checkpoint of its 256th step.
    let pass = try PageData.jsonUTF8(
      Self.bytes, options: .init(), name: "r.jsonl", first: 3, last: 262
    ).get()
    let timeline = try Timeline.load(Self.bytes).get()
    #expect(pass.lastStep == 270)
    // Keystrokes' summaries and diagnostics' messages left to the page's script on both ways
    // (held apart below).
    let whole = PageData.jsonUTF8(
      timeline, name: "r.jsonl", range: 3...262, readsFields: false, textsToScript: true)
    Self.expectSame(pass.data ?? [], whole)
  }

  @Test func aKeystrokesSummaryIsLeftToThePageWhenItsScalarsAreItsCharacters() throws {
    // A page made in one pass numbers a keystroke's summary -1 when its text is the step's
    // input text and its first 25 scalars are each a character of its own; every other step
    // keeps a number into the summaries. The adversarial session has texts of every kind.
    let pass = try PageData.jsonUTF8(
      Self.bytes, options: .init(), name: "r.jsonl", first: 0, last: 269
    ).get()
    let data = String(decoding: pass.data ?? [], as: UTF8.self)
    let column = try #require(data.firstMatch(of: #/"summaryOf":\[([-0-9,]*)\]/#))
    let numbers = column.1.split(separator: ",").compactMap { Int($0) }
    #expect(numbers.count == 270)
    #expect(numbers.allSatisfy { $0 >= -1 })
    let timeline = try Timeline.load(Self.bytes).get()
    var left = 0
    var kept = 0
    for step in 1...269 {
      guard case .textChange(let text) = timeline.event(at: step).event else {
        #expect(numbers[step] >= 0, "step \(step) is not a keystroke")
        continue
      }
      let scalars = text.unicodeScalars.prefix(25)
      let separate = Array(String(String.UnicodeScalarView(scalars))).count == scalars.count
      let isInput = timeline.state(at: step).inputBar.text == text
      if numbers[step] == -1 {
        // Only such a text's summary is left: the script's rule holds for it.
        #expect(separate && isInput, "step \(step): \(text.debugDescription)")
        left += 1
      } else {
        kept += 1
      }
      // ASCII but a carriage return is always left (quotes, backslashes and tabs included).
      if isInput && text.utf8.prefix(25).allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
        #expect(numbers[step] == -1, "step \(step): \(text.debugDescription)")
      }
    }
    // Both kinds occur: the test would pass on a page that left no keystroke to the script.
    #expect(left > 0 && kept > 0)
  }

  /// `data` is `expected`, or the first place they differ, with what each has there.
  static func expectSame(
    _ data: [UInt8], _ expected: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard data != expected else { return }
    let common = min(data.count, expected.count)
    let first = (0..<common).first { data[$0] != expected[$0] } ?? common
    func around(_ bytes: [UInt8]) -> String {
      String(decoding: bytes[max(0, first - 60)..<min(bytes.count, first + 60)], as: UTF8.self)
    }
    let message =
      "The data differ from byte \(first) on:\n  made:     \(around(data))\n"
      + "  expected: \(around(expected))"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }

  @Test func theSceneDrawnApartGivesTheSamePage() throws {
    // The pass handing its states over, as `replay html --jobs 2` does, to a scene fed here.
    let made = try PageData.jsonUTF8(
      Self.bytes, options: .init(), name: "r.jsonl", first: 3, last: 262
    ).get()
    var pass = PageData.OnePass(
      options: .init(), first: 3, last: 262, expectedSteps: 260, drawsScene: false)
    var scene = PageData.SceneColumn(options: .init(), expectedSteps: 260)
    let middle = Self.bytes.count / 2
    Self.bytes.withUnsafeBufferPointer { bytes in
      // In two chunks, the second starting in the middle of a line.
      #expect(pass.read(UnsafeBufferPointer(rebasing: bytes[..<middle])) { scene.add($0) })
      #expect(pass.read(UnsafeBufferPointer(rebasing: bytes[middle...])) { scene.add($0) })
    }
    #expect(pass.finishReading { scene.add($0) })
    guard case .ready(let lastStep) = pass.outcome else {
      Issue.record("the pass made no page: \(pass.outcome)")
      return
    }
    #expect(lastStep == 270)
    var apart: [UInt8] = []
    pass.write(name: "r.jsonl", scene: scene) { apart.append(contentsOf: $0) }
    Self.expectSame(apart, made.data ?? [])
    // Handed over in batches, as `replay html --jobs 2` does: settled steps as their texts.
    var batched = PageData.OnePass(
      options: .init(), first: 3, last: 262, expectedSteps: 260, drawsScene: false)
    var batchScene = PageData.SceneColumn(options: .init(), expectedSteps: 260)
    var batchCount = 0
    let draw = { (batch: PageData.SceneBatch) in
      batchScene.add(contentsOf: batch)
      batchCount += 1
    }
    let read = Self.bytes.withUnsafeBufferPointer { bytes in
      batched.read(UnsafeBufferPointer(rebasing: bytes[..<middle]), batches: draw)
        && batched.read(UnsafeBufferPointer(rebasing: bytes[middle...]), batches: draw)
    }
    let finished = batched.finishReadingInBatches(draw)
    #expect(read && finished)
    // 260 steps, fewer than a batch's 2,048: all in the last batch (pages in pieces hand over a
    // batch at each piece's end too: see `PagePiecesTests`).
    #expect(batchCount == 1)
    var fromBatches: [UInt8] = []
    batched.write(name: "r.jsonl", scene: batchScene) { fromBatches.append(contentsOf: $0) }
    Self.expectSame(fromBatches, made.data ?? [])
  }

  /// A realistic session of `count` events in `layout`: typing bursts, whose keystrokes a
  /// settled state takes alone (``ChatScreen/reduceSettled(into:_:)``), between the rest.
  static func typing(_ layout: LayoutID, seed: UInt64, count: Int) -> [UInt8] {
    var choices = Choices(seed: seed)
    var generator = RecordingGenerator(
      .realistic, choices: &choices, maxEvents: count, eventCount: count, layout: layout)
    var events: [TimedEvent] = []
    while events.count < count { generator.appendEvents(&choices, to: &events) }
    events.removeLast(events.count - count)
    return Array(EventEncoder.recording(header: generator.header, events: events).utf8)
  }

  @Test(arguments: [
    LayoutID.rxkeyboard, .growing, .scrollToField, .accessory, .keyboardLayoutGuide,
  ])
  func settledStepsGiveTheSamePageAsStepsWrittenWhole(layout: LayoutID) throws {
    let bytes = Self.typing(layout, seed: 7, count: 700)
    // The steps the pass takes as settled (drawing and comparing only the text's parts): most
    // of them for the layouts that take a keystroke alone.
    var replayer = Replayer()
    var settled = 0
    bytes.withUnsafeBufferPointer { bytes in
      func step(_: ChatState, _: TimedEvent?, _: Int?, _: Range<Int>?, _ isSettled: Bool) -> Bool {
        if isSettled { settled += 1 }
        return true
      }
      replayer.read(bytes, settledStep: step, error: { _ in false })
      replayer.finish(settledStep: step, error: { _ in false })
    }
    #expect(layout == .growing ? settled == 0 : settled > 300)
    // Steps 5…690: a window that starts past step 0, with the checkpoints of its 256th and
    // 512th steps; the scene drawn in the pass and apart.
    let made = try PageData.jsonUTF8(
      bytes, options: .init(), name: "r.jsonl", first: 5, last: 690
    ).get()
    let timeline = try Timeline.load(bytes).get()
    let whole = PageData.jsonUTF8(
      timeline, name: "r.jsonl", range: 5...690, readsFields: false, textsToScript: true)
    Self.expectSame(made.data ?? [], whole)
    var pass = PageData.OnePass(
      options: .init(), first: 5, last: 690, expectedSteps: 700, drawsScene: false)
    var scene = PageData.SceneColumn(options: .init(), expectedSteps: 700)
    bytes.withUnsafeBufferPointer { bytes in
      #expect(pass.read(bytes) { scene.add($0) })
    }
    #expect(pass.finishReading { scene.add($0) })
    var apart: [UInt8] = []
    pass.write(name: "r.jsonl", scene: scene) { apart.append(contentsOf: $0) }
    Self.expectSame(apart, whole)
    // Handed over in batches: the settled steps as their texts alone.
    var batched = PageData.OnePass(
      options: .init(), first: 5, last: 690, expectedSteps: 700, drawsScene: false)
    var batchScene = PageData.SceneColumn(options: .init(), expectedSteps: 700)
    let read = bytes.withUnsafeBufferPointer { bytes in
      batched.read(bytes, batches: { batchScene.add(contentsOf: $0) })
    }
    let finished = batched.finishReadingInBatches { batchScene.add(contentsOf: $0) }
    #expect(read && finished)
    var fromBatches: [UInt8] = []
    batched.write(name: "r.jsonl", scene: batchScene) { fromBatches.append(contentsOf: $0) }
    Self.expectSame(fromBatches, whole)
  }

  @Test func aWindowOutsideTheRecordingHasNoData() throws {
    let pass = try PageData.jsonUTF8(
      Self.bytes, options: .init(), name: "r.jsonl", first: 50, last: 271
    ).get()
    #expect(pass.lastStep == 270)
    #expect(pass.data == nil)
  }

  @Test func aBadLineIsTheTimelinesError() {
    // The recording with its fifth event's line cut short.
    var lines = Self.bytes.split(separator: 10, omittingEmptySubsequences: false)
    lines[5] = lines[5].prefix(20)
    let bytes = Array(lines.joined(separator: [10]))
    let pass = PageData.jsonUTF8(bytes, options: .init(), name: "r.jsonl", first: 0, last: nil)
    let load = Timeline.load(bytes)
    guard case .failure(let error) = pass, case .failure(let expected) = load else {
      Issue.record("a recording with a bad line made a page")
      return
    }
    #expect(error.rendered(file: "r.jsonl") == expected.rendered(file: "r.jsonl"))
    #expect(error.line == 6)
  }

  @Test func aSummarySeenBeforeKeepsItsNumberUntilTheMemoryStartsAgain() {
    var table = PageSummaryTable(expected: 4, limit: 2)
    let tap = Event.sendTap
    let text = Event.textChange(text: "Hi")
    let other = Event.textChange(text: "Ho")
    // start and tap fill the memory (limit 2), so start is found again; "Hi" finds it full, so
    // it starts again with "Hi" alone, and start is then new: written again, as number 3.
    let numbers = [nil, tap, nil, text, nil, text, other].map { table.number(of: $0) }
    #expect(numbers == [0, 1, 0, 2, 3, 2, 4])
    #expect(table.count == 5)
    #expect(
      String(decoding: table.texts, as: UTF8.self)
        == #""start","sendTap","textChange \"Hi\"","start","textChange \"Ho\"""#)
  }

  @Test func aKeystrokeOfPlainASCIIIsSummedUpAsTheGeneralPathSumsItUp() {
    // The texts around the fast path's edges: 24 and 25 characters (one shortened), escapes and
    // non-ASCII within the first 25 bytes or past them, `<` (quoted by the page, not the summary).
    let letters = "abcdefghijklmnopqrstuvwxyz"
    let texts = [
      "", "a", "Hi <b> & \"you\"", String(letters.prefix(24)), String(letters.prefix(25)),
      letters, letters + "é", letters + "\"", "tab\there", "x\u{7F}y", "café", "😀 ok",
      String(letters.prefix(24)) + "é", String(letters.prefix(23)) + "\r\n", "a\\b", "e\u{301}",
    ]
    var table = PageSummaryTable(expected: 64)
    // The general path's summaries, numbered in order of first appearance.
    var numbers: [String: Int] = [:]
    var expected: [String] = []
    for text in texts {
      let summary = Event.textChange(text: text).summary
      if numbers[summary] == nil {
        numbers[summary] = expected.count
        expected.append(PageJSON.quoted(summary))
      }
      #expect(table.number(of: .textChange(text: text)) == numbers[summary], "\(text)")
    }
    #expect(String(decoding: table.texts, as: UTF8.self) == expected.joined(separator: ","))
    // Worked by hand: 25 characters and more are shortened to 23 and `…`, so texts 4 to 7 and 12
    // share number 4 (12 summaries in all); a text that starts with the same 23 letters and has
    // more than 24 characters has the same summary, found again.
    #expect(Event.textChange(text: letters).summary == "textChange \"abcdefghijklmnopqrstuvw…\"")
    #expect(numbers.count == 12)
    #expect(table.number(of: .textChange(text: letters + "!")) == 4)
    #expect(table.number(of: .textChange(text: String(letters.prefix(25)) + "?")) == 4)
    #expect(table.number(of: .textChange(text: "a")) == 1)
    #expect(table.count == 12)
  }
}
