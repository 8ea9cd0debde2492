extension LineDecoder {
  /// Decodes a line in the canonical shape, or returns `nil` for the general decoder to read it.
  ///
  /// The canonical shape is the one recorders and ``EventEncoder`` write: no whitespace, the
  /// fields in the format's order, every keyboard field present. Any other line, good or bad,
  /// is declined.
  ///
  /// The fast path matches each key, with the punctuation around it, as one run of bytes compared
  /// a word at a time (an event's type together with the key after it, a notification's name or
  /// a pan's state with what follows it), reads values with the scanner's calls and applies the
  /// general decoder's checks (non-negative `t`, sizes, insets and duration; integer curve), so it
  /// accepts a line only when the general decoder would give the same event; every error comes
  /// from the general decoder, worded as before.
  static func decodeCanonical(_ line: UnsafeBufferPointer<UInt8>) -> TimedEvent? {
    var frames = KeyboardFrames()
    return decodeCanonical(line, frames: &frames)
  }

  /// ``decodeCanonical(_:)`` with the frames of the keyboard lines before: for a reader, which
  /// keeps them from line to line (made for every line, their memories cost more than a short
  /// line's reading).
  static func decodeCanonical(_ line: UnsafeBufferPointer<UInt8>, frames: inout KeyboardFrames)
    -> TimedEvent?
  {
    var scanner = JSONScanner(line)
    guard let t = canonicalTime(&scanner) else { return nil }
    return canonicalEvent(&scanner, t: t, frames: &frames)
  }

  /// A line in the canonical shape, as ``canonicalLine(_:)`` finds it.
  enum CanonicalLine {
    case event(TimedEvent)
    /// A keystroke (`textChange`) whose text has no escape, the text not yet made into a
    /// `String`: its `length` bytes at `start` in the line are valid UTF-8.
    case keystroke(t: Double, start: Int, length: Int, isASCII: Bool)

    /// The event, a keystroke's text made a `String` from the line `s` scanned: what
    /// ``canonicalEvent(_:)`` gives for the line. (The reader makes a declined keystroke's
    /// `String` itself: through this, its step cost about 26 instructions a line more.)
    @inline(__always)
    func event(in s: borrowing JSONScanner) -> TimedEvent {
      switch self {
      case .event(let event):
        event
      case .keystroke(let t, let start, let length, let isASCII):
        TimedEvent(
          t: t,
          event: .textChange(text: s.makeString(from: start, length: length, isASCII: isASCII)))
      }
    }
  }

  /// Decodes a line in the canonical shape like ``canonicalEvent(_:)``, but leaves a keystroke's
  /// text in the line.
  ///
  /// Most lines are keystrokes, and a caller that finds a keystroke's text overwritten before
  /// anything reads it need not make a `String` of it. `frames` are the frames of the keyboard
  /// lines before (see ``KeyboardFrames``).
  ///
  /// `s` may also hold more than the line: the bytes from its start to a line feed that ends it
  /// or a later line (the caller has not looked for its end yet). The line then ends at its first
  /// line feed, where the scanner stands once the line is accepted; a line that does not end
  /// right after its closing `}` is declined, as one with a `\r` there is.
  ///
  /// Inlined where it is called, so that a keystroke costs no call of its own; other events are
  /// read by a call (``otherCanonicalEvent(_:t:frames:)``). Transparent, as
  /// ``canonicalTime(_:)`` is: marked `@inline(__always)`, one or the other was left a call in
  /// the reader's loop, and each line paid for the call, its saved registers and its result
  /// returned through memory. Inlined, `replay check --jobs 1` takes 0.96× the time (30 rounds,
  /// faster in 28).
  @_transparent
  static func canonicalLine(_ s: inout JSONScanner, frames: inout KeyboardFrames)
    -> CanonicalLine?
  {
    guard let t = canonicalTime(&s) else { return nil }
    guard s.base[s.position + 9] == UInt8(ascii: "t") else {
      return otherCanonicalEvent(&s, t: t, frames: &frames).map(CanonicalLine.event)
    }
    return canonicalKeystroke(&s, t: t, frames: &frames)
  }

  /// ``canonicalLine(_:frames:)``, but a keyboard line in the canonical shape is handed to
  /// `takingKeyboard`, its time and members, instead of being made an event (which holds a
  /// notification in a box of its own), and the result is `nil`: for a caller that makes the
  /// event on another thread (``DecodedChunk``).
  @inline(__always)
  static func canonicalLine(
    _ s: inout JSONScanner, frames: inout KeyboardFrames,
    takingKeyboard: (Double, CanonicalKeyboard) -> Void
  ) -> CanonicalLine? {
    guard let t = canonicalTime(&s) else { return nil }
    switch s.base[s.position + 9] {
    case UInt8(ascii: "t"):
      return canonicalKeystroke(&s, t: t, frames: &frames)
    case UInt8(ascii: "k"):
      if let notification = canonicalKeyboard(&s, frames: &frames) {
        takingKeyboard(t, notification)
      }
      return nil
    default:
      return otherCanonicalEvent(&s, t: t, frames: &frames).map(CanonicalLine.event)
    }
  }

  /// A keystroke line after its time `t`, up to the line's end.
  ///
  /// Transparent, so that it is inlined into both callers: marked `@inline(__always)`, it
  /// stayed a call, about 18 instructions more per keystroke.
  @_transparent
  static func canonicalKeystroke(
    _ s: inout JSONScanner, t: Double, frames: inout KeyboardFrames
  ) -> CanonicalLine? {
    guard s.skip(",\"type\":\"textChange\",\"text\":") else { return nil }
    switch s.scanCanonicalString(remembering: &frames.text) {
    case .plain(let start, let length, let isASCII):
      guard s.skip("}"), s.isAtLineEnd else { return nil }
      return .keystroke(t: t, start: start, length: length, isASCII: isASCII)
    case .escaped:
      guard let text = s.readCanonicalString(), s.skip("}"), s.isAtLineEnd else { return nil }
      return .event(TimedEvent(t: t, event: .textChange(text: text)))
    case nil:
      return nil
    }
  }

  /// A keyboard line's members after its time, up to the line's end; `nil` for a line not in
  /// the canonical shape.
  @inline(never)
  private static func canonicalKeyboard(_ s: inout JSONScanner, frames: inout KeyboardFrames)
    -> CanonicalKeyboard?
  {
    guard s.skip(",\"type\":\"keyboard\",\"name\":\""),
      let notification = keyboard(&s, frames: &frames), s.isAtLineEnd
    else { return nil }
    return notification
  }

  /// ``canonicalEvent(_:t:frames:)`` as a call of its own, for ``canonicalLine(_:frames:)``.
  @inline(never)
  private static func otherCanonicalEvent(
    _ s: inout JSONScanner, t: Double, frames: inout KeyboardFrames
  ) -> TimedEvent? {
    canonicalEvent(&s, t: t, frames: &frames)
  }

  /// A canonical line's `{"t":` and time, the scanner left at the `,` after it with at least 13
  /// bytes to go; `nil` for a line not in the canonical shape.
  ///
  /// Transparent: see ``canonicalLine(_:frames:)``.
  @_transparent
  private static func canonicalTime(_ s: inout JSONScanner) -> Double? {
    // A canonical line ends with its object's `}`, which stops every run of digits: the numbers
    // below are read up to it without checking for the line's end. A line read ahead of finding
    // its end lies in bytes that end with a line feed, which stops them as well; it ends at its
    // first line feed, which every value declines.
    guard s.count > 0 else { return nil }
    let last = s.base[s.count - 1]
    guard last == UInt8(ascii: "}") || last == 0x0A else { return nil }
    guard s.skip("{\"t\":"), let t = canonicalNumber(&s), t >= 0 else { return nil }
    // The type and the key after it are matched as one run of bytes, picked by the type's first
    // letter (the second or third where two types share it): `,"type":"` is 9 bytes.
    guard s.count - s.position > 12 else { return nil }
    return t
  }

  /// The event of a canonical line after its time `t`, up to the line's end.
  @inline(__always)
  private static func canonicalEvent(
    _ s: inout JSONScanner, t: Double, frames: inout KeyboardFrames
  ) -> TimedEvent? {
    let event: Event
    switch s.base[s.position + 9] {
    case UInt8(ascii: "t"):
      guard s.skip(",\"type\":\"textChange\",\"text\":"), let text = s.readCanonicalString(),
        s.skip("}")
      else { return nil }
      event = .textChange(text: text)
    case UInt8(ascii: "k"):
      guard s.skip(",\"type\":\"keyboard\",\"name\":\""),
        let notification = keyboard(&s, frames: &frames)
      else { return nil }
      event = .keyboard(notification.notification)
    case UInt8(ascii: "p"):
      guard s.skip(",\"type\":\"pan\",\"y\":"), let y = canonicalNumber(&s),
        s.skip(",\"state\":\""), let state = panState(&s)
      else { return nil }
      event = .pan(y: y, state: state)
    case UInt8(ascii: "s"):
      if s.base[s.position + 10] == UInt8(ascii: "c") {
        guard s.skip(",\"type\":\"scroll\",\"offsetY\":"), let offsetY = canonicalNumber(&s),
          s.skip("}")
        else { return nil }
        event = .scroll(offsetY: offsetY)
      } else {
        guard s.skip(",\"type\":\"sendTap\"}") else { return nil }
        event = .sendTap
      }
    case UInt8(ascii: "r"):
      if s.base[s.position + 11] == UInt8(ascii: "c") {
        guard s.skip(",\"type\":\"receive\",\"text\":"), let text = s.readCanonicalString(),
          s.skip("}")
        else { return nil }
        event = .receive(text: text)
      } else {
        guard s.skip(",\"type\":\"returnKey\"}") else { return nil }
        event = .returnKey
      }
    case UInt8(ascii: "d"):
      if s.base[s.position + 10] == UInt8(ascii: "o") {
        guard s.skip(",\"type\":\"doneTap\"}") else { return nil }
        event = .doneTap
      } else {
        guard s.skip(",\"type\":\"disappear\"}") else { return nil }
        event = .disappear
      }
    case UInt8(ascii: "a"):
      guard s.skip(",\"type\":\"appear\"}") else { return nil }
      event = .appear
    case UInt8(ascii: "v"):
      // Without `windowFrameInScreen`, which the general decoder reads; sizes and insets are
      // non-negative.
      guard s.skip(",\"type\":\"viewport\",\"screen\":{\"width\":"),
        let width = canonicalNumber(&s), width >= 0,
        s.skip(",\"height\":"), let height = canonicalNumber(&s), height >= 0,
        s.skip("},\"safeArea\":{\"top\":"), let top = canonicalNumber(&s), top >= 0,
        s.skip(",\"left\":"), let left = canonicalNumber(&s), left >= 0,
        s.skip(",\"bottom\":"), let bottom = canonicalNumber(&s), bottom >= 0,
        s.skip(",\"right\":"), let right = canonicalNumber(&s), right >= 0, s.skip("}}")
      else { return nil }
      event = .viewport(
        screen: Size(width: width, height: height),
        safeArea: EdgeInsets(top: top, left: left, bottom: bottom, right: right))
    default:
      return nil
    }
    guard s.isAtLineEnd else { return nil }
    return TimedEvent(t: t, event: event)
  }

  /// A number at the current position: a short decimal read in one pass, or anything else by
  /// the general reader; `nil` where there is none or the general reader rejects it (the line
  /// is then declined).
  ///
  /// Transparent, so that it is inlined where it is called, with the word-at-a-time reader in
  /// it: marked `@inline(__always)`, it stayed a call, about 25 instructions more per number.
  @_transparent
  static func canonicalNumber(_ s: inout JSONScanner) -> Double? {
    if let value = s.readShortDecimalBeforeBrace() { return value }
    return generalNumber(&s)
  }

  /// ``JSONScanner/readNumber()``, or `nil` for any error or for whitespace before the number.
  ///
  /// A canonical line has no whitespace, and `readNumber` skips it, line feeds included: read
  /// ahead of finding the line's end, `{"t":` and a line break took the number from the next line
  /// and made two lines one event (found by the fuzzer).
  @inline(never)
  static func generalNumber(_ s: inout JSONScanner) -> Double? {
    guard let first = s.peek, first == UInt8(ascii: "-") || JSONScanner.isDigit(first) else {
      return nil
    }
    do {
      return try s.readNumber()
    } catch {
      return nil
    }
  }

  /// The members a keyboard line in the canonical shape has, every one of them present: a
  /// ``KeyboardNotification`` in less than half its size (no legacy keys, no others).
  struct CanonicalKeyboard {
    let name: KeyboardNotification.Name
    let isLocal: Bool
    let frameBegin: Rect
    let frameEnd: Rect
    let duration: Double
    let curve: Int

    var notification: KeyboardNotification {
      KeyboardNotification(
        name: name, frameBegin: frameBegin, frameEnd: frameEnd, duration: duration,
        curve: curve, isLocal: isLocal)
    }

    /// The same members under `name`.
    @inline(__always)
    func named(_ name: KeyboardNotification.Name) -> CanonicalKeyboard {
      CanonicalKeyboard(
        name: name, isLocal: isLocal, frameBegin: frameBegin, frameEnd: frameEnd,
        duration: duration, curve: curve)
    }
  }

  /// A keyboard event's members after `"name":"`, up to its closing `}`; `nil` for any other
  /// shape.
  static func keyboard(_ s: inout JSONScanner, frames: inout KeyboardFrames)
    -> CanonicalKeyboard?
  {
    guard let name = notificationName(&s) else { return nil }
    if let kept = frames.members.members(at: &s) { return kept.named(name) }
    let start = s.position
    guard let keyboard = keyboard(&s, name: name, frames: &frames) else { return nil }
    frames.members.remember(keyboard, readFrom: start, in: s)
    return keyboard
  }

  /// ``keyboard(_:frames:)`` after the name, its members read one by one.
  private static func keyboard(
    _ s: inout JSONScanner, name: KeyboardNotification.Name, frames: inout KeyboardFrames
  ) -> CanonicalKeyboard? {
    guard let frameBegin = canonicalRect(&s, remembering: &frames.begin),
      s.skip(",\"frameEnd\":"), let frameEnd = canonicalRect(&s, remembering: &frames.end),
      s.skip(",\"duration\":"), let duration = canonicalNumber(&s), duration >= 0,
      // An integer: within the number limit, converting to `Int64` and back keeps exactly the
      // integers (`rounded()` called the C library's `round`).
      s.skip(",\"curve\":"), let curve = canonicalNumber(&s),
      Double(Int64(curve)) == curve,
      s.skip(",\"isLocal\":")
    else { return nil }
    let isLocal: Bool
    if s.skip("true}") {
      isLocal = true
    } else if s.skip("false}") {
      isLocal = false
    } else {
      return nil
    }
    return CanonicalKeyboard(
      name: name, isLocal: isLocal, frameBegin: frameBegin, frameEnd: frameEnd,
      duration: duration, curve: Int(curve))
  }

  /// A notification's name, its closing quote and `,"frameBegin":`, matched as one run of bytes;
  /// `nil` for any other name, or one written with escapes, which the general decoder reads.
  @inline(__always)
  static func notificationName(_ s: inout JSONScanner) -> KeyboardNotification.Name? {
    // `didShow` is the shortest name: 7 bytes, then the closing quote.
    guard s.count - s.position > 8 else { return nil }
    let will = s.base[s.position] == UInt8(ascii: "w")
    switch s.base[s.position + (will ? 4 : 3)] {
    case UInt8(ascii: "S"):
      if will {
        return s.skip("willShow\",\"frameBegin\":") ? .willShow : nil
      }
      return s.skip("didShow\",\"frameBegin\":") ? .didShow : nil
    case UInt8(ascii: "H"):
      if will {
        return s.skip("willHide\",\"frameBegin\":") ? .willHide : nil
      }
      return s.skip("didHide\",\"frameBegin\":") ? .didHide : nil
    case UInt8(ascii: "C"):
      if will {
        return s.skip("willChangeFrame\",\"frameBegin\":") ? .willChangeFrame : nil
      }
      return s.skip("didChangeFrame\",\"frameBegin\":") ? .didChangeFrame : nil
    default:
      return nil
    }
  }

  /// A pan's state, its closing quote and the line's `}`, matched as one run of bytes; `nil` for
  /// any other state.
  @inline(__always)
  static func panState(_ s: inout JSONScanner) -> PanState? {
    guard s.count - s.position > 1 else { return nil }
    switch s.base[s.position] {
    case UInt8(ascii: "b"): return s.skip("began\"}") ? .began : nil
    case UInt8(ascii: "e"): return s.skip("ended\"}") ? .ended : nil
    case UInt8(ascii: "c"):
      if s.skip("changed\"}") { return .changed }
      return s.skip("cancelled\"}") ? .cancelled : nil
    default: return nil
    }
  }

  /// ``canonicalRect(_:)``, found in `memory` when its bytes are those of the rect read there
  /// before, else read and remembered.
  @inline(__always)
  static func canonicalRect(_ s: inout JSONScanner, remembering memory: inout RememberedRect)
    -> Rect?
  {
    if let rect = memory.rect(at: &s) { return rect }
    let start = s.position
    guard let rect = canonicalRect(&s) else { return nil }
    memory.remember(rect, readFrom: start, in: s)
    return rect
  }

  /// `{"x":…,"y":…,"width":…,"height":…}` with a non-negative size, or `nil`; only inside a line
  /// that ``canonicalEvent(_:)`` has seen end with `}`.
  @inline(__always)
  static func canonicalRect(_ s: inout JSONScanner) -> Rect? {
    guard s.skip("{\"x\":"), let x = canonicalNumber(&s), s.skip(",\"y\":"),
      let y = canonicalNumber(&s),
      s.skip(",\"width\":"), let width = canonicalNumber(&s), width >= 0,
      s.skip(",\"height\":"),
      let height = canonicalNumber(&s), height >= 0, s.skip("}")
    else { return nil }
    return Rect(x: x, y: y, width: width, height: height)
  }
}

