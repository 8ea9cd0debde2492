import ChatReplay
import ChatReplayRecorder
import Foundation
import ReplayTestSupport
import Testing

/// A session recorded through the core, written to a file, and read by the `replay` binary as a
/// user runs it; the observed values in it are worked out from the rxkeyboard layout's formulas
/// (see `scriptedSession`).
struct DifferentialReplayTests {
  func run(_ lines: [String], _ arguments: [String]) throws -> ProcessResult {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("session.jsonl").path
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    return try ReplayBinary.run(arguments.map { $0 == "FILE" ? path : $0 })
  }

  /// Each state of `replay FILE --json` as the numbers the tests check.
  struct Step: Equatable, CustomStringConvertible {
    var k: Double
    var inputBarY: Double
    var insetBottom: Double
    var text: String
    var messages: Int
    var divergences: [String]

    var description: String {
      "k \(k) bar.y \(inputBarY) inset \(insetBottom) text \(text.debugDescription) msgs \(messages) \(divergences)"
    }
  }

  func steps(_ output: String) throws -> [Step] {
    try output.split(separator: "\n").map { line in
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      func number(_ path: String) -> Double {
        var value: Any? = object
        for key in path.split(separator: ".") { value = (value as? [String: Any])?[String(key)] }
        return (value as? NSNumber)?.doubleValue ?? .nan
      }
      let diagnostics = object["diagnostics"] as? [[String: Any]] ?? []
      return Step(
        k: number("keyboard.visibleHeight"), inputBarY: number("inputBar.frame.y"),
        insetBottom: number("list.contentInset.bottom"),
        text: (object["inputBar"] as? [String: Any])?["text"] as? String ?? "?",
        messages: Int(number("messageCount")),
        divergences: diagnostics.filter { $0["id"] as? String == "model-divergence" }.map {
          "\($0["path"] ?? "") model \($0["model"] ?? "") device \($0["device"] ?? "") difference \($0["difference"] ?? "")"
        })
    }
  }

  // The rxkeyboard model: k = H − keyboard.y; inputBar.y = H − S.bottom − k − 44;
  // contentInset.bottom = k + 44. With H 852 and S.bottom 34: hidden (k 0) gives 774 and 44;
  // shown at y 516 (k 336) gives 438 and 380.
  static let hidden = (k: 0.0, y: 774.0, inset: 44.0)
  static let shown = (k: 336.0, y: 438.0, inset: 380.0)

  func expected(divergences: [Int: [String]]) -> [Step] {
    let script: [(state: (k: Double, y: Double, inset: Double), text: String, messages: Int)] = [
      (Self.hidden, "", 1),  // 0 start: the header's one message
      (Self.hidden, "", 1),  // 1 appear
      (Self.hidden, "", 1),  // 2 observed
      (Self.shown, "", 1),  // 3 willChangeFrame to y 516
      (Self.shown, "", 1),  // 4 willShow
      (Self.shown, "", 1),  // 5 observed
      (Self.shown, "", 1),  // 6 didChangeFrame
      (Self.shown, "", 1),  // 7 didShow
      (Self.shown, "H", 1),  // 8 textChange
      (Self.shown, "Hi", 1),  // 9 textChange
      (Self.shown, "", 2),  // 10 sendTap: "Hi" is sent, the field cleared
      (Self.shown, "", 2),  // 11 textChange ""
      (Self.shown, "", 2),  // 12 observed
      (Self.hidden, "", 2),  // 13 willHide to y 852
      (Self.hidden, "", 2),  // 14 observed
      (Self.hidden, "", 2),  // 15 didHide
    ]
    return script.enumerated().map { step, row in
      Step(
        k: row.state.k, inputBarY: row.state.y, insetBottom: row.state.inset, text: row.text,
        messages: row.messages, divergences: divergences[step] ?? [])
    }
  }

  @Test func aRecordingThatAgreesWithTheModelHasNoDivergence() throws {
    let lines = scriptedSession(inputBarYWithKeyboard: 438)
    let states = try run(lines, ["FILE", "--json"])
    #expect(states.status == 0)
    let actual = try steps(states.standardOutput)
    expectLines(actual.map(\.description), expected(divergences: [:]).map(\.description))
    let check = try run(lines, ["check", "FILE"])
    #expect(check.status == 0)
    #expect(!check.standardOutput.contains("model-divergence"))
    #expect(check.standardOutput.contains(": 15 events, 16 steps; diagnostics: "))
  }

  @Test func aDeviceThatDivergesIsReportedAtTheStepsItDoes() throws {
    // The device puts the bar at 472 while the keyboard is up (steps 5 and 12): 472 − 438 = 34.
    let lines = scriptedSession(inputBarYWithKeyboard: 472)
    let states = try run(lines, ["FILE", "--json"])
    let divergence = "inputBar.frame.y model 438 device 472 difference 34"
    let actual = try steps(states.standardOutput)
    expectLines(
      actual.map(\.description),
      expected(divergences: [5: [divergence], 12: [divergence]]).map(\.description))
    let check = try run(lines, ["check", "FILE"])
    #expect(check.status == 0)
    #expect(check.standardOutput.contains("model-divergence ×2 (2 steps)"))
  }
}
