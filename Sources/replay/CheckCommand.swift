internal import ChatReplay
internal import Dispatch
internal import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `replay check FILE...`: replays recordings without printing their states, one summary line
/// each, spread over the cores.
struct CheckCommand: Command {
  static let name = "check"
  static let abstract = "Replays recordings without printing states: one summary line per file."
  static let overview = """
    replay check: decodes and replays each recording, printing one line per file: its events,
    steps, diagnostics counted by id, and the time taken. Bad lines are reported as `replay FILE`
    reports them. Files are checked in parallel; lines are printed in argument order. FILE '-'
    reads standard input; a directory stands for every .jsonl file under it.
    """
  static let discussion = """
    Golden states (--expect): each recording's states (what `replay FILE --json` prints) are
    compared with NAME.jsonl.expected beside it. On a mismatch the paths of the reference (@−)
    and of the new states (@+, NAME.jsonl.expected.new) are printed, then a diff of the first
    differing steps. --record says what may be written: missing (the default) writes a missing
    reference, and the new states of a mismatch to .expected.new; failed also overwrites a
    reference that differs; all rewrites every reference that differs or is missing; never
    writes nothing (the mode whenever CI is set, so CI never writes a reference and a missing
    one fails). A run that writes a reference still fails, so that it is looked at first.
    `replay accept` moves .expected.new files over their references. References under a
    directory argument whose recording is gone are reported as obsolete.
    """
  static let epilogue = """
    Exit status: 0 every file passes; 1 a bad or unreadable recording (whatever else failed);
    2 a diagnostic that --fail-on names was reached; 3 states differ from, or have no,
    reference, or a reference was recorded (3 wins over 2); 64 bad arguments.
    """

  static var positional: PositionalSpec<CheckCommand>? {
    PositionalSpec(
      placeholder: "FILE", count: .oneOrMore
    ) { command, file throws(UsageError) in
      if file == "-" && command.files.contains("-") { throw .repeatedStandardInput }
      command.files.append(file)
    }
  }

  static var options: [OptionSpec<CheckCommand>] {
    let kinds = Diagnostic.Kind.allCases.map(\.rawValue)
    return [
      SharedOptions.keepGoing(
        help: "Report every bad line of a file and replay the rest (default: stop a file at "
          + "its first bad line)."
      ) { $0.keepGoing = true },
      .value(
        "--fail-on", placeholder: "IDS",
        help: "Fail (exit status 2) when a recording reaches one of these diagnostics: ids "
          + "separated by commas, any (every diagnostic) or none (the default: only bad "
          + "recordings fail). Ids: \(kinds.joined(separator: ", "))."
      ) { command, text throws(UsageError) in
        switch text {
        case "any": command.policy = .any
        case "none": command.policy = .none
        default:
          var chosen: Set<Diagnostic.Kind> = []
          for id in text.split(separator: ",", omittingEmptySubsequences: false) {
            let kind: Diagnostic.Kind = try SharedOptions.choice(
              String(id), kind: "diagnostic id")
            chosen.insert(kind)
          }
          command.policy = .kinds(chosen)
        }
      },
      .flag(
        "--expect", help: "Compare each recording's states with NAME.jsonl.expected (see above)."
      ) { command throws(UsageError) in command.expects = true },
      .value(
        "--record", placeholder: "MODE",
        help: "With --expect, what may be written: missing (default), failed, all, never. "
          + "Always never when CI is set."
      ) { command, text throws(UsageError) in
        command.record = try SharedOptions.choice(text, kind: "record mode")
      },
      .value(
        "--artifacts", placeholder: "DIR",
        help: "Copy what each failing recording left into DIR (default: $REPLAY_ARTIFACTS, if "
          + "set): its replay html page and, with --expect, its reference, new states and diff, "
          + "whatever --record allows."
      ) { command, text throws(UsageError) in command.artifacts = text },
      .value(
        "--format", placeholder: "FORMAT",
        help: "The report: text (default), json, junit (JUnit XML), github (workflow "
          + "commands that annotate the recordings' lines) or markdown (for "
          + "$GITHUB_STEP_SUMMARY)."
      ) { command, text throws(UsageError) in
        command.format = try SharedOptions.choice(text, kind: "format")
      },
      .flag(
        "--no-times",
        help: "Leave out times and speeds, so that the output is the same on every run."
      ) { command throws(UsageError) in command.showsTimes = false },
      .value(
        "--jobs", placeholder: "N",
        help: "Check at most N files at once (default: the number of cores)."
      ) { command, text throws(UsageError) in
        guard let count = Int(text), count >= 1 else {
          throw .invalidValue(
            option: "--jobs", value: text, expected: .count(of: "files at once", minimum: 1))
        }
        command.jobs = count
      },
      SharedOptions.layout(help: "Replay through this layout instead of each header's.") {
        $0.layout = $1
      },
      SharedOptions.rxKeyboardVersion { $0.rxKeyboardVersion = $1 },
      SharedOptions.layoutOption { $0.layoutOptions.append($1) },
      .flag(
        "--timeline",
        help: "Also load each file as the debugger does (its whole history) and time going to "
          + "1,000 steps spread over it: the load time, and the median and slowest step."
      ) { command throws(UsageError) in command.timesTimeline = true },
      SharedOptions.help(),
      SharedOptions.endOfOptions(),
    ]
  }

