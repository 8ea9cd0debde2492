/// A recording made from a printout: the header, what the import inferred, and the events.
public struct ImportedRecording: Hashable, Sendable {
  public var header: SessionHeader
  public var info: ImportInfo
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
  public var t: Double
  public var name: KeyboardNotification.Name
  public var fields: KeyboardFields
  /// The source's index and the line its block starts on.
  public var source: Int
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
  public var sources: [String]
  /// The ``PrintStyle`` raw values seen, in the order of ``PrintStyle/allCases``.
  public var styles: [PrintStyle]
  public var screen: Origin
  public var safeArea: Origin
  public var times: Origin
  /// How many events took their name from the block, a label before it, and `--name`.
  public var printedNames: Int
  public var labelNames: Int
  public var optionNames: Int
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
