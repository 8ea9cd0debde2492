/// The page data's byte writing: strings quoted as ``PageJSON/quoted(_:)`` quotes them,
/// appended to a byte buffer with no `String` in between.
enum PageBytes {
  /// Appends `value` as a JSON string literal safe inside `<script>`.
  static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
    var value = value
    value.withUTF8 { appendQuoted($0, to: &bytes) }
  }

  /// Appends the UTF-8 text `utf8` as a JSON string literal safe inside `<script>`.
  static func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    let storage = ByteStorage(capacity: 6 * utf8.count + 2)
    appendQuoted(utf8, to: storage)
    bytes.append(contentsOf: storage.buffer)
  }

  /// Appends the UTF-8 text `utf8` as a JSON string literal safe inside `<script>`, straight into
  /// `storage` (room for it made once: a byte is written as six at most).
  static func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to storage: ByteStorage) {
    storage.reserve(6 * utf8.count + 2)
    storage.append(UInt8(ascii: "\""))
    guard let base = utf8.baseAddress else {
      storage.append(UInt8(ascii: "\""))
      return
    }
    var index = 0
    while index < utf8.count {
      // The bytes up to the next that may need an escape, copied as they are.
      let runEnd = plainRunEnd(base, from: index, count: utf8.count)
      if runEnd > index {
        storage.append(base + index, count: runEnd - index)
        index = runEnd
        continue
      }
      let byte = utf8[index]
      let escape: StaticString?
      switch byte {
      case UInt8(ascii: "\""): escape = "\\\""
      case UInt8(ascii: "\\"): escape = "\\\\"
      case UInt8(ascii: "\n"): escape = "\\n"
      case UInt8(ascii: "\r"): escape = "\\r"
      case UInt8(ascii: "\t"): escape = "\\t"
      case UInt8(ascii: "<"): escape = "\\u003c"
      case UInt8(ascii: ">"): escape = "\\u003e"
      case UInt8(ascii: "&"): escape = "\\u0026"
      case 0xE2 where Self.isLineSeparator(utf8, at: index, last: 0xA8):
        escape = "\\u2028"
      case 0xE2 where Self.isLineSeparator(utf8, at: index, last: 0xA9):
        escape = "\\u2029"
      default: escape = nil
      }
      if let escape {
        storage.append(escape.utf8Start, count: escape.utf8CodeUnitCount)
        index += byte == 0xE2 ? 3 : 1
      } else if byte < 0x20 {
        let hex: StaticString = "0123456789abcdef"
        let prefix: StaticString = "\\u00"
        storage.append(prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        storage.append(hex.utf8Start[Int(byte >> 4)])
        storage.append(hex.utf8Start[Int(byte & 0xF)])
        index += 1
      } else {
        storage.append(byte)
        index += 1
      }
    }
    storage.append(UInt8(ascii: "\""))
  }

  /// The index of the first byte at or after `index` that the quoting may escape
  /// (``mayEscape(_:)``), or `count`: eight bytes at a time while none of them may.
  @inline(__always)
  private static func plainRunEnd(_ base: UnsafePointer<UInt8>, from index: Int, count: Int)
    -> Int
  {
    var index = index
    let ones: UInt64 = 0x0101_0101_0101_0101
    // Whether a byte of `word` is zero, in its high bit (exact for the word as a whole).
    func zero(_ word: UInt64) -> UInt64 { (word &- ones) & ~word }
    while index + 8 <= count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      let flags =
        zero(word ^ (ones &* 0x22)) | zero(word ^ (ones &* 0x5C)) | zero(word ^ (ones &* 0x3C))
        | zero(word ^ (ones &* 0x3E)) | zero(word ^ (ones &* 0x26)) | zero(word ^ (ones &* 0xE2))
        | ((word &- (ones &* 0x20)) & ~word)
      // One of the eight may: it is found byte by byte below.
      if flags & (ones &* 0x80) != 0 { break }
      index += 8
    }
    while index < count && !mayEscape(base[index]) { index += 1 }
    return index
  }

  /// Whether the quoting may escape `byte`: one its switch names, or one below `0x20`.
  @inline(__always)
  private static func mayEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C || byte == 0x3E || byte == 0x26
      || byte == 0xE2
  }

  /// Whether the bytes at `index` are `E2 80 last`: U+2028 (`A8`) or U+2029 (`A9`) in UTF-8.
  private static func isLineSeparator(
    _ utf8: UnsafeBufferPointer<UInt8>, at index: Int, last: UInt8
  ) -> Bool {
    index + 2 < utf8.count && utf8[index + 1] == 0x80 && utf8[index + 2] == last
  }
}
