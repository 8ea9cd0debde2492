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

  /// Whether the position is at the end of the line: the scanner's end, or a line feed.
  ///
  /// A line feed ends the line when the scanner reads a line ahead of finding its end (see
  /// ``LineDecoder/canonicalLine(_:frames:)``); a line split at its line feed holds none.
  var isAtLineEnd: Bool { position >= count || base[position] == 0x0A }

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
  mutating func expect(_ byte: UInt8, _ expected: RecordingError.Problem.Expectation)
    throws(ScanError)
  {
    skipWhitespace()
    guard position < count else { throw fail(.unexpectedEnd(expected: expected)) }
    guard base[position] == byte else { throw unexpected(expected) }
    position += 1
  }

  /// The error for an unexpected token at the current position.
  func unexpected(_ expected: RecordingError.Problem.Expectation) -> ScanError {
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
  mutating func valueKind() -> RecordingError.Problem.JSONValueKind {
    skipWhitespace()
    guard let byte = peek else { return .nothing }
    switch byte {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default: return .token(tokenText(at: position))
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
      throw fail(.unexpectedToken(found: tokenText(at: start), expected: .jsonValue), at: start)
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

  /// Steps over any JSON value, checking its syntax, without keeping it.
  mutating func skipValue(depth: Int = 0) throws(ScanError) {
    skipWhitespace()
    guard let byte = peek else { throw fail(.unexpectedEnd(expected: .value)) }
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
            throw unexpected(.fieldName)
          }
          try expect(UInt8(ascii: ":"), .colonAfterFieldName)
        }
        try skipValue(depth: depth + 1)
        skipWhitespace()
        guard let next = peek else {
          throw fail(.unexpectedEnd(expected: .commaOrEnd(isObject ? .object : .array)))
        }
        position += 1
        if next == close { return }
        guard next == UInt8(ascii: ",") else {
          position -= 1
          throw unexpected(.commaOrEnd(isObject ? .object : .array))
        }
      }
    case UInt8(ascii: "\""):
      _ = try withString { _ in () }
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      _ = try readBool()
    case UInt8(ascii: "n"):
      _ = try consumeNull()
    default:
      guard try readNumber() != nil else { throw unexpected(.jsonValue) }
    }
  }
}

extension JSONScanner {
  /// Steps over `text` if the bytes at the current position are exactly it.
  @inline(__always)
  mutating func skip(_ text: StaticString) -> Bool {
    skip(UnsafeRawPointer(text.utf8Start), count: text.utf8CodeUnitCount)
  }

  /// Steps over the member key `,"name":` of `key` (without the comma for the first member).
  @inline(__always)
  mutating func skip<Key: RecordingKey>(member key: Key, first: Bool = false) -> Bool {
    let member = Key.table.member(key.rawValue)
    let skipped = first ? 1 : 0
    guard let start = member.baseAddress else { return false }
    return skip(UnsafeRawPointer(start + skipped), count: member.count - skipped)
  }

  /// Steps over the `length` bytes at `expected` if the bytes at the current position are them.
  @inline(__always)
  private mutating func skip(_ expected: UnsafeRawPointer, count length: Int) -> Bool {
    guard count - position >= length else { return false }
    let here = UnsafeRawPointer(base + position)
    // Whole words, the last one overlapping the one before, instead of byte by byte.
    func equal<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Bool {
      here.loadUnaligned(fromByteOffset: offset, as: Word.self)
        == expected.loadUnaligned(fromByteOffset: offset, as: Word.self)
    }
    if length >= 8 {
      var offset = 0
      while offset + 8 < length {
        guard equal(UInt64.self, at: offset) else { return false }
        offset += 8
      }
      guard equal(UInt64.self, at: length - 8) else { return false }
    } else if length >= 4 {
      guard equal(UInt32.self, at: 0), equal(UInt32.self, at: length - 4) else { return false }
    } else {
      for index in 0..<length
      where base[position + index] != expected.load(fromByteOffset: index, as: UInt8.self) {
        return false
      }
    }
    position += length
    return true
  }
}
