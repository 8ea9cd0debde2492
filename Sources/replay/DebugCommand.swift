internal import ChatReplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `replay FILE` without `--json`/`--summary`: the time-travel debugger.
///
/// With a terminal on standard input it prompts `(replay) `; otherwise it reads one command per
/// line and prints only what each command prints, so a script's output is the session's output
/// without prompts.
struct DebugCommand {
  var arguments: ReplayArguments

  static let helpSection = """
    Debugger: replay FILE opens it at step 0. At a terminal it prompts '(replay) '; otherwise it
    reads one command per line from standard input and prints each command's output (no prompt).
    quit, q or the end of input leave with status 0.

    """ + Debugger.helpText.joined(separator: "\n")

  mutating func run() -> Int32 {
    var output = Output.standardOutput
    var standardError = Output.standardError
    defer {
      output.flush()
      standardError.flush()
    }
    guard let file = arguments.file else { return Replay.usageFailure }
    let started = Self.now()
    let bytes: [UInt8]
    do {
      bytes = try readFile(file)
    } catch {
      standardError.line("Error: \(error.description)")
      return Replay.failure
    }
    let options = Replayer.Options(
      layout: arguments.layout, rxKeyboardVersion: arguments.rxKeyboardVersion)
    let timeline: Timeline
    var index = ChangeIndex()
    let loaded = Timeline.load(bytes, options: options, keepGoing: arguments.keepGoing) {
      index.add($0, event: $1)
    }
    switch loaded {
    case .success(let loaded): timeline = loaded
    case .failure(let error):
      standardError.line(error.rendered(file: file))
      if !arguments.keepGoing {
        standardError.line("(--keep-going opens the debugger on the lines before and after it)")
      }
      return Replay.failure
    }
    for error in timeline.errors { standardError.line(error.rendered(file: file)) }
    if !timeline.errors.isEmpty {
      let count = timeline.errors.count
      standardError.line(
        "\(count) bad line\(count == 1 ? "" : "s") left out; the debugger has the other \(timeline.lines.count) events."
      )
    }
    standardError.flush()
    if arguments.reportsTiming {
      standardError.line("[timing] load: \(Self.milliseconds(since: started)) ms")
    }

    let isInteractive = isatty(0) == 1
    var debugger = Debugger(timeline: timeline, index: index, usesColor: usesColor(output))
    output.line(debugger.opening(file: file))
    while true {
      if isInteractive { output.write("(replay) ") }
      output.flush()
      standardError.flush()
      guard let line = readLine(strippingNewline: true) else {
        if isInteractive { output.line() }
        break
      }
      let start = Self.now()
      let reply = debugger.execute(line)
      if arguments.reportsTiming {
        standardError.line("[timing] \(line): \(Self.milliseconds(since: start)) ms")
      }
      if !reply.text.isEmpty { output.line(reply.text) }
      if reply.quits { break }
    }
    if arguments.reportsTiming {
      var usage = rusage()
      getrusage(RUSAGE_SELF.rawValue, &usage)
      standardError.line(
        "[timing] peak memory: \(usage.ru_maxrss / 1024) MiB; file: \(bytes.count / 1_048_576) MiB")
    }
    return Replay.success
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

  private static func now() -> timespec {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time
  }

  /// Milliseconds since `start`, with three decimals.
  private static func milliseconds(since start: timespec) -> String {
    let end = now()
    let nanoseconds = (end.tv_sec - start.tv_sec) * 1_000_000_000 + (end.tv_nsec - start.tv_nsec)
    let micro = nanoseconds / 1000
    let fraction = String(micro % 1000)
    return "\(micro / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }
}