extension LineDecoder {
  /// The frames the last keyboard line read began and ended with.
  ///
  /// A keyboard's notifications come in runs with the same frames (will change frame, will show,
  /// did change frame, did show), so most of a keyboard line's frames are the line before's,
  /// byte for byte: found by comparing the bytes, a word at a time, they are not read number by
  /// number again. A rect's text ends at its first `}`, so the same bytes are the same rect.
  ///
  /// It also holds the text of the last keystroke that was not all ASCII: a text typed one
  /// character at a time starts with the one before, and only its new bytes need validating.
  struct KeyboardFrames: Sendable {
    var begin = RememberedRect()
    var end = RememberedRect()
    var members = RememberedMembers()
    var text = RememberedText()

    init() {}
  }

  /// The members after a notification's name (its frames, duration, curve and whether it is
  /// local) of the last few keyboard lines read, with the bytes they were read from.
  ///
  /// A keyboard posts its notifications in groups that carry the same `userInfo` (will change
  /// frame and will show, then did change frame and did show), and shows and hides again with
  /// the same frames: most keyboard lines end with the bytes of one of the last few. Found by
  /// comparing the bytes (`memcmp`), the members are not read number by number again. The
  /// members' text ends at the `}` after `isLocal`, and each value in it ends before that, so
  /// the same bytes are the same members; a line whose members differ (a first show, a new
  /// keyboard height) is read as before and remembered in the place of the oldest.
  struct RememberedMembers: Sendable {
    /// How many lines' members are kept (a power of two: the oldest is found by masking).
    static let entryCount = 4
    /// The most bytes kept for one line's members (four rects of long fractions fit).
    static let entryBytes = 256

