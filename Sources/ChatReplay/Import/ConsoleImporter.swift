/// Turns console printouts of keyboard notifications into a recording, reading them a chunk at
/// a time.
///
/// ```swift
/// var importer = ConsoleImporter(options: .init(names: [.willShow]))
/// importer.begin(source: "console.txt")
/// bytes.withUnsafeBufferPointer { importer.read($0) }
/// let outcome = importer.finish()   // the recording, or why there is none, and every message
/// ```
///
/// Memory stays bounded whatever the input: a line longer than ``Options/lineLimit`` is
/// reported and skipped without being held, at most ``Options/eventLimit`` events are kept, and
/// at most ``Options/messageLimit`` warnings (the rest are counted).
public struct ConsoleImporter: Sendable {
  /// What the command line asked for.
  public var options: Options
  private var builder: BlockBuilder
  private var sources: [String] = []
  private var blocks: [PrintedBlock] = []
  private var messages: [ImportMessage] = []
  private var suppressedWarnings = 0
  private var warningCount = 0
  private var eventCount = 0
  private var failed = false
  // The current source.
  private var carry: [UInt8] = []
  private var carryIsTooLong = false
  private var carryLength = 0
  private var lineNumber = 0
  private var atSourceStart = true
  /// The source's first bytes, while they are too few to tell whether it starts with a byte order
  /// mark (they can come in reads of a byte or two, from a pipe).
  private var head: [UInt8] = []
  private var sourceStopped = false

  /// What the command line asked for.
  public struct Options: Sendable {
    /// `--name`: one name for every block without one, or one per such block in order.
    public var names: [KeyboardNotification.Name]
    /// `--key`: which frame a rect printed without a key is.
    public var rectKey: FrameKey?
    /// `--device`.
    public var profile: DeviceProfile?
    /// `--screen` and `--safe-area`.
    public var screen: Size?
    /// `--safe-area`.
    public var safeArea: EdgeInsets?
    /// `--layout`.
    public var layout: LayoutID?
    /// `--strict`: warnings are errors.
    public var isStrict: Bool
    /// The command line, without `--name`, for the message that asks for names.
    public var commandLine: String
    /// The longest line read, in bytes; longer ones are reported and skipped.
    public var lineLimit: Int
    /// The most events kept; beyond them the import stops with an error.
    public var eventLimit: Int
    /// The most warnings kept (and printed); the rest are counted.
    public var messageLimit: Int

    public init(
      names: [KeyboardNotification.Name] = [], rectKey: FrameKey? = nil,
      profile: DeviceProfile? = nil, screen: Size? = nil, safeArea: EdgeInsets? = nil,
      layout: LayoutID? = nil, isStrict: Bool = false, commandLine: String = "replay import FILE",
      lineLimit: Int = 1 << 20, eventLimit: Int = 1_000_000, messageLimit: Int = 200
    ) {
      self.names = names
      self.rectKey = rectKey
      self.profile = profile
      self.screen = screen
      self.safeArea = safeArea
      self.layout = layout
      self.isStrict = isStrict
      self.commandLine = commandLine
      self.lineLimit = lineLimit
      self.eventLimit = eventLimit
      self.messageLimit = messageLimit
    }
  }

  /// The two frames a rect printed alone can be.
  public enum FrameKey: String, CaseIterable, Hashable, Sendable {
    case frameBegin
    case frameEnd

    var printedKey: PrintedKey { self == .frameBegin ? .frameBegin : .frameEnd }
  }

  public init(options: Options = Options()) {
    self.options = options
    builder = BlockBuilder(rectKey: options.rectKey?.printedKey)
  }

  /// Starts a new source, `name` being what messages call it.
  public mutating func begin(source name: String) {
    if !sources.isEmpty { endSource() }
    sources.append(name)
    builder.begin(source: sources.count - 1)
    carry = []
    carryIsTooLong = false
    carryLength = 0
    lineNumber = 0
    atSourceStart = true
    head = []
    sourceStopped = false
  }

  /// Whether reading more of the current source is pointless (binary input, too many events).
  public var hasStopped: Bool { sourceStopped || failed }

