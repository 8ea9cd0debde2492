/// One reason a recording fails `replay check`, as the reports (JUnit, GitHub, Markdown, JSON)
/// list it.
public struct CheckFailure: Hashable, Sendable {
  /// What kind of reason.
  public enum Reason: Hashable, Sendable {
    /// A line that cannot be replayed.
    case badLine
    /// The file cannot be read.
    case unreadable
    /// A run of a diagnostic that `--fail-on` names.
    case diagnostic(Diagnostic.Kind)
    /// The states differ from the reference.
    case goldenMismatch
    /// No reference, and none may be written.
    case goldenMissing
    /// The reference was written by this run.
    case goldenRecorded
  }

  public var reason: Reason
  /// The recording's line the failure points at (the event that began a diagnostic run or the
  /// first differing step), when there is one.
  public var line: Int?
  /// The 1-based column, for a bad line.
  public var column: Int?
  /// A short title: the diagnostic's id, `bad line` or `states differ`, for instance.
  public var title: String
  /// The message, one line.
  public var message: String

  /// A failure for `reason`.
  public init(reason: Reason, line: Int?, column: Int? = nil, title: String, message: String) {
    self.reason = reason
    self.line = line
    self.column = column
    self.title = title
    self.message = message
  }

  /// Whether it is an error of the input rather than a test failure (JUnit's `<error>`).
  public var isError: Bool {
    switch reason {
    case .badLine, .unreadable: true
    case .diagnostic, .goldenMismatch, .goldenMissing, .goldenRecorded: false
    }
  }
}

extension CheckReport {
  /// Every reason the recording fails, in file order within each kind: bad lines, then the
  /// diagnostic runs `policy` fails on, then the golden states.
  public func failures(policy: FailurePolicy) -> [CheckFailure] {
    var failures: [CheckFailure] = []
    if let readFailure {
      failures.append(
        CheckFailure(reason: .unreadable, line: nil, title: "unreadable", message: readFailure))
    }
    for error in errors {
      failures.append(
        CheckFailure(
          reason: .badLine, line: error.line, column: error.column, title: "bad line",
          message: error.problem.message))
    }
    for run in runs(failing: policy) {
      failures.append(
        CheckFailure(
          reason: .diagnostic(run.kind), line: run.line, title: run.kind.rawValue,
          message: "step \(run.step): \(run.message)"))
    }
    switch golden {
    case nil, .matched?:
      break
    case .recorded?:
      failures.append(
        CheckFailure(
          reason: .goldenRecorded, line: nil, title: "reference recorded",
          message:
            "no reference existed; \(Golden.referencePath(of: file)) is written, check it and "
            + "run again"))
    case .missing?:
      failures.append(
        CheckFailure(
          reason: .goldenMissing, line: nil, title: "no reference",
          message: "\(Golden.referencePath(of: file)) does not exist, and this run may not write it"
        ))
    case .mismatched(let mismatch)?:
      failures.append(
        CheckFailure(
          reason: .goldenMismatch,
          line: stepLines.indices.contains(mismatch.step) ? stepLines[mismatch.step] : nil,
          title: "states differ",
          message:
            "step \(mismatch.step) differs from \(Golden.referencePath(of: file)) "
            + "(\(counted(mismatch.differingSteps, "step")) differ)"))
    }
    return failures
  }

  /// Whether the recording fails the check under `policy`.
  public func fails(policy: FailurePolicy) -> Bool { !failures(policy: policy).isEmpty }
}
