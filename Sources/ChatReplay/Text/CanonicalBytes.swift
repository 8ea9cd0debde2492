/// Texts compared and hashed by their UTF-8 bytes as `String` compares and hashes them: by
/// canonical equivalence (`"é" == "e\u{301}"`), without making a `String` where the bytes tell.
///
/// A text whose every scalar is a starter (canonical combining class 0) that its Normalization
/// Form C keeps as it is and that never combines with a scalar before it (NFC_Quick_Check Yes)
/// is in NFC: no normalization changes it. Two texts in NFC are canonically equivalent only when
/// their bytes are the same, so for such texts the bytes decide; any other pair goes through
/// `String`.
enum CanonicalBytes {
  /// Whether `bytes` (valid UTF-8) is known to be in NFC.
  ///
  /// It is when every scalar is ASCII or lies in a range of starters whose NFC_Quick_Check is
  /// Yes (Latin to U+02FF, Cyrillic letters, general punctuation but U+2000 and U+2001, symbols
  /// and dingbats, CJK punctuation, kana but the combining voicing marks, CJK ideographs, Hangul
  /// syllables, variation selectors, full-width forms, emoji). `false` says only that a scalar
  /// lies outside those ranges.
  @inline(__always)
  static func isKnownNFC(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      if bytes[index] < 0x80 {
        index += 1
        continue
      }
      let scalar = FontMetricsMeasurer.scalar(in: bytes, at: index)
      guard isKnownNFCStarter(scalar.value) else { return false }
      index += scalar.length
    }
    return true
  }

  /// Whether `value` is one of the scalars ``isKnownNFC(_:)`` accepts.
  @inline(__always)
  static func isKnownNFCStarter(_ value: UInt32) -> Bool {
    switch value {
    case 0x00...0x02FF, 0x0400...0x0482, 0x048A...0x052F, 0x2002...0x2064, 0x2190...0x2328,
      0x232B...0x27BF, 0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFE00...0xFE0F, 0xFF01...0xFF60, 0x1F000...0x1FAFF:
      return true
    default:
      return false
    }
  }

  /// Whether the texts whose UTF-8 are `lhs` and `rhs` are equal as `String`s.
  ///
  /// When one text's bytes start with all of the other's, they are equal only when they are the
  /// same bytes: the canonical decomposition of a text is the decompositions of its scalars,
  /// each at least one scalar, in canonical order, so a text with more after it decomposes to
  /// more scalars and cannot be equivalent to it. A draft typed on or erased, and a line of it
  /// that grew or shrank at its end, are told apart without a look at their scalars.
  static func areEqual(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    if startsAlike(lhs, rhs) { return lhs.count == rhs.count }
    if isKnownNFC(lhs) && isKnownNFC(rhs) { return false }
    return String(decoding: lhs, as: UTF8.self) == String(decoding: rhs, as: UTF8.self)
  }

  /// Whether one of `lhs` and `rhs` starts with all of the other's bytes.
  @inline(__always)
  static func startsAlike(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    let common = min(lhs.count, rhs.count)
    guard common > 0, let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
    return bytesEqual(left, right, count: common)
  }

  /// Whether `lhs` and `rhs` are equal as `String`s (`==`), told from their bytes where they
  /// tell (see ``areEqual(_:_:)-(UnsafeBufferPointer<UInt8>,_)``).
  static func areEqual(_ lhs: String, _ rhs: String) -> Bool {
    withUTF8(of: lhs) { left in withUTF8(of: rhs) { right in areEqual(left, right) } }
  }

  /// Feeds `text` to `hasher` as `String` hashes it (its NFC bytes, then 0xFF): straight from its
  /// bytes when they are known to be in NFC, through `String` otherwise.
  static func hash(_ text: String, into hasher: inout Hasher) {
    let isHashed = withUTF8(of: text) { bytes -> Bool in
      guard isKnownNFC(bytes) else { return false }
      hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
      hasher.combine(0xFF as UInt8)
      return true
    }
    if !isHashed { text.hash(into: &hasher) }
  }

  /// Calls `body` with the UTF-8 of `text`, without copying it when it is contiguous (a native
  /// or small string always is).
  @inline(__always)
  static func withUTF8<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = text
    return copy.withUTF8(body)
  }
}
