/// A chunk of a recording whose lines were decoded ahead of time, on any thread, for
/// ``RecordingReader/read(_:decoded:_:)`` to replay in order.
///
/// Decoding a line needs nothing but the line, so the lines of the chunks ahead can be decoded
/// while the reader replays the chunk before them. A `DecodedChunk` holds where the chunk's
/// lines end and the event of each line in the recorders' own shape (most of them); every other
/// line (the header, blank, odd or bad lines, and the line cut by the chunk's start) is left for
/// the reader, which decodes and reports it as it always does. Nothing depends on where chunks
/// are cut.
///
/// ```swift
/// let decoded = DecodedChunk(chunk)          // on a helper thread
/// reader.read(chunk, decoded: decoded) { … } // then in file order
/// ```
public struct DecodedChunk: Sendable {
  /// A word for each of the chunk's line endings (`\n`), so that the reader need not look for them.
  ///
  /// Each holds the ending's offset, whether a `\r` comes before it, and what was kept of the
  /// line before it (``Line``). The reader then knows a decoded line's length without reading
  /// its bytes, which the decoding thread wrote.
  private let lines: [Int]
  /// The events of the lines that have one, in the order of their lines: the reader takes the
  /// next one at each line whose word says so.
  ///
  /// In ``storage``. Read through this pointer, not the storage, so that reading an event does
  /// not retain and release the storage; written only by the initializer.
  nonisolated(unsafe) private let events: UnsafeMutablePointer<TimedEvent>
  /// The keystrokes left to the reader (see ``init(_:leavingKeystrokes:)``), in the order of
  /// their lines, in ``storage``.
  nonisolated(unsafe) private let keystrokes: UnsafeMutablePointer<Keystroke>
  /// The keyboard lines' members when keystrokes are left to the reader, in the order of their
  /// lines, in ``storage``: the reader makes each a notification in the box that an event keeps
  /// it in.
  nonisolated(unsafe) private let keyboards: UnsafeMutablePointer<KeyboardLine>
  /// Owns ``events``, ``keystrokes`` and ``keyboards``.
  private let storage: Events
  /// The size of the chunk, to check it is read with its own bytes.
  let byteCount: Int

  /// Decodes the lines of `chunk` that end in it.
  ///
  /// With `leavingKeystrokes`, a keystroke line whose text has no escape is not made an event:
  /// its time and where its text lies in the chunk are kept instead (``Keystroke``), for
  /// ``Replayer/read(_:decoded:countingInto:error:)``, which takes most keystrokes without making
  /// their texts into `String`s (see ``RecordingReader/read(_:decoded:takingKeystroke:_:)``), and
  /// so without the allocation here and the release on the replaying thread that a text longer
  /// than 15 bytes costs, and without scanning the line a second time. A keyboard line's members
  /// are then kept as a value too (96 bytes with its time), not as an event: the event's box is
  /// made by the reader, on its own thread, so that the box's allocation, its reference counting
  /// and its release stay on one core (made here, a box is allocated long before it is freed,
  /// and its count is changed by both threads). `replay check`, `replay FILE --json` and the
  /// debugger's load leave keystrokes: each replays every event on one thread and drops it there.
  /// `replay compare`, whose lanes share each event between the cores whoever made it, and
  /// `replay html`, whose replaying thread is its busiest, measured slower with the boxes and
  /// texts made by their reader (`Benchmarks/HISTORY.md` has the figures).
  ///
  /// What the reader reads of it is dense: a word a line, and an event, a keystroke or a
  /// keyboard line's members only for the lines that have one. The reader often runs on another
  /// core than the one that decoded the chunk, and what it reads travels between the two.
  public init(_ chunk: UnsafeBufferPointer<UInt8>, leavingKeystrokes: Bool = false) {
    byteCount = chunk.count
    // One pass: a line in the canonical shape is decoded from its start with the rest of the
    // chunk after it, and ends at the line feed where the decoder stops (as the reader reads a
    // chunk itself); only a line the decoder declines has its end looked for apart. The
    // storage is made for lines of about 48 bytes (a recording's lines are longer), keystrokes
    // taking at most three lines in four when they are left, and grows when a chunk has more.
    let estimate = chunk.count / 48 + 16
    var lines: [Int] = []
    lines.reserveCapacity(estimate)
    var kept = EventsBuilder(
      events: leavingKeystrokes ? estimate / 2 : estimate,
      keystrokes: leavingKeystrokes ? estimate * 3 / 4 : 0,
      keyboards: chunk.count / 192 + 16)
    if let base = chunk.baseAddress, let last = lastIndex(of: 0x0A, in: chunk, from: 0) {
      let end = last + 1
      var start = 0
      // The frames of the chunk's keyboard lines, which most keyboard lines repeat.
      var frames = LineDecoder.KeyboardFrames()
      while start < end {
        var scanner = JSONScanner(UnsafeBufferPointer(start: base + start, count: end - start))
        let line: Line
        var tookKeyboard = false
        let decoded =
          leavingKeystrokes
          ? LineDecoder.canonicalLine(&scanner, frames: &frames) { t, members in
            kept.append(KeyboardLine(t: t, members: members))
            tookKeyboard = true
          } : LineDecoder.canonicalLine(&scanner, frames: &frames)
        switch consume decoded {
        case nil where tookKeyboard:
          line = Line(endingAt: start + scanner.position, kind: .keyboard)
        case .keystroke(let t, let textStart, let length, let isASCII)? where leavingKeystrokes:
          // The decoder stands at the line feed that ends the line; a line in the canonical
          // shape has no `\r` before it. Kept when the chunk's offsets fit the record.
          let newline = start + scanner.position
          if newline <= Int(UInt32.max >> 1) {
            kept.append(
              Keystroke(t: t, textStart: start + textStart, length: length, isASCII: isASCII))
            line = Line(endingAt: newline, kind: .keystroke)
          } else {
            line = Line(endingAt: newline)
          }
        case let decoded?:
          kept.append(decoded.event(in: scanner))
          line = Line(endingAt: start + scanner.position, kind: .event)
        case nil:
          // Found, as the chunk's last line feed is at or after `start`.
          let newline = firstIndex(of: 0x0A, in: chunk, from: start) ?? last
          // A line in the canonical shape but for a `\r` before its line feed is decoded
          // without it, as the reader reads such a line; its keystroke, if it is one, is left
          // to the reader (which takes a keystroke without decoding it only from a line
          // without a `\r`).
          if newline > start && chunk[newline - 1] == 0x0D,
            let event = Self.eventOfReturnedLine(
              UnsafeBufferPointer(start: base + start, count: newline - 1 - start),
              leavingKeystrokes: leavingKeystrokes, frames: &frames)
          {
            kept.append(event)
            line = Line(endingAt: newline, isReturned: true, kind: .event)
          } else {
            line = Line(endingAt: newline)
          }
        }
        lines.append(line.word)
        start = line.end + 1
      }
    }
    let storage = kept.finish()
    self.lines = lines
    events = storage.events
    keystrokes = storage.keystrokes
    keyboards = storage.keyboards
    self.storage = storage
  }

