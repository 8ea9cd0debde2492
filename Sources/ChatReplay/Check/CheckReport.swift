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
  /// Each run of a diagnostic (the steps in a row that show it), in the order they began; at
  /// most ``runLimit`` are kept.
  public var runs: [DiagnosticRun] = []
  /// The runs begun past ``runLimit``, counted but not kept.
  public var runsLeftOut = 0
  /// How the states compared with the reference, with `--expect`.
  public var golden: GoldenOutcome?
  /// With `--expect`: each step's event line in the recording (`nil` for step 0), to point a
  /// mismatch at its line.
  public var stepLines: [Int?] = []
  /// The kinds the previous state showed, one bit per ordinal.
  private var previousKinds: UInt32 = 0

  /// How many runs a report keeps, so that a pathological recording cannot fill memory.
  public static let runLimit = 1000

  /// An empty report for `file`.
  public init(file: String, stopsAtFirstError: Bool) {
    self.file = file
    self.stopsAtFirstError = stopsAtFirstError
  }

  /// The events replayed: every state but step 0's.
  public var events: Int { max(0, steps - 1) }

  /// Whether the file is bad: unreadable, or with a line that could not be replayed.
  public var isBad: Bool { readFailure != nil || !errors.isEmpty }

  /// Counts a state as the replay passes it; `line` is its event's line in the recording.
  public mutating func count(_ state: ChatState, line: Int? = nil) {
    count(state.diagnostics, step: state.step, line: line)
  }

  /// Counts a state where the replayer keeps it: `inout` only so that it is passed in place,
  /// not copied (a state is a few hundred bytes); it is not changed.
  mutating func count(inPlace state: inout ChatState, line: Int?) {
    count(state.diagnostics, step: state.step, line: line)
  }

  /// Counts a state whose diagnostics are those of the state counted just before it (the step
  /// changed at most the input text, ``ChatScreen/reduceSettled(into:_:)``): the same kinds, so
  /// no run begins and the tally adds one step to what the step before showed.
  @inline(__always)
  mutating func countKeptDiagnostics() {
    steps += 1
    if previousKinds != 0 { tally.add(kinds: previousKinds) }
  }

  /// Counts a state that shows `diagnostics` at `step`.
  @inline(__always)
  private mutating func count(_ diagnostics: [Diagnostic], step: Int, line: Int?) {
    steps += 1
    if diagnostics.isEmpty && previousKinds == 0 { return }
    let kinds = Summary.Tally.kinds(of: diagnostics)
    tally.add(kinds: kinds)
    // A step showing only kinds the step before showed starts no run.
    if kinds & ~previousKinds == 0 {
      previousKinds = kinds
      return
    }
    var current: UInt32 = 0
    for diagnostic in diagnostics {
      let bit: UInt32 = 1 << UInt32(diagnostic.ordinal)
      if current & bit != 0 { continue }
      current |= bit
      guard previousKinds & bit == 0 else { continue }
      if runs.count < Self.runLimit {
        runs.append(DiagnosticRun(diagnostic, step: step, line: line))
      } else {
        runsLeftOut += 1
      }
    }
    previousKinds = current
  }

  /// The runs of the kinds `policy` fails on.
  public func runs(failing policy: FailurePolicy) -> [DiagnosticRun] {
    runs.filter { policy.fails(on: $0.kind) }
  }

  /// `FILE: [bad (N errors[, stopped]), ]N events, N steps; diagnostics: …[; time]`, or
  /// `FILE: unreadable`.
  public var line: String { line(policy: .none) }

  /// The line, with what fails under `policy` and how the states compared with the reference:
  /// `…; fails on keyboard-overlap ×2; states differ from step 5 (3 steps)`.
  public func line(policy: FailurePolicy) -> String {
    guard readFailure == nil else { return "\(file): unreadable" }
    var line = file + ": "
    if !errors.isEmpty {
      line += "bad (\(counted(errors.count, "error"))\(stopsAtFirstError ? ", stopped" : "")), "
    }
    line += "\(counted(events, "event")), \(counted(steps, "step"))"
    line += "; diagnostics: \(tally.description)"
    let failing = runs(failing: policy)
    if !failing.isEmpty {
      var kinds: [Diagnostic.Kind] = []
      for run in failing where !kinds.contains(run.kind) { kinds.append(run.kind) }
      let counts = kinds.map { kind in "\(kind.rawValue) ×\(failing.count { $0.kind == kind })" }
      line += "; fails on " + counts.joined(separator: ", ")
    }
    switch golden {
    case nil: break
    case .matched?: line += "; states match the reference"
    case .recorded?: line += "; reference recorded (no reference existed)"
    case .missing?: line += "; no reference (\(Golden.referencePath(of: file)))"
    case .mismatched(let mismatch)?:
      line +=
        "; states differ from step \(mismatch.step) (\(counted(mismatch.differingSteps, "step")))"
    }
    if let seconds { line += "; \(Timing.text(seconds: seconds, bytes: bytes))" }
    return line
  }

  /// The last line when several files are checked: `3 files: 2 good, 1 bad[; time]`.
  public static func totals(
    _ reports: [CheckReport], policy: FailurePolicy = .none, seconds: Double?
  ) -> String {
    let bad = reports.count { $0.fails(policy: policy) }
    var line = "\(counted(reports.count, "file")): \(reports.count - bad) good, \(bad) bad"
    if let seconds {
      let bytes = reports.reduce(0) { $0 + $1.bytes }
      line += "; \(Timing.text(seconds: seconds, bytes: bytes))"
    }
    return line
  }
}

