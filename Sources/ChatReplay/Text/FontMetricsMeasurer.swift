/// Measures text with a font's advance widths, wrapping the way TextKit wraps with
/// `NSLineBreakByWordWrapping` and `.usesLineFragmentOrigin`.
///
/// Rules:
/// - Lines break after a run of breaking spaces (U+0020, tab, U+1680, U+2000–U+200A except
///   U+2007, U+205F, U+3000) and at U+200B. Spaces at the end of a line hang: they never cause
///   a wrap and do not count in the line's width. Spaces at the start of a paragraph count.
/// - A word wider than the line moves to a new line and is then broken between grapheme
///   clusters; a single cluster wider than the line sits alone on its line and overflows.
/// - CJK ideographs, kana, hangul and emoji are each a word of their own: lines may break before
///   and after each. Kinsoku (no break before closing CJK punctuation) is not modelled.
/// - `\n`, `\r\n`, `\r`, U+2028 and U+2029 end a paragraph; a trailing one adds an empty line.
/// - Widths are sums of advances (no kerning). Scalars the font lacks: CJK and full-width forms
///   are 1 em; an emoji cluster (one with an emoji-presentation scalar or U+FE0F after an emoji
///   scalar, so ZWJ sequences, flags and keycaps too) is ``emojiWidthInEms`` em; combining marks
///   and default-ignorable scalars are 0; control characters are 0, a tab is as wide as a space;
///   anything else is as wide as the font's `?` (or `.notdef` when it lacks `?`), about what
///   a fallback font's average glyph takes.
/// - A non-positive width puts each cluster on its own line; an infinite width never wraps.
public struct FontMetricsMeasurer: TextMeasuring {
  /// The advance of an emoji cluster in ems.
  ///
  /// Apple Color Emoji's `hmtx` advance is 800 units on an 800-unit em (1 em; see
  /// harfbuzz/harfbuzz#1420), but its bitmaps do not scale in proportion to the font size and
  /// CoreText lays emoji out wider at text sizes. 1.25 em is the commonly quoted width at
  /// 14–18 pt; it is an estimate that has not been checked against a device here.
  public static let emojiWidthInEms = 1.25

  /// The font metrics used for widths and line height.
  public let metrics: FontMetrics

  /// Widths of the ASCII scalars in design units, with the fallback rules already applied.
  private let asciiUnits: [Double]

  /// The width of a scalar the font lacks and no other rule covers, in design units.
  private let fallbackUnits: Double

  /// One em in design units.
  private let emUnits: Double

