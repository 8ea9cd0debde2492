// The canonical fast path's strings: scanned a word at a time up to their closing quote, UTF-8
// validated afterwards only when a byte is not ASCII, and made into a `String` without checking
// the bytes again (in its inline storage when they fit).

extension JSONScanner {
  /// Reads a string in a line that ``LineDecoder/canonicalEvent(_:)`` has seen end with `}`, or
  /// returns `nil` for the general decoder to read the line.
  ///
  /// Gives ``readString()``'s `String` for every string it takes: it declines a control byte, an
  /// unterminated string or bytes that are not valid UTF-8 (which the general decoder reports in
  /// its own order), and hands a string with an escape to ``readString()`` from its start. A call
  /// of its own, where its scan keeps its words in registers (inlined into the decoder, whose
  /// other values it competes with, they went to the stack at every step).
  @inline(never)
  mutating func readCanonicalString() -> String? {
    switch scanCanonicalString() {
    case .plain(let start, let length, let isASCII):
      return makeString(from: start, length: length, isASCII: isASCII)
    case .escaped(let start):
      // Escapes are resolved by the general string reader, from the string's start.
      position = start &- 1
      do {
        return try readString()
      } catch {
        return nil
      }
    case nil:
      return nil
    }
  }

  /// What ``scanCanonicalString()`` found at the current position.
  enum CanonicalStringScan {
    /// A string without escapes, its `length` bytes of valid UTF-8 at `start`; the position is
    /// past its closing quote.
    case plain(start: Int, length: Int, isASCII: Bool)
    /// A string with an escape, whose bytes begin at `start`; the position is unchanged.
    case escaped(start: Int)
  }

  /// Scans a string in a line that ``LineDecoder/canonicalEvent(_:)`` has seen end with `}`,
  /// without making it into a `String`; `nil` where ``readCanonicalString()`` declines the
  /// string (a control byte, an unterminated string, bytes that are not valid UTF-8), the
  /// position then unchanged.
  @inline(__always)
  mutating func scanCanonicalString() -> CanonicalStringScan? {
    scanCanonicalString { Self.isValidUTF8($0, count: $1) }
  }

  /// ``scanCanonicalString()`` for a keystroke's text, validated past the bytes it starts with
  /// that `text` holds (the text of the keystroke before, most often), and remembered there when
  /// it is not all ASCII.
  @inline(__always)
  mutating func scanCanonicalString(remembering text: inout LineDecoder.RememberedText)
    -> CanonicalStringScan?
  {
    scanCanonicalString { bytes, count in
      let known = text.prefixCount(of: bytes, count: count)
      guard Self.isValidUTF8(bytes + known, count: count &- known) else { return false }
      text.remember(bytes, count: count)
      return true
    }
  }

  /// ``scanCanonicalString()``, with `isValidUTF8` saying whether the bytes of a string that is
  /// not all ASCII are valid UTF-8.
  @inline(__always)
  private mutating func scanCanonicalString(
    validatingWith isValidUTF8: (UnsafePointer<UInt8>, Int) -> Bool
  ) -> CanonicalStringScan? {
    guard position < count, base[position] == UInt8(ascii: "\"") else { return nil }
    let start = position &+ 1
    var index = start
    // The bytes of the string read so far, or-ed together: their high bits say whether it is all
    // ASCII.
    var high: UInt64 = 0
    var word: UInt64 = 0
    var found: UInt64 = 0
    while index &+ 8 <= count {
      word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      found = Self.stringStops(word)
      if found != 0 { break }
      high |= word
      index &+= 8
    }
    if found == 0 {
      // The line's last bytes: its last eight, shifted so that `index` comes first; the bytes
      // past the line's end read as zeros, which stop the scan like control bytes.
      guard index < count, count >= 8 else { return nil }
      word =
        UnsafeRawPointer(base + (count &- 8)).loadUnaligned(as: UInt64.self)
        &>> (8 &* (index &+ 8 &- count))
      found = Self.stringStops(word)
    }
    let plain = found.trailingZeroBitCount &>> 3
    // The bytes before the flagged one (none when it is the first).
    high |= word & ((1 &<< (UInt64(plain) &<< 3)) &- 1)
    index &+= plain
    guard index < count else { return nil }
    switch base[index] {
    case UInt8(ascii: "\""):
      break
    case UInt8(ascii: "\\"):
      return .escaped(start: start)
    default:
      // A control byte, left to the general decoder to report.
      return nil
    }
    let length = index &- start
    let isASCII = high & 0x8080_8080_8080_8080 == 0
    guard isASCII || isValidUTF8(base + start, length) else { return nil }
    position = index &+ 1
    return .plain(start: start, length: length, isASCII: isASCII)
  }

  /// The `length` bytes of valid UTF-8 at `start`, followed by at least one more byte of the
  /// line, as a `String` (in its inline storage when they fit).
  @inline(__always)
  func makeString(from start: Int, length: Int, isASCII: Bool) -> String {
    if length <= 15, let small = smallString(from: start, length: length, isASCII: isASCII) {
      return small
    }
    return Self.string(
      UnsafeBufferPointer(start: base + start, count: length), isASCII: isASCII)
  }

  /// The bytes of `word` (its first byte in its low bits) that end a string's plain run: a
  /// quote, a backslash or a byte below 0x20, each flagged by its high bit.
  ///
  /// Borrows can flag a byte above a flagged one, never below, so the lowest flag is exact. Bytes
  /// of 0x80 and above are not flagged: a string's are validated once its end is known.
  @inline(__always)
  static func stringStops(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let flags =
      ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
      | ((word &- (ones &* 0x20)) & ~word)
    return flags & (ones &* 0x80)
  }

