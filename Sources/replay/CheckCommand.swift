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
    reads standard input.
    """
  static let epilogue =
    "Exit status: 0 every file is good, 1 a bad or unreadable file, 64 bad arguments."

  static var positional: PositionalSpec<CheckCommand>? {
    PositionalSpec(
      placeholder: "FILE", count: .oneOrMore
    ) { command, file throws(UsageError) in
      if file == "-" && command.files.contains("-") { throw .repeatedStandardInput }
      command.files.append(file)
    }
  }

  static var options: [OptionSpec<CheckCommand>] {
    [
      SharedOptions.keepGoing(
        help: "Report every bad line of a file and replay the rest (default: stop a file at "
          + "its first bad line)."
      ) { $0.keepGoing = true },
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
  var timesTimeline = false

  /// What checking one file found, ready to print.
  struct Outcome: Sendable {
    var report: CheckReport
    /// The `--timeline` line.
    var timeline: String?
  }

  func run(_ console: inout Console) -> ExitStatus {
    let files = self.files
    let options = Replayer.Options(layout: layout, rxKeyboardVersion: rxKeyboardVersion)
    let keepGoing = self.keepGoing
    let showsTimes = self.showsTimes
    let timesTimeline = self.timesTimeline
    let printer = Locked(OrderedPrinter(count: files.count, console: console))
    let next = Atomic<Int>(0)
    // With a core to spare per file, a helper thread decodes each file ahead of its replay.
    let decodeAhead = jobs >= 2 * files.count
    let started = ContinuousClock.now
    DispatchQueue.concurrentPerform(iterations: min(jobs, files.count)) { _ in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < files.count else { return }
        var outcome = Outcome(
          report: Self.check(
            files[index], options: options, keepGoing: keepGoing, showsTimes: showsTimes,
            decodeAhead: decodeAhead))
        if timesTimeline && !outcome.report.isBad {
          outcome.timeline = Self.timeTravel(files[index], options: options)
        }
        printer.withLock { $0.deliver(outcome, at: index) }
      }
    }
    let elapsed = seconds(since: started)
    let reports = printer.withLock { $0.outcomes.compactMap { $0?.report } }
    console = printer.withLock { $0.console }
    if files.count > 1 {
      console.output.line(CheckReport.totals(reports, seconds: showsTimes ? elapsed : nil))
    }
    return reports.contains(where: \.isBad) ? .failure : .success
  }

  /// Replays `path` without keeping or printing states.
  static func check(
    _ path: String, options: Replayer.Options, keepGoing: Bool, showsTimes: Bool,
    decodeAhead: Bool
  ) -> CheckReport {
    let started = ContinuousClock.now
    let name = displayName(forPath: path)
    var report = CheckReport(file: name, stopsAtFirstError: !keepGoing)
    var replayer = Replayer(options: options)
    do {
      try readChunks(of: path, decodingAhead: decodeAhead) { chunk, decoded in
        report.bytes += chunk.count
        // Closures written in place (not local functions) keep the report's accesses static.
        return replayer.read(
          chunk, decoded: decoded,
          state: { state, _ in
            report.count(state)
            return true
          },
          error: { error in
            report.errors.append(error)
            return keepGoing
          })
      }
    } catch {
      report.readFailure = "Error: \(error.description)"
      return report
    }
    replayer.finish(
      state: { state, _ in
        report.count(state)
        return true
      },
      error: { error in
        report.errors.append(error)
        return keepGoing
      })
    if showsTimes { report.seconds = seconds(since: started) }
    return report
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