  /// Creates a measurer for `metrics`.
  public init(metrics: FontMetrics = .systemFontSubstitute) {
    self.metrics = metrics
    let questionMark = metrics.advance(of: "?") ?? metrics.notdefAdvance
    let fallback = Double(questionMark)
    let space = Double(metrics.advance(of: " ") ?? questionMark)
    asciiUnits = (0..<128).map { value -> Double in
      switch value {
      case 0x09: return space
      case 0x00..<0x20, 0x7F: return 0
      default:
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return fallback }
        return metrics.advance(of: scalar).map(Double.init) ?? fallback
      }
    }
    fallbackUnits = fallback
    emUnits = Double(metrics.unitsPerEm)
  }

  /// The height of one line: `(ascender − descender + lineGap) × fontSize / unitsPerEm`.
  public func lineHeight(fontSize: Double) -> Double {
    Double(metrics.ascender - metrics.descender + metrics.lineGap) * fontSize
      / Double(metrics.unitsPerEm)
  }

  /// The widest line's width and the height of all lines of `text` wrapped at `width` points.
  public func boundingSize(of text: String, width: Double, fontSize: Double) -> Size {
    if text.isEmpty { return .zero }
    let unitsPerEm = Double(metrics.unitsPerEm)
    var breaker = LineBreaker(maxUnits: width * unitsPerEm / fontSize)
    let measuredAsASCII =
      text.utf8.withContiguousStorageIfAvailable { bytes in
        measureASCII(bytes, into: &breaker)
      } ?? false
    if !measuredAsASCII {
      // Start again, one grapheme cluster at a time.
      breaker = LineBreaker(maxUnits: width * unitsPerEm / fontSize)
      measureClusters(text, into: &breaker)
    }
    breaker.endParagraph()
    return Size(
      width: breaker.widestLine * fontSize / unitsPerEm,
      height: Double(breaker.lineCount) * lineHeight(fontSize: fontSize)
    )
  }

  /// Feeds ASCII `bytes` to `breaker` one byte (one grapheme cluster, CR LF aside) at a time;
  /// returns `false` as soon as a non-ASCII byte shows up.
  private func measureASCII(
    _ bytes: UnsafeBufferPointer<UInt8>,
    into breaker: inout LineBreaker
  ) -> Bool {
    asciiUnits.withUnsafeBufferPointer { units in
      var index = 0
      let count = bytes.count
      while index < count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case 0x20, 0x09:
          breaker.addSpace(units[Int(byte)])
        case 0x0A:
          breaker.endParagraph()
        case 0x0D:
          breaker.endParagraph()
          if index < count, bytes[index] == 0x0A { index += 1 }
        case 0x80...:
          return false
        default:
          breaker.addWordCluster(units[Int(byte)])
        }
      }
      return true
    }
  }

  /// Feeds `text` to `breaker` one grapheme cluster at a time.
  ///
  /// Two adjacent "simple" scalars (see `isSimple(_:)`) always have a grapheme cluster boundary
  /// between them, so a simple scalar followed by another (or by the end) is measured on its
  /// own without the standard library's grapheme breaking; elsewhere `String` finds the
  /// clusters.
  private func measureClusters(_ text: String, into breaker: inout LineBreaker) {
    let scalars = text.unicodeScalars
    let end = scalars.endIndex
    var index = scalars.startIndex
    while index < end {
      let scalar = scalars[index]
      let next = scalars.index(after: index)
      if Self.isSimple(scalar.value), next == end || Self.isSimple(scalars[next].value) {
        measure(simple: scalar, into: &breaker)
        index = next
        continue
      }
      // `index` is a cluster boundary: the start, or just after a scalar measured on its own.
      repeat {
        let clusterEnd = text.index(after: index)
        measure(text[index], into: &breaker)
        index = clusterEnd
      } while index < end && !Self.startsSimpleRun(scalars, at: index)
    }
  }

  /// Whether the scalar at `index` and the one after it (if any) are both simple.
  private static func startsSimpleRun(
    _ scalars: String.UnicodeScalarView,
    at index: String.Index
  ) -> Bool {
    guard isSimple(scalars[index].value) else { return false }
    let next = scalars.index(after: index)
    return next == scalars.endIndex || isSimple(scalars[next].value)
  }

  /// Whether `value` is a scalar that never joins a neighbouring simple scalar.
  ///
  /// Such a scalar never forms one grapheme cluster with its neighbour and is never part of an
  /// emoji on its own: ASCII other than CR, Latin,
  /// Greek and Cyrillic letters, most punctuation and currency signs, CJK ideographs, kana,
  /// CJK punctuation and full-width forms. None of these is a combining mark, joiner, prepend,
  /// Hangul or regional indicator scalar (checked for every pair against the standard
  /// library's grapheme breaking).
  private static func isSimple(_ value: UInt32) -> Bool {
    switch value {
    case 0x0D: return false
    case 0x00...0x02FF, 0x0370...0x0482, 0x048A...0x052F, 0x1E00...0x1FFF, 0x2010...0x2027,
      0x2030...0x205E, 0x20A0...0x20C0, 0x3001...0x3029, 0x3041...0x3096, 0x309D...0x30FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF01...0xFF60:
      return true
    default: return false
    }
  }

  /// Feeds one simple scalar, a grapheme cluster of its own, to `breaker`.
  @inline(__always)
  private func measure(simple scalar: Unicode.Scalar, into breaker: inout LineBreaker) {
    switch scalar.value {
    case 0x0A:
      breaker.endParagraph()
    case 0x20, 0x09:
      breaker.addSpace(asciiUnits[Int(scalar.value)])
    default:
      if Self.isBreakingCJK(scalar.value) {
        breaker.addBreakingCluster(emUnits)
      } else {
        breaker.addWordCluster(scalarUnits(scalar))
      }
    }
  }

  /// Feeds one grapheme cluster to `breaker`.
  @inline(__always)
  private func measure(_ character: Character, into breaker: inout LineBreaker) {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return }
    let isSingleScalar = scalars.index(after: scalars.startIndex) == scalars.endIndex
    switch first.value {
    case 0x0A, 0x0D, 0x2028, 0x2029:
      breaker.endParagraph()
      return
    case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000:
      if isSingleScalar {
        breaker.addSpace(scalarUnits(first))
        return
      }
    case 0x200B:
      if isSingleScalar {
        breaker.addSpace(0)
        return
      }
    default:
      break
    }
    if Self.isBreakingCJK(first.value) {
      breaker.addBreakingCluster(emUnits)
    } else if Self.isEmoji(scalars) {
      breaker.addBreakingCluster(emUnits * Self.emojiWidthInEms)
    } else {
      var units = 0.0
      for scalar in scalars {
        units += scalarUnits(scalar)
      }
      breaker.addWordCluster(units)
    }
  }

  /// The width of one scalar in design units, following the fallback rules.
  private func scalarUnits(_ scalar: Unicode.Scalar) -> Double {
    let value = scalar.value
    if value < 0x80 { return asciiUnits[Int(value)] }
    if Self.mayBeDefaultIgnorable(value), scalar.properties.isDefaultIgnorableCodePoint {
      return 0
    }
    if let advance = metrics.advance(of: scalar) { return Double(advance) }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .spacingMark, .control: return 0
    default: break
    }
    if Self.isBreakingCJK(value) || Self.isOtherWide(value) { return emUnits }
    return fallbackUnits
  }

  /// Whether a cluster renders as an emoji: it has an emoji-presentation scalar, or an emoji
  /// scalar followed by VARIATION SELECTOR-16.
  private static func isEmoji(_ scalars: Character.UnicodeScalarView) -> Bool {
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
  private static func mayBeDefaultIgnorable(_ value: UInt32) -> Bool {
    switch value {
    case 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...:
      return true
    default:
      return false
    }
  }

  /// Whether `value` is a CJK ideograph, kana or hangul: 1 em wide and a word of its own.
  private static func isBreakingCJK(_ value: UInt32) -> Bool {
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
  private static func isOtherWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x2E80...0x303E, 0x3190...0x33FF, 0xFE30...0xFE4F, 0xFF01...0xFF60, 0xFFE0...0xFFE6:
      return true
    default:
      return false
    }
  }
}