  /// The `length` (at most 15) bytes at `start`, valid UTF-8 followed by at least one more byte
  /// of the line, as a `String` in its inline storage; `nil` on a platform or standard library
  /// whose strings are not laid out as ``laidOutSmallString(low:high:length:isASCII:)`` makes them
  /// (checked once per process, in every build), and the caller makes the string with the
  /// standard library's public initializer instead.
  @inline(__always)
  func smallString(from start: Int, length: Int, isASCII: Bool) -> String? {
    #if _pointerBitWidth(_64) && _endian(little)
      guard length > 0 else { return "" }
      guard Self.isSmallStringLayoutKnown else { return nil }
      // Sixteen bytes from `start`, or the line's last sixteen shifted so that `start` comes
      // first; then only the string's own bytes kept.
      var low: UInt64
      var high: UInt64
      if start &+ 16 <= count {
        low = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
        high = UnsafeRawPointer(base + (start &+ 8)).loadUnaligned(as: UInt64.self)
      } else {
        guard count >= 16 else { return nil }
        low = UnsafeRawPointer(base + (count &- 16)).loadUnaligned(as: UInt64.self)
        high = UnsafeRawPointer(base + (count &- 8)).loadUnaligned(as: UInt64.self)
        // `start` is within the last 16 bytes, at least one byte before the end.
        let shift = UInt64(start &+ 16 &- count) &<< 3
        if shift >= 64 {
          low = high &>> (shift &- 64)
          high = 0
        } else if shift > 0 {
          low = (low &>> shift) | (high &<< (64 &- shift))
          high &>>= shift
        }
      }
      let bits = UInt64(length) &<< 3
      if bits < 64 {
        low &= (1 &<< bits) &- 1
        high = 0
      } else if bits > 64 {
        high &= (1 &<< (bits &- 64)) &- 1
      } else {
        high = 0
      }
      return Self.laidOutSmallString(low: low, high: high, length: length, isASCII: isASCII)
    #else
      return nil
    #endif
  }

  /// A `String` in its inline storage: its UTF-8 bytes (valid, 1 to 15 of them) in `low` and
  /// `high`, first byte lowest, the rest zero.
  ///
  /// This is how the standard library lays out a small string on 64-bit little-endian
  /// platforms (it is part of its ABI on Apple's, where inlined standard library code in every
  /// binary depends on it): the bytes, then the count and the flags (small, immortal, and ASCII
  /// when it is) in the last byte. ``isSmallStringLayoutKnown`` checks that layout, in the tests
  /// and before any string is made this way (``smallString(from:length:isASCII:)``).
  @inline(__always)
  private static func laidOutSmallString(
    low: UInt64, high: UInt64, length: Int, isASCII: Bool
  ) -> String {
    let flags: UInt64 = (isASCII ? 0xE0 : 0xA0) | UInt64(length)
    var raw = (low, high | flags &<< 56)
    // Moved out of the words rather than bit-cast from them: a bit cast is a copy, which the
    // compiler retains.
    return withUnsafeMutablePointer(to: &raw) { pointer in
      UnsafeMutableRawPointer(pointer).bindMemory(to: String.self, capacity: 1).move()
    }
  }

  /// Whether ``laidOutSmallString(low:high:length:isASCII:)`` makes the `String`s the standard library
  /// makes: `String` is two words, and strings of 1 to 15 bytes, ASCII or not, are laid out as it
  /// expects, both ways.
  static let isSmallStringLayoutKnown: Bool = {
    guard MemoryLayout<String>.size == 16, MemoryLayout<(UInt64, UInt64)>.size == 16 else {
      return false
    }
    let samples = ["a", "Hello, world!", "abcdefghijklmno", "é", "日本語", "😀👍x"]
    for sample in samples {
      let bytes = Array(sample.utf8)
      var words: (UInt64, UInt64) = (0, 0)
      withUnsafeMutableBytes(of: &words) { words in
        bytes.withUnsafeBytes { words.copyMemory(from: $0) }
      }
      let isASCII = bytes.allSatisfy { $0 < 0x80 }
      let made = laidOutSmallString(
        low: words.0, high: words.1, length: bytes.count, isASCII: isASCII)
      let flags: UInt64 = (isASCII ? 0xE0 : 0xA0) | UInt64(bytes.count)
      let expected = (words.0, words.1 | flags << 56)
      let actual = unsafeBitCast(
        String(decoding: bytes, as: UTF8.self), to: (UInt64, UInt64).self)
      guard actual == expected, made == sample, Array(made.utf8) == bytes,
        made.unicodeScalars.count == sample.unicodeScalars.count
      else { return false }
    }
    return true
  }()

  /// Whether the `count` bytes at `bytes` are valid UTF-8, by ``skipUTF8Sequence()``'s rules.
  @inline(never)
  static func isValidUTF8(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
    var index = 0
    while index < count {
      // ASCII skipped eight bytes at a time, up to the next byte that is not.
      while index &+ 8 <= count {
        let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
        let highs = word & 0x8080_8080_8080_8080
        guard highs == 0 else {
          index &+= highs.trailingZeroBitCount &>> 3
          break
        }
        index &+= 8
      }
      guard index < count else { break }
      let lead = bytes[index]
      if lead < 0x80 {
        index &+= 1
        continue
      }
      guard let (length, allowed) = utf8Sequence(startingWith: lead) else { return false }
      guard index &+ length <= count else { return false }
      guard allowed.contains(bytes[index &+ 1]) else { return false }
      if length >= 3 {
        guard bytes[index &+ 2] & 0xC0 == 0x80 else { return false }
        if length == 4 {
          guard bytes[index &+ 3] & 0xC0 == 0x80 else { return false }
        }
      }
      index &+= length
    }
    return true
  }
}
