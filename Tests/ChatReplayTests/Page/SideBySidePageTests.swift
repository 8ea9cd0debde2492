import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

/// The data of a side-by-side page (`replay html --layouts`): where the layouts diverge.
struct SideBySidePageTests {
  static let pair = [Comparison.Column(.rxkeyboard), Comparison.Column(.keyboardLayoutGuide)]
  static let triple = [
    Comparison.Column(.growing), Comparison.Column(.accessory), Comparison.Column(.scrollToField),
  ]

  /// Recordings where rxkeyboard and keyboard-layout-guide agree at some steps and not at others
  /// (one with a header option only the guide has), and two for three layouts.
  static let recordings = [
    "hardware-keyboard.jsonl", "ipad-split-keyboard.jsonl", "ipad-undocked-keyboard.jsonl",
    "no-home-indicator.jsonl", "basic-chat.jsonl", "growing-five-lines.jsonl",
  ]

  /// `bytes` through each of `columns`, as `replay html --layouts` loads them.
  static func timelines(_ bytes: [UInt8], _ columns: [Comparison.Column]) throws -> [Timeline] {
    try columns.map { column in
      var options = Replayer.Options(customLayout: column.layout)
      options.skipsUndeclaredOptions = true
      return try Timeline.load(bytes, options: options).get()
    }
  }

  /// The steps in `runs` (`first, last, fields` from the range's start), counted from 0.
  static func steps(_ runs: [Int], from first: Int) -> [Int] {
    stride(from: 0, to: runs.count, by: 3).flatMap { (runs[$0]...runs[$0 + 1]).map { $0 + first } }
  }

  @Test func theDivergencesAreTheStepsCompareMarks() throws {
    for name in Self.recordings {
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: ReplayBinary.recording(name))))
      for columns in name.hasPrefix("ipad") ? [Self.pair] : [Self.pair, Self.triple] {
        let timelines = try Self.timelines(bytes, columns)
        let comparison = bytes.withUnsafeBufferPointer {
          Comparison(replaying: $0, columns: columns)
        }
        let last = timelines[0].lastStep
        let whole = PageData.divergences(timelines, range: 0...last)
        #expect(Self.steps(whole, from: 0) == comparison.divergingSteps, "\(name)")
        // A window's runs are counted from its first step.
        let first = min(3, last)
        let window = PageData.divergences(timelines, range: first...last)
        #expect(
          Self.steps(window, from: first) == comparison.divergingSteps.filter { $0 >= first },
          "\(name) from step \(first)")
      }
    }
  }

  @Test func runsNameWhatDiffers() throws {
    let bytes = Array(
      try Data(
        contentsOf: URL(fileURLWithPath: ReplayBinary.recording("ipad-undocked-keyboard.jsonl"))))
    let timelines = try Self.timelines(bytes, Self.pair)
    // rxkeyboard against keyboard-layout-guide, steps 3…12 (worked out in HTMLPageTests'
    // sideBySideMarksTheStepsWhereTheLayoutsDiverge): they agree through step 7; at step 8
    // (index 5) the bars (bit 1), insets (2) and diagnostics (8) differ: 11; at steps 9–10 the
    // offsets (4) and diagnostics: 12; at steps 11–12 all four: 15.
    #expect(
      PageData.divergences(timelines, range: 3...12) == [5, 5, 11, 6, 7, 12, 8, 9, 15])
  }
}
