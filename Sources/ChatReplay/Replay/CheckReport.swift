/// What `replay check` found in one recording, and the line it prints for it.
///
/// The executable reads the file, times it and fills this in as the replay passes each state;
/// every word of the report is chosen here.
///
/// ```text
/// Recordings/basic-chat.jsonl: 32 events, 33 steps; diagnostics: keyboard-gap ×1 (28 steps)
/// bad.jsonl: bad (2 errors), 4 events, 5 steps; diagnostics: none
/// ```
public struct CheckReport: Sendable {
  /// The recording's name, as the report prints it.
  public var file: String
  /// Why the file could not be read at all (the whole message), or `nil`.
  public var readFailure: String?
  /// The lines that could not be replayed, in file order.
  public var errors: [RecordingError] = []
  /// Whether the replay stopped at the first bad line (no `--keep-going`).
  public var stopsAtFirstError: Bool
  /// The states replayed, step 0 included.
  public var steps = 0
  /// The diagnostics, counted by id over the states.
  public var tally = Summary.Tally()
  /// The bytes read.
  public var bytes = 0
  /// How long the check took; `nil` leaves times out of the line (`--no-times`).
  public var seconds: Double?

  /// An empty report for `file`.
  public init(file: String, stopsAtFirstError: Bool) {
    self.file = file
    self.stopsAtFirstError = stopsAtFirstError
  }

  /// The events replayed: every state but step 0's.
  public var events: Int { max(0, steps - 1) }

  /// Whether the file is bad: unreadable, or with a line that could not be replayed.
  public var isBad: Bool { readFailure != nil || !errors.isEmpty }

  /// Counts a state as the replay passes it.
  public mutating func count(_ state: ChatState) {
    steps += 1
    tally.add(state)
  }

  /// `FILE: [bad (N errors[, stopped]), ]N events, N steps; diagnostics: …[; time]`, or
  /// `FILE: unreadable`.
  public var line: String {
    guard readFailure == nil else { return "\(file): unreadable" }
    var line = file + ": "
    if !errors.isEmpty {
      line += "bad (\(counted(errors.count, "error"))\(stopsAtFirstError ? ", stopped" : "")), "
    }
    line += "\(counted(events, "event")), \(counted(steps, "step"))"
    line += "; diagnostics: \(tally.description)"
    if let seconds { line += "; \(Timing.text(seconds: seconds, bytes: bytes))" }
    return line
  }

  /// The last line when several files are checked: `3 files: 2 good, 1 bad[; time]`.
  public static func totals(_ reports: [CheckReport], seconds: Double?) -> String {
    let bad = reports.count { $0.isBad }
    var line = "\(counted(reports.count, "file")): \(reports.count - bad) good, \(bad) bad"
    if let seconds {
      let bytes = reports.reduce(0) { $0 + $1.bytes }
      line += "; \(Timing.text(seconds: seconds, bytes: bytes))"
    }
    return line
  }
}

/// `1 event`, `2 events`: `count` and `noun`, plural unless the count is one.
public func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
