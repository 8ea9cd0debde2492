import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

/// `replay check`, run as a user runs it: its summary lines, errors and exit status, and the
/// same output whether a file is decoded ahead on a helper thread or not.
struct CheckCommandTests {
  /// The size of the chunks `check` reads, and how many it holds at once when decoding ahead.
  static let chunkSize = 1 << 18
  static let window = 16

  /// A recording of 80,000 events from `replay generate --seed 7`, generated once.
  ///
  /// About 6.2 MB, so 24 chunks: more than the window holds. `nil` if `replay generate` failed.
  static let large: [UInt8]? = {
    guard let folder = try? temporaryFolder() else { return nil }
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("large.jsonl").path
    let arguments = ["generate", "--seed", "7", "--events", "80000", "--output", path]
    guard let result = try? ReplayBinary.run(arguments), result.status == 0,
      let data = FileManager.default.contents(atPath: path)
    else { return nil }
    return Array(data)
  }()

  /// The `--no-times` lines of the bundled recordings, as the README shows them.
  static let basicChatLine =
    "Recordings/basic-chat.jsonl: 32 events, 33 steps; diagnostics: keyboard-gap ×1 (28 steps),"
    + " message-hidden ×2 (2 steps), offset-out-of-range ×1 (4 steps), bad-index ×1 (1 step)"
  static let rotationLine =
    "Recordings/rotation.jsonl: 30 events, 31 steps; diagnostics: keyboard-gap ×4 (21 steps),"
    + " message-hidden ×1 (1 step), offset-out-of-range ×2 (13 steps), unsafe-input ×1"
    + " (4 steps), bad-index ×1 (1 step)"

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
    try expectCommand(
      ["check", "--no-times", "Recordings/basic-chat.jsonl"], stdout: Self.basicChatLine + "\n")
    try expectCommand(
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
    try expectCommand(
      ["check", "--no-times"] + files,
      stdout: """
        \(Self.rotationLine)
        \(missing): unreadable
        \(bad): bad (1 error, stopped), 1 event, 2 steps; diagnostics: bad-index ×1 (1 step)
        \(Self.basicChatLine)
        4 files: 2 good, 2 bad

        """, stderr: errors, status: 1)
    try expectCommand(
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
    try expectCommand(
      ["check"] + bad.arguments, stdout: "",
      stderr: """
        Error: \(bad.error)
        Usage: replay check FILE... [--keep-going] [--fail-on IDS] [--expect] [--record MODE]
                            [--artifacts DIR] [--format FORMAT] [--no-times] [--jobs N] [--layout NAME]
                            [--rxkeyboard-version V] [--option NAME=VALUE] [--timeline]

        """, status: 64)
  }

  // MARK: Decoding ahead

  /// Runs `check --no-times` on `paths` decoding ahead (`--jobs` twice the number of files: a
  /// core to spare per file, whatever the machine) and with `--jobs 1` (no decoding ahead, the
  /// reference); expects the same standard output, standard error and exit status, and returns
  /// the run that decoded ahead.
  @discardableResult
  func expectDecodeAheadMatchesOneJob(
    _ paths: [String], _ options: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> ProcessResult {
    let ahead = try ReplayBinary.run(
      ["check", "--no-times", "--jobs", "\(2 * paths.count)"] + options + paths)
    let reference = try ReplayBinary.run(["check", "--no-times", "--jobs", "1"] + options + paths)
    #expect(ahead.outputBytes == reference.outputBytes, sourceLocation: sourceLocation)
    #expect(ahead.standardError == reference.standardError, sourceLocation: sourceLocation)
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
  /// Each line keeps its length, so no chunk boundary moves. The reader decodes the oldest
  /// chunks itself while the helper decodes from the newest back, so the first half of the
  /// window is mostly read without DecodedChunks and the chunks after it (17 on) mostly with:
  /// there are bad lines in both.
  func breakSevenLines(_ recording: inout RecordingLines) throws -> [Int] {
    let count = recording.lines.count
    let second = recording.lineNumber(containing: Self.chunkSize)
    let sixth = recording.lineNumber(containing: 5 * Self.chunkSize) + 1
    // Chunk 17 reuses chunk 1's buffer.
    let wrap = recording.lineNumber(containing: Self.window * Self.chunkSize)
    let twentyFirst = recording.lineNumber(containing: 20 * Self.chunkSize)
    let late = twentyFirst + 2
    // The line across chunk 2's start, the line after the one across chunk 6's start, the line
    // across the boundary where the window wraps, the line across chunk 21's start, the last
    // line: truncated. Line 20,000 and a line in chunk 21: sent back in time, still canonical.
    for number in [second, sixth, wrap, twentyFirst, count] {
      try recording.truncate(line: number)
    }
    try recording.sendBackInTime(line: 20_000)
    try recording.sendBackInTime(line: late)
    return [second, sixth, wrap, twentyFirst, count, 20_000, late].sorted()
  }

  @Test func decodingAheadMatchesOneJobOnALargeRecording() throws {
    let large = RecordingLines(try #require(Self.large, "replay generate failed"))
    #expect(large.bytes.count > Self.window * Self.chunkSize)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try writeFile(large.bytes, "large.jsonl", in: folder)
    let events = large.eventCount
    #expect(events == 80_000)
    let result = try expectDecodeAheadMatchesOneJob([path])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(
      result.standardOutput.hasPrefix("\(path): \(events) events, \(events + 1) steps; "))

    // The last line without its line break: the same events.
    let unended = try writeFile(Array(large.bytes.dropLast()), "unended.jsonl", in: folder)
    #expect(large.bytes.last == 0x0A)
    let unendedResult = try expectDecodeAheadMatchesOneJob([unended])
    #expect(unendedResult.status == 0)
    #expect(
      unendedResult.standardOutput.hasPrefix(
        "\(unended): \(events) events, \(events + 1) steps; "))
  }

  /// One truncated line in the middle: the file stops there, or with `--keep-going` only that
  /// line is left out.
  @Test func decodingAheadMatchesOneJobWithABadLine() throws {
    var recording = RecordingLines(try #require(Self.large, "replay generate failed"))
    let events = recording.eventCount
    // The header and one event a line, none blank.
    #expect(recording.lines.count == events + 1)
    try recording.truncate(line: 40_000)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try writeFile(recording.bytes, "bad.jsonl", in: folder)

    let stopped = try expectDecodeAheadMatchesOneJob([path])
    #expect(stopped.status == 1)
    // Lines 2 to 39,999 are replayed: 39,998 events, and step 0.
    #expect(
      stopped.standardOutput.hasPrefix(
        "\(path): bad (1 error, stopped), 39998 events, 39999 steps; "))
    #expect(errorLines(stopped.standardError, path) == [40_000])

    let kept = try expectDecodeAheadMatchesOneJob([path], ["--keep-going"])
    #expect(kept.status == 1)
    #expect(
      kept.standardOutput.hasPrefix(
        "\(path): bad (1 error), \(events - 1) events, \(events) steps; "))
    #expect(errorLines(kept.standardError, path) == [40_000])
  }

  /// A good line longer than a chunk (900 kB) and a line over the 1 MiB limit longer than the
  /// window (5 MB, 20 chunks): both read across chunks, the second skipped as it goes.
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
      #"{"t":\#(t(ofLine: 30_000)),"type":"textChange","text":""#
      + String(repeating: "x", count: 900_000) + #""}"#
    let tooLong =
      #"{"t":\#(t(ofLine: 50_000)),"type":"textChange","text":""#
      + String(repeating: "y", count: 5_000_000) + #""}"#
    // After line 30,000 and after line 50,000 (50,001 once the first is in).
    let bytes =
      Array(recording.bytes[..<lines[30_000].lowerBound]) + Array((long + "\n").utf8)
      + Array(recording.bytes[lines[30_000].lowerBound..<lines[50_000].lowerBound])
      + Array((tooLong + "\n").utf8) + Array(recording.bytes[lines[50_000].lowerBound...])
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try writeFile(bytes, "long.jsonl", in: folder)

    let kept = try expectDecodeAheadMatchesOneJob([path], ["--keep-going"])
    #expect(kept.status == 1)
    // One more event than the recording, the long one; line 50,002 reported.
    #expect(
      kept.standardOutput.hasPrefix(
        "\(path): bad (1 error), \(events + 1) events, \(events + 2) steps; "))
    #expect(errorLines(kept.standardError, path) == [50_002])

    let stopped = try expectDecodeAheadMatchesOneJob([path])
    // Lines 2 to 50,001 are replayed.
    #expect(
      stopped.standardOutput.hasPrefix(
        "\(path): bad (1 error, stopped), 50000 events, 50001 steps; "))
    #expect(errorLines(stopped.standardError, path) == [50_002])
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
      kept.standardOutput.hasPrefix(
        "\(path): bad (7 errors), \(events - 7) events, \(events - 6) steps; "))
    #expect(errorLines(kept.standardError, path) == broken)

    let stopped = try expectDecodeAheadMatchesOneJob([path])
    // Lines 2 to broken[0] - 1 are replayed.
    #expect(
      stopped.standardOutput.hasPrefix(
        "\(path): bad (1 error, stopped), \(broken[0] - 2) events, \(broken[0] - 1) steps; "))
    #expect(errorLines(stopped.standardError, path) == [broken[0]])
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
    #expect(result.standardOutput.hasPrefix("\(good): \(events) events, \(events + 1) steps; "))

    let broken = try breakSevenLines(&recording)
    let bad = try writeFile(recording.bytes, "bad.jsonl", in: folder)
    let kept = try expectDecodeAheadMatchesOneJob([bad], ["--keep-going"])
    #expect(
      kept.standardOutput.hasPrefix(
        "\(bad): bad (7 errors), \(events - 7) events, \(events - 6) steps; "))
    #expect(errorLines(kept.standardError, bad) == broken)

    let both = try expectDecodeAheadMatchesOneJob([good, bad], ["--keep-going"])
    #expect(both.status == 1)
    #expect(both.standardOutput.hasSuffix("\n2 files: 1 good, 1 bad\n"))
    #expect(errorLines(both.standardError, bad) == broken)
  }
}
