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
struct CheckCommand: Subcommand {
  static let name = "check"
  static let abstract = "Replays recordings without printing states: one summary line per file."
  static let usage =
    "Usage: replay check FILE... [--keep-going] [--no-times] [--jobs N] [--layout NAME] [--timeline]"

  static let help = """
    replay check: decodes and replays each recording, printing one line per file: its events,
    steps, diagnostics counted by id, and the time taken. Bad lines are reported as `replay FILE`
    reports them. Files are checked in parallel; lines are printed in argument order.

    \(usage)

    Options:
      --keep-going    Report every bad line of a file and replay the rest (default: stop a file
                      at its first bad line).
      --no-times      Leave out times and speeds, so that the output is the same on every run.
      --jobs N        Check at most N files at once (default: the number of cores).
      --layout NAME   Replay through this layout instead of each header's.
      --timeline      Also load each file as the debugger does (its whole history) and time
                      going to 1,000 steps spread over it: the load time, and the median and
                      slowest step.
      -h, --help      Show this help.

    Exit status: 0 every file is good, 1 a bad or unreadable file, 64 bad arguments.
    """

  var files: [String] = []
  var keepGoing = false
  var showTimes = true
  var jobs = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  var layout: LayoutID?
  var showHelp = false
  var timeline = false

  init(arguments: [String]) throws(UsageError) {
    var rest = ArgumentList(arguments)
    var optionsEnded = false
    while let argument = rest.next() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        files.append(argument)
        continue
      }
      switch argument {
      case "--":
        optionsEnded = true
      case "-h", "--help":
        showHelp = true
      case "--keep-going":
        keepGoing = true
      case "--no-times":
        showTimes = false
      case "--timeline":
        timeline = true
      case "--jobs":
        guard let text = rest.next(), let count = Int(text), count >= 1 else {
          throw UsageError(message: "--jobs takes a number of files at once (1 or more)")
        }
        jobs = count
      case "--layout":
        layout = try rest.choice(for: "--layout", named: "layout", of: LayoutID.self)
      default:
        let options = ["--keep-going", "--no-times", "--jobs", "--layout", "--timeline", "--help"]
        throw UsageError.unknown("option", argument, options)
      }
    }
    if files.isEmpty && !showHelp { throw UsageError(message: "check needs at least one FILE") }
  }

  /// What checking one file found, ready to print.
  struct Report: Sendable {
    /// Rendered errors, for standard error.
    var errors: [String] = []
    /// The summary line, for standard output.
    var line = ""
    var failed = false
    var bytes = 0
    var seconds = 0.0
    var events = 0
    var steps = 0
    var tally = Summary.Tally()

    /// Counts a state as the replay passes it.
    mutating func count(_ state: ChatState) -> Bool {
      steps += 1
      // Step 0 is the only state without an event; `event != nil` would copy the event.
      if state.step > 0 { events += 1 }
      tally.add(state)
      return true
    }

    /// Records a bad line; whether to go on.
    mutating func fail(_ error: RecordingError, file: String, keepGoing: Bool) -> Bool {
      failed = true
      errors.append(error.rendered(file: file))
      return keepGoing
    }
  }

  mutating func run() -> Int32 {
    if showHelp {
      var output = Output.standardOutput
      output.line(Self.help)
      output.flush()
      return Replay.success
    }
    let files = self.files
    let options = Replayer.Options(layout: layout)
    let keepGoing = self.keepGoing
    let showTimes = self.showTimes
    let timeline = self.timeline
    let printer = Locked(OrderedPrinter(count: files.count))
    let next = Atomic<Int>(0)
    // With a core to spare per file, a helper thread decodes each file ahead of its replay.
    let decodeAhead = jobs >= 2 * files.count
    let started = ContinuousClock.now
    DispatchQueue.concurrentPerform(iterations: min(jobs, files.count)) { _ in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < files.count else { return }
        var report = Self.check(
          files[index], options: options, keepGoing: keepGoing, showTimes: showTimes,
          decodeAhead: decodeAhead)
        if timeline && !report.failed {
          report.line += "\n" + Self.timeTravel(files[index], options: options)
        }
        printer.withLock { $0.deliver(report, at: index) }
      }
    }
    let elapsed = Self.seconds(since: started)
    let reports = printer.withLock { $0.reports.compactMap { $0 } }
    let failures = reports.filter(\.failed).count
    if files.count > 1 {
      var output = Output.standardOutput
      var total = "\(files.count) files: \(files.count - failures) good, \(failures) bad"
      if showTimes {
        let bytes = reports.reduce(0) { $0 + $1.bytes }
        total += "; \(Self.timing(seconds: elapsed, bytes: bytes))"
      }
      output.line(total)
      output.flush()
    }
    return failures == 0 ? Replay.success : Replay.failure
  }

  /// Replays `path` without keeping or printing states.
  static func check(
    _ path: String, options: Replayer.Options, keepGoing: Bool, showTimes: Bool,
    decodeAhead: Bool
  ) -> Report {
    let started = ContinuousClock.now
    var report = Report()
    var replayer = Replayer(options: options)
    do {
      try readChunks(of: path, decodingAhead: decodeAhead) { chunk, decoded in
        report.bytes += chunk.count
        // Closures written in place (not local functions) keep the report's accesses static.
        return replayer.read(
          chunk, decoded: decoded, state: { state, _ in report.count(state) },
          error: { error in report.fail(error, file: path, keepGoing: keepGoing) })
      }
    } catch {
      report.failed = true
      report.errors.append("Error: \(error.description)")
      report.line = "\(path): unreadable"
      return report
    }
    replayer.finish(
      state: { state, _ in report.count(state) },
      error: { error in report.fail(error, file: path, keepGoing: keepGoing) })
    report.seconds = seconds(since: started)
    let bad = report.errors.count
    var line = path + ": "
    if report.failed {
      line += "bad (\(bad) error\(bad == 1 ? "" : "s")\(keepGoing ? "" : ", stopped")), "
    }
    let (events, steps) = (report.events, report.steps)
    line += "\(events) event\(events == 1 ? "" : "s"), \(steps) step\(steps == 1 ? "" : "s")"
    line += "; diagnostics: \(report.tally.description)"
    if showTimes { line += "; \(timing(seconds: report.seconds, bytes: report.bytes))" }
    report.line = line
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
    let milliseconds = { (value: Double) in
      let hundredths = Int((value * 1e5).rounded())
      let fraction = String(hundredths % 100)
      return
        "\(hundredths / 100).\(String(repeating: "0", count: 2 - fraction.count))\(fraction) ms"
    }
    return
      "  timeline: \(timeline.stepCount) steps loaded in \(timing(seconds: loaded, bytes: bytes.count)); "
      + "state(at:) over \(samples) steps (checksum \(checksum)): median "
      + "\(milliseconds(times[times.count / 2])), slowest \(milliseconds(times[times.count - 1]))"
  }

  /// `212.4 ms, 395.6 MB/s` (seconds with three decimals from 1 s up).
  static func timing(seconds: Double, bytes: Int) -> String {
    var text: String
    if seconds < 1 {
      let tenths = Int((seconds * 1e4).rounded())
      text = "\(tenths / 10).\(tenths % 10) ms"
    } else {
      let milliseconds = Int((seconds * 1000).rounded())
      let fraction = String(milliseconds % 1000)
      text = "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))"
      text += "\(fraction) s"
    }
    if seconds > 0 && bytes > 0 {
      let tenths = Int((Double(bytes) / seconds / 1e5).rounded())
      text += ", \(tenths / 10).\(tenths % 10) MB/s"
    }
    return text
  }

  static func seconds(since start: ContinuousClock.Instant) -> Double {
    let duration = ContinuousClock.now - start
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }
}

/// Prints reports in argument order as soon as every earlier one is printed.
struct OrderedPrinter: Sendable {
  private(set) var reports: [CheckCommand.Report?]
  private var nextToPrint = 0

  init(count: Int) {
    reports = Array(repeating: nil, count: count)
  }

  mutating func deliver(_ report: CheckCommand.Report, at index: Int) {
    reports[index] = report
    while nextToPrint < reports.count, let ready = reports[nextToPrint] {
      var standardError = Output.standardError
      for error in ready.errors { standardError.line(error) }
      standardError.flush()
      var output = Output.standardOutput
      output.line(ready.line)
      output.flush()
      nextToPrint += 1
    }
  }
}
