/// A generated recording: a header and its events.
public struct GeneratedRecording: Hashable, Sendable {
  public var header: SessionHeader
  public var events: [TimedEvent]

  public init(header: SessionHeader, events: [TimedEvent]) {
    self.header = header
    self.events = events
  }

  /// The recording as a file: the header line, then one line per event.
  public var text: String { EventEncoder.recording(header: header, events: events) }
}

/// Makes a recording's events from ``Choices``, one action at a time, so that a recording of
/// any length can be written as it is made (`replay generate`) or built whole (the property
/// tests).
///
/// The first two decisions pick the device profile and the number of events; a caller that
/// fixes them (`--profile`, `--events`) still takes both, so that `replay generate --seed S`
/// with the profile and count a property test drew for seed `S` gives that test's recording.
public struct RecordingGenerator: Sendable {
  /// Which kind of recording to make.
  public enum Kind: Hashable, Sendable {
    /// What a device posts (``RealisticSession``).
    case realistic
    /// Anything the format allows (``AdversarialSession``).
    case adversarial
  }

  public let header: SessionHeader
  public let profile: DeviceProfile
  /// How many events the recording has.
  public let eventCount: Int
  // Two optionals rather than an enum, so that each is mutated in place.
  private var realistic: RealisticSession?
  private var adversarial: AdversarialSession?

  /// Takes the decisions that set up a recording.
  ///
  /// They are the profile, the event count (up to `maxEvents`) and, for an adversarial
  /// recording, the header. `profile` and `eventCount` replace what was drawn.
  public init(
    _ kind: Kind, choices: inout Choices, maxEvents: Int, profile: DeviceProfile? = nil,
    eventCount: Int? = nil, layout: LayoutID? = nil
  ) {
    let profiles = DeviceProfile.all
    let drawnProfile = profiles[choices.draw(below: profiles.count)]
    let drawnCount = Int(choices.draw(below: UInt64(max(maxEvents, 0)) + 1))
    self.profile = profile ?? drawnProfile
    self.eventCount = eventCount ?? drawnCount
    switch kind {
    case .realistic:
      header = RealisticSession.header(profile: self.profile, layout: layout)
      realistic = RealisticSession(profile: self.profile)
    case .adversarial:
      var header = AdversarialSession.header.generate(&choices)
      if profile != nil { header.device = self.profile.device }
      header.layout = layout
      self.header = header
      adversarial = AdversarialSession(header: header)
    }
  }

  /// Appends the events of the next action (several for a keyboard quartet or a typing burst).
  public mutating func appendEvents(_ choices: inout Choices, to events: inout [TimedEvent]) {
    realistic?.appendAction(&choices, to: &events)
    adversarial?.appendEvent(&choices, to: &events)
  }
}

extension Gen where Value == GeneratedRecording {
  /// Recordings of `kind` with 0…`maxEvents` events.
  public static func recording(_ kind: RecordingGenerator.Kind, maxEvents: Int) -> Gen {
    Gen { choices in
      var generator = RecordingGenerator(kind, choices: &choices, maxEvents: maxEvents)
      var events: [TimedEvent] = []
      events.reserveCapacity(generator.eventCount + 16)
      while events.count < generator.eventCount {
        generator.appendEvents(&choices, to: &events)
      }
      events.removeLast(events.count - generator.eventCount)
      return GeneratedRecording(header: generator.header, events: events)
    }
  }
}
