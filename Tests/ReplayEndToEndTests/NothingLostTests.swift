import Foundation
import ReplayTestSupport
import Testing

/// The real `replay` binary accounts for every non-blank line of a recording: each is replayed
/// (the header, or an event that makes a state) or reported as an error.
struct NothingLostTests {
  /// Fourteen lines: twelve non-blank, of which five replay and seven are wrong.
  static let mixed: [UInt8] =
    Array(
      """
      {"type":"session","version":1}
      {"t":0.1,"type":"textChange","text":"Hi"}\r

      {"t":0.2,"type":"sendTapp"}
      not json
      {"t":0.3,"type":"sendTap"}
      {"t":0.1,"type":"sendTap"}
      {"t":0.4,"type":"keyboard","name":"willShow"}
         
      {"t":0.5,"type":"receive","text":"\\ud800"}
      {"type":"session","version":1}

      """.utf8)
    + Array(#"{"t":0.6,"type":"receive","text":""#.utf8) + [0xFF] + Array("\"}\n".utf8)
    + Array(
      """
      {"t":0.65,"type":"scroll","offsetY":1e10}
      {"t":0.7,"type":"doneTap"}
      """.utf8)

  @Test func keepGoingReplaysOrReportsEveryNonBlankLine() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/mixed.jsonl"
    try Data(Self.mixed).write(to: URL(fileURLWithPath: path))

    let result = try runReplay([path, "--json", "--keep-going"])

    // States: step 0 (from the header on line 1) and one per event on lines 2, 6, 8 and 14.
    let states = result.standardOutput.split(separator: "\n")
    #expect(states.count == 5)
    // Errors: 4 unknown type, 5 not JSON, 7 t backwards, 10 lone surrogate, 11 header not
    // first, 12 invalid UTF-8, 13 number out of range.
    let errorLines = result.standardError.split(separator: "\n")
      .filter { $0.contains(": error: ") }
      .compactMap { Int($0.split(separator: ":")[1]) }
    #expect(errorLines == [4, 5, 7, 10, 11, 12, 13])
    // Lines 1, 2, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14: twelve non-blank lines; the header line plus
    // one event per state after step 0 is 1 + 4 = 5 replayed; 5 + 7 = 12.
    let nonBlank = Self.mixed.split(separator: 0x0A)
      .filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x0D } }.count
    #expect(nonBlank == 12)
    #expect(1 + (states.count - 1) + errorLines.count == nonBlank)
    #expect(result.status == 1)
    // The recording is read, never written.
    #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == Self.mixed)
  }

  @Test func withoutKeepGoingTheFirstErrorStopsTheReplay() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/mixed.jsonl"
    try Data(Self.mixed).write(to: URL(fileURLWithPath: path))

    let result = try runReplay([path, "--json"])

    // Lines 1 and 2 replay (steps 0 and 1); line 4 is the first error and nothing follows.
    #expect(result.standardOutput.split(separator: "\n").count == 2)
    #expect(
      result.standardError.split(separator: "\n").filter { $0.contains(": error: ") }.count == 1)
    #expect(result.status == 1)
  }
}
