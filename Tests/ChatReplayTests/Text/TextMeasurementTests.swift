import ChatReplay
import ReplayTestSupport
import Testing

/// Text wrapping rules on a tiny hand-made font, then a few checks against the shipped font.
///
/// The tiny font has 10 units per em; every printable ASCII and Latin-1 character is 10 units
/// wide except `?`, which is 7. At a font size of 10 pt one unit is one point, so a character
/// is 10 pt wide, an em (CJK) is 10 pt, an emoji (1.25 em) is 12.5 pt, and a line is
/// (ascender 8 − descender −2 + gap 0) × 10 / 10 = 10 pt tall. Most tests wrap at 50 pt, which
/// is five characters.
struct TextMeasurementTests {
  /// The tiny font described above.
  static let tinyFont: FontMetrics = {
    var ascii = [UInt16](repeating: 10, count: 0x7F - 0x20)
    ascii[Int(UInt8(ascii: "?")) - 0x20] = 7
    return FontMetrics(
      unitsPerEm: 10,
      ascender: 8,
      descender: -2,
      lineGap: 0,
      notdefAdvance: 3,
      runs: [
        .init(firstCodePoint: 0x20, advances: ascii),
        .init(firstCodePoint: 0xA0, advances: [UInt16](repeating: 10, count: 0x60)),
      ]
    )
  }()

  let tiny = FontMetricsMeasurer(metrics: TextMeasurementTests.tinyFont)
  let inter = FontMetricsMeasurer()

  /// `text` measured with the tiny font at 10 pt, wrapped at `width` points.
  func tinySize(_ text: String, width: Double = 50) -> Size {
    tiny.boundingSize(of: text, width: width, fontSize: 10)
  }

  /// Whether two sizes agree to well below a thousandth of a point.
  func isClose(_ size: Size, _ width: Double, _ height: Double) -> Bool {
    abs(size.width - width) < 1e-9 && abs(size.height - height) < 1e-9
  }

  // MARK: - Basics

  @Test func emptyStringMeasuresZero() {
    #expect(tinySize("") == Size(width: 0, height: 0))
  }

  @Test func shortTextTakesOneLine() {
    // 3 × 10 = 30 wide, 1 line × 10.
    #expect(tinySize("abc") == Size(width: 30, height: 10))
  }

  @Test func textExactlyAsWideAsTheLineDoesNotWrap() {
    // 5 × 10 = 50 = the width.
    #expect(tinySize("abcde") == Size(width: 50, height: 10))
  }

  @Test func widthAndHeightScaleWithFontSize() {
    // 3 × 10 units × 20 / 10 = 60 wide; (8 + 2) × 20 / 10 = 20 tall.
    let size = tiny.boundingSize(of: "abc", width: 100, fontSize: 20)
    #expect(size == Size(width: 60, height: 20))
  }

  @Test func lineHeightIsAscenderMinusDescenderPlusLineGapScaledToFontSize() {
    // (8 − (−2) + 2) × 20 / 10 = 24.
    let font = FontMetrics(
      unitsPerEm: 10, ascender: 8, descender: -2, lineGap: 2, notdefAdvance: 3, runs: [])
    #expect(FontMetricsMeasurer(metrics: font).lineHeight(fontSize: 20) == 24)
    // (8 + 2 + 0) × 10 / 10 = 10.
    #expect(tiny.lineHeight(fontSize: 10) == 10)
  }

  // MARK: - Spaces

  @Test func wrapsAtTheSpaceBeforeAWordThatDoesNotFit() {
    // "abc def" = 70 > 50 → "abc" | "def"; widest 30, 2 lines.
    #expect(tinySize("abc def") == Size(width: 30, height: 20))
  }

  @Test func fillsLinesGreedily() {
    // "ab cd" = 50 fits; + " ef" = 80 → wrap; "ef gh" = 50 → 2 lines, widest 50.
    #expect(tinySize("ab cd ef gh") == Size(width: 50, height: 20))
  }

  @Test func trailingSpacesHangAndDoNotCountInTheWidth() {
    // "abcde" fills the line; the 3 spaces hang instead of wrapping: 50 wide, 1 line.
    #expect(tinySize("abcde   ") == Size(width: 50, height: 10))
    // "ab" + 3 hanging spaces: 20 wide.
    #expect(tinySize("ab   ") == Size(width: 20, height: 10))
  }