  /// Reads the next bytes of the current source.
  public mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard !hasStopped else { return }
    guard atSourceStart else { return readLines(bytes, from: 0) }
    // The first three bytes tell a UTF-8 byte order mark (skipped) and UTF-16 (refused), however
    // the reads cut them.
    if head.isEmpty && bytes.count >= 3 {
      atSourceStart = false
      guard let start = Self.textStart(bytes) else { return fail(.utf16Input, line: 1) }
      return readLines(bytes, from: start)
    }
    head.append(contentsOf: bytes)
    if head.count >= 3 { readHead() }
  }

  /// Reads the source's first bytes, kept in ``head``: once there are three, or when the source
  /// ends with fewer.
  private mutating func readHead() {
    atSourceStart = false
    let first = head
    head = []
    first.withUnsafeBufferPointer { first in
      guard let start = Self.textStart(first) else { return fail(.utf16Input, line: 1) }
      readLines(first, from: start)
    }
  }

  /// Where the text of a source starting with `bytes` starts: after a UTF-8 byte order mark, or
  /// at 0; `nil` for UTF-16 (a byte order mark of either order).
  private static func textStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    if bytes.count >= 2
      && ((bytes[0], bytes[1]) == (0xFF, 0xFE) || (bytes[0], bytes[1]) == (0xFE, 0xFF))
    {
      return nil
    }
    return bytes.count >= 3 && (bytes[0], bytes[1], bytes[2]) == (0xEF, 0xBB, 0xBF) ? 3 : 0
  }

  /// Reads `bytes` from `start` as lines of the current source.
  private mutating func readLines(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
    var index = start
    while index < bytes.count {
      guard let newline = firstIndex(of: 0x0A, in: bytes, from: index) else {
        append(UnsafeBufferPointer(rebasing: bytes[index...]))
        return
      }
      append(UnsafeBufferPointer(rebasing: bytes[index..<newline]))
      endLine()
      if hasStopped { return }
      index = newline + 1
    }
  }

  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    carryLength += bytes.count
    if carryIsTooLong { return }
    if carry.count + bytes.count > options.lineLimit {
      carryIsTooLong = true
      carry = []
      return
    }
    carry.append(contentsOf: bytes)
  }

  private mutating func endLine(isLast: Bool = false) {
    lineNumber += 1
    defer {
      carry.removeAll(keepingCapacity: carry.capacity <= 1 << 16)
      carryIsTooLong = false
      carryLength = 0
    }
    if carryIsTooLong {
      warn(.lineTooLong(bytes: carryLength, limit: options.lineLimit), column: nil)
      return
    }
    if carry.withUnsafeBufferPointer({ firstIndex(of: 0, in: $0, from: 0) }) != nil {
      fail(.binaryInput, line: lineNumber)
      return
    }
    guard let scalars = Self.decode(carry) else {
      warn(.invalidUTF8, column: nil)
      return
    }
    let cleaned = CleanedLine(scalars)
    if isLast && Self.isCutOff(cleaned) {
      warn(.cutOffLine, column: 1, excerpt: String(String.UnicodeScalarView(scalars)))
      return
    }
    builder.take(cleaned, number: lineNumber, printed: scalars)
    collect()
  }

  /// Ends the current source.
  public mutating func endSource() {
    if !head.isEmpty && !hasStopped { readHead() }
    if !carry.isEmpty || carryIsTooLong {
      endLine(isLast: true)
    }
    if !failed { builder.finishSource() }
    collect()
  }

  /// Finishes the import: the recording with every message, or the errors that stopped it.
  public mutating func finish() -> ImportOutcome {
    if !sources.isEmpty { endSource() }
    if suppressedWarnings > 0 {
      messages.append(ImportMessage(.note, .moreMessages(count: suppressedWarnings)))
    }
    if failed { return ImportOutcome(messages: messages, recording: nil, sources: sources) }
    var assembly = ImportAssembly(blocks: blocks, sources: sources, options: options)
    var recording = assembly.run()
    messages.append(contentsOf: assembly.messages)
    recording?.info.warnings =
      warningCount + suppressedWarnings
      + assembly.messages.count { $0.severity == .warning }
    if options.isStrict {
      let warnings = messages.filter { $0.severity == .warning }
      if !warnings.isEmpty {
        messages = messages.map { message in
          guard message.severity == .warning else { return message }
          var strict = message
          strict.severity = .error
          strict.problem = .strict(message.problem)
          return strict
        }
        return ImportOutcome(messages: messages, recording: nil, sources: sources)
      }
    }
    return ImportOutcome(messages: messages, recording: recording, sources: sources)
  }

  // MARK: Helpers

  private mutating func collect() {
    for message in builder.takeMessages() { keep(message) }
    let new = builder.takeBlocks()
    guard !new.isEmpty else { return }
    blocks.append(contentsOf: new)
    eventCount += new.reduce(0) { $0 + ($1.name == nil ? max($1.labels.count, 1) : 1) }
    if eventCount > options.eventLimit {
      fail(.tooManyEvents(limit: options.eventLimit), line: lineNumber)
    }
  }

  private mutating func keep(_ message: ImportMessage) {
    if message.severity == .warning {
      if warningCount >= options.messageLimit {
        suppressedWarnings += 1
        return
      }
      warningCount += 1
    }
    messages.append(message)
  }

  private mutating func warn(_ problem: ImportMessage.Problem, column: Int?, excerpt: String? = nil)
  {
    keep(
      ImportMessage(
        .warning, problem, source: sources.count - 1, line: lineNumber, column: column,
        excerpt: excerpt, excerptColumn: excerpt == nil ? nil : 1))
  }

  private mutating func fail(_ problem: ImportMessage.Problem, line: Int) {
    messages.append(ImportMessage(.error, problem, source: sources.count - 1, line: line))
    failed = true
    sourceStopped = true
  }

  /// The line's Unicode scalars, or `nil` when it is not UTF-8.
  private static func decode(_ bytes: [UInt8]) -> [Unicode.Scalar]? {
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(bytes.count)
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): scalars.append(scalar)
      case .emptyInput: return scalars
      case .error: return nil
      }
    }
  }

  /// Whether a last line without a line break is the start of a log line cut off (`2018-1`).
  private static func isCutOff(_ line: CleanedLine) -> Bool {
    guard line.stamp == nil, let first = line.content.first, ValueReader.isDigit(first) else {
      return false
    }
    return line.content.allSatisfy {
      ValueReader.isDigit($0) || "-:. +".unicodeScalars.contains($0)
    }
  }
}

/// What an import gave: a recording, or none and the errors saying why; and every message.
public struct ImportOutcome: Sendable {
  /// Notes, warnings and errors, in the order they arose.
  public var messages: [ImportMessage]
  /// The recording, or `nil` when an error stopped the import.
  public var recording: ImportedRecording?
  /// The sources' names, which messages refer to by index.
  public var sources: [String]
}
