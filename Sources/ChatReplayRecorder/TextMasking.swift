/// Replaces typed and received text by text of the same shape, for recordings that must not
/// carry what people wrote.
///
/// Each character becomes one character of the same width class, so that a layout measuring the
/// masked text wraps it onto the same number of lines:
///
/// | class | becomes |
/// |---|---|
/// | spaces (any width) and line breaks | themselves |
/// | CJK ideographs, kana, Hangul, full-width forms | `字` |
/// | emoji (one grapheme, however many scalars) | `🙂` |
/// | decimal digits | `0` |
/// | upper-case letters (any script) | `X` |
/// | other letters | `x` |
/// | punctuation, symbols and everything else | `.` |
///
/// ```text
/// "Hi 太郎, 3時?\n🎉"  →  "Xx 字字. 0字.\n🙂"
/// ```
public enum TextMasking {
  /// `text` with every character replaced by the one its class gives.
  public static func mask(_ text: String) -> String {
    String(text.map(masked))
  }

  /// The character `character` is replaced by.
  public static func masked(_ character: Character) -> Character {
    if character.isNewline || character.isWhitespace { return character }
    guard let first = character.unicodeScalars.first else { return character }
    if isWide(first) { return "字" }
    if isEmoji(character) { return "🙂" }
    if first.properties.numericType == .decimal { return "0" }
    if character.isLetter { return character.isUppercase ? "X" : "x" }
    return "."
  }

  /// Where `range` (UTF-16 offsets into `text`) falls in the masked text: the same characters,
  /// counted in the masked text's UTF-16 code units.
  static func maskedRange(
    _ range: SessionRecorder.TextRange, in text: String
  ) -> SessionRecorder.TextRange {
    let start = maskedOffset(range.location, in: text)
    let end = maskedOffset(range.location + range.length, in: text)
    return SessionRecorder.TextRange(location: start, length: max(0, end - start))
  }

  /// The masked UTF-16 offset of the characters that begin before `offset`.
  private static func maskedOffset(_ offset: Int, in text: String) -> Int {
    var original = 0
    var masked = 0
    for character in text {
      guard original < offset else { break }
      original += character.utf16.count
      masked += Self.masked(character).utf16.count
    }
    return masked
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }

  /// A grapheme drawn as an emoji: one with emoji presentation by default, or an emoji-capable
  /// scalar followed by a variation selector, a skin tone or a joiner (digits and `#` are
  /// emoji-capable too, but alone they are text).
  private static func isEmoji(_ character: Character) -> Bool {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return false }
    if first.properties.isEmojiPresentation { return true }
    return first.properties.isEmoji && scalars.count > 1
  }
}
