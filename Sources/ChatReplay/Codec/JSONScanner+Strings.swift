// Strings: plain bytes skipped eight at a time, UTF-8 validated as it is read, escapes and
// surrogate pairs resolved into scratch space.

extension JSONScanner {
  /// Reads a string's raw UTF-8 bytes (escapes resolved) and passes them to `body`, or returns
  /// `nil` if the next value is not a string.
  @inline(__always)
  mutating func withString<R>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(ScanError) -> R
  ) throws(ScanError) -> R? {
    try withStringAndASCII { (bytes, _) throws(ScanError) -> R in try body(bytes) }
  }

  /// Reads a string like ``withString(_:)``, passing `body` its bytes and whether they are all
  /// ASCII.
  mutating func withStringAndASCII<R>(
    _ body: (UnsafeBufferPointer<UInt8>, _ isASCII: Bool) throws(ScanError) -> R
  ) throws(ScanError) -> R? {
    skipWhitespace()
    guard peek == UInt8(ascii: "\"") else { return nil }
    position += 1
    let start = position
    var isASCII = true
    // Fast path: no escapes. Plain bytes are skipped eight at a time, again after each
    // multi-byte sequence.
    while true {
      skipPlainStringBytes()
      guard position < count else { break }
      let byte = base[position]
      if byte == UInt8(ascii: "\"") {
        let bytes = UnsafeBufferPointer(start: base + start, count: position - start)
        position += 1
        return try body(bytes, isASCII)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw fail(.controlCharacterInString(byte)) }
      if byte < 0x80 {
        position += 1
      } else {
        isASCII = false
        try skipUTF8Sequence()
      }
    }
    guard position < count else { throw fail(.unexpectedEnd(expected: .closingQuote)) }
    // Slow path: copy what was read and resolve escapes, in scratch bytes of the string's own
    // (the scanner keeps none, so that it holds nothing to release: every line, with escapes or
    // not, paid a call to release its empty place for them).
    var scratch = Array(UnsafeBufferPointer(start: base + start, count: position - start))
    while position < count {
      let byte = base[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return try scratch.withUnsafeBufferPointer { (bytes) throws(ScanError) -> R in
          try body(bytes, !bytes.contains { $0 >= 0x80 })
        }
      case UInt8(ascii: "\\"):
        try readEscape(into: &scratch)
      case ..<0x20:
        throw fail(.controlCharacterInString(byte))
      case ..<0x80:
        scratch.append(byte)
        position += 1
      default:
        let sequenceStart = position
        try skipUTF8Sequence()
        scratch.append(
          contentsOf: UnsafeBufferPointer(
            start: base + sequenceStart, count: position - sequenceStart))
      }
    }
    throw fail(.unexpectedEnd(expected: .closingQuote))
  }

  /// Steps over the bytes of a string that need no attention (printable ASCII other than `"` and
  /// `\`), eight at a time, stopping at the first that does or near the end of the line.
  @inline(__always)
  mutating func skipPlainStringBytes() {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    while position + 8 <= count {
      let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      // A byte's high bit is set here when it is zero (a quote, a backslash), below 0x20, or
      // 0x80 and above. Borrows can flag a byte above a flagged one, never below, so the lowest
      // flag is exact.
      let flags =
        ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        | ((word &- (ones &* 0x20)) & ~word) | word
      let found = flags & highs
      if found != 0 {
        position += found.littleEndian.trailingZeroBitCount / 8
        return
      }
      position += 8
    }
  }

  /// Reads a string value as a `String`.
  mutating func readString() throws(ScanError) -> String? {
    try withStringAndASCII { bytes, isASCII in Self.string(bytes, isASCII: isASCII) }
  }

  /// `bytes`, valid UTF-8, as a `String`; `isASCII` says whether they are all ASCII.
  ///
  /// The scanner has already validated the bytes, so the `String` is made from them unchecked
  /// (`UTF8Span(unchecked:)`); `String(decoding:as:)` would validate every string a second
  /// time, which for a text that is not all ASCII cost about as much as reading it.
  @inline(__always)
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Validates one multi-byte UTF-8 sequence at the current position and steps over it.
  mutating func skipUTF8Sequence() throws(ScanError) {
    let lead = base[position]
    guard let (length, allowed) = Self.utf8Sequence(startingWith: lead),
      position + length <= count
    else { throw fail(.invalidUTF8(lead)) }
    let second = base[position + 1]
    guard allowed.contains(second) else {
      throw fail(.invalidUTF8(second), at: position + 1)
    }
    for index in 2..<max(length, 2) where base[position + index] & 0xC0 != 0x80 {
      throw fail(.invalidUTF8(base[position + index]), at: position + index)
    }
    position += length
  }

  /// The length of the UTF-8 sequence `lead` starts and the bytes its second byte may be
  /// (RFC 3629: no overlong form, no surrogate, nothing past U+10FFFF; every later byte is a
  /// continuation byte, 0x80...0xBF); `nil` for a byte that starts no sequence of two or more.
  @inline(__always)
  static func utf8Sequence(startingWith lead: UInt8) -> (length: Int, second: ClosedRange<UInt8>)? {
    switch lead {
    case 0xC2...0xDF: (2, 0x80...0xBF)
    case 0xE0: (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
    case 0xED: (3, 0x80...0x9F)
    case 0xF0: (4, 0x90...0xBF)
    case 0xF1...0xF3: (4, 0x80...0xBF)
    case 0xF4: (4, 0x80...0x8F)
    default: nil
    }
  }

  /// The raw text of an escape starting at `start`: `\q`, or a `\u` escape and its hex digits.
  func escapeText(at start: Int, length: Int) -> String {
    let end = min(start + length, count)
    return String(
      decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
  }

  /// Reads the escape at the current position, appending what it stands for to `scratch`.
  mutating func readEscape(into scratch: inout [UInt8]) throws(ScanError) {
    let start = position
    position += 1
    guard position < count else { throw fail(.unexpectedEnd(expected: .escape)) }
    let byte = base[position]
    position += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try readHex4(escapeStart: start)
      if scalar >= 0xD800 && scalar < 0xDC00 {
        guard position + 1 < count, base[position] == UInt8(ascii: "\\"),
          base[position + 1] == UInt8(ascii: "u")
        else { throw fail(.loneSurrogate(escapeText(at: start, length: 6)), at: start) }
        position += 2
        let low = try readHex4(escapeStart: start)
        guard low >= 0xDC00 && low < 0xE000 else {
          throw fail(.loneSurrogate(escapeText(at: start, length: 12)), at: start)
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if scalar >= 0xDC00 && scalar < 0xE000 {
        throw fail(.loneSurrogate(escapeText(at: start, length: 6)), at: start)
      }
      guard let unicode = Unicode.Scalar(scalar) else {
        throw fail(.loneSurrogate(escapeText(at: start, length: 6)), at: start)
      }
      if let encoded = UTF8.encode(unicode) { scratch.append(contentsOf: encoded) }
    default:
      throw fail(.invalidEscape(escapeText(at: start, length: 2)), at: start)
    }
  }

  mutating func readHex4(escapeStart: Int) throws(ScanError) -> UInt32 {
    guard position + 4 <= count else {
      throw fail(.invalidEscape(escapeText(at: escapeStart, length: 6)), at: escapeStart)
    }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = base[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 48
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 87
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 55
      default:
        throw fail(
          .invalidEscape(escapeText(at: escapeStart, length: position - escapeStart + 1)),
          at: escapeStart)
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }
}
