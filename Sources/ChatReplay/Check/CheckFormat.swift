/// The report formats of `replay check --format`.
public enum CheckFormat: String, CaseIterable, Sendable {
  /// One line per recording, for people (the default).
  case text
  /// One JSON document, for tools.
  case json
  /// JUnit XML: one test case per recording, one failure per reason.
  case junit
  /// GitHub Actions workflow commands: an annotation on the recording's line per reason.
  case github
  /// A Markdown summary, for `$GITHUB_STEP_SUMMARY`.
  case markdown
}

/// What one `replay check` run found, for the formats that report the whole run at once.
public struct CheckRun: Sendable {
  public var reports: [CheckReport]
  public var policy: FailurePolicy
  /// Reference files whose recording does not exist.
  public var obsolete: [String]

  /// A run of `reports` under `policy`.
  public init(reports: [CheckReport], policy: FailurePolicy, obsolete: [String] = []) {
    self.reports = reports
    self.policy = policy
    self.obsolete = obsolete
  }

  /// The recordings that fail, with their reasons.
  var failing: [(report: CheckReport, failures: [CheckFailure])] {
    reports.compactMap { report in
      let failures = report.failures(policy: policy)
      return failures.isEmpty ? nil : (report, failures)
    }
  }
}
