/// The classes of Unicode scalars the measurer and its line breaking tell apart, by cheap range
/// tests on the scalar's value (falling back to the standard library's properties where needed).
enum ScalarClass {
  /// Whether `value` is a scalar that never joins a neighbouring simple scalar.
  ///
  /// Such a scalar never forms one grapheme cluster with its neighbour and is never part of an
  /// emoji on its own: ASCII other than CR, Latin,
  /// Greek and Cyrillic letters, most punctuation and currency signs, CJK ideographs, kana,
  /// CJK punctuation and full-width forms. None of these is a combining mark, joiner, prepend,
  /// Hangul or regional indicator scalar (checked for every pair against the standard
  /// library's grapheme breaking).
  static func isSimple(_ value: UInt32) -> Bool {
    switch value {
    case 0x0D: return false
    case 0x00...0x02FF, 0x0370...0x0482, 0x048A...0x052F, 0x1E00...0x1FFF, 0x2010...0x2027,
      0x2030...0x205E, 0x20A0...0x20C0, 0x3001...0x3029, 0x3041...0x3096, 0x309D...0x30FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF01...0xFF60:
      return true
    default: return false
    }
  }

  /// Whether `value` is a simple scalar or a pictograph that, like one, never joins a neighbouring
  /// simple scalar or pictograph: U+1F300–U+1FAFF (emoji faces, objects, animals, food, hands…)
  /// but the skin-tone modifiers U+1F3FB–U+1F3FF, which extend the emoji before them.
  ///
  /// Between two such scalars there is always a grapheme cluster boundary: none of them is a
  /// combining mark, joiner, spacing mark, prepend, Hangul or regional indicator scalar, and
  /// pictographs join one another only through U+200D (checked against the standard library's
  /// grapheme breaking for every pictograph before and after a letter, a space, an ideograph or an
  /// emoji).
  static func isAlone(_ value: UInt32) -> Bool {
    isSimple(value) || (0x1F300...0x1FAFF).contains(value) && !(0x1F3FB...0x1F3FF).contains(value)
  }

  /// Whether a cluster renders as an emoji: it has an emoji-presentation scalar, or an emoji
  /// scalar followed by VARIATION SELECTOR-16.
  static func isEmoji(_ scalars: Character.UnicodeScalarView) -> Bool {
    var sawEmojiScalar = false
    for scalar in scalars {
      let value = scalar.value
      if value == 0xFE0F {
        if sawEmojiScalar { return true }
        continue
      }
      // A cheap range test first: emoji scalars are #, *, digits (keycap bases), © and ®, or lie
      // in U+203C–U+3299 or at or above U+1F000.
      let mayBeEmoji =
        (0x203C...0x3299).contains(value) || value >= 0x1F000 || value == 0x23 || value == 0x2A
        || (0x30...0x39).contains(value) || value == 0xA9 || value == 0xAE
      guard mayBeEmoji else { continue }
      let properties = scalar.properties
      if properties.isEmojiPresentation { return true }
      if properties.isEmoji { sawEmojiScalar = true }
    }
    return false
  }

  /// Whether `value` may be a default-ignorable code point: a cheap range test that spares the
  /// property lookup for the common scripts (the ranges hold every such scalar of Unicode 16).
  static func mayBeDefaultIgnorable(_ value: UInt32) -> Bool {
    switch value {
    case 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...:
      return true
    default:
      return false
    }
  }

  /// Whether `value` is a CJK ideograph, kana or hangul: 1 em wide and a word of its own.
  static func isBreakingCJK(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F,  // Hangul Jamo initial consonants
      0x3041...0x30FF,  // Hiragana, Katakana
      0x3131...0x318E,  // Hangul Compatibility Jamo
      0x31F0...0x31FF,  // Katakana Phonetic Extensions
      0x3400...0x4DBF,  // CJK Unified Ideographs Extension A
      0x4E00...0x9FFF,  // CJK Unified Ideographs
      0xAC00...0xD7A3,  // Hangul Syllables
      0xF900...0xFAFF,  // CJK Compatibility Ideographs
      0x20000...0x3FFFD:  // CJK Unified Ideographs Extensions B and later
      return true
    default:
      return false
    }
  }

  /// Whether `value` is another full-width form (CJK punctuation, radicals, full-width ASCII).
  static func isOtherWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x2E80...0x303E, 0x3190...0x33FF, 0xFE30...0xFE4F, 0xFF01...0xFF60, 0xFFE0...0xFFE6:
      return true
    default:
      return false
    }
  }
}