  @Test func spacesBeforeAWrapHangOnThePreviousLine() {
    // "ab" + 6 spaces (80 > 50, but they hang) | "cd": widest 20, 2 lines.
    #expect(tinySize("ab      cd") == Size(width: 20, height: 20))
  }

  @Test func leadingSpacesOfAParagraphCount() {
    // 2 spaces + "ab" = 40.
    #expect(tinySize("  ab") == Size(width: 40, height: 10))
  }

  @Test func tabIsAsWideAsASpace() {
    // a 10 + tab (space) 10 + b 10 = 30.
    #expect(tinySize("a\tb") == Size(width: 30, height: 10))
  }

  // MARK: - Long words

  @Test func wordWiderThanTheLineBreaksBetweenCharacters() {
    // "abcdefghijkl" → "abcde" | "fghij" | "kl": widest 50, 3 lines.
    #expect(tinySize("abcdefghijkl") == Size(width: 50, height: 30))
  }

  @Test func longWordAfterAShortWordStartsANewLineBeforeBreaking() {
    // "ab" | "cdefg" | "hijk", not "ab cd" | …: widest 50, 3 lines.
    #expect(tinySize("ab cdefghijk") == Size(width: 50, height: 30))
    // Were the word broken on the first line, "ab cd" | "efghi" | "jk" would also be 3 lines,
    // so check with a width where the two differ: at 60, "ab" | "cdefgh" | "ijk" is 3 lines,
    // while "ab cde" | "fghijk" would be 2.
    #expect(tinySize("ab cdefghijk", width: 60) == Size(width: 60, height: 30))
  }

  @Test func wordAfterABrokenWordSharesItsLastLine() {
    // "abcde" | "fg hi" (20 + 10 + 20 = 50): widest 50, 2 lines.
    #expect(tinySize("abcdefg hi") == Size(width: 50, height: 20))
  }

  @Test func clusterWiderThanTheLineSitsAloneAndOverflows() {
    // Width 5 < 10: "a" | "b" | "c", each 10 wide.
    #expect(tinySize("abc", width: 5) == Size(width: 10, height: 30))
  }

  @Test func nonASCIITextWrapsLikeASCIIText() {
    // "héllo" = 50 | "wörld" = 50: widest 50, 2 lines (goes through the Unicode path).
    #expect(tinySize("héllo wörld") == Size(width: 50, height: 20))
    // "e" + COMBINING ACUTE ACCENT is one 10-wide cluster: "héllo" | "wörld" again.
    #expect(tinySize("he\u{301}llo wörld") == Size(width: 50, height: 20))
  }

  @Test func mixedASCIIAndNonASCIITextWrapsAcrossTheRuns() {
    // Width 70: "abc déf" = 70 | "ghi" = 30 → widest 70, 2 lines.
    #expect(tinySize("abc déf ghi", width: 70) == Size(width: 70, height: 20))
    // "xy é" = 40; "abcdefgh" moves to a new line before breaking:
    // "xy é" | "abcde" | "fgh" → widest 50, 3 lines.
    #expect(tinySize("xy é abcdefgh") == Size(width: 50, height: 30))
    // CR LF right before a non-ASCII character is still one newline: "ab" | "é" = 2 lines.
    #expect(tinySize("ab\r\né") == Size(width: 20, height: 20))
    #expect(tinySize("ab\ré") == Size(width: 20, height: 20))
  }

  @Test func clustersNeedingGraphemeBreakingMixWithPlainText() {
    // a 10 + e+U+0301 10 + 😀 12.5 + b 10 = 42.5, one line.
    #expect(tinySize("ae\u{301}😀b", width: 100) == Size(width: 42.5, height: 10))
    // "é" | "b" across CR LF: 2 lines, widest 10.
    #expect(tinySize("é\r\nb") == Size(width: 10, height: 20))
  }

  // MARK: - Newlines

  @Test func everyKindOfNewlineStartsANewLine() {
    // "ab" | "cd": widest 20, 2 lines, whichever separator.
    for separator in ["\n", "\r\n", "\r", "\u{2028}", "\u{2029}"] {
      #expect(tinySize("ab" + separator + "cd") == Size(width: 20, height: 20))
      // Same through the Unicode path (é forces it).
      #expect(tinySize("ab" + separator + "cé") == Size(width: 20, height: 20))
    }
  }

