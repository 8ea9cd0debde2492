import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

/// The real binary against the library: what `replay` prints for generated recordings.
struct GeneratedRecordingTests {
  /// The real binary, on two generated recordings: `replay --json` prints, line for line,
  /// the states reduced in memory.
  @Test func replayJSONOfAGeneratedRecordingEqualsReducingInMemory() throws {
    let executable = try #require(replayExecutable(), "the replay executable was not built")
    for seed: UInt64 in [1, 2] {
      let recording = PropertyDefaults.realistic.generate(seed: seed)
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent(
          "replay-pbt-\(ProcessInfo.processInfo.processIdentifier)-\(seed).jsonl")
      try Data(recording.bytes).write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      for layout in LayoutID.allCases {
        let run = try runReplay(executable, [file.path, "--json", "--layout", layout.rawValue])
        #expect(run.status == 0)
        let expected = recording.states(layout: layout, measurer: FontMetricsMeasurer()).map {
          $0.jsonLine() + "\n"
        }.joined()
        expectNoDifference(run.output, expected)
      }
    }
  }
}
