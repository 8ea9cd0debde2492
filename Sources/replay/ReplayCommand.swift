internal import ChatReplay

/// `replay [FILE] --summary|--json`: replays one recording as it is read and prints its states.
struct ReplayCommand {
  var arguments: RootCommand

  func run(_ console: inout Console) -> ExitStatus {
    let options = Replayer.Options(
      layout: arguments.layout, rxKeyboardVersion: arguments.rxKeyboardVersion,
      layoutOptions: arguments.layoutOptions)
    var replayer = Replayer(options: options)
    // One variable for everything the closures below change, written in place: a local
    // function capturing them would make every access to them checked at run time.
    var printing = Printing(
      printer: StatePrinter(arguments: arguments, displayName: arguments.displayName),
      output: console.output, standardError: console.error, keepGoing: arguments.keepGoing,
      name: arguments.displayName)
    defer { console = Console(output: printing.output, error: printing.standardError) }
    // --json has no title to print, so it takes each state as the replayer reduces it, without
    // the copy an `Output` makes.
    let takesStates = arguments.mode == .json
    if let file = arguments.file {
      if printing.printer.printsEveryState {
        return replayWritingBehind(file, replayer: &replayer, printing: &printing)
      }
      do {
        // A second thread decodes the chunks ahead of the one being replayed; the states come
        // out in the same order, whichever thread decoded their lines. Keystroke and keyboard
        // lines are left to this thread, which makes their texts and boxes and frees them.
        try readChunks(of: file, decodingAhead: true, leavingKeystrokes: true) {
          chunk, decoded in
          guard takesStates else {
            return replayer.read(chunk, decoded: decoded) { printing.consume($0) }
          }
          return replayer.read(
            chunk, decoded: decoded, step: { state, event, _, _ in printing.take(state, event) },
            error: { printing.reject($0) })
        }
      } catch {
        printing.standardError.line("Error: \(error.description)")
        return .failure
      }
    } else {
      let demo = Array(DemoRecording.text.utf8)
      demo.withUnsafeBufferPointer { bytes in
        _ = replayer.read(bytes) { printing.consume($0) }
      }
    }
    if takesStates {
      replayer.finish(
        step: { state, event, _, _ in printing.take(state, event) },
        error: { printing.reject($0) })
    } else {
      replayer.finish { printing.consume($0) }
    }
    switch printing.printer.finish(to: &printing.output) {
    case .success:
      break
    case .failure(let error):
      printing.standardError.line("Error: \(error.description)")
      printing.standardError.line(RootCommand.syntax.usage)
      return .usage
    }
    if printing.failed { return .failure }
    if arguments.file == nil {
      printing.output.line()
      printing.output.line(
        "This was the bundled demo. `replay FILE` opens the time-travel debugger on a recording;")
      printing.output.line("`replay FILE --json` prints every state as JSON. See `replay --help`.")
    }
    return .success
  }
}

extension ReplayCommand {
  /// `--json` with every state: this thread decodes and reduces, a second one writes the lines
  /// (``LinesBehind``), in the order of the states.
  private func replayWritingBehind(
    _ file: String, replayer: inout Replayer, printing: inout Printing
  ) -> ExitStatus {
    printing.behind = LinesBehind(output: printing.output)
    var readError: FileError?
    do {
      try readChunks(of: file, decodingAhead: true, leavingKeystrokes: true) { chunk, decoded in
        replayer.read(
          chunk, decoded: decoded, step: { state, _, _, _ in printing.send(state) },
          error: { printing.reject($0) })
      }
      replayer.finish(
        step: { state, _, _, _ in printing.send(state) }, error: { printing.reject($0) })
    } catch {
      readError = error
    }
    // The states replayed before a read error are written too.
    if let output = printing.behind?.finish() { printing.output = output }
    printing.behind = nil
    if let readError {
      printing.standardError.line("Error: \(readError.description)")
      return .failure
    }
    return printing.failed ? .failure : .success
  }
}

/// What a replay's closures change as it goes: the printer, the streams, and whether a line was
/// bad.
private struct Printing {
  var printer: StatePrinter
  var output: Output
  var standardError: Output
  var failed = false
  /// `--json`'s writer on its own thread, while every state of a file is printed.
  var behind: LinesBehind?
  let keepGoing: Bool
  let name: String

  init(
    printer: StatePrinter, output: Output, standardError: Output, keepGoing: Bool, name: String
  ) {
    self.printer = printer
    self.output = output
    self.standardError = standardError
    self.keepGoing = keepGoing
    self.name = name
  }

