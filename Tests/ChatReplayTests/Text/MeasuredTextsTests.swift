import ChatReplay
import ReplayTestSupport
import Testing

/// The measurer remembers the last text it measured and continues from it when the next text
/// carries on from it (typing); these tests check that a measurer that has measured a run of
/// texts gives each one the same size, bit for bit, as a measurer that has measured nothing.
struct MeasuredTextsTests {
  /// Pieces a typed text grows by: ASCII letters and spaces, line ends that can join (CR, then
  /// LF), a combining accent that joins the letter before it, emoji that a joiner or a skin tone
  /// extends, a regional indicator pair, CJK, and Latin-1 letters.
  static let pieces = [
    "a", "b", "W", " ", "  ", "\t", "\r", "\n", "\r\n", "\u{301}", "é", "👍", "\u{1F3FD}",
    "\u{200D}", "👩", "🇫", "🇷", "日", "本", "x y", "ñ", "\u{2028}", ".",
  ]

  /// Widths that wrap often, never, or put each cluster on its own line.
  static let widths = [30.0, 55.5, 120.0, 0, .infinity]

  /// A seeded typing run of 30 drafts at one of ``widths``: each draft the one before with a
  /// piece typed on, its last character deleted, or cleared; `body` gets each draft and the width.
  static func typingRun(seed: UInt64, _ body: (String, Double) -> Void) {
    var rng = SplitMix64(seed: seed)
    var text = ""
    let width = widths[Int(rng.next() % UInt64(widths.count))]
    for _ in 0..<30 {
      switch rng.next() % 8 {
      case 0 where !text.isEmpty:
        text.removeLast()
      case 1:
        text = ""
      default:
        text += pieces[Int(rng.next() % UInt64(pieces.count))]
      }
      body(text, width)
    }
  }

  @Test func aRunOfTextsMeasuresAsEachTextAlone() {
    let shared = FontMetricsMeasurer()
    for seed in 0..<24 {
      Self.typingRun(seed: UInt64(seed)) { text, width in
        // A measurer that has measured nothing measures the text whole.
        let fresh = FontMetricsMeasurer().boundingSize(of: text, width: width, fontSize: 17)
        let remembered = shared.boundingSize(of: text, width: width, fontSize: 17)
        #expect(
          remembered.width.bitPattern == fresh.width.bitPattern
            && remembered.height.bitPattern == fresh.height.bitPattern,
          "seed \(seed), width \(width): \(text.debugDescription) measured \(remembered) after the texts before it, \(fresh) alone"
        )
      }
    }
  }

  @Test func aLineFeedAfterACarriageReturnEndsOneParagraph() {
    let measurer = FontMetricsMeasurer()
    // "a\r" is two lines (the carriage return ends the first paragraph and the empty one after
    // it is a line); "a\r\n" is one CR LF cluster, so it is two lines as well, not three.
    let lineHeight = measurer.lineHeight(fontSize: 17)
    #expect(measurer.boundingSize(of: "a\r", width: 100, fontSize: 17).height == 2 * lineHeight)
    #expect(measurer.boundingSize(of: "a\r\n", width: 100, fontSize: 17).height == 2 * lineHeight)
  }

  @Test func anAccentTypedAfterALetterJoinsIt() {
    // "e" then "e" + U+0301: one cluster "é" either way, as wide as the measurer makes it alone.
    let measurer = FontMetricsMeasurer()
    _ = measurer.boundingSize(of: "e", width: 100, fontSize: 17)
    let joined = measurer.boundingSize(of: "e\u{301}", width: 100, fontSize: 17)
    #expect(joined == FontMetricsMeasurer().boundingSize(of: "e\u{301}", width: 100, fontSize: 17))
  }

  @Test func aTextMeasuredAgainAfterOthersMeasuresAsAlone() {
    // The measurer keeps the sizes of texts it measured whole in a table picked by the text's
    // length and first and last bytes: "a i" and "aWi" share a place, as do "OK" and "Ok" at
    // other widths. Each text, measured again after the others, at each width, gets the size a
    // measurer that has measured nothing gives it, bit for bit.
    let shared = FontMetricsMeasurer()
    let texts = ["OK", "Sure!", "ありがとう", "a i", "aWi", "Ok", "Where are you?"]
    for width in [30.0, 0, 120] {
      for text in texts + texts.reversed() + texts {
        let fresh = FontMetricsMeasurer().boundingSize(of: text, width: width, fontSize: 14)
        let remembered = shared.boundingSize(of: text, width: width, fontSize: 14)
        #expect(
          remembered.width.bitPattern == fresh.width.bitPattern
            && remembered.height.bitPattern == fresh.height.bitPattern,
          "width \(width): \(text.debugDescription) measured \(remembered) after the others, \(fresh) alone"
        )
      }
    }
  }
}
