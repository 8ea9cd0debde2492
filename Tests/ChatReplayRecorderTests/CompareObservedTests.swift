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

  /// The ranking of `Recordings/recorder-divergence.jsonl` with a 52-pt input bar, as
  /// `--option inputBar.height=52` or the header's `options` set it, for the layouts that declare
  /// the option (rxkeyboard, keyboard-layout-guide); accessory has none and ranks as without it.
  ///
  /// rxkeyboard: bar y = 852 − 34 − k − 52, 8 pt above the device's at every observed step
  /// (766 for 774 with k 0; 430 for 472 with k 336), its height 52 for 44, and
  /// `contentInset.bottom = k + 52` (and the adjusted one, 34 more) 8 over the device's: 4 of the
  /// 9 values missed at each of the 4 observed steps, 36 − 16 = 20 matched. keyboard-layout-guide:
  /// bar y = 818 − 52 = 766 at rest and 516 − 52 = 464 with the keyboard, inset 852 − y − 34
  /// (52 and 354 for the device's 44 and 380): the same 4 misses per step, 20; the tie keeps the
  /// columns' order.
  static func rankingWithATallerBar(file: String, accessory: Substring) -> String {
    """
    \(file): 36 observed values in 4 observed events, matched within 0.5 pt by:
      1. rxkeyboard             20/36  first departs at step 2: inputBar.frame.y is 766, the device 774
      2. keyboard-layout-guide  20/36  first departs at step 2: inputBar.frame.y is 766, the device 774
    \(accessory)

    """
  }

  @Test func layoutOptionsFromTheCommandLineAndTheHeaderAreHonoured() throws {
    let layouts = ["--layouts", "rxkeyboard,keyboard-layout-guide,accessory"]
    let bundled = "Recordings/recorder-divergence.jsonl"
    let plain = try ReplayBinary.run(["compare", bundled, "--observed"] + layouts)
    let accessory = try #require(
      plain.standardOutput.split(separator: "\n").first { $0.contains(". accessory") })
    let withOption = try ReplayBinary.run(
      ["compare", bundled, "--observed", "--option", "inputBar.height=52"] + layouts)
    #expect(withOption.status == 0)
    #expect(
      withOption.standardOutput
        == Self.rankingWithATallerBar(file: bundled, accessory: accessory))

    // The same option in the header: accessory, which lacks it, is replayed without it (it was an
    // error), and `--option` overrides the header back to the device's 44.
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("tall-bar.jsonl").path
    let original = try String(contentsOfFile: bundled, encoding: .utf8)
    try Data(
      original.replacingOccurrences(
        of: #""layout":"rxkeyboard","#,
        with: #""layout":"rxkeyboard","options":{"inputBar.height":52},"#
      ).utf8
    ).write(to: URL(fileURLWithPath: path))
    let fromHeader = try ReplayBinary.run(["compare", path, "--observed"] + layouts)
    #expect(fromHeader.status == 0)
    #expect(fromHeader.standardError == "")
    #expect(
      fromHeader.standardOutput
        == Self.rankingWithATallerBar(file: path, accessory: accessory))
    let overridden = try ReplayBinary.run(
      ["compare", path, "--observed", "--option", "inputBar.height=44"] + layouts)
    #expect(
      overridden.standardOutput
        == plain.standardOutput.replacingOccurrences(of: bundled, with: path))
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
