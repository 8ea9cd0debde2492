internal import ChatReplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `replay FILE` without `--json`/`--summary`: the time-travel debugger.
///
/// With terminals on standard input and output (and `TERM` not `dumb`) it prompts `(replay) `
/// with a line editor; with a terminal on standard input only, with a plain prompt; otherwise it
/// reads one command per line and prints only what each command prints, so a script's output is
/// the session's output without prompts or banner.
struct DebugCommand {
  var arguments: RootCommand

  static let helpSection = """
    Debugger: replay FILE opens it at step 0. At a terminal it prompts '(replay) ' with line
    editing, history (Up, Ctrl-R) and Tab completion; Ctrl-C stops a long command, Ctrl-D on an
    empty line leaves. Otherwise it reads one command per line from standard input, prints each
    command's output, and stops with status 1 at the first failing command, naming its line on
    standard error. quit, q or the end of input leave with status 0.

    """ + Debugger.helpText.joined(separator: "\n")

  func run(_ console: inout Console) -> ExitStatus {
    var standardError = console.error
    defer { console.error = standardError }
    guard let file = arguments.file else { return .usage }
    let started = Stopwatch.now()
    for warning in ProgressLine.Settings.current.warnings { standardError.line(warning) }
    if let warning = Self.loadJobs.warning { standardError.line(warning) }
    let options = Replayer.Options(
      layout: arguments.layout, rxKeyboardVersion: arguments.rxKeyboardVersion,
      layoutOptions: arguments.layoutOptions)
    let mode = DebugSession.Mode.current(isBatch: arguments.isBatch)
    let isInteractive = mode == .editor
    // Ctrl-C while loading stops the load: the handler goes in first.
    if isInteractive { Terminal.prepare() }
    let timeline: Timeline
    var index = ChangeIndex()
    let progress = ProgressLine("Loading \(file)")
    var stoppedAt: (bytes: Int, steps: Int)?
    let bytes: [UInt8]
    let loaded: Result<Timeline, RecordingError>
    do {
      (bytes, loaded) = try Self.load(
        file: file, options: options, keepGoing: arguments.keepGoing, index: &index,
        continuing: { read, count, steps in
          progress.loading(bytes: read, of: count, events: steps)
          guard isInteractive && Terminal.takeInterrupt() else { return true }
          stoppedAt = (read, steps)
          return false
        })
    } catch {
      progress.finish()
      standardError.line("Error: \(error.description)")
      return .failure
    }
    progress.finish()
    switch loaded {
    case .success(let loaded): timeline = loaded
    case .failure(let error):
      standardError.line(error.rendered(file: file))
      if !arguments.keepGoing {
        standardError.line("(--keep-going opens the debugger on the lines before and after it)")
      }
      return .failure
    }
    for error in timeline.errors { standardError.line(error.rendered(file: file)) }
    if !timeline.errors.isEmpty {
      let count = timeline.errors.count
      standardError.line(
        "\(count) bad line\(count == 1 ? "" : "s") left out; the debugger has the other \(timeline.lines.count) events."
      )
    }
    if let stoppedAt {
      standardError.line(
        "Loading stopped by Ctrl-C after \(ProgressLine.mebibytes(stoppedAt.bytes)) of \(ProgressLine.mebibytes(bytes.count)) MiB; the debugger has the first \(ProgressLine.grouped(stoppedAt.steps)) events."
      )
    }
    standardError.flush()
    if arguments.reportsTiming {
      standardError.line("[timing] load: \(Stopwatch.milliseconds(since: started)) ms")
    }
    let debugger = Debugger(
      timeline: timeline, index: index, usesColor: usesColor(console.output))
    var session = DebugSession(
      debugger: debugger, file: file, arguments: arguments, mode: mode)
    session.output = console.output
    session.standardError = standardError
    let status = session.run()
    session.output.flush()
    session.standardError.flush()
    console.output = session.output
    standardError = session.standardError
    if arguments.reportsTiming {
      var usage = rusage()
      getrusage(RUSAGE_SELF.rawValue, &usage)
      standardError.line(
        "[timing] peak memory: \(usage.ru_maxrss / 1024) MiB; file: \(bytes.count / 1_048_576) MiB")
    }
    return status
  }

  private func usesColor(_ output: Output) -> Bool {
    switch arguments.color {
    case .always: return true
    case .never: return false
    case .auto:
      guard output.isTerminal, getenv("NO_COLOR") == nil else { return false }
      guard let term = getenv("TERM") else { return false }
      return String(cString: term) != "dumb"
    }
  }
}

/// Monotonic time, for `--timing` and progress.
enum Stopwatch {
  static func now() -> timespec {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time
  }

  /// Seconds since `start`.
  static func seconds(since start: timespec) -> Double {
    let end = now()
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
  }

  /// Milliseconds since `start`, with three decimals.
  static func milliseconds(since start: timespec) -> String {
    let end = now()
    let nanoseconds = (end.tv_sec - start.tv_sec) * 1_000_000_000 + (end.tv_nsec - start.tv_nsec)
    let micro = nanoseconds / 1000
    let fraction = String(micro % 1000)
    return "\(micro / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }
}
