import ChatReplay
import ReplayTestSupport
import Testing

/// The timeline's compact line table: every line found again with its number and bytes, whether
/// it follows the previous one directly or not.
struct TimelineLinesTests {
  @Test func linesAfterLineBreaksBlankAndBadLinesKeepTheirNumbersAndBytes() throws {
    // Each event line is 24 bytes: {"t":N,"type":"sendTap"}.
    let text =
      "{\"t\":1,\"type\":\"sendTap\"}\r\n"  // line 1: bytes 0..<24, then \r\n (24, 25)
      + "{\"t\":2,\"type\":\"sendTap\"}\n"  // line 2: 26..<50 (after a \r\n), \n at 50
      + "\n"  // line 3: blank, at 51
      + "{\"t\":3,\"type\":\"sendTap\"}\n"  // line 4: 52..<76 (after a blank line), \n at 76
      + "{\"t\":4,\"type\":\"sendTap\"}\n"  // line 5: 77..<101, \n at 101
      + "oops\n"  // line 6: bad, 102..<106, \n at 106
      + "{\"t\":5,\"type\":\"sendTap\"}"  // line 7: 107..<131, no line break
    let timeline = try Timeline.load(Array(text.utf8), keepGoing: true).get()
    #expect(
      Array(timeline.lines) == [
        Timeline.Line(number: 1, bytes: 0..<24),
        Timeline.Line(number: 2, bytes: 26..<50),
        Timeline.Line(number: 4, bytes: 52..<76),
        Timeline.Line(number: 5, bytes: 77..<101),
        Timeline.Line(number: 7, bytes: 107..<131),
      ])
    #expect(timeline.lineText(at: 5) == "{\"t\":5,\"type\":\"sendTap\"}")
    #expect(timeline.errors.map(\.line) == [6])
  }

  @Test func linesPastABlockAndLongLinesAreFoundAgain() throws {
    // 70 lines: a block holds 64, so lines 65…70 are in the second. Line 66 carries an unknown
    // field of 40,000 bytes, too long for a line's two-byte length:
    // {"t":66,"type":"sendTap","pad":"…"} is 8 + 17 + 7 + 40,000 + 2 = 40,034 bytes.
    var text = ""
    for t in 1...70 {
      text +=
        t == 66
        ? "{\"t\":66,\"type\":\"sendTap\",\"pad\":\"\(String(repeating: "x", count: 40_000))\"}\n"
        : "{\"t\":\(t),\"type\":\"sendTap\"}\n"
    }
    let timeline = try Timeline.load(Array(text.utf8)).get()
    // Lines 1…9 are 24 bytes, 10…65 are 25 bytes, each with its \n:
    // line 64 starts at 9 × 25 + 54 × 26 = 1,629; line 65 at 1,629 + 26 = 1,655;
    // line 66 at 1,655 + 26 = 1,681 and ends at 1,681 + 40,034 = 41,715; line 67 at 41,716.
    #expect(timeline.lines.count == 70)
    #expect(timeline.lines[63] == Timeline.Line(number: 64, bytes: 1_629..<1_654))
    #expect(timeline.lines[64] == Timeline.Line(number: 65, bytes: 1_655..<1_680))
    #expect(timeline.lines[65] == Timeline.Line(number: 66, bytes: 1_681..<41_715))
    #expect(timeline.lines[66] == Timeline.Line(number: 67, bytes: 41_716..<41_741))
  }

  @Test func statesAcrossCheckpointsEqualTheStreamingReplay() {
    // 600 events cross the checkpoints at steps 256 and 512.
    let text = AdversarialRecording(seed: 7, eventCount: 600).text
    let bytes = Array(text.utf8)
    var streamed: [ChatState] = []
    var replayer = Replayer()
    func keep(_ state: ChatState) -> Bool {
      streamed.append(state)
      return true
    }
    bytes.withUnsafeBufferPointer { buffer in
      _ = replayer.read(buffer, state: { state, _ in keep(state) }, error: { _ in true })
    }
    replayer.finish(state: { state, _ in keep(state) }, error: { _ in true })
    guard case .success(let timeline) = Timeline.load(bytes, keepGoing: true) else {
      Issue.record("the recording does not load")
      return
    }
    for step in [0, 1, 255, 256, 257, 511, 512, 513, timeline.lastStep] {
      #expect(timeline.state(at: step) == streamed[step], "step \(step)")
    }
  }
}