  mutating func consume(_ item: Replayer.Output) -> Bool {
    switch item {
    case .start(let header, let screen):
      printer.start(header: header, screen: screen, to: &output)
      return true
    case .state(let state, let event, _, _):
      return printer.take(state, event: event, to: &output)
    case .error(let error):
      return reject(error)
    }
  }

  mutating func take(_ state: ChatState, _ event: TimedEvent?) -> Bool {
    printer.take(state, event: event, to: &output)
  }

  /// Hands a state to the writer behind.
  @inline(__always)
  mutating func send(_ state: ChatState) -> Bool {
    behind?.add(state)
    return true
  }

  /// Reports a bad line; whether to go on.
  mutating func reject(_ error: RecordingError) -> Bool {
    failed = true
    standardError.line(error.rendered(file: name))
    return keepGoing
  }
}

/// Prints states as the mode asks, as they arrive.
struct StatePrinter {
  let arguments: RootCommand
  let displayName: String
  private var writer = JSONWriter()
  /// `--json`'s lines, when every state is printed.
  private var lines = StateLineWriter()
  private var tally = Summary.Tally()
  private var latest: ChatState?
  /// With `--at -N`: the last N states, a ring whose oldest is at `oldest` once it is full.
  private var recent: [ChatState] = []
  private var oldest = 0
  private var eventCount = 0
  /// `--json` without `--at`: every state's line, and nothing else, is printed.
  let printsEveryState: Bool

  init(arguments: RootCommand, displayName: String) {
    self.arguments = arguments
    self.displayName = displayName
    printsEveryState = arguments.mode == .json && arguments.at == nil
  }

  /// Prints the title, in summary mode.
  mutating func start(header: SessionHeader, screen: ChatScreen, to output: inout Output) {
    guard arguments.mode == .summary else { return }
    output.line(Summary.title(file: displayName, header: header, screen: screen))
    output.line()
    output.line(Summary.heading)
  }

  /// Handles one state; returns `false` when no later state is needed.
  mutating func take(_ state: ChatState, event: TimedEvent?, to output: inout Output) -> Bool {
    // Tested first, so that the commonest case does not go through the switch's copies of the
    // arguments.
    if printsEveryState {
      // Lines gather in the writer and go out 64 KiB at a time.
      if lines.write(state, includeOptions: state.step == 0) >= 1 << 16 {
        lines.take { output.write($0) }
      }
      return true
    }
    if event != nil { eventCount += 1 }
    switch (arguments.mode, arguments.at) {
    case (.json, .step(let step)):
      latest = state
      return state.step < step
    case (.json, .first):
      latest = state
      return false
    case (.json, .last):
      latest = state
      return true
    case (.json, .fromEnd(let count)):
      latest = state
      if recent.count < count {
        recent.append(state)
      } else {
        recent[oldest] = state
        oldest = (oldest + 1) % count
      }
      return true
    case (.json, .time(let t)):
      // The last step at or before `t`, as the debugger's `goto @t`: times never decrease.
      guard state.step == 0 || state.t <= t else { return false }
      latest = state
      return true
    case (.json, .mark):
      preconditionFailure("--at refuses a mark when it is parsed")
    case (.json, nil):
      preconditionFailure("every state is printed before the switch")
    case (.summary, _):
      tally.add(state)
      latest = state
      output.line(Summary.line(for: state, event: event?.event))
      return true
    }
  }

  /// Prints what waits for the end: the selected state, or the totals.
  mutating func finish(to output: inout Output) -> Result<Void, UsageError> {
    lines.take { output.write($0) }
    guard let latest else { return .success(()) }
    var selected = latest
    switch (arguments.mode, arguments.at) {
    case (.json, .step(let step)) where latest.step != step:
      return .failure(.stepOutOfRange(StepOutOfRange(step: step, last: latest.step)))
    case (.json, .fromEnd(let count)):
      guard count >= 1, recent.count == count else {
        return .failure(.stepOutOfRange(StepOutOfRange(step: -count, last: latest.step)))
      }
      selected = recent[oldest]
    case (.json, .step), (.json, .first), (.json, .last), (.json, .time):
      break
    case (.json, .mark):
      preconditionFailure("--at refuses a mark when it is parsed")
    case (.json, nil):
      return .success(())
    case (.summary, _):
      output.line()
      output.line(
        "\(eventCount) event\(eventCount == 1 ? "" : "s"), \(latest.step + 1) steps; diagnostics: \(tally.description)"
      )
      return .success(())
    }
    writer.reset()
    writer.write(selected, includeMessages: true, includeOptions: selected.step == 0)
    writer.newline()
    flushStates(to: &output)
    return .success(())
  }

  /// Writes the states gathered in the writer.
  private mutating func flushStates(to output: inout Output) {
    writer.withBytes { output.write($0) }
    writer.reset()
  }
}