  @Test func trailingNewlineAddsAnEmptyLastLine() {
    // "ab" | "": 20 wide, 2 lines.
    #expect(tinySize("ab\n") == Size(width: 20, height: 20))
    // "" | "": 0 wide, 2 lines.
    #expect(tinySize("\n") == Size(width: 0, height: 20))
    // "ab" | "" | "": 3 lines.
    #expect(tinySize("ab\n\n") == Size(width: 20, height: 30))
    #expect(tinySize("ab\r\n") == Size(width: 20, height: 20))
  }

  // MARK: - CJK and emoji

  @Test func cjkCharactersAreOneEmWide() {
    // 4 × 10 (1 em) = 40.
    #expect(tinySize("漢字かな", width: 100) == Size(width: 40, height: 10))
    // Full-width Ａ and ideographic full stop: 1 em each = 20.
    #expect(tinySize("Ａ。", width: 100) == Size(width: 20, height: 10))
    // An ideograph with a variation selector is still one 1-em cluster: 10 + 10 = 20.
    #expect(tinySize("漢\u{FE00}字", width: 100) == Size(width: 20, height: 10))
  }

  @Test func linesBreakBetweenCJKCharacters() {
    // Width 25: "漢字" (20) | "かな" (20).
    #expect(tinySize("漢字かな", width: 25) == Size(width: 20, height: 20))
  }

  @Test func linesMayBreakBeforeAnIdeograph() {
    // "ab cd" = 50 fits and 漢 wraps alone: widest 50. Without a break before 漢 the word
    // "cd漢" would wrap instead, giving widest 30.
    #expect(tinySize("ab cd漢") == Size(width: 50, height: 20))
  }

  @Test func linesMayBreakAfterAnIdeograph() {
    // Width 40: "漢" | "abcd" | "ef" = 3 lines. Without a break after 漢 the word "漢abcdef"
    // would be broken as "漢abc" | "def" = 2 lines.
    #expect(tinySize("漢abcdef", width: 40) == Size(width: 40, height: 30))
  }

  @Test func emojiClusterCountsAsOneGlyphOfOneAndAQuarterEm() {
    // Each is one cluster of 1.25 em = 12.5.
    let emoji = [
      "😀",  // emoji presentation
      "👍🏽",  // skin-tone modifier
      "👨‍👩‍👧",  // ZWJ sequence
      "🇯🇵",  // flag
      "❤️",  // text-default emoji + VS16
      "1️⃣",  // keycap
    ]
    for text in emoji {
      #expect(tinySize(text, width: 100) == Size(width: 12.5, height: 10), "\(text)")
    }
    // Two emoji: 25.
    #expect(tinySize("😀😀", width: 100) == Size(width: 25, height: 10))
  }

  @Test func linesMayBreakBeforeAnEmoji() {
    // Width 55: "ab cd" = 50, + 😀 = 62.5 → 😀 wraps alone: widest 50. Without the break the
    // word "cd😀" (32.5) would wrap, giving widest 32.5.
    #expect(tinySize("ab cd😀", width: 55) == Size(width: 50, height: 20))
  }

  // MARK: - Fallbacks

  @Test func combiningMarksTheFontLacksAddNoWidth() {
    // e 10 + U+0301 (not in the tiny font) 0 = 10.
    #expect(tinySize("e\u{301}") == Size(width: 10, height: 10))
  }

  @Test func unknownCharactersTakeTheQuestionMarkAdvance() {
    // Ω is not in the tiny font: '?' = 7 units = 7; a 7 + 10 = 17 for "aΩ".
    #expect(tinySize("Ω") == Size(width: 7, height: 10))
    #expect(tinySize("aΩ") == Size(width: 17, height: 10))
  }

  @Test func laterRunsWinWhereRunsOverlap() {
    // Ω (U+03A9, direct table) and ₽ (U+20BD, sorted table) given twice, out of order:
    // the later 20 wins for both.
    let font = FontMetrics(
      unitsPerEm: 10, ascender: 8, descender: -2, lineGap: 0, notdefAdvance: 3,
      runs: [
        .init(firstCodePoint: 0x20BD, advances: [5]),
        .init(firstCodePoint: 0x2000, advances: [1]),
        .init(firstCodePoint: 0x03A9, advances: [5]),
        .init(firstCodePoint: 0x03A9, advances: [20]),
        .init(firstCodePoint: 0x20BD, advances: [20]),
      ])
    #expect(font.advance(of: "Ω") == 20)
    #expect(font.advance(of: "₽") == 20)
    #expect(font.advance(of: "\u{2000}") == 1)
    #expect(font.advance(of: "\u{2001}") == nil)
  }

