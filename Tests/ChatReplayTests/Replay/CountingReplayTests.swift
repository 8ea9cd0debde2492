import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

/// Counting in place gives what handing out every state gives.
///
/// `replay check` counts each state where the replayer keeps it
/// (`Replayer.read(_:decoded:countingInto:error:)`), and counts a keystroke that leaves the state
/// settled while its text is still bytes in the chunk, making the text a `String` only when
/// something is about to read it. Wherever the chunks are cut, that must count what handing out
/// every state counts, and leave the same last state, input text included.
struct CountingReplayTests {
  /// What one way of replaying a recording gathered.
  struct Counted: Equatable, CustomStringConvertible {
    var steps: Int
    var tally: Summary.Tally
    var runs: [DiagnosticRun]
    var runsLeftOut: Int
    var errors: [RecordingError]
    var last: ChatState?
    /// The last state's input text, byte for byte (`String`'s `==` takes é precomposed and
    /// decomposed as equal).
    var lastText: [UInt8]?

    init(_ report: CheckReport, errors: [RecordingError], last: ChatState?) {
      steps = report.steps
      tally = report.tally
      runs = report.runs
      runsLeftOut = report.runsLeftOut
      self.errors = report.errors + errors
      self.last = last
      lastText = last.map { Array($0.inputBar.text.utf8) }
    }

    var description: String {
      "\(steps) steps, \(runs.count) runs, \(errors.count) errors, last text "
        + "\(lastText.map { String(decoding: $0, as: UTF8.self) } ?? "none")"
    }
  }

  /// Counted in place, in chunks of `size` bytes (the whole recording when `nil`), each with its
  /// ``DecodedChunk`` leaving keystrokes to the reader (as `replay check`'s second thread makes
  /// them) when `decodingAhead`.
  static func counted(
    _ bytes: [UInt8], options: Replayer.Options, chunkSize size: Int?, decodingAhead: Bool = false
  ) -> Counted {
    var replayer = Replayer(options: options)
    var report = CheckReport(file: "r.jsonl", stopsAtFirstError: false)
    var errors: [RecordingError] = []
    bytes.withUnsafeBufferPointer { all in
      var start = 0
      repeat {
        let end = min(all.count, start + (size ?? all.count))
        let chunk = UnsafeBufferPointer(rebasing: all[start..<end])
        replayer.read(
          chunk, decoded: decodingAhead ? DecodedChunk(chunk, leavingKeystrokes: true) : nil,
          countingInto: &report,
          error: {
            errors.append($0)
            return true
          })
        start = end
      } while start < all.count
    }
    replayer.finish(
      countingInto: &report,
      error: {
        errors.append($0)
        return true
      })
    return Counted(report, errors: errors, last: replayer.state)
  }

  /// Every state handed out and counted, in one chunk: what `replay check --json` does.
  static func handedOut(_ bytes: [UInt8], options: Replayer.Options) -> Counted {
    var replayer = Replayer(options: options)
    var report = CheckReport(file: "r.jsonl", stopsAtFirstError: false)
    var errors: [RecordingError] = []
    let step = { (state: ChatState, _: TimedEvent?, line: Int?, _: Range<Int>?) -> Bool in
      report.count(state, line: line)
      return true
    }
    let error = { (value: RecordingError) -> Bool in
      errors.append(value)
      return true
    }
    bytes.withUnsafeBufferPointer { _ = replayer.read($0, step: step, error: error) }
    replayer.finish(step: step, error: error)
    return Counted(report, errors: errors, last: replayer.state)
  }

