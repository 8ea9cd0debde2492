/// Every state of a recording, reachable in any order: what time travel indexes into.
///
/// A timeline keeps the recording's bytes, where each event's line is, and a checkpoint (a full
/// state) every ``checkpointInterval`` steps. A state is the nearest checkpoint at or before it
/// with at most `checkpointInterval - 1` events replayed forward, so any step costs the same and
/// memory grows with the file, not with the square of it: the messages of all checkpoints share
/// one ``MessageLog``.
public struct Timeline: Sendable {
  /// Steps between two checkpoints.
  ///
  /// A checkpoint is a whole state (about 600 bytes with the layout's constants and the
  /// diagnostics): one every 256 steps costs about 2 bytes a step, and reaching any step replays
  /// at most 255 events (a fraction of a millisecond).
  public static let checkpointInterval = 256
  /// Steps between two calls of `load`'s `continuing`.
  public static let progressInterval = 4096

  /// Where an event's line is in the recording.
  public struct Line: Hashable, Sendable {
    /// The 1-based line number.
    public var number: Int
    /// The line's bytes in the recording, without its line break.
    public var bytes: Range<Int>

    public init(number: Int, bytes: Range<Int>) {
      self.number = number
      self.bytes = bytes
    }
  }

  public let header: SessionHeader
  /// The 1-based line number of the header, or `nil` when the recording has none.
  public let headerLine: Int?
  public let screen: ChatScreen
  /// The recording's bytes.
  public let source: [UInt8]
  /// The lines of the events that were replayed: `lines[i]` produced step `i + 1`.
  public let lines: Lines
  /// The lines that could not be replayed.
  public let errors: [RecordingError]
  private let checkpoints: [ChatState]

  /// The number of states: one more than the number of events.
  public var stepCount: Int { lines.count + 1 }
  /// The last step.
  public var lastStep: Int { lines.count }

  /// Replays `source`.
  ///
  /// With `keepGoing`, bad lines are collected in ``errors`` and the rest is
  /// replayed; without, the first bad line ends the replay and the result is `.failure`.
  /// `observe` sees every state, step 0 first, with its event, as it is replayed (an index can be
  /// built in the same pass), and whether it is settled (the state before with only its step,
  /// time and input text changed; see ``ChangeIndex/add(_:event:settled:)``). `continuing` is
  /// told every ``progressInterval`` steps how many bytes and steps are done; when it returns
  /// false the load stops there and the timeline holds the steps replayed so far (Ctrl-C while a
  /// big file loads).
  ///
  /// The bytes are replayed `chunkSize` at a time (chunk `k` from byte `k × chunkSize` on), and
  /// `decodedAhead(k)` may give chunk `k`'s lines decoded ahead of time (``DecodedChunk``, on
  /// another thread), which saves decoding them again and changes nothing else; `replayed(k,
  /// decoded)` hands it back once the chunk is replayed. Nothing depends on where chunks are cut.
  public static func load(
    _ source: [UInt8], options: Replayer.Options = .init(), keepGoing: Bool = false,
    chunkSize: Int = .max,
    decodedAhead: (_ chunk: Int) -> DecodedChunk? = { _ in nil },
    replayed: (_ chunk: Int, _ decoded: consuming DecodedChunk?) -> Void = { _, _ in },
    observe: (ChatState, TimedEvent?, _ settled: Bool) -> Void = { _, _, _ in },
    continuing: (_ bytesRead: Int, _ steps: Int) -> Bool = { _, _ in true }
  ) -> Result<Timeline, RecordingError> {
    source.withUnsafeBufferPointer { bytes in
      load(
        bytes, lineCount: lineCount(of: bytes), options: options, keepGoing: keepGoing,
        chunkSize: chunkSize, decodedAhead: decodedAhead, replayed: replayed, observe: observe,
        continuing: continuing)
    }.map { Timeline($0, source: source) }
  }

  /// What a load found, for ``init(_:source:)`` to make a timeline of with the bytes it read.
  package struct Loaded: Sendable {
    fileprivate let header: SessionHeader
    fileprivate let headerLine: Int?
    fileprivate let screen: ChatScreen
    fileprivate let lines: Lines
    fileprivate let errors: [RecordingError]
    fileprivate let checkpoints: [ChatState]
  }

  /// The timeline of `source`, the bytes `loaded` was loaded from.
  package init(_ loaded: Loaded, source: [UInt8]) {
    header = loaded.header
    headerLine = loaded.headerLine
    screen = loaded.screen
    self.source = source
    lines = loaded.lines
    errors = loaded.errors
    checkpoints = loaded.checkpoints
  }

