import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

/// Every recording in `Recordings/` replays, and `replay FILE --json` (run in process) prints
/// exactly the expected output checked in beside it (`NAME.jsonl.expected`).
///
/// To accept a deliberate change of output, regenerate the files with
/// `for f in Recordings/*.jsonl; do swift run replay "$f" --json > "$f.expected"; done`
/// and review the diff.
struct RecordingsTests {
  static let names: [String] = {
    let folder = ReplayBinary.packageRoot.appendingPathComponent("Recordings")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".jsonl") }.sorted()
  }()

  @Test func thereAreAtLeastEightRecordings() {
    #expect(Self.names.count >= 8)
  }

  @Test(arguments: names)
  func jsonOutputMatchesTheCheckedInExpectation(_ name: String) throws {
    let expectedPath = ReplayBinary.recording(name + ".expected")
    let expected = try String(contentsOfFile: expectedPath, encoding: .utf8)
    let result = runInProcess([ReplayBinary.recording(name), "--json"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    expectNoDifference(result.standardOutput, expected)
  }

  @Test(arguments: names)
  func everyRecordingHasAHeaderAndReplaysWithoutErrors(_ name: String) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ReplayBinary.recording(name))))
    let timeline = try Timeline.load(bytes).get()
    #expect(timeline.headerLine == 1)
    #expect(timeline.errors.isEmpty)
    #expect(timeline.lastStep > 10)
  }
}