    /// The bytes of each entry, ``entryBytes`` apart (``entryCount`` × ``entryBytes``).
    private var bytes = InlineArray<1024, UInt8>(repeating: 0)
    /// How many bytes each entry holds; 0 when it holds none.
    private var counts = InlineArray<4, Int>(repeating: 0)
    /// Each entry's line, read whole (its name is that line's).
    private var values = InlineArray<4, CanonicalKeyboard>(
      repeating: CanonicalKeyboard(
        name: .willShow, isLocal: false, frameBegin: Rect(x: 0, y: 0, width: 0, height: 0),
        frameEnd: Rect(x: 0, y: 0, width: 0, height: 0), duration: 0, curve: 0))
    /// The entry the next line read is kept in.
    private var next = 0

    /// The line whose members' bytes are those at the scanner's position, with the scanner
    /// stepped over them (its name is its own: the caller gives it the line's); `nil` (the
    /// scanner unmoved) when they are no entry's.
    ///
    /// Mutating, though it changes nothing: the entries are read in place through a pointer (read
    /// through their arrays' subscripts, the arrays were copied at each read).
    @inline(__always)
    mutating func members(at s: inout JSONScanner) -> CanonicalKeyboard? {
      let available = s.count &- s.position
      let here = s.base + s.position
      let found = withUnsafeMutableBytes(of: &bytes) { bytes -> Int? in
        guard let base = bytes.baseAddress else { return nil }
        for entry in 0..<Self.entryCount {
          let count = counts[entry]
          guard count > 0, available >= count else { continue }
          let kept = (base + entry &* Self.entryBytes).assumingMemoryBound(to: UInt8.self)
          if bytesEqual(here, kept, count: count) { return entry }
        }
        return nil
      }
      guard let found else { return nil }
      s.position &+= counts[found]
      return withUnsafeMutableBytes(of: &values) { values in
        values.load(
          fromByteOffset: found &* MemoryLayout<CanonicalKeyboard>.stride,
          as: CanonicalKeyboard.self)
      }
    }