  @Test func unknownCharactersTakeTheNotdefAdvanceWithoutAQuestionMark() {
    // A font with only 'a' (10): Ω falls back to .notdef = 3.
    let font = FontMetrics(
      unitsPerEm: 10, ascender: 8, descender: -2, lineGap: 0, notdefAdvance: 3,
      runs: [.init(firstCodePoint: 0x61, advances: [10])])
    let size = FontMetricsMeasurer(metrics: font).boundingSize(of: "aΩ", width: 50, fontSize: 10)
    #expect(size == Size(width: 13, height: 10))
  }

  // MARK: - Shipped font (Inter Regular, 2816 units per em, hhea 2728 / −680 / 0)

  @Test func shippedFontAdvancesMatchTheFontFile() {
    // From Inter-Regular.otf's hmtx: H 2084, e 1640, space 792, '?' 1428, П 2032.
    #expect(FontMetrics.systemFontSubstitute.advance(of: "H") == 2084)
    #expect(FontMetrics.systemFontSubstitute.advance(of: "e") == 1640)
    #expect(FontMetrics.systemFontSubstitute.advance(of: " ") == 792)
    #expect(FontMetrics.systemFontSubstitute.advance(of: "?") == 1428)
    #expect(FontMetrics.systemFontSubstitute.advance(of: "П") == 2032)
    #expect(FontMetrics.systemFontSubstitute.advance(of: "漢") == nil)
    #expect(FontMetrics.systemFontSubstitute.unitsPerEm == 2816)
  }

  @Test func shippedFontLineHeightAt14And18Points() {
    // (2728 + 680 + 0) = 3408 units × 14 / 2816 = 16.943181818…
    #expect(abs(inter.lineHeight(fontSize: 14) - 16.943181818181817) < 1e-9)
    // 3408 × 18 / 2816 = 21.784090909…
    #expect(abs(inter.lineHeight(fontSize: 18) - 21.78409090909091) < 1e-9)
  }

  @Test func shippedFontMeasuresHello() {
    // H 2084 + e 1640 + l 668 + l 668 + o 1680 = 6740 units × 14 / 2816 = 33.508522727…;
    // one line = 16.943181818….
    let size = inter.boundingSize(of: "Hello", width: 220, fontSize: 14)
    #expect(isClose(size, 33.50852272727273, 16.943181818181817))
  }

  @Test func shippedFontMeasuresCyrillic() {
    // П 2032 + р 1716 + и 1680 + в 1580 + е 1640 + т 1504 = 10152 units × 14 / 2816
    // = 50.471590909….
    let size = inter.boundingSize(of: "Привет", width: 220, fontSize: 14)
    #expect(isClose(size, 50.47159090909091, 16.943181818181817))
  }

  @Test func shippedFontMeasuresEmojiAsOneAndAQuarterEm() {
    // H 2084 + i 668 + space 792 + 👋 1.25 × 2816 = 3520 → 7064 units × 14 / 2816
    // = 35.119318181….
    let size = inter.boundingSize(of: "Hi 👋", width: 220, fontSize: 14)
    #expect(isClose(size, 35.11931818181818, 16.943181818181817))
  }

  @Test func shippedFontWrapsASentenceAt220Points() {
    // 220 pt at 14 pt = 220 × 2816 / 14 = 44251.43 units. Words: The 5112, quick 7124,
    // brown 8412, fox 4216, jumps 7940, over 5936, the 4328, lazy 5348, dog 5144; space 792.
    // Line 1: The … over = 38740 + 5 spaces 3960 = 42700; + " the" 5120 = 47820 > 44251 → wrap.
    // Line 2: the lazy dog = 14820 + 2 spaces 1584 = 16404.
    // Width 42700 × 14 / 2816 = 212.286931818…; height 2 × 3408 × 14 / 2816 = 33.886363636….
    let size = inter.boundingSize(
      of: "The quick brown fox jumps over the lazy dog", width: 220, fontSize: 14)
    #expect(isClose(size, 212.2869318181818, 33.88636363636363))
  }
}
