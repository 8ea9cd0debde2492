/// A recording made from a printout: the header, what the import inferred, and the events.
public struct ImportedRecording: Hashable, Sendable {
  /// The header: device and layout.
  public var header: SessionHeader
  /// The header's `import` object.
  public var info: ImportInfo
  /// The keyboard notifications, in printed order.
  public var events: [ImportedEvent]

  /// The recording as JSON Lines, each line ending in `\n`.
  public var jsonLines: String {
    var writer = JSONWriter()
    ImportEncoder.write(header: header, info: info, to: &writer)
    writer.newline()
    for event in events {
      ImportEncoder.write(event, to: &writer)
      writer.newline()
    }
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

/// One keyboard notification of an imported recording, and where it was printed.
public struct ImportedEvent: Hashable, Sendable {
  /// Seconds since the first event.
  public var t: Double
  /// The notification.
  public var name: KeyboardNotification.Name
  /// Its `userInfo`.
  public var fields: KeyboardFields
  /// The index of the source it was printed in.
  public var source: Int
  /// The line its block starts on.
  public var line: Int

  public init(
    t: Double, name: KeyboardNotification.Name, fields: KeyboardFields, source: Int, line: Int
  ) {
    self.t = t
    self.name = name
    self.fields = fields
    self.source = source
    self.line = line
  }

  /// The event as the replayer reads it (the extra fields dropped).
  public var timedEvent: TimedEvent {
    TimedEvent(t: t, event: .keyboard(fields.notification(named: name)))
  }
}

/// What the header's `import` object records: the sources, the styles seen, and where the
/// screen, the safe area, the names and the times came from.
public struct ImportInfo: Hashable, Sendable {
  /// The sources' names, in the order read.
  public var sources: [String]
  /// The ``PrintStyle`` raw values seen, in the order of ``PrintStyle/allCases``.
  public var styles: [PrintStyle]
  /// Where the screen size came from.
  public var screen: Origin
  /// Where the safe area came from.
  public var safeArea: Origin
  /// Where the times came from.
  public var times: Origin
  /// How many events took their name from the block, a label before it, and `--name`.
  public var printedNames: Int
  /// Events named by a label before their block.
  public var labelNames: Int
  /// Events named by `--name`.
  public var optionNames: Int
  /// How many warnings the import printed.
  public var warnings: Int

  /// Where a value came from.
  public enum Origin: Hashable, Sendable {
    /// A command-line option, named.
    case option(String)
    /// A device profile whose screen matches, by name.
    case profile(String)
    /// The frames (screen) or the log time stamps (times), first seen at this place.
    case printout(source: Int, line: Int)
    /// The import's stated default (safe area) or rule (times).
    case rule
  }
}