    /// Remembers the members of `line`, read from the bytes from `start` to the scanner's
    /// position, in the place of the oldest entry; forgets that entry when they are more than
    /// ``entryBytes``.
    @inline(__always)
    mutating func remember(
      _ line: CanonicalKeyboard, readFrom start: Int, in s: borrowing JSONScanner
    ) {
      let entry = next
      next = (next &+ 1) & (Self.entryCount &- 1)
      let length = s.position &- start
      guard length > 0, length <= Self.entryBytes else {
        counts[entry] = 0
        return
      }
      let here = s.base + start
      withUnsafeMutableBytes(of: &bytes) { bytes in
        guard let base = bytes.baseAddress else { return }
        (base + entry &* Self.entryBytes).copyMemory(from: here, byteCount: length)
      }
      counts[entry] = length
      withUnsafeMutableBytes(of: &values) { values in
        values.storeBytes(
          of: line, toByteOffset: entry &* MemoryLayout<CanonicalKeyboard>.stride,
          as: CanonicalKeyboard.self)
      }
    }
  }

  /// A keystroke's text that is valid UTF-8, up to ``capacity`` bytes.
  ///
  /// Valid UTF-8 followed by bytes that are valid UTF-8 is valid, and a text that starts with
  /// valid UTF-8 is valid only if the rest is: so a text that starts with the remembered one is
  /// validated from where it ends.
  struct RememberedText: Sendable {
    /// The longest text remembered, in bytes.
    static let capacity = 256
    private var words = InlineArray<32, UInt64>(repeating: 0)
    /// How many bytes; 0 when it holds no text.
    private var count = 0