  /// The event of `line`, a line without the `\r` before its line feed, when it is in the
  /// canonical shape and not a keystroke left to the reader; a call of its own, as such lines
  /// are rare, so that the decoder is inlined once in the initializer's loop.
  @inline(never)
  private static func eventOfReturnedLine(
    _ line: UnsafeBufferPointer<UInt8>, leavingKeystrokes: Bool,
    frames: inout LineDecoder.KeyboardFrames
  ) -> TimedEvent? {
    var scanner = JSONScanner(line)
    switch LineDecoder.canonicalLine(&scanner, frames: &frames) {
    case .keystroke? where leavingKeystrokes, nil: return nil
    case let decoded?: return decoded.event(in: scanner)
    }
  }

  /// A keystroke line left to the reader: its time, and its text's bytes in the chunk (valid
  /// UTF-8, without escapes).
  struct Keystroke {
    let t: Double
    /// The offset of the text's first byte in the chunk.
    let textStart: UInt32
    /// The text's length in bytes, shifted left by one, with the low bit set when every byte is
    /// ASCII.
    private let lengthAndASCII: UInt32

    init(t: Double, textStart: Int, length: Int, isASCII: Bool) {
      self.t = t
      self.textStart = UInt32(textStart)
      lengthAndASCII = UInt32(length) << 1 | (isASCII ? 1 : 0)
    }

    var length: Int { Int(lengthAndASCII >> 1) }
    var isASCII: Bool { lengthAndASCII & 1 != 0 }
  }

  /// A keyboard line's time and members.
  struct KeyboardLine {
    let t: Double
    let members: LineDecoder.CanonicalKeyboard

    /// The line's event.
    var event: TimedEvent { TimedEvent(t: t, event: .keyboard(members.notification)) }
  }

  /// A line ending of the chunk, and what was kept of the line before it.
  struct Line {
    /// What the chunk holds of a line.
    enum Kind: Int {
      /// Nothing: the reader decodes the line itself.
      case none = 0
      /// Its event, the next of ``DecodedChunk/event(_:)``'s.
      case event = 1
      /// Its keystroke, the next of ``DecodedChunk/keystroke(_:)``'s.
      case keystroke = 2
      /// Its notification, the next of ``DecodedChunk/keyboard(_:)``'s.
      case keyboard = 3
    }

    /// The ending's offset, shifted left by three; then whether a `\r` comes before it, and the
    /// kind in the two low bits.
    let word: Int

    init(endingAt newline: Int, isReturned: Bool = false, kind: Kind = .none) {
      word = newline << 3 | (isReturned ? 4 : 0) | kind.rawValue
    }

    init(word: Int) {
      self.word = word
    }

