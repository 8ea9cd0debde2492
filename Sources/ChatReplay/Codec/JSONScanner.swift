/// A failure inside one line, before it is given its line number and excerpt.
struct ScanError: Error {
  /// Byte offset in the line where the problem is.
  var offset: Int
  var problem: RecordingError.Problem
}

/// A strict, allocation-light JSON reader over the bytes of one line.
///
/// It reads exactly RFC 8259 JSON: no comments, no trailing commas, no `NaN`, no leading zeros,
/// and only valid UTF-8 inside strings. Numbers are bounded by ``JSONScanner/numberLimit`` so that
/// no arithmetic in a reducer can overflow to infinity.
struct JSONScanner: ~Copyable {
  /// The largest magnitude a number in a recording may have: a billion points or seconds.
  static let numberLimit = 1e9
  /// How deeply arrays and objects may nest inside a field the replayer does not read.
  static let nestingLimit = 64

  let base: UnsafePointer<UInt8>
  let count: Int
  var position = 0
  /// Scratch bytes for strings with escapes.
  var scratch: [UInt8] = []

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    // An empty buffer may have a nil base address; a one-byte dummy keeps `base` non-optional.
    self.base = bytes.baseAddress ?? JSONScanner.emptyBase
    self.count = bytes.count
  }

  private nonisolated(unsafe) static let emptyBase: UnsafePointer<UInt8> = {
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    pointer.initialize(to: 0)
    return UnsafePointer(pointer)
  }()

  var isAtEnd: Bool { position >= count }

  /// The byte at the current position, or `nil` at the end of the line.
  var peek: UInt8? { position < count ? base[position] : nil }

  func fail(_ problem: RecordingError.Problem, at offset: Int? = nil) -> ScanError {
    ScanError(offset: offset ?? position, problem: problem)
  }

  mutating func skipWhitespace() {
    while position < count {
      switch base[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// Consumes `byte` after optional whitespace, or fails naming what was expected.
  mutating func expect(_ byte: UInt8, _ expected: String) throws(ScanError) {
    skipWhitespace()
    guard position < count else { throw fail(.unexpectedEnd(expected: expected)) }
    guard base[position] == byte else { throw unexpected(expected) }
    position += 1
  }

  /// The error for an unexpected token at the current position.
  func unexpected(_ expected: String) -> ScanError {
    guard position < count else { return fail(.unexpectedEnd(expected: expected)) }
    return fail(.unexpectedToken(found: tokenText(at: position), expected: expected))
  }

  /// A short quotation of the token starting at `offset`, for messages.
  func tokenText(at offset: Int) -> String {
    var end = offset
    let first = base[offset]
    let isWord = Self.isWordByte(first)
    repeat {
      end += 1
    } while isWord && end < count && end - offset < 24 && Self.isWordByte(base[end])
    // Keep whole UTF-8 sequences.
    while end < count && base[end] & 0xC0 == 0x80 && end - offset < 28 { end += 1 }
    return String(
      decoding: UnsafeBufferPointer(start: base + offset, count: end - offset), as: UTF8.self)
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "."), UInt8(ascii: "_"):
      true
    default: false
    }
  }

  /// The kind of the value starting at the current position (after whitespace), for messages.
  mutating func valueKind() -> String {
    skipWhitespace()
    guard let byte = peek else { return "nothing" }
    switch byte {
    case UInt8(ascii: "{"): return "an object"
    case UInt8(ascii: "["): return "an array"
    case UInt8(ascii: "\""): return "a string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
    case UInt8(ascii: "n"): return "null"
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
    default: return "'\(tokenText(at: position))'"
    }
  }

  /// Reads `null` if it is next, returning whether it was.
  mutating func consumeNull() throws(ScanError) -> Bool {
    skipWhitespace()
    guard peek == UInt8(ascii: "n") else { return false }
    try literal("null")
    return true
  }

  private mutating func literal(_ word: StaticString) throws(ScanError) {
    let start = position
    let length = word.utf8CodeUnitCount
    let matches =
      position + length <= count
      && word.withUTF8Buffer { expected in
        for index in 0..<length where base[position + index] != expected[index] { return false }
        return true
      }
    guard matches else {
      throw fail(.unexpectedToken(found: tokenText(at: start), expected: "a JSON value"), at: start)
    }
    position += length
  }

  // MARK: Values

  /// Reads `true` or `false`.
  mutating func readBool() throws(ScanError) -> Bool? {
    skipWhitespace()
    switch peek {
    case UInt8(ascii: "t"):
      try literal("true")
      return true
    case UInt8(ascii: "f"):
      try literal("false")
      return false
    default:
      return nil
    }
  }

  /// Reads a number, or returns `nil` (consuming nothing) if the next value is not a number.
  mutating func readNumber() throws(ScanError) -> Double? {
    skipWhitespace()
    if let value = readShortDecimal() { return value }
    guard position < count else { return nil }
    let start = position
    var index = position
    var negative = false
    if base[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    guard index < count, Self.isDigit(base[index]) else {
      if negative { throw fail(.invalidNumber(tokenText(at: start)), at: start) }
      return nil
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    // Integer part; no leading zeros.
    if base[index] == UInt8(ascii: "0") {
      index += 1
      if index < count && Self.isDigit(base[index]) {
        throw fail(.invalidNumber(tokenText(at: start)), at: start)
      }
    } else {
      while index < count && Self.isDigit(base[index]) {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(base[index] &- 48)
          if mantissa != 0 { digits += 1 }
        } else {
          exponent += 1
        }
        index += 1
      }
    }
    if index < count && base[index] == UInt8(ascii: ".") {
      index += 1
      guard index < count, Self.isDigit(base[index]) else {
        throw fail(.invalidNumber(tokenText(at: start)), at: start)
      }
      while index < count && Self.isDigit(base[index]) {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(base[index] &- 48)
          if mantissa != 0 { digits += 1 }
          exponent -= 1
        }
        index += 1
      }
    }
    if index < count && (base[index] | 0x20) == UInt8(ascii: "e") {
      index += 1
      var exponentNegative = false
      if index < count && (base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-")) {
        exponentNegative = base[index] == UInt8(ascii: "-")
        index += 1
      }
      guard index < count, Self.isDigit(base[index]) else {
        throw fail(.invalidNumber(tokenText(at: start)), at: start)
      }
      var written = 0
      while index < count && Self.isDigit(base[index]) {
        if written < 100_000 { written = written * 10 + Int(base[index] &- 48) }
        index += 1
      }
      exponent += exponentNegative ? -written : written
    }
    position = index
    let value: Double
    if mantissa == 0 {
      value = 0
    } else if digits <= 15 && exponent >= -22 && exponent <= 22 {
      // Clinger's fast path: both operands are exact doubles, so one rounding gives the
      // correctly rounded result.
      let exact = Double(mantissa)
      value =
        exponent < 0 ? exact / Self.powersOfTen[-exponent] : exact * Self.powersOfTen[exponent]
    } else {
      let text = String(
        decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
      value = (Double(text) ?? .infinity).magnitude
    }
    guard value <= Self.numberLimit else {
      throw fail(.numberOutOfRange(tokenText(at: start)), at: start)
    }
    return negative ? -value : value
  }

  /// Reads the common case of ``readNumber()`` in one pass, or returns `nil` consuming nothing.
  ///
  /// The common case is `-?(0|[1-9][0-9]*)(\.[0-9]+)?` with at most 15 digits, within
  /// ``numberLimit``; the general path reads anything else. The value is the general path's: one
  /// exact division.
  @inline(__always)
  mutating func readShortDecimal() -> Double? {
    var index = position
    let negative = index < count && base[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let integerStart = index
    var mantissa: UInt64 = 0
    while index < count, Self.isDigit(base[index]) {
      mantissa = mantissa &* 10 &+ UInt64(base[index] &- 48)
      index += 1
    }
    let integerDigits = index - integerStart
    guard integerDigits > 0, integerDigits == 1 || base[integerStart] != UInt8(ascii: "0")
    else { return nil }
    var fractionDigits = 0
    if index < count && base[index] == UInt8(ascii: ".") {
      index += 1
      let fractionStart = index
      while index < count, Self.isDigit(base[index]) {
        mantissa = mantissa &* 10 &+ UInt64(base[index] &- 48)
        index += 1
      }
      fractionDigits = index - fractionStart
      guard fractionDigits > 0 else { return nil }
    }
    guard integerDigits + fractionDigits <= 15,
      index == count || (base[index] | 0x20) != UInt8(ascii: "e")
    else { return nil }
    let magnitude = Double(mantissa) / Self.exactPowerOfTen(fractionDigits)
    guard magnitude <= Self.numberLimit else { return nil }
    position = index
    return negative ? -magnitude : magnitude
  }

  /// 10^`exponent` for 0...15, from a table in read-only data.
  @inline(__always)
  private static func exactPowerOfTen(_ exponent: Int) -> Double {
    switch exponent {
    case 0: 1e0
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    case 9: 1e9
    case 10: 1e10
    case 11: 1e11
    case 12: 1e12
    case 13: 1e13
    case 14: 1e14
    default: 1e15
    }
  }

  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }

  /// Reads a string's raw UTF-8 bytes (escapes resolved) and passes them to `body`, or returns
  /// `nil` if the next value is not a string.
  mutating func withString<R>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(ScanError) -> R
  ) throws(ScanError) -> R? {
    skipWhitespace()
    guard peek == UInt8(ascii: "\"") else { return nil }
    position += 1
    let start = position
    skipPlainStringBytes()
    // Fast path: no escapes.
    while position < count {
      let byte = base[position]
      if byte == UInt8(ascii: "\"") {
        let bytes = UnsafeBufferPointer(start: base + start, count: position - start)
        position += 1
        return try body(bytes)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw fail(.controlCharacterInString(byte)) }
      if byte < 0x80 {
        position += 1
      } else {
        try skipUTF8Sequence()
      }
    }
    guard position < count else { throw fail(.unexpectedEnd(expected: "'\"' to end the string")) }
    // Slow path: copy what was read and resolve escapes.
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: position - start))
    while position < count {
      let byte = base[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return try scratch.withUnsafeBufferPointer { (bytes) throws(ScanError) -> R in
          try body(bytes)
        }
      case UInt8(ascii: "\\"):
        try readEscape()
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
    throw fail(.unexpectedEnd(expected: "'\"' to end the string"))
  }

  /// Steps over the bytes of a string that need no attention (printable ASCII other than `"` and
  /// `\`), eight at a time, stopping at the first that does or near the end of the line.
  @inline(__always)
  private mutating func skipPlainStringBytes() {
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
    try withString { bytes in String(decoding: bytes, as: UTF8.self) }
  }

  /// Validates one multi-byte UTF-8 sequence at the current position and steps over it.
  private mutating func skipUTF8Sequence() throws(ScanError) {
    let lead = base[position]
    let length: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      upper = 0x9F
    case 0xF0:
      length = 4
      lower = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      upper = 0x8F
    default: throw fail(.invalidUTF8(lead))
    }
    guard position + length <= count else { throw fail(.invalidUTF8(lead)) }
    let second = base[position + 1]
    guard second >= lower && second <= upper else {
      throw fail(.invalidUTF8(second), at: position + 1)
    }
    for index in 2..<max(length, 2) where base[position + index] & 0xC0 != 0x80 {
      throw fail(.invalidUTF8(base[position + index]), at: position + index)
    }
    position += length
  }

  /// The raw text of an escape starting at `start`: `\q`, or a `\u` escape and its hex digits.
  private func escapeText(at start: Int, length: Int) -> String {
    let end = min(start + length, count)
    return String(
      decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
  }

  private mutating func readEscape() throws(ScanError) {
    let start = position
    position += 1
    guard position < count else { throw fail(.unexpectedEnd(expected: "an escape after '\\'")) }
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

  private mutating func readHex4(escapeStart: Int) throws(ScanError) -> UInt32 {
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

  /// Steps over any JSON value, checking its syntax, without keeping it.
  mutating func skipValue(depth: Int = 0) throws(ScanError) {
    skipWhitespace()
    guard let byte = peek else { throw fail(.unexpectedEnd(expected: "a value")) }
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard depth < Self.nestingLimit else { throw fail(.nestingTooDeep(limit: Self.nestingLimit)) }
      let isObject = byte == UInt8(ascii: "{")
      let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
      position += 1
      skipWhitespace()
      if peek == close {
        position += 1
        return
      }
      while true {
        if isObject {
          skipWhitespace()
          guard try withString({ _ in () }) != nil else {
            throw unexpected("a field name in quotes")
          }
          try expect(UInt8(ascii: ":"), "':' after a field name")
        }
        try skipValue(depth: depth + 1)
        skipWhitespace()
        guard let next = peek else {
          throw fail(.unexpectedEnd(expected: isObject ? "',' or '}'" : "',' or ']'"))
        }
        position += 1
        if next == close { return }
        guard next == UInt8(ascii: ",") else {
          position -= 1
          throw unexpected(isObject ? "',' or '}'" : "',' or ']'")
        }
      }
    case UInt8(ascii: "\""):
      _ = try withString { _ in () }
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      _ = try readBool()
    case UInt8(ascii: "n"):
      _ = try consumeNull()
    default:
      guard try readNumber() != nil else { throw unexpected("a JSON value") }
    }
  }
}
