import Testing

@testable import replay

/// `replay html`'s window: the steps `--from` and `--to` choose, and the size a page holds.
struct HTMLCommandTests {
  /// A window and what `replay html` says of it.
  struct Case: CustomTestStringConvertible, Sendable {
    var first: Int?
    var end: Int?
    var lastStep: Int
    var layoutCount: Int
    /// The range, or the error's text.
    var expected: String
    var testDescription: String { "\(layoutCount) layouts, steps 0…\(lastStep)" }
  }

  // A page holds 2,000,000 steps: a side-by-side page shares them between its layouts, 1,000,000
  // each for two, 400,000 for five.
  static let cases = [
    Case(lastStep: 1_999_999, layoutCount: 1, expected: "0...1999999"),
    Case(
      lastStep: 2_000_000, layoutCount: 1,
      expected: "Error: 2000001 steps are more than a page holds (2000000); choose a window with "
        + "--from N --to M, e.g. --from 0 --to 1999999"),
    Case(lastStep: 999_999, layoutCount: 2, expected: "0...999999"),
    Case(
      lastStep: 1_000_000, layoutCount: 2,
      expected: "Error: 1000001 steps are more than a page of 2 layouts holds (1000000: 2000000 "
        + "shared between the layouts); choose a window with --from N --to M, e.g. --from 0 --to "
        + "999999"),
    Case(first: 10, end: 400_009, lastStep: 3_000_000, layoutCount: 5, expected: "10...400009"),
    Case(
      first: 10, end: 400_010, lastStep: 3_000_000, layoutCount: 5,
      expected: "Error: 400001 steps are more than a page of 5 layouts holds (400000: 2000000 "
        + "shared between the layouts); choose a window with --from N --to M, e.g. --from 10 --to "
        + "400009"),
    Case(
      first: 5, end: 40, lastStep: 32, layoutCount: 2,
      expected: "Error: the window 5…40 is not within the recording's steps 0…32"),
  ]

  @Test(arguments: cases)
  func windowFitsThePage(_ window: Case) {
    let result = HTMLCommand.window(
      first: window.first, end: window.end, lastStep: window.lastStep,
      layoutCount: window.layoutCount)
    switch result {
    case .success(let range): #expect("\(range)" == window.expected)
    case .failure(let failure): #expect(failure.message == window.expected)
    }
  }
}
