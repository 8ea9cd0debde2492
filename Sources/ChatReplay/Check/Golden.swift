/// How a recording's states compared with its reference file, `NAME.jsonl.expected`, under
/// `replay check --expect`.
public enum GoldenOutcome: Hashable, Sendable {
  /// The states are the reference's.
  case matched
  /// There was no reference, and this run wrote it (the check still fails once, so that a new
  /// reference is looked at before it is trusted).
  case recorded
  /// There is no reference, and the record mode forbids writing one (`never`, or `CI` set).
  case missing
  /// The states differ from the reference.
  case mismatched(GoldenMismatch)
}

/// Where and how the states differ from their reference.
public struct GoldenMismatch: Hashable, Sendable {
  /// The first step that differs.
  public var step: Int
  /// How many steps differ (a step present on one side only counts).
  public var differingSteps: Int
  /// The labelled diff of the first differing steps, in the debugger's `diff` style.
  public var diff: [String]

  /// A mismatch first at `step`.
  public init(step: Int, differingSteps: Int, diff: [String]) {
    self.step = step
    self.differingSteps = differingSteps
    self.diff = diff
  }
}

/// Golden states: a recording's `--json` states against the reference file kept beside it.
public enum Golden {
  /// How many differing steps a mismatch shows.
  public static let stepsShown = 3

  /// The reference path of `recording`: `NAME.jsonl.expected`.
  public static func referencePath(of recording: String) -> String { recording + ".expected" }

  /// Where a run writes the new states that differ from the reference: `NAME.jsonl.expected.new`.
  public static func newPath(of recording: String) -> String { recording + ".expected.new" }

  /// Compares `actual` with `expected` (both one JSON state per line); `nil` when they are the
  /// same.
  ///
  /// `lines` are the recording's line numbers of each step's event (`nil` for step 0).
  public static func mismatch(expected: String, actual: String, lines: [Int?]) -> GoldenMismatch? {
    guard expected != actual else { return nil }
    let old = expected.split(separator: "\n", omittingEmptySubsequences: true)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: true)
    var differing: [Int] = []
    for step in 0..<max(old.count, new.count) {
      let a = step < old.count ? old[step] : nil
      let b = step < new.count ? new[step] : nil
      if a != b { differing.append(step) }
    }
    // Equal lines, and only the final newline or blank lines differ: nothing to show but that.
    guard let first = differing.first else {
      return GoldenMismatch(
        step: 0, differingSteps: 0, diff: ["The reference differs only in blank lines."])
    }
    var diff: [String] = []
    for step in differing.prefix(stepsShown) {
      let line = step < lines.count ? lines[step] : nil
      let place = line.map { "step \(step) (line \($0) of the recording)" } ?? "step \(step)"
      diff.append("\(place) (Expected: −, Actual: +)")
      switch (step < old.count ? old[step] : nil, step < new.count ? new[step] : nil) {
      case (let a?, let b?):
        if let before = StateNode(json: String(a)), let after = StateNode(json: String(b)),
          let lines = StateDiff.lines(before, after, label: "ChatState", indent: "")
        {
          diff += lines
        } else {
          diff += ["− " + a, "+ " + b]
        }
      case (let a?, nil):
        diff.append("− " + a + "  (only in the reference)")
      case (nil, let b?):
        diff.append("+ " + b + "  (only in the new states)")
      case (nil, nil):
        break
      }
    }
    if differing.count > stepsShown {
      diff.append("… and \(counted(differing.count - stepsShown, "more differing step"))")
    }
    return GoldenMismatch(step: first, differingSteps: differing.count, diff: diff)
  }
}
