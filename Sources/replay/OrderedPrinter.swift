internal import ChatReplay

/// Prints `replay check`'s reports in argument order, each as soon as every earlier one is
/// printed: a file's errors on standard error, then (in the text format) its line on standard
/// output.
struct OrderedPrinter: Sendable {
  private(set) var outcomes: [CheckCommand.Outcome?]
  private(set) var console: Console
  let policy: FailurePolicy
  /// Whether each report's line is printed as it comes (the text format); the other formats
  /// print the whole run at the end.
  let streamsText: Bool
  private var nextToPrint = 0

  init(count: Int, console: Console, policy: FailurePolicy, streamsText: Bool) {
    outcomes = Array(repeating: nil, count: count)
    self.console = console
    self.policy = policy
    self.streamsText = streamsText
  }

  mutating func deliver(_ outcome: CheckCommand.Outcome, at index: Int) {
    outcomes[index] = outcome
    while nextToPrint < outcomes.count, let ready = outcomes[nextToPrint] {
      let report = ready.report
      if let failure = report.readFailure { console.error.line(failure) }
      for error in report.errors { console.error.line(error.rendered(file: report.file)) }
      console.error.flush()
      if streamsText {
        console.output.line(report.line(policy: policy))
        for line in ready.details { console.output.line(line) }
        if let timeline = ready.timeline { console.output.line(timeline) }
        console.output.flush()
      }
      nextToPrint += 1
    }
  }
}
