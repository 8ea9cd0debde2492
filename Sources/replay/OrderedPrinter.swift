internal import ChatReplay

/// Prints `replay check`'s reports in argument order, each as soon as every earlier one is
/// printed: a file's errors on standard error, then its line on standard output.
struct OrderedPrinter: Sendable {
  private(set) var outcomes: [CheckCommand.Outcome?]
  private(set) var console: Console
  private var nextToPrint = 0

  init(count: Int, console: Console) {
    outcomes = Array(repeating: nil, count: count)
    self.console = console
  }

  mutating func deliver(_ outcome: CheckCommand.Outcome, at index: Int) {
    outcomes[index] = outcome
    while nextToPrint < outcomes.count, let ready = outcomes[nextToPrint] {
      let report = ready.report
      if let failure = report.readFailure { console.error.line(failure) }
      for error in report.errors { console.error.line(error.rendered(file: report.file)) }
      console.error.flush()
      console.output.line(report.line)
      if let timeline = ready.timeline { console.output.line(timeline) }
      console.output.flush()
      nextToPrint += 1
    }
  }
}