    /// How many of the `count` bytes at `bytes` are known to be valid UTF-8: those of the
    /// remembered text when they start with it, else none.
    @inline(__always)
    mutating func prefixCount(of bytes: UnsafePointer<UInt8>, count length: Int) -> Int {
      guard count > 0, count <= length else { return 0 }
      let known = count
      let isSame = withUnsafeMutableBytes(of: &words) { words in
        guard let base = words.baseAddress else { return false }
        return bytesEqual(base.assumingMemoryBound(to: UInt8.self), bytes, count: known)
      }
      return isSame ? known : 0
    }

    /// Remembers the `count` bytes at `bytes`, valid UTF-8; forgets what it held when they are
    /// more than ``capacity``.
    @inline(__always)
    mutating func remember(_ bytes: UnsafePointer<UInt8>, count length: Int) {
      guard length <= Self.capacity else {
        count = 0
        return
      }
      count = withUnsafeMutableBytes(of: &words) { words in
        guard let base = words.baseAddress else { return 0 }
        base.copyMemory(from: bytes, byteCount: length)
        return length
      }
    }
  }

  /// A rect read from a line, with the bytes it was read from (up to 64).
  struct RememberedRect: Sendable {
    /// The bytes, eight to a word, the first in the low bits; the last word's bytes past
    /// ``count`` are zero.
    private var words = InlineArray<8, UInt64>(repeating: 0)
    /// How many bytes; 0 when it holds no rect.
    private var count = 0
    private var value = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The rect, with the scanner stepped over its bytes, when the bytes at the scanner's
    /// position are the remembered ones; `nil` (the scanner unmoved) when they are not.
    @inline(__always)
    func rect(at s: inout JSONScanner) -> Rect? {
      guard count > 0 else { return nil }
      let wordCount = (count &+ 7) &>> 3
      guard s.count &- s.position >= wordCount &<< 3 else { return nil }
      let here = UnsafeRawPointer(s.base + s.position)
      for index in 0..<(wordCount &- 1)
      where here.loadUnaligned(fromByteOffset: index &<< 3, as: UInt64.self) != words[index] {
        return nil
      }
      let last = wordCount &- 1
      let tail = count &- (last &<< 3)
      let mask: UInt64 = tail == 8 ? ~0 : (1 &<< UInt64(tail &<< 3)) &- 1
      guard here.loadUnaligned(fromByteOffset: last &<< 3, as: UInt64.self) & mask == words[last]
      else { return nil }
      s.position &+= count
      return value
    }

    /// Remembers `rect`, read from the bytes from `start` to the scanner's position; forgets
    /// what it held when they are more than 64, or when the line does not hold whole words of
    /// them.
    @inline(__always)
    mutating func remember(_ rect: Rect, readFrom start: Int, in s: borrowing JSONScanner) {
      let length = s.position &- start
      let wordCount = (length &+ 7) &>> 3
      guard length > 0, wordCount <= 8, s.count &- start >= wordCount &<< 3 else {
        count = 0
        return
      }
      let here = UnsafeRawPointer(s.base + start)
      for index in 0..<wordCount {
        words[index] = here.loadUnaligned(fromByteOffset: index &<< 3, as: UInt64.self)
      }
      let tail = length &- ((wordCount &- 1) &<< 3)
      if tail < 8 { words[wordCount &- 1] &= (1 &<< UInt64(tail &<< 3)) &- 1 }
      count = length
      value = rect
    }
  }
}