  var files: [String] = []
  var keepGoing = false
  var showsTimes = true
  var jobs = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  var layout: LayoutID?
  var rxKeyboardVersion = RxKeyboardLayout.Version.v1
  /// `--option NAME=VALUE`, in order.
  var layoutOptions: [LayoutOptionSetting] = []
  var timesTimeline = false
  var policy = FailurePolicy.none
  var expects = false
  var record = RecordMode.missing
  var artifacts: String?
  var format = CheckFormat.text
  /// How files are read; not an option: tests make it small, so that a file of a few kilobytes
  /// crosses as many chunks as one of megabytes.
  var reading = Reading()

  /// The chunks a file is read in when decoding ahead, and the longest line.
  struct Reading: Sendable {
    /// The size of a chunk.
    var chunkSize = 1 << 18
    /// How many chunks are held at once.
    var window = 16
    var lineLimit = RecordingReader.defaultLineLimit
  }

  mutating func validate() throws(UsageError) {
    if expects && files.contains("-") { throw .conflicting("--expect", "-") }
  }

  /// What checking one file found, ready to print.
  struct Outcome: Sendable {
    var report: CheckReport
    /// The `--timeline` line.
    var timeline: String?
    /// Lines that follow the report's line in the text format (a golden mismatch's paths and
    /// diff, the references written).
    var details: [String] = []
  }

  /// What `--expect` may write beside the recordings.
  enum RecordMode: String, CaseIterable {
    case missing
    case failed
    case all
    case never
  }

  /// Whether `CI` says this runs in continuous integration.
  static var isCI: Bool {
    guard let value = Files.environment("CI") else { return false }
    return !["", "0", "false", "no"].contains(value.lowercased())
  }

