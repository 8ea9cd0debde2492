internal import ChatReplay

/// `replay generate`: writes a generated recording, realistic or adversarial, for stress tests
/// and for regenerating a property test's stream by hand.
struct GenerateCommand: Command {
  static let name = "generate"
  static let abstract = "Write a generated recording (seeded; realistic or adversarial)."
  static let overview =
    "replay generate: writes a generated recording to standard output (or FILE)."
  static let discussion = "The same seed and options always give the same bytes."
  static let epilogue = "Exit status: 0 success, 1 the output cannot be written, 64 bad arguments."

  /// The seed when `--seed` is not given.
  static let defaultSeed: UInt64 = 0
  /// The number of events when `--events` is not given.
  static let defaultEventCount = 100

  static var positional: PositionalSpec<GenerateCommand>? { nil }

  static var options: [OptionSpec<GenerateCommand>] {
    let profiles = DeviceProfile.all.map(\.name).joined(separator: ", ")
    return [
      .value(
        "--seed", placeholder: "N",
        help: "The seed, 0 to \(UInt64.max) (default \(defaultSeed))."
      ) { command, text throws(UsageError) in
        guard let seed = UInt64(text) else {
          throw .invalidValue(option: "--seed", value: text, expected: .wholeNumber(0...UInt64.max))
        }
        command.seed = seed
      },
      .value(
        "--events", placeholder: "N",
        help: "How many events to write (default \(defaultEventCount))."
      ) { command, text throws(UsageError) in
        guard let count = Int(text), count >= 0 else {
          throw .invalidValue(
            option: "--events", value: text, expected: .count(of: "events", minimum: 0))
        }
        command.eventCount = count
      },
      .value(
        "--profile", placeholder: "NAME",
        help: "The device (default: iphone15; with --adversarial, one chosen by the seed): "
          + profiles + "."
      ) { command, text throws(UsageError) in
        guard let profile = DeviceProfile.named(text) else {
          throw .unknownName(text, kind: "profile", candidates: DeviceProfile.all.map(\.name))
        }
        command.profile = profile
      },
      .flag(
        "--adversarial",
        help: "Anything the format allows, in any order, instead of what a device posts."
      ) { command throws(UsageError) in command.kind = .adversarial },
      SharedOptions.layout(help: "The header's layout.") { $0.layout = $1 },
      .value(
        "--output", placeholder: "FILE",
        help: "Write to FILE (atomically) instead of standard output."
      ) { command, text throws(UsageError) in command.outputPath = text },
      SharedOptions.help(),
    ]
  }

  var seed = defaultSeed
  var eventCount = defaultEventCount
  var profile: DeviceProfile?
  var kind = RecordingGenerator.Kind.realistic
  var layout: LayoutID?
  var outputPath: String?

  func run(_ console: inout Console) -> ExitStatus {
    var choices = Choices(seed: seed)
    let defaultProfile = kind == .realistic ? DeviceProfile.default : nil
    var generator = RecordingGenerator(
      kind, choices: &choices, maxEvents: eventCount, profile: profile ?? defaultProfile,
      eventCount: eventCount, layout: layout)
    var file: AtomicFile?
    if let outputPath {
      do {
        file = try AtomicFile(outputPath)
      } catch {
        console.error.line("Error: \(error.description)")
        return .failure
      }
    }
    var writer = JSONWriter()
    EventEncoder.write(generator.header, to: &writer)
    writer.newline()
    var events: [TimedEvent] = []
    var written = 0
    var output = console.output
    defer { console.output = output }
    // Written out every 64 KiB, so that memory does not grow with the number of events.
    func flush() throws(FileError) {
      if let file { try file.write(writer.bytes) } else { output.write(writer.bytes) }
      writer.reset()
    }
    do {
      while written < eventCount {
        events.removeAll(keepingCapacity: true)
        generator.appendEvents(&choices, to: &events)
        for event in events.prefix(eventCount - written) {
          EventEncoder.write(event, to: &writer)
          writer.newline()
          written += 1
        }
        if writer.count >= 1 << 16 { try flush() }
      }
      try flush()
      try file?.commit()
    } catch {
      // The temporary file is already gone.
      console.error.line("Error: \(error.description)")
      return .failure
    }
    return .success
  }
}