  /// ``load(_:options:keepGoing:chunkSize:decodedAhead:replayed:observe:continuing:)`` over
  /// bytes that may arrive while it runs.
  ///
  /// Chunk `k`'s bytes are read only after `ready(k)` returned `true` (a file read into the
  /// timeline's own storage on another thread, say), and `false` stops the load there, as
  /// `continuing` does. `lineCount`, the number of lines or an estimate of it, sizes what the
  /// load collects.
  package static func load(
    _ bytes: UnsafeBufferPointer<UInt8>, lineCount: Int, options: Replayer.Options,
    keepGoing: Bool, chunkSize: Int,
    ready: (_ chunk: Int) -> Bool = { _ in true },
    decodedAhead: (_ chunk: Int) -> DecodedChunk?,
    replayed: (_ chunk: Int, _ decoded: consuming DecodedChunk?) -> Void,
    observe: (ChatState, TimedEvent?, _ settled: Bool) -> Void,
    continuing: (_ bytesRead: Int, _ steps: Int) -> Bool
  ) -> Result<Loaded, RecordingError> {
    precondition(chunkSize > 0, "chunkSize must be positive")
    var replayer = Replayer(options: options)
    // One event per line at most: reserving once avoids holding two copies while the arrays grow.
    var collected = Collected(lineCount: lineCount)
    var errors: [RecordingError] = []
    func error(_ error: RecordingError) -> Bool {
      errors.append(error)
      return keepGoing
    }
    // Written through a pointer: a variable captured by `step` would be checked for exclusive
    // access at every step (about 120 instructions each).
    withUnsafeMutablePointer(to: &collected) { collected in
      func step(
        _ state: ChatState, _ event: TimedEvent?, _ line: Int?, _ bytes: Range<Int>?,
        _ settled: Bool
      ) -> Bool {
        observe(state, event, settled)
        if let line, let bytes {
          collected.pointee.lines.append(Line(number: line, bytes: bytes))
        } else {
          collected.pointee.headerLine = line
        }
        if state.step % checkpointInterval == 0 { collected.pointee.checkpoints.append(state) }
        if state.step % progressInterval == 0, let bytes {
          return continuing(bytes.upperBound, state.step)
        }
        return true
      }
      var start = 0
      var chunk = 0
      while start < bytes.count {
        let end = bytes.count - start > chunkSize ? start + chunkSize : bytes.count
        guard ready(chunk) else { return }
        let decoded = decodedAhead(chunk)
        let goOn = replayer.read(
          UnsafeBufferPointer(rebasing: bytes[start..<end]), decoded: decoded,
          settledStep: step, error: error)
        replayed(chunk, consume decoded)
        guard goOn else { return }
        start = end
        chunk += 1
      }
      replayer.finish(settledStep: step, error: error)
    }
    let (lines, checkpoints, headerLine) =
      (collected.lines, collected.checkpoints, collected.headerLine)
    guard let header = replayer.header, let screen = replayer.screen, !checkpoints.isEmpty else {
      return .failure(
        errors.first
          ?? RecordingError(line: 1, column: 1, problem: .emptyFile, excerpt: "", excerptColumn: 1))
    }
    if !keepGoing, let first = errors.first { return .failure(first) }
    return .success(
      Loaded(
        header: header, headerLine: headerLine, screen: screen, lines: lines, errors: errors,
        checkpoints: checkpoints))
  }

  /// What `load` collects as it replays.
  private struct Collected {
    var lines = Lines()
    var checkpoints: [ChatState] = []
    var headerLine: Int?

    init(lineCount: Int) {
      lines.reserveCapacity(lineCount)
      checkpoints.reserveCapacity(lineCount / checkpointInterval + 2)
    }
  }

  /// The number of line breaks in `bytes` (a timeline and a page made in one pass reserve
  /// their columns by it).
  static func lineCount(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    var start = 0
    while let index = firstIndex(of: 0x0A, in: bytes, from: start) {
      count += 1
      start = index + 1
    }
    return count
  }

  /// The event that produced `step` (1…lastStep).
  public func event(at step: Int) -> TimedEvent {
    precondition(step >= 1 && step <= lastStep, "Step \(step) has no event")
    return event(on: lines[step - 1])
  }

  /// The event on `line`, one of ``lines``.
  func event(on line: Line) -> TimedEvent {
    let decoded = source.withUnsafeBufferPointer { bytes in
      Result { () throws(RecordingError) -> DecodedLine in
        try LineDecoder.decode(
          UnsafeBufferPointer(rebasing: bytes[line.bytes]), lineNumber: line.number)
      }
    }
    // The line was decoded once already when the timeline was loaded.
    guard case .success(.event(let event)) = decoded else {
      preconditionFailure("Line \(line.number) no longer decodes")
    }
    return event
  }

  /// The text of the line that produced `step`.
  public func lineText(at step: Int) -> String {
    precondition(step >= 1 && step <= lastStep, "Step \(step) has no event")
    return String(decoding: source[lines[step - 1].bytes], as: UTF8.self)
  }

  /// The state at `step` (0…lastStep), from the nearest checkpoint.
  public func state(at step: Int) -> ChatState {
    precondition(step >= 0 && step <= lastStep, "Step \(step) is out of range 0...\(lastStep)")
    let checkpoint = step / Self.checkpointInterval
    var state = checkpoints[checkpoint]
    var next = checkpoint * Self.checkpointInterval + 1
    var line: Line?
    while next <= step {
      let current = line.map { lines.line(at: next - 1, after: $0) } ?? lines[next - 1]
      screen.reduce(into: &state, event(on: current))
      line = current
      next += 1
    }
    return state
  }

  /// Calls `body` with every state from `start` through `end` in order.
  ///
  /// Each event is replayed once; `body` returns `false` to stop early.
  public func forEachState(
    from start: Int = 0, through end: Int? = nil, _ body: (ChatState) -> Bool
  ) {
    let end = end ?? lastStep
    guard start <= end else { return }
    var state = self.state(at: start)
    guard body(state) else { return }
    forEachEvent(from: start + 1, through: end) { _, event in
      screen.reduce(into: &state, event)
      return body(state)
    }
  }

  /// Calls `body` with every step from `start` (at least 1) through `end` in order and the
  /// event that produced it, without replaying them; `body` returns `false` to stop early.
  public func forEachEvent(
    from start: Int = 1, through end: Int? = nil, _ body: (Int, TimedEvent) -> Bool
  ) {
    precondition(start >= 1, "Step 0 has no event")
    let end = end ?? lastStep
    var step = start
    var line: Line?
    while step <= end {
      let current = line.map { lines.line(at: step - 1, after: $0) } ?? lines[step - 1]
      guard body(step, event(on: current)) else { return }
      line = current
      step += 1
    }
  }
}
