import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

/// Reading a chunk with its ``DecodedChunk`` (what `replay check` does when a helper thread
/// decodes ahead) hands out exactly what reading it without does, wherever the chunks are cut.
struct DecodeAheadTests {
  /// 1 and 2 cut every line, CRLF pairs included; 7 and 64 cut lines at varied places; 4096 holds
  /// many lines per chunk; `nil` reads the file in one chunk.
  static let chunkSizes: [Int?] = [1, 2, 7, 64, 4096, nil]

  static let recordingsFolder = ReplayBinary.packageRoot.appendingPathComponent("Recordings")

  /// The bundled recordings, `Recordings/*.jsonl`.
  static let recordings: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: recordingsFolder.path)) ?? [])
    .filter { $0.hasSuffix(".jsonl") }.sorted()

  static func bytes(ofRecording name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: recordingsFolder.appendingPathComponent(name)))
  }

  /// `bytes` with every `\n` made `\r\n`.
  static func crlf(_ bytes: [UInt8]) -> [UInt8] {
    bytes.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
  }

  @Test(arguments: RecordingDecoderTests.cases)
  func malformedInputReadsTheSameWithDecodedChunks(_ input: MalformedInput) {
    // Ended by a newline, and between canonical lines that a DecodedChunk does decode. As is
    // (often a single line without a newline, which a DecodedChunk leaves to the reader), it is
    // verified by RecordingDecoderTests.chunkBoundariesDoNotChangeTheResult.
    let before = Array(
      """
      {"type":"session","version":1}
      {"t":0,"type":"textChange","text":"before"}
      {"t":0,"type":"sendTap"}

      """.utf8)
    let after = Array(
      """

      {"t":3,"type":"receive","text":"after"}
      {"t":4,"type":"sendTap"}

      """.utf8)
    RecordingReaderVerifier.verify(input.bytes + [0x0A], "with a newline")
    RecordingReaderVerifier.verify(before + input.bytes + after, "between canonical lines")
  }

  @Test(arguments: recordings)
  func bundledRecordingReadsTheSameWithDecodedChunks(_ name: String) throws {
    let bytes = try Self.bytes(ofRecording: name)
    RecordingReaderVerifier.verify(bytes, "\(name)")
    // Not vacuous: the recorders' lines are in the canonical shape, so chunks decode most of them.
    // An imported recording's events carry the deprecated keys as extra fields, which the
    // canonical shape leaves to the general decoder.
    let decoded = bytes.withUnsafeBufferPointer { DecodedChunk($0).decodedCount }
    #expect(decoded > 0 || name.hasPrefix("imported-"))
  }

  @Test func everyBundledRecordingIsFound() {
    #expect(Self.recordings.contains("basic-chat.jsonl"))
    #expect(Self.recordings.allSatisfy { $0.hasSuffix(".jsonl") })
  }

  @Test(arguments: ["basic-chat.jsonl", "rotation.jsonl", "growing-five-lines.jsonl"])
  func crlfRecordingReadsTheSameWithDecodedChunks(_ name: String) throws {
    let bytes = Self.crlf(try Self.bytes(ofRecording: name))
    RecordingReaderVerifier.verify(bytes, "\(name) with CRLF")
    RecordingReaderVerifier.verify(
      Array(bytes.dropLast(2)), "\(name) with CRLF, no last line break")
    RecordingReaderVerifier.verify(Array(bytes.dropLast(1)), "\(name) with CRLF, ending in \\r")
  }

  /// Cases around the line-length limit (48 bytes here), where a DecodedChunk holds the event of
  /// a line the reader must still reject, and the other rules that span lines.
  @Test func edgeCasesReadTheSameWithDecodedChunks() {
    let header = #"{"type":"session","version":1}"#
    // {"t":1,"type":"textChange","text":"…"} is 35 + 2 = 37 bytes around the text.
    let fortyEight = #"{"t":1,"type":"textChange","text":"eleven char"}"#  // 37 + 11
    let fortyNine = #"{"t":1,"type":"textChange","text":"twelve chars"}"#  // 37 + 12
    let cases: [(String, String)] = [
      (
        "a canonical line over the limit",
        "\(header)\n\(fortyNine)\n{\"t\":2,\"type\":\"sendTap\"}\n"
      ),
      ("a canonical line at the limit", "\(header)\n\(fortyEight)\n\(fortyEight)\n"),
      ("at the limit before CRLF", "\(header)\r\n\(fortyEight)\r\n\(fortyNine)\r\n"),
      ("over the limit, last", "\(header)\n\(fortyEight)\n\(fortyNine)"),
      (
        "blank and spaced lines",
        "\n \r\n\(header)\n\t\n{\"t\":1, \"type\":\"sendTap\"}\n\n"
          + "{\"t\":2,\"type\":\"sendTap\"}\n  \n"
      ),
      (
        "header after an event",
        "{\"t\":1,\"type\":\"sendTap\"}\n\(header)\n{\"t\":2,\"type\":\"doneTap\"}\n"
      ),
      (
        "time going backwards between canonical lines",
        "{\"t\":2,\"type\":\"sendTap\"}\n{\"t\":1,\"type\":\"sendTap\"}\n{\"t\":2,\"type\":\"doneTap\"}\n"
      ),
      (
        "a byte-order mark",
        "\u{FEFF}{\"t\":1,\"type\":\"sendTap\"}\n{\"t\":2,\"type\":\"doneTap\"}\n"
      ),
      ("a lone CR line", "\(header)\n\r\n\r\r\n{\"t\":1,\"type\":\"sendTap\"}\r\r\n"),
      ("only a newline", "\n"),
    ]
    for (name, text) in cases {
      RecordingReaderVerifier.verify(Array(text.utf8), lineLimit: 48, "\(name)")
    }
  }

  /// A chunk's lines are decoded before their ends are looked for (`RecordingReader.readAhead`).
  ///
  /// Each still ends at its own line feed, whatever the bytes after it, and a line the fast path declines is read whole by the general decoder. More than four
  /// declined lines in one chunk leave the rest of it to be read the usual way.
  @Test func linesDecodedBeforeTheirEndIsFoundEndAtTheirOwnLineFeed() {
    let lines = [
      #"{"type":"session","version":1}"#,  // 1: the header, declined by the fast path
      #"{"t":1,"type":"sendTap"} "#,  // 2: a space after the object, which JSON allows
      #"{"t":2,"type":"sendTap"}x"#,  // 3: a byte after the object
      #"{"t":3"#,  // 4: a number that runs into the line feed
      #"{"t":4,"type":"textChange","text":"ab"#,  // 5: a text that runs into the line feed
      #"{"t":5,"type":"textChange","text":"cd"}"#,  // 6
      #"{"t":6,"type":"keyboard","name":"willShow","frameBegin":{"x":0,"y":"#,  // 7: cut
      #"{"t":7,"type":"sendTap"}"#,  // 8: after five declined lines
      #"{"t":8,"type":"textChange","text":"ef"}"#,  // 9
    ]
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    let trace = RecordingReaderVerifier.verify(bytes, "odd lines among canonical ones")
    #expect(
      trace.events == [
        TimedEvent(t: 1, event: .sendTap),
        TimedEvent(t: 5, event: .textChange(text: "cd")),
        TimedEvent(t: 7, event: .sendTap),
        TimedEvent(t: 8, event: .textChange(text: "ef")),
      ])
    // Every error is on its own line: none ran into the line after.
    #expect(trace.errors.map(\.line) == [3, 4, 5, 7])
    // Each event's bytes are its own line's, without the line feed: line 6 starts after lines
    // 1 to 5 and their line feeds (30 + 25 + 25 + 6 + 37 = 123, plus 5), and is 39 bytes long
    // (`{"t":5,` 7, `"type":"textChange",` 20, `"text":"cd"}` 12).
    let ranges = trace.items.compactMap { item -> Range<Int>? in
      if case .event(_, let line, let bytes) = item, line == 6 { bytes } else { nil }
    }
    #expect(ranges == [128..<167])
  }

  /// A keystroke's text that starts with the text before (not all ASCII) is validated only past
  /// it: bytes that are not UTF-8 after a valid start are still found.
  @Test func aTextTypedOnIsValidatedPastTheTextBefore() {
    let japanese = Array("日本".utf8)  // E6 97 A5 E6 9C AC
    func keystroke(_ t: Int, _ text: [UInt8]) -> [UInt8] {
      Array(#"{"t":\#(t),"type":"textChange","text":""#.utf8) + text + Array("\"}\n".utf8)
    }
    let bytes =
      keystroke(1, japanese)
      // The first two bytes of 語 (E8 AA 9E): a sequence cut short.
      + keystroke(2, japanese + [0xE8, 0xAA])
      + keystroke(3, japanese + Array("語".utf8))
      // A continuation byte alone.
      + keystroke(4, japanese + Array("語".utf8) + [0x80])
      // An overlong encoding of "/" (C0 AF) after the text before.
      + keystroke(5, japanese + Array("語".utf8) + [0xC0, 0xAF])
      + keystroke(6, japanese + Array("語!".utf8))
    let trace = RecordingReaderVerifier.verify(bytes, "keystrokes typed on")
    #expect(
      trace.events == [
        TimedEvent(t: 1, event: .textChange(text: "日本")),
        TimedEvent(t: 3, event: .textChange(text: "日本語")),
        TimedEvent(t: 6, event: .textChange(text: "日本語!")),
      ])
    #expect(trace.errors.map(\.line) == [2, 4, 5])
  }

  /// What `DecodedChunk` decodes: the lines that end in the chunk and are in the canonical shape.
  @Test func decodedCountCountsTheCanonicalLinesThatEndInTheChunk() {
    let lines = [
      #"{"type":"session","version":1}"#,  // line 1: the header is never canonical
      #"{"t":1,"type":"textChange","text":"Hi"}"#,  // line 2: decoded (1)
      #"{"t":1.5,"type":"sendTap"}"#,  // line 3: decoded (2)
      #"{"t":2,"type":"pan","y":-3.5,"state":"changed"}"#,  // line 4: decoded (3)
      "",  // line 5: blank
      "{\"t\":2.5,\"type\":\"doneTap\"}\r",  // line 6: CRLF, decoded without its \r (4)
      #"{"t":3, "type":"sendTap"}"#,  // line 7: valid, but the space is not canonical
      #"{"t":0,"type":"sendTap"}"#,  // line 8: decoded (5); going back in time spans lines
      #"{"t":4,"type":"sendTap"}"#,  // line 9: no newline, so not a line of this chunk
    ]
    let bytes = Array(lines.joined(separator: "\n").utf8)
    // 5 lines decoded: 2, 3, 4, 6 and 8.
    #expect(bytes.withUnsafeBufferPointer { DecodedChunk($0).decodedCount } == 5)
    #expect(Array("".utf8).withUnsafeBufferPointer { DecodedChunk($0).decodedCount } == 0)

    let trace = readTrace(bytes, chunkSize: nil, decodeAhead: true)
    #expect(trace == readTrace(bytes, chunkSize: nil, decodeAhead: false))
    // Every line but 1 (the header), 5 (blank) and 8 (t goes from 3 back to 0) is an event, with
    // the byte range of its line without the \r.
    var starts: [Int] = []
    var offset = 0
    for line in lines {
      starts.append(offset)
      offset += line.utf8.count + 1
    }
    let events = trace.items.compactMap { item -> (Int, Range<Int>)? in
      if case .event(_, let line, let bytes) = item { (line, bytes) } else { nil }
    }
    #expect(events.map(\.0) == [2, 3, 4, 6, 7, 9])
    #expect(
      events.map(\.1)
        == [2, 3, 4, 6, 7, 9].map { number in
          let length = lines[number - 1].utf8.count - (number == 6 ? 1 : 0)
          return starts[number - 1]..<(starts[number - 1] + length)
        })
    let errors = trace.items.compactMap { item -> RecordingError? in
      if case .error(let error, _) = item { error } else { nil }
    }
    // {"t": is 5 bytes, so the value of t is at column 6.
    #expect(errors.map { "\($0.line):\($0.column)" } == ["8:6"])
    #expect(trace.items.first == .header(SessionHeader(version: 1), line: 1))
  }

  /// A chunk's storage is made for lines of about 48 bytes and grows when they are shorter: a
  /// chunk of 300 short lines (the header, then 299 events of 24 to 40 bytes) keeps every event,
  /// in order, with keystrokes left to the reader and without.
  @Test func aChunkOfShortLinesKeepsEveryEvent() {
    var lines = [#"{"type":"session","version":1}"#]
    for index in 1..<300 {
      // A send tap (24 to 26 bytes), an empty keystroke (37 to 39) and a one-letter one (38 to
      // 40), in turn.
      switch index % 3 {
      case 0: lines.append(#"{"t":\#(index),"type":"sendTap"}"#)
      case 1: lines.append(#"{"t":\#(index),"type":"textChange","text":""}"#)
      default: lines.append(#"{"t":\#(index),"type":"textChange","text":"a"}"#)
      }
    }
    let text = lines.joined(separator: "\n") + "\n"
    let bytes = Array(text.utf8)
    // The storage starts with room for fewer events than the chunk has (bytes / 48 + 16), and,
    // with keystrokes left to the reader, for fewer keystrokes (three quarters of that) than its
    // 200: both grow.
    #expect(bytes.count / 48 + 16 < 299)
    // Every line but the header is canonical: 299 events.
    #expect(bytes.withUnsafeBufferPointer { DecodedChunk($0).decodedCount } == 299)
    // Left to the reader, the 200 keystrokes are not events of the chunk: the 99 send taps are.
    #expect(
      bytes.withUnsafeBufferPointer {
        DecodedChunk($0, leavingKeystrokes: true).decodedCount
      } == 99)
    let whole = [0..<bytes.count]
    let plain = readTrace(bytes, chunks: whole, decodeAhead: false)
    #expect(readTrace(bytes, chunks: whole, decodeAhead: true) == plain)
    #expect(
      readTrace(bytes, chunks: whole, decodeAhead: true, leavingKeystrokes: true) == plain)
    // The header and the 299 events, none of them an error.
    let events = plain.items.filter { if case .event = $0 { true } else { false } }
    #expect(events.count == 299)
    #expect(!plain.items.contains { if case .error = $0 { true } else { false } })
  }

  /// A chunk starting inside a line whose tail is a keystroke or a keyboard line, read leaving
  /// keystrokes to the reader, steps past what it kept of that tail.
  ///
  /// As in the next test, the reader ignores the tail, but a chunk that leaves keystrokes to the
  /// reader (as `replay check`'s do) keeps keystrokes and keyboard lines in storages of their
  /// own, so the reader must still count the tail's entry there. Otherwise the next line would
  /// be read as the tail (text `a` at 9 instead of `b` at 10; the first keyboard frame instead
  /// of the second).
  @Test func aChunkStartingInsideALineStepsPastTheKeystrokeOrKeyboardOfItsTail() {
    let header = #"{"type":"session","version":1}"# + "\n"
    let head = #"{"t":1,"type":"textChange","text":"see "#
    func keyboard(_ t: Int, endY: Int) -> String {
      #"{"t":\#(t),"type":"keyboard","name":"willShow","frameBegin":{"x":0,"y":852,"width":393,"#
        + #""height":336},"frameEnd":{"x":0,"y":\#(endY),"width":393,"height":336},"#
        + #""duration":0.25,"curve":7,"isLocal":true}"# + "\n"
    }
    let tails = [
      #"{"t":9,"type":"textChange","text":"a"}"# + "\n"
        + #"{"t":10,"type":"textChange","text":"b"}"# + "\n",
      keyboard(9, endY: 516) + keyboard(10, endY: 400),
    ]
    for tail in tails {
      let tailBytes = Array(tail.utf8)
      // Both tail lines are kept by a chunk of their own: the keystrokes as keystrokes (not
      // events), the keyboard lines as their members (counted as decoded).
      let kept = tailBytes.withUnsafeBufferPointer {
        DecodedChunk($0, leavingKeystrokes: true).decodedCount
      }
      #expect(kept == (tail.contains("keyboard") ? 2 : 0))
      let bytes = Array((header + head + tail).utf8)
      let cut = bytes.count - tailBytes.count
      let chunks = [0..<cut, cut..<bytes.count]
      let plain = readTrace(bytes, chunks: chunks, decodeAhead: false)
      // The cut line is bad, and the second tail line is the one event.
      #expect(plain.items.count == 3)
      #expect(plain.items.last?.eventLine == 3)
      #expect(
        readTrace(bytes, chunks: chunks, decodeAhead: true, leavingKeystrokes: true) == plain,
        Comment(rawValue: tail))
    }
  }

  /// A chunk may start inside a line whose tail is a complete canonical line by itself: the
  /// DecodedChunk's first entry then holds an event the file does not have, and the reader must
  /// ignore it. (The cut line is always a bad line: no valid JSON object line ends with a
  /// complete object that is not its own, except after mere whitespace.)
  @Test func aChunkStartingInsideALineIgnoresTheDecodedTailOfThatLine() throws {
    let header = #"{"type":"session","version":1}"# + "\n"
    let head = #"{"t":1,"type":"textChange","text":"see "#
    let middle = "and also "
    let tail = #"{"t":9,"type":"sendTap"}"# + "\n" + #"{"t":10,"type":"sendTap"}"# + "\n"
    // The tail chunk's two lines are canonical by themselves.
    let tailBytes = Array(tail.utf8)
    #expect(tailBytes.withUnsafeBufferPointer { DecodedChunk($0).decodedCount } == 2)

    // Two or three chunks; with a line limit of 30 the cut line (at least 35 + 4 = 39 bytes in
    // the first chunk that has it) is already over the limit there, so it is skipped, not kept.
    let splits = [
      [header + head, tail], [header + head, middle, tail], [header, head + middle, tail],
    ]
    for chunks in splits {
      for lineLimit in [RecordingReader.defaultLineLimit, 30] {
        var traces: [ReaderTrace] = []
        for decodeAhead in [false, true] {
          var reader = RecordingReader(lineLimit: lineLimit)
          var trace = ReaderTrace()
          let body = { (item: RecordingReader.Item) -> Bool in
            trace.items.append(ReaderItem(item))
            return true
          }
          for chunk in chunks {
            let bytes = Array(chunk.utf8)
            bytes.withUnsafeBufferPointer { buffer in
              let decoded = decodeAhead ? DecodedChunk(buffer) : nil
              trace.going.append(reader.read(buffer, decoded: decoded, body))
            }
          }
          trace.going.append(reader.finish(body))
          traces.append(trace)
        }
        let comment = Comment(rawValue: "chunks \(chunks), line limit \(lineLimit)")
        #expect(traces[1] == traces[0], comment)
        // The header, the bad line 2, and only t = 10 on line 3: no event for t = 9.
        #expect(traces[1].items.compactMap(\.eventLine) == [3], comment)
        let errors = traces[1].items.compactMap { item -> RecordingError? in
          if case .error(let error, _) = item { error } else { nil }
        }
        #expect(errors.map(\.line) == [2], comment)
        if lineLimit == 30 {
          // 35 + 4 + 24 = 63 bytes, or 72 with "and also ".
          let length = chunks.count == 2 ? 63 : 72
          #expect(
            errors.first?.problem == .lineTooLong(length: length, limit: 30), comment)
        } else {
          // The text `see ` (or `see and also `) ends at column 35 + 4 (or 35 + 13); `{` and the
          // `"` that ends the string follow, so the unexpected `t` is at column 42 (or 51).
          let column = chunks.count == 2 ? 42 : 51
          #expect(errors.first?.column == column, comment)
        }
      }
    }
  }

  /// The state-only replay `replay check` uses: the same states and errors with decoded chunks.
  @Test(arguments: recordings)
  func replayerHandsOutTheSameStatesWithDecodedChunks(_ name: String) throws {
    let bytes = try Self.bytes(ofRecording: name)
    for size in Self.chunkSizes {
      var runs: [(states: [ChatState], events: [TimedEvent?], errors: [String])] = []
      for decodeAhead in [false, true] {
        // Both runs measure text alike; the cheap measurer keeps 276 replays of the recordings
        // fast in a debug build (the real one is the golden tests' and the CLI tests').
        var replayer = Replayer(options: .init(measurer: PropertyDefaults.measurer))
        var states: [ChatState] = []
        var events: [TimedEvent?] = []
        var errors: [String] = []
        let state = { (state: ChatState, event: TimedEvent?) -> Bool in
          states.append(state)
          events.append(event)
          return true
        }
        let error = { (error: RecordingError) -> Bool in
          errors.append(error.rendered(file: name))
          return true
        }
        bytes.withUnsafeBufferPointer { buffer in
          var start = 0
          let chunkSize = size ?? buffer.count
          while start < buffer.count {
            let chunk = UnsafeBufferPointer(
              rebasing: buffer[start..<min(start + chunkSize, buffer.count)])
            let decoded = decodeAhead ? DecodedChunk(chunk) : nil
            replayer.read(chunk, decoded: decoded, state: state, error: error)
            start += chunk.count
          }
        }
        replayer.finish(state: state, error: error)
        runs.append((states, events, errors))
      }
      let comment = Comment(rawValue: "\(name), chunks of \(size.map(String.init) ?? "all")")
      #expect(runs[1].states == runs[0].states, comment)
      #expect(runs[1].events == runs[0].events, comment)
      #expect(runs[1].errors == runs[0].errors, comment)
      // Step 0 and one step per event.
      #expect(runs[0].states.map(\.step) == Array(0..<runs[0].states.count), comment)
    }
  }
}
