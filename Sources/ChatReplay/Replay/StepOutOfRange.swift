/// A step that names no state of a recording: past its last step, or further back than step 0.
///
/// The one wording of this error, whether the step came from `replay --at` or the debugger's
/// `goto`, `diff` or `events`:
///
/// ```text
/// step 99 is out of range; the recording has 33 steps (0…32), -1 is the last
/// ```
public struct StepOutOfRange: Error, Hashable, Sendable {
  /// The step asked for, as given (`-40` for 40 steps back from the end).
  public var step: Int
  /// The recording's last step.
  public var last: Int

  /// An error for `step` in a recording whose last step is `last`.
  public init(step: Int, last: Int) {
    self.step = step
    self.last = last
  }

  /// The message, lowercase, to follow `Error: `.
  public var message: String {
    let count = last + 1
    return
      "step \(step) is out of range; the recording has \(count) step\(count == 1 ? "" : "s") "
      + "(0…\(last)), -1 is the last"
  }
}
