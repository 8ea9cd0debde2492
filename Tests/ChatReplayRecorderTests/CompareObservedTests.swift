import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

/// `replay compare FILE --observed`, run as a user runs it, on recordings whose observed values
/// are a layout's own states: that layout must come first, matching every value.
struct CompareObservedTests {
  static let script: [Event] = [
    .keyboard(
      .init(
        name: .willChangeFrame, frameBegin: Rect(x: 0, y: 852, width: 393, height: 336),
        frameEnd: Rect(x: 0, y: 516, width: 393, height: 336), duration: 0.25, curve: 7,
        isLocal: true)),
    .keyboard(
      .init(
        name: .willShow, frameBegin: Rect(x: 0, y: 852, width: 393, height: 336),
        frameEnd: Rect(x: 0, y: 516, width: 393, height: 336), duration: 0.25, curve: 7,
        isLocal: true)),
    .textChange(text: "See you at eight"),
    .sendTap,
    .textChange(text: ""),
    .receive(text: "Perfect, I'll book a table for two by the window"),
    .keyboard(
      .init(
        name: .willHide, frameBegin: Rect(x: 0, y: 516, width: 393, height: 336),
        frameEnd: Rect(x: 0, y: 852, width: 393, height: 336), duration: 0.25, curve: 7,
        isLocal: true)),
  ]

  /// The script through `layout`, with an `observed` event after each step giving every
  /// observable value of the layout's state there.
  static func recording(of layout: LayoutID) -> String {
    let header = SessionHeader(layout: layout)
    let screen = ChatScreen(layout: layout)
    var state = screen.initialState(header: header)
    var events: [TimedEvent] = []
    for (index, event) in script.enumerated() {
      let t = Double(index) * 0.5
      screen.reduce(into: &state, TimedEvent(t: t, event: event))
      events.append(TimedEvent(t: t, event: event))
      let values = ObservedPath.allCases.map { Observation.Value($0, state.value(at: $0)) }
      events.append(TimedEvent(t: t, event: .observed(Observation(values))))
    }
    return EventEncoder.recording(header: header, events: events)
  }

  @Test(arguments: LayoutID.allCases)
  func eachLayoutRanksFirstOnItsOwnOutput(_ layout: LayoutID) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("\(layout.rawValue).jsonl").path
    try Data(Self.recording(of: layout).utf8).write(to: URL(fileURLWithPath: path))
    let result = try ReplayBinary.run(["compare", path, "--observed", "--json"])
    #expect(result.status == 0)
    let ranks = try result.standardOutput.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    try #require(ranks.count == LayoutID.allCases.count)
    // Seven events, each followed by all 20 observable values: 140.
    let total = Self.script.count * ObservedPath.allCases.count
    #expect(ranks[0]["layout"] as? String == layout.rawValue)
    #expect(ranks[0]["matched"] as? Int == total)
    #expect(ranks[0]["observed"] as? Int == total)
    #expect(ranks[0]["firstDeparture"] == nil)
    // Every other layout departs somewhere.
    for rank in ranks.dropFirst() {
      #expect((rank["matched"] as? Int ?? total) < total, "\(rank)")
    }
  }

  @Test func aRecordingWithoutObservedValuesIsAnError() throws {
    let result = try ReplayBinary.run(
      ["compare", "Recordings/basic-chat.jsonl", "--observed"])
    #expect(result.status == 1)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError
        == "Error: Recordings/basic-chat.jsonl has no observed values to rank the layouts by; "
        + "record what UIKit laid out with ChatReplayRecorder's layoutObserved.\n")
  }

  @Test func theBundledRecordingRanksRxKeyboardFirst() throws {
    let result = try ReplayBinary.run(
      ["compare", "Recordings/recorder-divergence.jsonl", "--observed"])
    #expect(result.status == 0)
    // 4 observed events × 9 values (4 of the frame, 2 + 2 insets, the count) = 36; rxkeyboard
    // misses only inputBar.frame.y at steps 5 and 12.
    let lines = result.standardOutput.split(separator: "\n")
    #expect(
      lines.first
        == "Recordings/recorder-divergence.jsonl: 36 observed values in 4 observed events, matched within 0.5 pt by:"
    )
    #expect(
      lines.dropFirst().first?.hasPrefix(
        "  1. rxkeyboard             34/36  first departs at step 5: inputBar.frame.y is 438, the device 472"
      ) == true)
  }
}
