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
  /// The offsets of the chunk's line endings (`\n`), so that the reader need not look for them,
  /// each shifted left by one, with the low bit set when a `\r` comes before it: the reader then
  /// knows a decoded line's length without reading its bytes, which the decoding thread wrote.
  private let newlines: [Int]
  /// The event of the line before each line ending, or `nil` for the reader to decode it.
  ///
  /// As many as line endings, in ``storage``. Read through this pointer, not the storage, so
  /// that reading an event does not retain and release the storage; written only by the
  /// initializer.
  nonisolated(unsafe) private let events: UnsafeMutablePointer<TimedEvent?>
  /// For each line ending, the keystroke of the line before it when the chunk left keystrokes to
  /// the reader (see ``init(_:leavingKeystrokes:)``), or `nil` without any.
  nonisolated(unsafe) private let keystrokes: UnsafeMutablePointer<Keystroke>?
  /// Owns ``events`` and ``keystrokes``.
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
  /// than 15 bytes costs, and without scanning the line a second time.
  public init(_ chunk: UnsafeBufferPointer<UInt8>, leavingKeystrokes: Bool = false) {
    byteCount = chunk.count
    // One pass: a line in the canonical shape is decoded from its start with the rest of the
    // chunk after it, and ends at the line feed where the decoder stops (as the reader reads a
    // chunk itself); only a line the decoder declines has its end looked for apart. The
    // storage is made for a line of about 48 bytes (a recording's lines are longer) and grows
    // when a chunk has more.
    let estimate = chunk.count / 48 + 16
    var newlines: [Int] = []
    newlines.reserveCapacity(estimate)
    var events = EventsBuilder(capacity: estimate, keystrokes: leavingKeystrokes)
    if let base = chunk.baseAddress, let last = lastIndex(of: 0x0A, in: chunk, from: 0) {
      let end = last + 1
      var start = 0
      // The frames of the chunk's keyboard lines, which most keyboard lines repeat.
      var frames = LineDecoder.KeyboardFrames()
      while start < end {
        var scanner = JSONScanner(UnsafeBufferPointer(start: base + start, count: end - start))
        var event: TimedEvent?
        var keystroke = Keystroke.none
        let newline: Int
        var returned = false
        switch LineDecoder.canonicalLine(&scanner, frames: &frames) {
        case .keystroke(let t, let textStart, let length, let isASCII)? where leavingKeystrokes:
          // The decoder stands at the line feed that ends the line; a line in the canonical
          // shape has no `\r` before it. Kept when the chunk's offsets fit the record.
          newline = start + scanner.position
          if newline <= Int(UInt32.max >> 1) {
            keystroke = Keystroke(
              t: t, textStart: start + textStart, length: length, isASCII: isASCII)
          }
        case let line?:
          newline = start + scanner.position
          event = line.event(in: scanner)
        case nil:
          // Found, as the chunk's last line feed is at or after `start`.
          newline = firstIndex(of: 0x0A, in: chunk, from: start) ?? last
          returned = newline > start && chunk[newline - 1] == 0x0D
          // A line in the canonical shape but for a `\r` before its line feed is decoded
          // without it, as the reader reads such a line; its keystroke, if it is one, is left
          // to the reader (which takes a keystroke without decoding it only from a line
          // without a `\r`).
          if returned {
            event = Self.eventOfReturnedLine(
              UnsafeBufferPointer(start: base + start, count: newline - 1 - start),
              leavingKeystrokes: leavingKeystrokes, frames: &frames)
          }
        }
        events.append(consume event, keystroke)
        newlines.append(newline << 1 | (returned ? 1 : 0))
        start = newline + 1
      }
    }
    let storage = events.finish()
    self.newlines = newlines
    self.events = storage.slots
    keystrokes = storage.keystrokes
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
  /// UTF-8, without escapes); ``none`` for a line of any other kind.
  struct Keystroke {
    let t: Double
    /// The offset of the text's first byte in the chunk.
    let textStart: UInt32
    /// The text's length in bytes, shifted left by one, with the low bit set when every byte is
    /// ASCII; `UInt32.max` for ``none``.
    private let lengthAndASCII: UInt32

    /// No keystroke.
    static let none = Keystroke(t: 0, textStart: 0, lengthAndASCII: .max)

    private init(t: Double, textStart: UInt32, lengthAndASCII: UInt32) {
      self.t = t
      self.textStart = textStart
      self.lengthAndASCII = lengthAndASCII
    }

    init(t: Double, textStart: Int, length: Int, isASCII: Bool) {
      self.init(
        t: t, textStart: UInt32(textStart),
        lengthAndASCII: UInt32(length) << 1 | (isASCII ? 1 : 0))
    }

    var isNone: Bool { lengthAndASCII == .max }
    var length: Int { Int(lengthAndASCII >> 1) }
    var isASCII: Bool { lengthAndASCII & 1 != 0 }
  }

  /// The offset of the chunk's `ordinal`-th line ending, or `nil` if it has no more.
  @inline(__always)
  func newline(_ ordinal: Int) -> Int? {
    ordinal < newlines.count ? newlines[ordinal] >> 1 : nil
  }

  /// Whether a `\r` comes before the chunk's `ordinal`-th line ending, which must exist.
  @inline(__always)
  func isReturned(_ ordinal: Int) -> Bool {
    newlines[ordinal] & 1 != 0
  }

  /// The event of the line before the chunk's `ordinal`-th line ending, if it was decoded.
  @inline(__always)
  func event(_ ordinal: Int) -> TimedEvent? {
    ordinal < newlines.count ? events[ordinal] : nil
  }

  /// The keystroke of the line before the chunk's `ordinal`-th line ending, which must exist,
  /// when the chunk left it to the reader.
  @inline(__always)
  func keystroke(_ ordinal: Int) -> Keystroke? {
    guard let keystroke = keystrokes?[ordinal], !keystroke.isNone else { return nil }
    return keystroke
  }

  /// How many lines it decoded: the number of lines whose event it holds.
  public var decodedCount: Int {
    (0..<newlines.count).count { events[$0] != nil }
  }

  /// The decoded events, in storage of their own rather than an array: an array of them is
  /// freed by the runtime's generic walk over its elements, which cost the decoding thread (that
  /// frees the chunks replayed) about 90 instructions an event more than this storage's loop.
  private final class Events: @unchecked Sendable {
    let slots: UnsafeMutablePointer<TimedEvent?>
    let keystrokes: UnsafeMutablePointer<Keystroke>?
    let count: Int

    /// Takes over `count` events at `slots`, and as many keystrokes at `keystrokes`.
    init(
      slots: UnsafeMutablePointer<TimedEvent?>, keystrokes: UnsafeMutablePointer<Keystroke>?,
      count: Int
    ) {
      self.slots = slots
      self.keystrokes = keystrokes
      self.count = count
    }

    deinit {
      for ordinal in 0..<count { _ = (slots + ordinal).move() }
      slots.deallocate()
      keystrokes?.deallocate()
    }
  }

  /// The events (and keystrokes) of a chunk as its initializer finds them: a value in a local,
  /// so that adding one checks no exclusive access, as a class's properties would at every line.
  private struct EventsBuilder {
    private var slots: UnsafeMutablePointer<TimedEvent?>
    private var keystrokes: UnsafeMutablePointer<Keystroke>?
    private var count = 0
    private var capacity: Int

    /// Room for `capacity` events, and as many keystrokes if `keystrokes`.
    init(capacity: Int, keystrokes: Bool) {
      self.capacity = max(1, capacity)
      slots = .allocate(capacity: self.capacity)
      self.keystrokes = keystrokes ? .allocate(capacity: self.capacity) : nil
    }

    /// Adds the next line's event and, when keystrokes are kept, its keystroke.
    @inline(__always)
    mutating func append(_ event: consuming TimedEvent?, _ keystroke: Keystroke) {
      if count == capacity { grow() }
      (slots + count).initialize(to: consume event)
      if let keystrokes { (keystrokes + count).initialize(to: keystroke) }
      count += 1
    }

    /// Twice the room, the events moved (not copied) into it.
    @inline(never)
    private mutating func grow() {
      let larger = capacity * 2
      let moved = UnsafeMutablePointer<TimedEvent?>.allocate(capacity: larger)
      moved.moveInitialize(from: slots, count: count)
      slots.deallocate()
      slots = moved
      if let old = keystrokes {
        let movedKeystrokes = UnsafeMutablePointer<Keystroke>.allocate(capacity: larger)
        movedKeystrokes.moveInitialize(from: old, count: count)
        old.deallocate()
        keystrokes = movedKeystrokes
      }
      capacity = larger
    }

    /// The storage that owns the events from now on.
    consuming func finish() -> Events {
      Events(slots: slots, keystrokes: keystrokes, count: count)
    }
  }
}
