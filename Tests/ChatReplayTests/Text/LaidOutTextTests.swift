import ReplayTestSupport
import Testing

@testable import ChatReplay

/// Lines laid out from a text's bytes, and carried on from the text before it when a draft is
/// typed on, are the lines the `String` path lays out for the whole text.
struct LaidOutTextTests {
  @Test func bytesBreakWhereClustersBreak() {
    let measurer = FontMetricsMeasurer()
    for seed in 0..<24 {
      MeasuredTextsTests.typingRun(seed: UInt64(seed)) { text, width in
        let fromBytes = measurer.lines(of: text, width: width, fontSize: 17)
        let fromClusters = measurer.clusterLines(of: text, width: width, fontSize: 17)
        #expect(
          fromBytes == fromClusters,
          "seed \(seed), width \(width): \(text.debugDescription)")
      }
    }
  }

  @Test func spacesEndingALineAreTrimmedAsTheClustersTrimThem() {
    // Lines broken after words that end in a letter past ASCII (their spaces trimmed from the
    // bytes), a combining accent, a prepended scalar that joins the space after it, an
    // ideographic space, and a line of spaces alone.
    let measurer = FontMetricsMeasurer()
    let words = ["é", "e\u{301}", "\u{600}", "日本", "👍", "ab\u{3000}", "\t", "x\r\n", "ñ\u{2028}"]
    for width in [20.0, 40.0, 70.0] {
      for first in words {
        for second in words {
          let text = first + " " + second + "   " + first + " \t " + second
          #expect(
            measurer.lines(of: text, width: width, fontSize: 17)
              == measurer.clusterLines(of: text, width: width, fontSize: 17),
            "width \(width): \(text.debugDescription)")
        }
      }
    }
  }

  @Test func aDraftTypedOnIsLaidOutAsItIsWhole() {
    // The page's measurer carries each draft on from the one before when it can.
    let page = MemoizingMeasurer(FontMetricsMeasurer())
    let whole = FontMetricsMeasurer()
    for seed in 0..<24 {
      MeasuredTextsTests.typingRun(seed: UInt64(seed)) { text, width in
        #expect(
          page.lines(of: text, width: width, fontSize: 17)
            == whole.lines(of: text, width: width, fontSize: 17),
          "seed \(seed), width \(width): \(text.debugDescription)")
      }
    }
  }

  @Test func aWordTypedPastTheLineMovesTheLastLineOnly() {
    // The tiny font: every character 10 pt at 10 pt, so a 50 pt line holds five. "ab cd" fits;
    // typing "e" makes "cde" (30 pt) no longer fit after "ab " (30 pt), so it moves on.
    let tiny = FontMetricsMeasurer(metrics: TextMeasurementTests.tinyFont)
    let first = tiny.layOut("ab cd", width: 50, fontSize: 10, continuing: nil)
    #expect(first?.lines == ["ab cd"])
    let typed = tiny.layOut("ab cde", width: 50, fontSize: 10, continuing: first)
    #expect(typed?.lines == ["ab", "cde"])
    // "ab cde f": " f" fits after "cde" (30 + 10 + 10 = 50), on the line "cde" started.
    let more = tiny.layOut("ab cde f", width: 50, fontSize: 10, continuing: typed)
    #expect(more?.lines == ["ab", "cde f"])
  }
}