  func run(_ console: inout Console) -> ExitStatus {
    let (files, obsolete) = Self.expand(self.files, expects: expects)
    if files.isEmpty {
      console.error.line("Error: no recording (.jsonl) under \(self.files.joined(separator: ", "))")
      return .failure
    }
    let options = Replayer.Options(
      layout: layout, rxKeyboardVersion: rxKeyboardVersion, layoutOptions: layoutOptions,
      lineLimit: reading.lineLimit)
    let reading = self.reading
    let keepGoing = self.keepGoing
    let showsTimes = self.showsTimes
    let timesTimeline = self.timesTimeline
    let expects = self.expects
    let mode = Self.isCI ? RecordMode.never : record
    let artifacts =
      self.artifacts
      ?? Files.environment("REPLAY_ARTIFACTS").flatMap {
        $0.isEmpty ? nil : $0
      }
    let printer = Locked(
      OrderedPrinter(
        count: files.count, console: console, policy: policy, streamsText: format == .text))
    let next = Atomic<Int>(0)
    // With a core to spare per file, a helper thread decodes each file ahead of its replay.
    let decodeAhead = jobs >= 2 * files.count
    let started = ContinuousClock.now
    DispatchQueue.concurrentPerform(iterations: min(jobs, files.count)) { _ in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < files.count else { return }
        let path = files[index]
        var states: [UInt8] = []
        let report = withUnsafeMutablePointer(to: &states) { pointer in
          Self.check(
            path, options: options, keepGoing: keepGoing, showsTimes: showsTimes,
            decodeAhead: decodeAhead, reading: reading, states: expects ? pointer : nil)
        }
        var outcome = Outcome(report: report)
        if expects && !outcome.report.isBad {
          let golden = GoldenFiles(recording: path, mode: mode, artifacts: artifacts)
          let result = golden.compare(
            String(decoding: states, as: UTF8.self), lines: outcome.report.stepLines)
          outcome.report.golden = result.outcome
          outcome.details = result.details
        }
        if let artifacts, !outcome.report.isBad {
          outcome.details += Self.writePage(
            of: path, report: outcome.report, policy: policy, options: options, to: artifacts)
        }
        if timesTimeline && !outcome.report.isBad {
          outcome.timeline = Self.timeTravel(path, options: options)
        }
        printer.withLock { $0.deliver(outcome, at: index) }
      }
    }
    let elapsed = seconds(since: started)
    let reports = printer.withLock { $0.outcomes.compactMap { $0?.report } }
    console = printer.withLock { $0.console }
    let run = CheckRun(reports: reports, policy: policy, obsolete: obsolete)
    switch format {
    case .text:
      for path in obsolete {
        console.output.line("\(path): obsolete (no recording \(path.dropLast(".expected".count)))")
      }
      if files.count > 1 {
        console.output.line(
          CheckReport.totals(reports, policy: policy, seconds: showsTimes ? elapsed : nil))
      }
    case .json: console.output.write(run.json)
    case .junit: console.output.write(run.junit)
    case .github:
      for command in run.githubCommands { console.output.line(command) }
    case .markdown: console.output.write(run.markdown)
    }
    if reports.contains(where: \.isBad) { return .failure }
    if reports.contains(where: { $0.golden.map { $0 != .matched } ?? false }) {
      return .goldenFailure
    }
    if reports.contains(where: { !$0.runs(failing: policy).isEmpty }) { return .policyFailure }
    return .success
  }

  /// Writes a failing recording's `replay html` page into `artifacts`; the detail lines.
  ///
  /// A recording fails on a golden mismatch or a diagnostic the policy fails on. The page is named after the recording's path as the other artifacts are; a
  /// recording too long for a page gets a window around its first failure.
  static func writePage(
    of path: String, report: CheckReport, policy: FailurePolicy, options: Replayer.Options,
    to artifacts: String
  ) -> [String] {
    var failures = report.runs(failing: policy).map(\.step)
    switch report.golden {
    case .mismatched(let mismatch): failures.append(mismatch.step)
    // A missing reference says nothing about the screen: no page for it alone.
    case .matched, .missing, .recorded, nil: break
    }
    guard let first = failures.min() else { return [] }
    let timeline: Timeline
    do {
      timeline = try Timeline.load(try readFile(path), options: options).get()
    } catch {
      return ["  Error: no page: \(error)"]
    }
    let range = HTMLCommand.window(around: first, lastStep: timeline.lastStep)
    let page = artifacts + "/" + path.replacing("/", with: "_") + ".html"
    do {
      try Files.makeDirectory(artifacts)
      try writeFileAtomically(
        HTMLCommand.page(timeline, name: displayName(forPath: path), range: range), to: page,
        protecting: [path])
    } catch {
      return ["  Error: \(error)"]
    }
    guard range.count < timeline.stepCount else { return ["  page: \(page)"] }
    return [
      "  page: \(page) (steps \(range.lowerBound)…\(range.upperBound) around the first failure, "
        + "step \(first): the recording's \(timeline.stepCount) steps are more than a page holds)"
    ]
  }

  /// The recordings `arguments` name (a directory: every `.jsonl` file under it), and with
  /// `expects` the references under those directories whose recording is gone.
  static func expand(_ arguments: [String], expects: Bool) -> ([String], [String]) {
    var files: [String] = []
    var obsolete: [String] = []
    for argument in arguments {
      guard argument != "-", Files.isDirectory(argument) else {
        files.append(argument)
        continue
      }
      let found = Files.walk(argument)
      files += found.filter { $0.hasSuffix(".jsonl") }
      if expects {
        obsolete += found.filter {
          $0.hasSuffix(".jsonl.expected") && !Files.exists(String($0.dropLast(".expected".count)))
        }
      }
    }
    return (files, obsolete)
  }

  /// Replays `path` without keeping states; with `states`, writes each as `--json` does into it;
  /// with `copy`, hands it each chunk of the file as it is read, in order.
  static func check(
    _ path: String, options: Replayer.Options, keepGoing: Bool, showsTimes: Bool,
    decodeAhead: Bool, reading: Reading = Reading(), states: UnsafeMutablePointer<[UInt8]>? = nil,
    copyingTo copy: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil
  ) -> CheckReport {
    let started = ContinuousClock.now
    let name = displayName(forPath: path)
    var gathering = Gathering(
      report: CheckReport(file: name, stopsAtFirstError: !keepGoing), states: states,
      keepGoing: keepGoing)
    var replayer = Replayer(options: options)
    // Without `states`, the replayer counts each state where it keeps it, instead of handing a
    // copy of it to a closure; the bad lines are then gathered apart (the report is in use).
    let countsOnly = states == nil
    var errors: [RecordingError] = []
    do {
      // Counting, the replayer takes most keystrokes with their texts still in the chunk: the
      // helper leaves them to it rather than make `String`s of them.
      try readChunks(
        of: path, decodingAhead: decodeAhead, leavingKeystrokes: countsOnly,
        chunkSize: reading.chunkSize, window: reading.window
      ) { chunk, decoded in
        gathering.report.bytes += chunk.count
        copy?(chunk)
        // Closures written in place (not local functions) keep the accesses static.
        if countsOnly {
          return replayer.read(
            chunk, decoded: decoded, countingInto: &gathering.report,
            error: {
              errors.append($0)
              return keepGoing
            })
        }
        return replayer.read(
          chunk, decoded: decoded, step: { state, _, line, _ in gathering.take(state, line: line) },
          error: { gathering.take($0) })
      }
    } catch {
      gathering.report.errors += errors
      gathering.report.readFailure = "Error: \(error.description)"
      return gathering.report
    }
    if countsOnly {
      replayer.finish(
        countingInto: &gathering.report,
        error: {
          errors.append($0)
          return keepGoing
        })
    } else {
      replayer.finish(
        step: { state, _, line, _ in gathering.take(state, line: line) },
        error: { gathering.take($0) })
    }
    var report = gathering.report
    report.errors += errors
    if showsTimes { report.seconds = seconds(since: started) }
    return report
  }

  /// What checking a file gathers as its states and bad lines arrive: the report, and with
  /// `states` each state as `--json` writes it.
  private struct Gathering {
    var report: CheckReport
    let states: UnsafeMutablePointer<[UInt8]>?
    let keepGoing: Bool
    var writer = JSONWriter()

    /// Counts a state; true, to go on.
    mutating func take(_ state: ChatState, line: Int?) -> Bool {
      report.count(state, line: line)
      if let states {
        report.stepLines.append(line)
        writer.reset()
        state.write(to: &writer)
        writer.newline()
        states.pointee += writer.bytes
      }
      return true
    }

    /// Keeps a bad line's error; whether to go on.
    mutating func take(_ error: RecordingError) -> Bool {
      report.errors.append(error)
      return keepGoing
    }
  }

  /// Loads `path` as the debugger does and times ``Timeline/state(at:)`` at 1,000 steps spread
  /// evenly over it, the last included.
  static func timeTravel(_ path: String, options: Replayer.Options) -> String {
    let started = ContinuousClock.now
    let bytes: [UInt8]
    do {
      bytes = try readFile(path)
    } catch {
      return "  timeline: \(error.description)"
    }
    guard case .success(let timeline) = Timeline.load(bytes, options: options) else {
      return "  timeline: the recording does not load"
    }
    let loaded = seconds(since: started)
    var times: [Double] = []
    var checksum = 0
    let samples = min(1000, timeline.stepCount)
    for sample in 1...samples {
      let step = timeline.lastStep * sample / samples
      let start = ContinuousClock.now
      checksum &+= timeline.state(at: step).step
      times.append(seconds(since: start))
    }
    times.sort()
    return Timing.timeTravelLine(
      steps: timeline.stepCount, loadSeconds: loaded, bytes: bytes.count, times: times,
      checksum: checksum)
  }
}

/// The seconds since `start`.
func seconds(since start: ContinuousClock.Instant) -> Double {
  let parts = (ContinuousClock.now - start).components
  return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
}