    /// The offset of the line feed.
    var end: Int { word >> 3 }
    /// Whether a `\r` comes before the line feed (said only of a line with an event).
    var isReturned: Bool { word & 4 != 0 }
    var kind: Kind {
      switch word & 3 {
      case 1: .event
      case 2: .keystroke
      case 3: .keyboard
      default: .none
      }
    }
  }

  /// The chunk's `ordinal`-th line ending, or `nil` if it has no more.
  @inline(__always)
  func line(_ ordinal: Int) -> Line? {
    ordinal < lines.count ? Line(word: lines[ordinal]) : nil
  }

  /// The `index`-th event the chunk holds, which must exist: the event of the line of the
  /// `index`-th ``Line/Kind/event``.
  @inline(__always)
  func event(_ index: Int) -> TimedEvent {
    precondition(index < storage.eventCount)
    return events[index]
  }

  /// The `index`-th keystroke the chunk holds, which must exist.
  @inline(__always)
  func keystroke(_ index: Int) -> Keystroke {
    precondition(index < storage.keystrokeCount)
    return keystrokes[index]
  }

  /// The `index`-th keyboard line the chunk holds, which must exist.
  @inline(__always)
  func keyboard(_ index: Int) -> KeyboardLine {
    precondition(index < storage.keyboardCount)
    return keyboards[index]
  }

  /// How many lines it decoded: the number of lines whose event or notification it holds.
  public var decodedCount: Int { storage.eventCount + storage.keyboardCount }

  /// The decoded events, keystrokes and keyboard lines, in storage of their own rather than
  /// arrays: an array of events is freed by the runtime's generic walk over its elements, which
  /// cost the decoding thread (that frees the chunks replayed) about 90 instructions an event
  /// more than this storage's loop.
  private final class Events: @unchecked Sendable {
    let events: UnsafeMutablePointer<TimedEvent>
    let eventCount: Int
    let keystrokes: UnsafeMutablePointer<Keystroke>
    let keystrokeCount: Int
    let keyboards: UnsafeMutablePointer<KeyboardLine>
    let keyboardCount: Int

    /// Takes over `eventCount` events at `events`, and so on.
    init(
      events: UnsafeMutablePointer<TimedEvent>, eventCount: Int,
      keystrokes: UnsafeMutablePointer<Keystroke>, keystrokeCount: Int,
      keyboards: UnsafeMutablePointer<KeyboardLine>, keyboardCount: Int
    ) {
      self.events = events
      self.eventCount = eventCount
      self.keystrokes = keystrokes
      self.keystrokeCount = keystrokeCount
      self.keyboards = keyboards
      self.keyboardCount = keyboardCount
    }

    deinit {
      // One by one: `deinitialize(count:)` is the runtime's generic walk.
      for index in 0..<eventCount { _ = (events + index).move() }
      events.deallocate()
      keystrokes.deallocate()
      // A keyboard line holds nothing counted: this compiles to nothing, and stays right if
      // one ever does.
      keyboards.deinitialize(count: keyboardCount)
      keyboards.deallocate()
    }
  }

  /// The events, keystrokes and keyboard lines of a chunk as its initializer finds them: a value
  /// in a local, so that adding one checks no exclusive access, as a class's properties would at
  /// every line.
  private struct EventsBuilder {
    private var events: Storage<TimedEvent>
    private var keystrokes: Storage<Keystroke>
    private var keyboards: Storage<KeyboardLine>

    /// Room for `events` events, `keystrokes` keystrokes and `keyboards` keyboard lines.
    init(events: Int, keystrokes: Int, keyboards: Int) {
      self.events = Storage(capacity: events)
      self.keystrokes = Storage(capacity: keystrokes)
      self.keyboards = Storage(capacity: keyboards)
    }

    @inline(__always)
    mutating func append(_ event: consuming TimedEvent) {
      events.append(event)
    }

    @inline(__always)
    mutating func append(_ keystroke: Keystroke) {
      keystrokes.append(keystroke)
    }

    @inline(__always)
    mutating func append(_ keyboard: consuming KeyboardLine) {
      keyboards.append(keyboard)
    }

    /// The storage that owns the events from now on.
    consuming func finish() -> Events {
      Events(
        events: events.base, eventCount: events.count, keystrokes: keystrokes.base,
        keystrokeCount: keystrokes.count, keyboards: keyboards.base,
        keyboardCount: keyboards.count)
    }

    /// Room for values, which doubles when full; the values are moved (not copied) into it.
    private struct Storage<Value> {
      private(set) var base: UnsafeMutablePointer<Value>
      private(set) var count = 0
      private var capacity: Int

      init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
      }

      @inline(__always)
      mutating func append(_ value: consuming Value) {
        if count == capacity { grow() }
        (base + count).initialize(to: value)
        count += 1
      }

      @inline(never)
      private mutating func grow() {
        let larger = capacity * 2
        let moved = UnsafeMutablePointer<Value>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
      }
    }
  }
}
