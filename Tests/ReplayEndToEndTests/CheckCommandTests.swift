import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

@testable import replay

/// `replay check`: its summary lines, errors and exit status (in process, and the binary's timed
/// lines), and the same output whether a file is decoded ahead on a helper thread or not.
struct CheckCommandTests {
  /// How `check` reads in the decoding-ahead tests, which run it in process: its chunks (256 KiB,
  /// 16 held at once) and line limit (1 MiB) scaled down 64 times, so that a recording of
  /// 1,250 events crosses as many chunks, and wraps the window as often, as one of 80,000 does
  /// at the real sizes.
  static let reading = CheckCommand.Reading(chunkSize: 1 << 12, window: 16, lineLimit: 1 << 14)
  static let chunkSize = reading.chunkSize
  static let window = reading.window

  /// The recording `replay generate --seed 7 --events COUNT` writes, generated in process.
  static func generated(events count: Int) -> [UInt8]? {
    let result = runInProcess(["generate", "--seed", "7", "--events", "\(count)"])
    guard result.status == 0, result.standardError == "" else { return nil }
    return Array(result.outputBytes)
  }

  /// A recording of 1,250 events from `replay generate --seed 7`, generated once.
  ///
  /// About 97 kB, so 24 chunks of ``reading``: more than the window holds. `nil` if
  /// `replay generate` failed.
  static let large: [UInt8]? = generated(events: 1_250)

  /// The `--no-times` lines of the bundled recordings, as the README shows them.
  static let basicChatLine =
    "Recordings/basic-chat.jsonl: 32 events, 33 steps; diagnostics: keyboard-gap ×1 (28 steps),"
    + " message-hidden ×2 (2 steps), offset-out-of-range ×1 (4 steps), bad-index ×1 (1 step)"
  static let rotationLine =
    "Recordings/rotation.jsonl: 30 events, 31 steps; diagnostics: keyboard-gap ×4 (21 steps),"
    + " message-hidden ×1 (1 step), offset-out-of-range ×2 (13 steps), unsafe-input ×1"
    + " (4 steps), phantom-keyboard ×1 (1 step), bad-index ×1 (1 step)"

  /// A time and a speed as `check` prints them: `; 1.2 ms, 34.5 MB/s` or `; 1.234 s, 5.6 MB/s`.

  /// Expects `timed` to be `untimed` with a time and a speed before its line break.
  func expectTimed(
    _ timed: Substring, _ untimed: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(timed.hasPrefix(untimed), sourceLocation: sourceLocation)
    #expect(
      timed.dropFirst(untimed.count).wholeMatch(of: #/; (\d+\.\d ms|\d+\.\d{3} s), \d+\.\d MB\/s/#)
        != nil,
      "'\(timed)' ends with a time and a speed", sourceLocation: sourceLocation)
  }

  /// `--no-times` prints one line per file, without its last part, the time and the speed.
  ///
  /// basic-chat.jsonl has 33 lines: the header and 32 events, so 33 steps with step 0.
  @Test func noTimesPrintsTheSummaryLine() throws {
    expectInProcess(
      ["check", "--no-times", "Recordings/basic-chat.jsonl"], stdout: Self.basicChatLine + "\n")
    expectInProcess(
      ["check", "--no-times", "Recordings/rotation.jsonl"], stdout: Self.rotationLine + "\n")
  }