/// The steps in a row where a recording shows one diagnostic, as `replay check` reports it.
public struct DiagnosticRun: Hashable, Sendable {
  public var kind: Diagnostic.Kind
  /// The first step of the run.
  public var step: Int
  /// The recording's line of the event that made that step (`nil` for step 0: the header).
  public var line: Int?
  /// The diagnostic's message at that step.
  ///
  /// A run made from the diagnostic keeps the diagnostic and words it when asked: most reports
  /// never print their runs' messages.
  public var message: String {
    get {
      switch text {
      case .written(let message): message
      case .unwritten(let diagnostic): diagnostic.message
      }
    }
    set { text = .written(newValue) }
  }
  private var text: Text

  /// A message as given, or the diagnostic it words.
  private enum Text: Sendable {
    case written(String)
    case unwritten(Diagnostic)
  }

  /// A run of `kind` beginning at `step`.
  public init(kind: Diagnostic.Kind, step: Int, line: Int?, message: String) {
    self.kind = kind
    self.step = step
    self.line = line
    self.text = .written(message)
  }

  /// A run of `diagnostic` beginning at `step`, worded only when its message is read.
  init(_ diagnostic: Diagnostic, step: Int, line: Int?) {
    self.kind = diagnostic.kind
    self.step = step
    self.line = line
    self.text = .unwritten(diagnostic)
  }

  /// Whether two runs have the same kind, step, line and message, however the message is kept.
  public static func == (lhs: DiagnosticRun, rhs: DiagnosticRun) -> Bool {
    lhs.kind == rhs.kind && lhs.step == rhs.step && lhs.line == rhs.line
      && lhs.message == rhs.message
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(step)
    hasher.combine(line)
    hasher.combine(message)
  }
}

extension ChatScreen {
  /// Applies one event to `state` and counts the new state into `report`, `line` being the
  /// event's line: a step that changed at most the input text shows the diagnostics of the
  /// state counted before it, which are counted without being looked at.
  @inline(__always)
  func reduce(
    into state: inout ChatState, _ event: TimedEvent, countingInto report: inout CheckReport,
    line: Int?
  ) {
    if reduceSettled(into: &state, event) {
      report.countKeptDiagnostics()
    } else {
      reduceFully(into: &state, event)
      report.count(inPlace: &state, line: line)
    }
  }
}

/// `1 event`, `2 events`: `count` and `noun`, plural unless the count is one.
public func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
