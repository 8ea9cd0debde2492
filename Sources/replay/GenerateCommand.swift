internal import ChatReplay

/// `replay generate`: writes a generated recording, realistic or adversarial, for stress tests
/// and for regenerating a property test's stream by hand.
struct GenerateCommand: Subcommand {
  static let name = "generate"
  static let abstract = "Write a generated recording (seeded; realistic or adversarial)."
  static let usage =
    "Usage: replay generate --seed N --events N [--profile NAME] [--adversarial] [--layout NAME] [--output FILE]"

  static let help = """
    replay generate: writes a generated recording to standard output (or FILE).

    \(usage)

    The same seed and options always give the same bytes.

    Options:
      --seed N          The seed (0 to 18446744073709551615).
      --events N        How many events to write.
      --profile NAME    The device (default: iphone15; with --adversarial, one chosen by the
                        seed): \(DeviceProfile.all.prefix(3).map(\.name).joined(separator: ", ")),
                        \(DeviceProfile.all.dropFirst(3).map(\.name).joined(separator: ", ")).
      --adversarial     Anything the format allows, in any order, instead of what a device posts.
      --layout NAME     The header's layout: \
    \(LayoutID.allCases.map(\.rawValue).joined(separator: ", ")).
      --output FILE     Write to FILE (atomically) instead of standard output.
    """

  var seed: UInt64
  var eventCount: Int
  var profile: DeviceProfile?
  var kind = RecordingGenerator.Kind.realistic
  var layout: LayoutID?
  var outputPath: String?
  var showsHelp = false

  init(arguments: [String]) throws(UsageError) {
    var seed: UInt64?
    var eventCount: Int?
    var rest = ArgumentList(arguments)
    while let argument = rest.next() {
      switch argument {
      case "-h", "--help":
        showsHelp = true
      case "--seed":
        let text = try rest.value(for: "--seed")
        guard let number = UInt64(text) else {
          throw UsageError(
            message: "--seed takes a whole number from 0 to \(UInt64.max), not '\(text)'")
        }
        seed = number
      case "--events":
        let text = try rest.value(for: "--events")
        guard let number = Int(text), number >= 0 else {
          throw UsageError(message: "--events takes a number of events (0 or more), not '\(text)'")
        }
        eventCount = number
      case "--profile":
        let text = try rest.value(for: "--profile")
        guard let profile = DeviceProfile.named(text) else {
          throw UsageError.unknown("profile", text, DeviceProfile.all.map(\.name))
        }
        self.profile = profile
      case "--adversarial":
        kind = .adversarial
      case "--layout":
        let text = try rest.value(for: "--layout")
        let names = LayoutID.allCases.map(\.rawValue)
        guard let layout = LayoutID(rawValue: text), names.contains(text) else {
          throw UsageError.unknown("layout", text, names)
        }
        self.layout = layout
      case "--output":
        outputPath = try rest.value(for: "--output")
      default:
        throw UsageError.unknown(
          "option", argument,
          ["--seed", "--events", "--profile", "--adversarial", "--layout", "--output", "--help"])
      }
    }
    if showsHelp {
      self.seed = 0
      self.eventCount = 0
      return
    }
    guard let seed else { throw UsageError(message: "--seed is required") }
    guard let eventCount else { throw UsageError(message: "--events is required") }
    self.seed = seed
    self.eventCount = eventCount
  }

  mutating func run() -> Int32 {
    var output = Output.standardOutput
    defer { output.flush() }
    if showsHelp {
      output.line(Self.help)
      return Replay.success
    }
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
        return Self.fail(error)
      }
    }
    var writer = JSONWriter()
    EventEncoder.write(generator.header, to: &writer)
    writer.newline()
    var events: [TimedEvent] = []
    var written = 0
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
        if writer.bytes.count >= 1 << 16 { try flush() }
      }
      try flush()
      try file?.commit()
    } catch {
      return Self.fail(error)
    }
    return Replay.success
  }

  /// Reports a file that could not be written; the temporary file is already gone.
  private static func fail(_ error: FileError) -> Int32 {
    var standardError = Output.standardError
    standardError.line("Error: cannot write '\(error.path)': \(error.reason)")
    standardError.flush()
    return Replay.failure
  }
}
