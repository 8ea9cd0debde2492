import Foundation
import ReplayTestSupport
import Testing

/// `replay compare`: the binary, and its usage errors in process.
struct CompareCommandTests {
  @Test func compareShowsEveryLayoutAndMarksDivergence() throws {
    let result = try ReplayBinary.run(
      [
        "compare", ReplayBinary.recording("rotation.jsonl"), "--layouts",
        "rxkeyboard,rxkeyboard@2.0.1", "--diverging",
      ])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n")
    // The 2.0.1 column intersects frames with the screen, so the layouts part ways when the
    // keyboard frame leaves the rotated screen; the last line counts the diverging steps.
    #expect(lines.last?.hasPrefix("31 steps, ") == true)
    #expect(lines.contains { $0.contains("≠ rxkeyboard ") })
    #expect(lines.contains { $0.contains("rxkeyboard@2.0.1") })
  }

  @Test func compareJSONIsOneObjectPerStep() throws {
    let result = runInProcess(["compare", ReplayBinary.recording("basic-chat.jsonl"), "--json"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n")
    // 32 events: steps 0…32.
    #expect(lines.count == 33)
    for line in lines {
      #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any])
    }
  }

  @Test func compareRejectsAnUnknownLayout() throws {
    expectInProcess(
      ["compare", "Recordings/basic-chat.jsonl", "--layouts", "growin"], stdout: "",
      stderr: """
        Error: unknown layout 'growin'; did you mean 'growing'?
        Usage: replay compare FILE [--json] [--diverging] [--observed] [--layouts LIST]
                              [--rxkeyboard-version V] [--option NAME=VALUE]

        """, status: 64)
  }
}