  @Test func oneRecordingGetsOneTimedSummaryLine() throws {
    let result = try ReplayBinary.run(["check", "Recordings/basic-chat.jsonl"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 && lines.last == "", "one line, ended by a newline")
    expectTimed(lines[0], Self.basicChatLine)
  }

  /// A line per file in argument order however the files are spread over the cores, a missing
  /// file reported as unreadable, and the total.
  @Test func severalFilesGetOneLineEachInArgumentOrderAndATotal() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = try writeFile(
      Array(
        """
        {"t":1,"type":"sendTap"}
        {"t":0.5,"type":"sendTap"}
        {"t":2,"type":"sendTap"}

        """.utf8), "bad.jsonl", in: folder)
    let missing = folder.appendingPathComponent("missing.jsonl").path
    let files = ["Recordings/rotation.jsonl", missing, bad, "Recordings/basic-chat.jsonl"]
    // Line 2 goes back in time: {"t": is 5 characters, so its t is at column 6. Errors come in
    // argument order.
    let errors = """
      Error: cannot read '\(missing)': No such file or directory
      \(bad):2:6: error: 't' goes backwards: 0.5 comes after 1
          {"t":0.5,"type":"sendTap"}
               ^

      """
    // Without --keep-going: step 0 and line 1, then line 2 stops the file; the initial scroll's
    // bad-index is its one diagnostic. With it, line 3 is replayed too.
    expectInProcess(
      ["check", "--no-times"] + files,
      stdout: """
        \(Self.rotationLine)
        \(missing): unreadable
        \(bad): bad (1 error, stopped), 1 event, 2 steps; diagnostics: bad-index ×1 (1 step)
        \(Self.basicChatLine)
        4 files: 2 good, 2 bad

        """, stderr: errors, status: 1)
    expectInProcess(
      ["check", "--no-times", "--keep-going"] + files,
      stdout: """
        \(Self.rotationLine)
        \(missing): unreadable
        \(bad): bad (1 error), 2 events, 3 steps; diagnostics: bad-index ×1 (1 step)
        \(Self.basicChatLine)
        4 files: 2 good, 2 bad

        """, stderr: errors, status: 1)
  }

  @Test func goodFilesExitZeroWithATimedTotal() throws {
    let files = ["Recordings/basic-chat.jsonl", "Recordings/rotation.jsonl"]
    for jobs in ["1", "2", "4"] {
      let result = try ReplayBinary.run(["check", "--jobs", jobs] + files)
      #expect(result.status == 0)
      #expect(result.standardError == "")
      let lines = result.standardOutput.split(separator: "\n")
      try #require(lines.count == 3)
      expectTimed(lines[0], Self.basicChatLine)
      expectTimed(lines[1], Self.rotationLine)
      expectTimed(lines[2], "2 files: 2 good, 0 bad")
    }
  }

  /// A bad argument of `check` and the error it gets.
  struct BadArguments: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var error: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let badArguments = [
    BadArguments(
      arguments: ["--jobs", "0", "a.jsonl"],
      error: "--jobs takes a number of files at once (1 or more), not '0'"),
    BadArguments(
      arguments: ["--jobs", "two", "a.jsonl"],
      error: "--jobs takes a number of files at once (1 or more), not 'two'"),
    BadArguments(arguments: ["a.jsonl", "--jobs"], error: "--jobs needs a value"),
    BadArguments(
      arguments: ["--keepgoing", "a.jsonl"],
      error: "unknown option '--keepgoing'; did you mean '--keep-going'?"),
    BadArguments(arguments: ["--no-times"], error: "check needs at least one FILE"),
    BadArguments(arguments: [], error: "check needs at least one FILE"),
    BadArguments(arguments: ["-", "-"], error: "standard input ('-') can be read only once"),
  ]

  @Test(arguments: badArguments)
  func badArgumentsAreUsageErrors(_ bad: BadArguments) throws {
    expectInProcess(
      ["check"] + bad.arguments, stdout: "",
      stderr: """
        Error: \(bad.error)
        Usage: replay check FILE... [--keep-going] [--fail-on IDS] [--expect] [--record MODE]
                            [--artifacts DIR] [--format FORMAT] [--no-times] [--jobs N] [--layout NAME]
                            [--rxkeyboard-version V] [--option NAME=VALUE] [--timeline]

        """, status: 64)
  }

  // MARK: Decoding ahead

  /// What a run of `check` printed and how it exited.
  typealias Run = CommandLineTests.Run

