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
    // The line endings first, so that the events (a few hundred bytes each) are stored once, in
    // storage of the right size, rather than copied each time the array grows.
    var newlines: [Int] = []
    newlines.reserveCapacity(chunk.count / 64)
    var start = 0
    while let newline = firstIndex(of: 0x0A, in: chunk, from: start) {
      let returned = newline > start && chunk[newline - 1] == 0x0D
      newlines.append(newline << 1 | (returned ? 1 : 0))
      start = newline + 1
    }
    let events = Events(count: newlines.count, keystrokes: leavingKeystrokes)
    start = 0
    // The frames of the chunk's keyboard lines, which most keyboard lines repeat.
    var frames = LineDecoder.KeyboardFrames()
    for (ordinal, entry) in newlines.enumerated() {
      let newline = entry >> 1
      let end = newline - (entry & 1)
      var scanner = JSONScanner(UnsafeBufferPointer(rebasing: chunk[start..<end]))
      var event: TimedEvent?
      var keystroke = Keystroke.none
      switch LineDecoder.canonicalLine(&scanner, frames: &frames) {
      case .keystroke(let t, let textStart, let length, let isASCII)? where leavingKeystrokes:
        // Only a line without a `\r` (the reader takes a keystroke from such a line alone), in
        // a chunk whose offsets fit the record.
        if entry & 1 == 0, newline <= Int(UInt32.max >> 1) {
          keystroke = Keystroke(
            t: t, textStart: start + textStart, length: length, isASCII: isASCII)
        }
      case let line?: event = line.event(in: scanner)
      case nil: break
      }
      (events.slots + ordinal).initialize(to: event)
      if let keystrokes = events.keystrokes { (keystrokes + ordinal).initialize(to: keystroke) }
      start = newline + 1
    }
    self.newlines = newlines
    self.events = events.slots
    keystrokes = events.keystrokes
    storage = events
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

    /// Storage for `count` events, and as many keystrokes if `keystrokes`, which the initializer
    /// of ``DecodedChunk`` fills.
    init(count: Int, keystrokes: Bool) {
      self.count = count
      slots = .allocate(capacity: count)
      self.keystrokes = keystrokes ? .allocate(capacity: count) : nil
    }

    deinit {
      for ordinal in 0..<count { _ = (slots + ordinal).move() }
      slots.deallocate()
      keystrokes?.deallocate()
    }
  }
}