/// Greedy line filling in design units, fed one grapheme cluster or space at a time.
private struct LineBreaker {
  /// The line width in design units.
  let maxUnits: Double

  /// The width of the words (and leading spaces) already on the current line.
  var lineUnits = 0.0

  /// The width of the spaces after the last word on the current line.
  var pendingSpaceUnits = 0.0

  /// The width of the word being built.
  var wordUnits = 0.0

  /// Whether a word is being built.
  var inWord = false

  /// Whether the current line holds a word.
  var lineHasWord = false

  /// Whether the current line holds anything, leading spaces included.
  var lineHasContent = false

  /// The width of the widest finished line.
  var widestLine = 0.0

  /// The number of finished lines.
  var lineCount = 0

  init(maxUnits: Double) {
    self.maxUnits = maxUnits
  }

  /// Adds a cluster of `units` to the current word, wrapping or breaking the word if needed.
  mutating func addWordCluster(_ units: Double) {
    if lineUnits + pendingSpaceUnits + wordUnits + units <= maxUnits {
      wordUnits += units
      inWord = true
      return
    }
    if lineHasContent {
      // The word moves to a new line; the spaces before it hang at the end of this one.
      finishLine(width: lineUnits)
      if wordUnits + units <= maxUnits {
        wordUnits += units
        inWord = true
        return
      }
    }
    // The word alone is wider than the line: break it before this cluster.
    if wordUnits > 0 {
      finishLine(width: wordUnits)
    }
    wordUnits = units
    inWord = true
  }

  /// Adds a cluster that is a word of its own, such as an ideograph or an emoji.
  mutating func addBreakingCluster(_ units: Double) {
    endWord()
    addWordCluster(units)
    endWord()
  }

  /// Adds a breaking space of `units`.
  mutating func addSpace(_ units: Double) {
    endWord()
    if lineHasWord {
      pendingSpaceUnits += units
    } else {
      lineUnits += units
      lineHasContent = true
    }
  }

  /// Ends the current paragraph, finishing its last line.
  mutating func endParagraph() {
    endWord()
    finishLine(width: lineUnits)
  }

  /// Puts the word being built on the current line.
  private mutating func endWord() {
    guard inWord else { return }
    lineUnits += pendingSpaceUnits + wordUnits
    pendingSpaceUnits = 0
    wordUnits = 0
    inWord = false
    lineHasWord = true
    lineHasContent = true
  }

  /// Records a finished line of `width` and starts an empty one (the current word stays).
  private mutating func finishLine(width: Double) {
    widestLine = max(widestLine, width)
    lineCount += 1
    lineUnits = 0
    pendingSpaceUnits = 0
    lineHasWord = false
    lineHasContent = false
  }
}