  /// Runs `check arguments` in process, reading as ``reading`` says.
  func check(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
    -> Run
  {
    try runParsed(CheckCommand.self, arguments, sourceLocation: sourceLocation) {
      $0.reading = Self.reading
    }
  }

  /// Runs `check --no-times` on `paths` decoding ahead (`--jobs` twice the number of files: a
  /// core to spare per file, whatever the machine) and with `--jobs 1` (no decoding ahead, the
  /// reference); expects the same standard output, standard error and exit status, and returns
  /// the run that decoded ahead.
  @discardableResult
  func expectDecodeAheadMatchesOneJob(
    _ paths: [String], _ options: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Run {
    let ahead = try check(
      ["--no-times", "--jobs", "\(2 * paths.count)"] + options + paths,
      sourceLocation: sourceLocation)
    let reference = try check(
      ["--no-times", "--jobs", "1"] + options + paths, sourceLocation: sourceLocation)
    expectNoDifference(
      ahead.output, reference.output, "standard output", sourceLocation: sourceLocation)
    expectNoDifference(
      ahead.error, reference.error, "standard error", sourceLocation: sourceLocation)
    #expect(ahead.status == reference.status, sourceLocation: sourceLocation)
    return ahead
  }

  /// The line numbers in `check`'s error messages about `path`, in order.
  func errorLines(_ standardError: String, _ path: String) -> [Int] {
    standardError.split(separator: "\n").compactMap { line in
      guard line.hasPrefix(path + ":"), line.contains(": error: ") else { return nil }
      return Int(line.dropFirst(path.count + 1).prefix { $0 != ":" })
    }
  }

  /// Breaks seven lines of `recording` in place and returns their numbers, in file order.
  ///
  /// Each line keeps its length, so no chunk boundary moves. Which thread reads and decodes a
  /// chunk depends on the scheduling (the reader takes the first itself, and any the helper has
  /// not finished when the reader gets to it; the helper reads the others in order, up to a
  /// window ahead), so bad lines are spread over the first chunks, the window's wrap and the
  /// chunks after it: whichever thread decoded them, the output must be the same.
  func breakSevenLines(
    _ recording: inout RecordingLines, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [Int] {
    let count = recording.lines.count
    let second = recording.lineNumber(containing: Self.chunkSize)
    let sixth = recording.lineNumber(containing: 5 * Self.chunkSize) + 1
    let seventh = recording.lineNumber(containing: 6 * Self.chunkSize + Self.chunkSize / 2)
    // Chunk 17 reuses chunk 1's buffer.
    let wrap = recording.lineNumber(containing: Self.window * Self.chunkSize)
    let twentyFirst = recording.lineNumber(containing: 20 * Self.chunkSize)
    let late = twentyFirst + 2
    // The line across chunk 2's start, the line after the one across chunk 6's start, the line
    // across the boundary where the window wraps, the line across chunk 21's start, the last
    // line: truncated. A line in the middle of chunk 7 and a line in chunk 21: sent back in
    // time, still canonical.
    for number in [second, sixth, wrap, twentyFirst, count] {
      try recording.truncate(line: number)
    }
    try recording.sendBackInTime(line: seventh)
    try recording.sendBackInTime(line: late)
    let broken = [second, sixth, seventh, wrap, twentyFirst, late, count]
    // Seven different lines, in file order; the last one after chunk 21's.
    #expect(broken == broken.sorted() && Set(broken).count == 7, sourceLocation: sourceLocation)
    return broken
  }

  @Test func decodingAheadMatchesOneJobOnALargeRecording() throws {
    let large = RecordingLines(try #require(Self.large, "replay generate failed"))
    // More than 22 chunks: chunk 21 and the lines after it are there to be broken.
    #expect(large.bytes.count > 22 * Self.chunkSize)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try writeFile(large.bytes, "large.jsonl", in: folder)
    let events = large.eventCount
    #expect(events == 1_250)
    let result = try expectDecodeAheadMatchesOneJob([path])
    #expect(result.status == 0)
    #expect(result.error == "")
    #expect(result.output.hasPrefix("\(path): \(events) events, \(events + 1) steps; "))

    // The last line without its line break: the same events.
    let unended = try writeFile(Array(large.bytes.dropLast()), "unended.jsonl", in: folder)
    #expect(large.bytes.last == 0x0A)
    let unendedResult = try expectDecodeAheadMatchesOneJob([unended])
    #expect(unendedResult.status == 0)
    #expect(
      unendedResult.output.hasPrefix("\(unended): \(events) events, \(events + 1) steps; "))
  }

  /// One truncated line in the middle: the file stops there, or with `--keep-going` only that
  /// line is left out.
  @Test func decodingAheadMatchesOneJobWithABadLine() throws {
    var recording = RecordingLines(try #require(Self.large, "replay generate failed"))
    let events = recording.eventCount
    // The header and one event a line, none blank.
    #expect(recording.lines.count == events + 1)
    try recording.truncate(line: 625)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try writeFile(recording.bytes, "bad.jsonl", in: folder)

    let stopped = try expectDecodeAheadMatchesOneJob([path])
    #expect(stopped.status == 1)
    // Lines 2 to 624 are replayed: 623 events, and step 0.
    #expect(stopped.output.hasPrefix("\(path): bad (1 error, stopped), 623 events, 624 steps; "))
    #expect(errorLines(stopped.error, path) == [625])

    let kept = try expectDecodeAheadMatchesOneJob([path], ["--keep-going"])
    #expect(kept.status == 1)
    #expect(
      kept.output.hasPrefix("\(path): bad (1 error), \(events - 1) events, \(events) steps; "))
    #expect(errorLines(kept.error, path) == [625])
  }

  /// A good line longer than a chunk (14 kB, 3.4 chunks) and a line over the line limit longer
  /// than the window (78 kB, 19 chunks): both read across chunks, the second skipped as it goes.
  @Test func decodingAheadMatchesOneJobWithVeryLongLines() throws {
    let recording = RecordingLines(try #require(Self.large, "replay generate failed"))
    let lines = recording.lines
    let events = recording.eventCount
    #expect(lines.count == events + 1)
    /// Line `number`'s `t`, to keep time going forward.
    func t(ofLine number: Int) -> String {
      let text = String(decoding: recording.bytes[lines[number - 1]], as: UTF8.self)
      return String(text.dropFirst(5).prefix { $0 != "," })
    }
    let long =
      #"{"t":\#(t(ofLine: 500)),"type":"textChange","text":""#
      + String(repeating: "x", count: 14_000) + #""}"#
    let tooLong =
      #"{"t":\#(t(ofLine: 800)),"type":"textChange","text":""#
      + String(repeating: "y", count: 78_000) + #""}"#
    #expect(long.utf8.count > Self.chunkSize && long.utf8.count < Self.reading.lineLimit)
    #expect(tooLong.utf8.count > Self.window * Self.chunkSize)
    // After line 500 and after line 800 (801 once the first is in).
    let bytes =
      Array(recording.bytes[..<lines[500].lowerBound]) + Array((long + "\n").utf8)
      + Array(recording.bytes[lines[500].lowerBound..<lines[800].lowerBound])
      + Array((tooLong + "\n").utf8) + Array(recording.bytes[lines[800].lowerBound...])
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try writeFile(bytes, "long.jsonl", in: folder)

    let kept = try expectDecodeAheadMatchesOneJob([path], ["--keep-going"])
    #expect(kept.status == 1)
    // One more event than the recording, the long one; line 802 reported.
    #expect(
      kept.output.hasPrefix(
        "\(path): bad (1 error), \(events + 1) events, \(events + 2) steps; "))
    #expect(errorLines(kept.error, path) == [802])

    let stopped = try expectDecodeAheadMatchesOneJob([path])
    // Lines 2 to 801 are replayed.
    #expect(stopped.output.hasPrefix("\(path): bad (1 error, stopped), 800 events, 801 steps; "))
    #expect(errorLines(stopped.error, path) == [802])
  }

  /// Bad lines across chunk boundaries, the first chunk ending exactly at a line break.
  @Test func decodingAheadMatchesOneJobWithBadLinesAtChunkBoundaries() throws {
    var recording = RecordingLines(try #require(Self.large, "replay generate failed"))
    let events = recording.eventCount
    // Shift the lines so that a `\n` is the first chunk's last byte: the second chunk starts
    // with a line, which is then broken.
    let lastBreak = try #require(recording.bytes[..<Self.chunkSize].lastIndex(of: 0x0A))
    try recording.padHeader(by: Self.chunkSize - 1 - lastBreak)
    #expect(recording.bytes[Self.chunkSize - 1] == 0x0A)
    let broken = try breakSevenLines(&recording)
    #expect(recording.lines[broken[0] - 1].lowerBound == Self.chunkSize)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try writeFile(recording.bytes, "bad.jsonl", in: folder)

    let kept = try expectDecodeAheadMatchesOneJob([path], ["--keep-going"])
    #expect(kept.status == 1)
    #expect(
      kept.output.hasPrefix(
        "\(path): bad (7 errors), \(events - 7) events, \(events - 6) steps; "))
    #expect(errorLines(kept.error, path) == broken)

    let stopped = try expectDecodeAheadMatchesOneJob([path])
    // Lines 2 to broken[0] - 1 are replayed.
    #expect(
      stopped.output.hasPrefix(
        "\(path): bad (1 error, stopped), \(broken[0] - 2) events, \(broken[0] - 1) steps; "))
    #expect(errorLines(stopped.error, path) == [broken[0]])
  }

  /// CRLF line endings, shifted so that the first chunk ends between a `\r` and its `\n`; good,
  /// then with seven bad lines; and two files decoded ahead at once.
  @Test func decodingAheadMatchesOneJobWithCRLF() throws {
    var recording = RecordingLines(try #require(Self.large, "replay generate failed")).crlf
    let events = recording.eventCount
    let lastBreak = try #require(recording.bytes[..<Self.chunkSize].lastIndex(of: 0x0A))
    try recording.padHeader(by: Self.chunkSize - lastBreak)
    #expect(recording.bytes[(Self.chunkSize - 1)...].starts(with: [0x0D, 0x0A]))
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = try writeFile(recording.bytes, "good.jsonl", in: folder)
    let result = try expectDecodeAheadMatchesOneJob([good])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("\(good): \(events) events, \(events + 1) steps; "))

    let broken = try breakSevenLines(&recording)
    let bad = try writeFile(recording.bytes, "bad.jsonl", in: folder)
    let kept = try expectDecodeAheadMatchesOneJob([bad], ["--keep-going"])
    #expect(
      kept.output.hasPrefix(
        "\(bad): bad (7 errors), \(events - 7) events, \(events - 6) steps; "))
    #expect(errorLines(kept.error, bad) == broken)

    let both = try expectDecodeAheadMatchesOneJob([good, bad], ["--keep-going"])
    #expect(both.status == 1)
    #expect(both.output.hasSuffix("\n2 files: 1 good, 1 bad\n"))
    #expect(errorLines(both.error, bad) == broken)
  }

  /// The binary at its real chunk size: a recording of 16,000 events (about 1.2 MB, so more
  /// than the four chunks under which a file is read without the helper thread) checked with
  /// `--jobs 2` and `--jobs 1` gives the same output.
  @Test func theBinaryDecodesAheadAtItsRealChunkSize() throws {
    let bytes = try #require(Self.generated(events: 16_000), "replay generate failed")
    #expect(bytes.count > 4 * CheckCommand.Reading().chunkSize)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try writeFile(bytes, "real.jsonl", in: folder)
    let ahead = try ReplayBinary.run(["check", "--no-times", "--jobs", "2", path])
    let reference = try ReplayBinary.run(["check", "--no-times", "--jobs", "1", path])
    #expect(ahead.status == 0)
    expectNoDifference(ahead.standardOutput, reference.standardOutput, "standard output")
    #expect(ahead.standardError == "" && reference.standardError == "")
    #expect(ahead.standardOutput.hasPrefix("\(path): 16000 events, 16001 steps; "))
  }
}
