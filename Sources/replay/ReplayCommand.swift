internal import ChatReplay

/// `replay [FILE] …`: replays one recording as it is read and prints its states.
struct ReplayCommand {
  var arguments: ReplayArguments
  var output = Output.standardOutput
  var standardError = Output.standardError

  init(arguments: ReplayArguments) {
    self.arguments = arguments
  }

  /// The name errors and titles use for the recording.
  var displayName: String { arguments.file ?? DemoRecording.name }

  mutating func run() -> Int32 {
    var output = self.output
    var standardError = self.standardError
    defer {
      output.flush()
      standardError.flush()
    }
    let options = Replayer.Options(
      layout: arguments.layout, rxKeyboardVersion: arguments.rxKeyboardVersion)
    var replayer = Replayer(options: options)
    var printer = StatePrinter(arguments: arguments, displayName: displayName)
    var failed = false
    let keepGoing = arguments.keepGoing
    let name = displayName
    func consume(_ item: Replayer.Output) -> Bool {
      switch item {
      case .start(let header, let screen):
        printer.start(header: header, screen: screen, to: &output)
        return true
      case .state(let state, let event, _, _):
        return printer.take(state, event: event, to: &output)
      case .error(let error):
        failed = true
        standardError.line(error.rendered(file: name))
        return keepGoing
      }
    }
    if let file = arguments.file {
      do {
        try readChunks(of: file) { chunk in replayer.read(chunk, consume) }
      } catch {
        standardError.line("Error: \(error.description)")
        return Replay.failure
      }
    } else {
      let demo = Array(DemoRecording.text.utf8)
      demo.withUnsafeBufferPointer { bytes in _ = replayer.read(bytes, consume) }
    }
    replayer.finish(consume)
    switch printer.finish(to: &output) {
    case .success:
      break
    case .failure(let error):
      standardError.line("Error: \(error.message)")
      standardError.line(Arguments.usage)
      return Replay.usageFailure
    }
    if failed { return Replay.failure }
    if arguments.file == nil {
      output.line()
      output.line(
        "This was the bundled demo. `replay FILE` opens the time-travel debugger on a recording;")
      output.line("`replay FILE --json` prints every state as JSON. See `replay --help`.")
    }
    return Replay.success
  }
}

/// Prints states as the mode asks, as they arrive.
struct StatePrinter {
  let arguments: ReplayArguments
  let displayName: String
  private var writer = JSONWriter()
  private var tally = Summary.Tally()
  private var latest: ChatState?
  private var eventCount = 0

  init(arguments: ReplayArguments, displayName: String) {
    self.arguments = arguments
    self.displayName = displayName
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
    if event != nil { eventCount += 1 }
    switch (arguments.mode, arguments.at) {
    case (.json, .step(let step)):
      latest = state
      return state.step < step
    case (.json, .last):
      latest = state
      return true
    case (.json, nil):
      writer.reset()
      state.write(to: &writer)
      writer.newline()
      output.write(writer.bytes)
      return true
    case (.summary, _):
      tally.add(state)
      latest = state
      output.line(Summary.line(for: state, event: event?.event))
      return true
    }
  }

  /// Prints what waits for the end: the selected state, or the totals.
  mutating func finish(to output: inout Output) -> Result<Void, UsageError> {
    guard let latest else { return .success(()) }
    switch (arguments.mode, arguments.at) {
    case (.json, .step(let step)) where latest.step != step:
      let count = latest.step + 1
      return .failure(
        UsageError(
          message:
            "step \(step) is out of range; the recording has \(count) step\(count == 1 ? "" : "s") (0...\(latest.step))"
        ))
    case (.json, .step), (.json, .last):
      writer.reset()
      latest.write(to: &writer, includeMessages: true)
      writer.newline()
      output.write(writer.bytes)
    case (.json, nil):
      break
    case (.summary, _):
      output.line()
      output.line(
        "\(eventCount) event\(eventCount == 1 ? "" : "s"), \(latest.step + 1) steps; diagnostics: \(tally.description)"
      )
    }
    return .success(())
  }
}