  static func verify(
    _ bytes: [UInt8], options: Replayer.Options, _ name: String,
    chunkSizes: [Int?] = DecodeAheadTests.chunkSizes,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = handedOut(bytes, options: options)
    for size in chunkSizes {
      // Chunks shorter than these recordings' lines (64 bytes and less) hold none whole to
      // decode ahead.
      for decodingAhead in (size ?? .max) > 64 ? [false, true] : [false] {
        let actual = counted(
          bytes, options: options, chunkSize: size, decodingAhead: decodingAhead)
        #expect(
          actual == expected,
          "\(name), chunks of \(size.map(String.init) ?? "all") bytes\(decodingAhead ? ", decoded ahead" : "")",
          sourceLocation: sourceLocation)
      }
    }
  }

  @Test(arguments: DecodeAheadTests.recordings)
  func bundledRecordingCountsTheSameInPlace(_ name: String) throws {
    let bytes = try DecodeAheadTests.bytes(ofRecording: name)
    Self.verify(bytes, options: Replayer.Options(), name)
    Self.verify(DecodeAheadTests.crlf(bytes), options: Replayer.Options(), "\(name) with CRLF")
  }

  /// Realistic and adversarial recordings through every built-in layout: the layouts that take
  /// a text alone take most keystrokes in place; the others take none.
  @Test(arguments: LayoutID.allCases)
  func generatedRecordingsCountTheSameInPlace(layout: LayoutID) {
    let options = PropertyDefaults.options(layout: layout)
    let recordings =
      [3, 5, 7].map { PropertyDefaults.realistic.generate(seed: $0) }
      + [4, 6, 8].map { PropertyDefaults.adversarial.generate(seed: $0) }
    for (index, recording) in recordings.enumerated() {
      let text = EventEncoder.recording(header: recording.header, events: recording.events)
      let bytes = Array(text.utf8)
      Self.verify(bytes, options: options, "\(layout.rawValue), recording \(index)")
    }
  }

  @Test(arguments: RecordingDecoderTests.cases)
  func malformedInputCountsTheSameInPlace(_ input: MalformedInput) {
    // Between runs of keystrokes, which are taken in place on either side of the bad line.
    let before = Array(
      """
      {"type":"session","version":1}
      {"t":0,"type":"keyboard","name":"willChangeFrame","frameBegin":{"x":0,"y":852,"width":393,"height":336},"frameEnd":{"x":0,"y":516,"width":393,"height":336},"duration":0.25,"curve":7,"isLocal":true}
      {"t":0,"type":"textChange","text":"a keystroke long enough"}
      {"t":0,"type":"textChange","text":"a keystroke long enough, longer"}

      """.utf8)
    let after = Array(
      """

      {"t":3,"type":"textChange","text":"caf\u{E9} after it"}
      {"t":4,"type":"textChange","text":"cafe\u{301} after it, decomposed"}

      """.utf8)
    // Chunks of 7 bytes cut every line (smaller ones are slow in a debug build, and the bundled
    // recordings are read in chunks of every size).
    Self.verify(
      before + input.bytes + after, options: Replayer.Options(), input.testDescription,
      chunkSizes: [7, nil])
  }

  /// The last keystroke's text is the state's at the end of every chunk, even when the next
  /// line is cut by the chunk's end, and a keystroke whose time goes backwards is an error, its
  /// text not taken.
  @Test func theLastKeystrokesTextIsTheStatesAtTheEnd() {
    let bytes = Array(
      """
      {"type":"session","version":1}
      {"t":0,"type":"keyboard","name":"willChangeFrame","frameBegin":{"x":0,"y":852,"width":393,"height":336},"frameEnd":{"x":0,"y":516,"width":393,"height":336},"duration":0.25,"curve":7,"isLocal":true}
      {"t":1,"type":"textChange","text":"H"}
      {"t":2,"type":"textChange","text":"Hello there, how are you"}
      {"t":1.5,"type":"textChange","text":"back in time"}
      {"t":3,"type":"textChange","text":"Hello there, how are you?"}
      """.utf8)
    for size in DecodeAheadTests.chunkSizes {
      for decodingAhead in [false, true] {
        let counted = Self.counted(
          bytes, options: Replayer.Options(), chunkSize: size, decodingAhead: decodingAhead)
        // The header's step 0, then 5 events, one of them an error: 5 steps.
        #expect(counted.steps == 5)
        #expect(counted.errors.map(\.line) == [5])
        #expect(counted.lastText == Array("Hello there, how are you?".utf8))
        #expect(counted.last?.step == 4)
        #expect(counted.last?.t == 3)
      }
    }
  }
}
