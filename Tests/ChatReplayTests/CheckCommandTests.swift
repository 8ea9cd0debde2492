import Foundation
import Testing

/// `replay check`, run as a user runs it: one line per file, errors on standard error, the exit
/// status; and on a big file, the same output whether a second thread decodes ahead or not.
struct CheckCommandTests {
  /// A fresh temporary folder.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "replay-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The events of a recording: its non-blank lines but the header.
  static func eventCount(_ path: String) throws -> Int {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return text.split(separator: "\n").filter {
      !$0.allSatisfy(\.isWhitespace) && !$0.contains(#""type":"session""#)
    }.count
  }

  @Test func oneLinePerFileWithEventsStepsDiagnosticsAndTime() throws {
    let path = ReplayBinary.recording("basic-chat.jsonl")
    let result = try ReplayBinary.run(["check", path])
    let events = try Self.eventCount(path)
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let line = result.standardOutput
    // Step 0 plus one step per event.
    #expect(line.hasPrefix("\(path): \(events) events, \(events + 1) steps; diagnostics: "))
    #expect(line.contains("bad-index ×1 (1 step)"))  // every rxkeyboard replay starts with it
    #expect(line.range(of: #"; [0-9.]+ ms, [0-9.]+ MB/s\n$"#, options: .regularExpression) != nil)
  }

  @Test func filesAreReportedInArgumentOrderAndAnyBadOneFails() throws {
    let folder = try Self.folder()
    let bad = folder.appendingPathComponent("bad.jsonl").path
    try Data("{\"t\":1,\"type\":\"sendTap\"}\n{\"t\":0.5,\"type\":\"sendTap\"}\n".utf8).write(
      to: URL(fileURLWithPath: bad))
    let missing = folder.appendingPathComponent("missing.jsonl").path
    let good = ReplayBinary.recording("rotation.jsonl")
    let result = try ReplayBinary.run(["check", "--no-times", bad, good, missing])
    #expect(result.status == 1)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    // bad.jsonl: line 1 replays (step 0 and step 1), line 2 goes back in time and stops it.
    #expect(lines[0].hasPrefix("\(bad): bad (1 error, stopped), 1 event, 2 steps; "))
    #expect(lines[1].hasPrefix("\(good): \(try Self.eventCount(good)) events"))
    #expect(lines[2] == "\(missing): unreadable")
    #expect(lines[3] == "3 files: 1 good, 2 bad")
    #expect(result.standardError.contains("\(bad):2:6: error: 't' goes backwards"))
    #expect(result.standardError.contains("cannot read '\(missing)'"))
  }

  @Test(arguments: [
    ["check"], ["check", "--jobs", "0", "x.jsonl"], ["check", "--bogus", "x.jsonl"],
  ])
  func badArgumentsAreAUsageError(_ arguments: [String]) throws {
    let result = try ReplayBinary.run(arguments)
    #expect(result.status == 64)
    #expect(result.standardOutput == "")
    #expect(result.standardError.contains("Usage: replay check FILE..."))
  }

  // MARK: Decoding ahead

  /// A generated recording of 80,000 events (about 6.2 MB: 24 chunks of 256 KiB, more than the
  /// 16 in flight at once), as lines.
  static let bigRecording: Result<[String], any Error> = Result {
    let path = try folder().appendingPathComponent("big.jsonl").path
    let result = try ReplayBinary.run([
      "generate", "--seed", "7", "--events", "80000", "--output", path,
    ])
    guard result.status == 0 else { throw CocoaError(.fileWriteUnknown) }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
  }

  /// Checks `lines` (joined by `separator`) with and without decoding ahead; returns the first run.
  ///
  /// With a second thread decoding ahead (`--jobs 2`) and without (`--jobs 1`), the two runs must
  /// print the same bytes and exit alike.
  static func checkBothWays(
    _ lines: [String], separator: String = "\n", trailingSeparator: Bool = true,
    _ options: [String] = []
  ) throws -> ProcessResult {
    let path = try folder().appendingPathComponent("variant.jsonl").path
    var text = lines.joined(separator: separator)
    if trailingSeparator { text += separator }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let ahead = try ReplayBinary.run(["check", "--no-times", "--jobs", "2"] + options + [path])
    let alone = try ReplayBinary.run(["check", "--no-times", "--jobs", "1"] + options + [path])
    #expect(ahead.status == alone.status)
    #expect(ahead.standardOutput == alone.standardOutput)
    #expect(ahead.standardError == alone.standardError)
    return ahead
  }

  @Test func aBigGoodFileReadsTheSameWithOrWithoutDecodingAhead() throws {
    let lines = try Self.bigRecording.get()
    let result = try Self.checkBothWays(lines)
    #expect(result.status == 0)
    // The generator writes a header and then the 80,000 events.
    #expect(result.standardOutput.contains(": 80000 events, 80001 steps;"))
  }

  @Test func aBadLineStopsBothWaysAtTheSamePlace() throws {
    var lines = try Self.bigRecording.get()
    lines[40_000] = #"{"t":1,"type":"sendTap""#
    let result = try Self.checkBothWays(lines)
    #expect(result.status == 1)
    // Line 40,001 is bad; the 39,999 events before it (lines 2 to 40,000) were replayed.
    #expect(result.standardOutput.contains(": bad (1 error, stopped), 39999 events, 40000 steps;"))
    #expect(result.standardError.contains(":40001:24: error: the line ends early"))
  }

  @Test func withKeepGoingEveryBadLineIsReportedBothWays() throws {
    var lines = try Self.bigRecording.get()
    // The line holding byte 262,144 (where the first 256 KiB chunk ends) is cut in two by the
    // chunks; break it, and three more lines elsewhere.
    var offset = 0
    var atBoundary = 0
    for (index, line) in lines.enumerated() {
      offset += line.utf8.count + 1
      if offset > 262_144 {
        atBoundary = index
        break
      }
    }
    lines[atBoundary] = "not json"
    lines[10] = #"{"t":1,"type":"sendTap""#
    lines[50_000] = ""  // blank: skipped, not an error
    lines[60_000] = #"{"t":1e9,"type":"sendTap"}"#  // the lines after it go back in time
    lines[79_000] = #"{"type":"session","version":1}"#  // a header that is not first
    let result = try Self.checkBothWays(lines, ["--keep-going"])
    #expect(result.status == 1)
    #expect(result.standardError.contains(":\(atBoundary + 1):1: error:"))
    #expect(result.standardError.contains(":11:24: error: the line ends early"))
    #expect(result.standardError.contains(":79001:1: error:"))
  }

  @Test func aLastLineWithoutANewlineAndCRLFLinesReadTheSameBothWays() throws {
    let lines = try Self.bigRecording.get()
    let noNewline = try Self.checkBothWays(lines, trailingSeparator: false)
    #expect(noNewline.status == 0)
    #expect(noNewline.standardOutput.contains(": 80000 events, 80001 steps;"))
    let crlf = try Self.checkBothWays(lines, separator: "\r\n")
    #expect(crlf.status == 0)
    #expect(crlf.standardOutput.contains(": 80000 events, 80001 steps;"))
  }
}
