import ChatReplay
import ReplayTestSupport
import Testing

/// `lines(of:width:fontSize:)` on the tiny font of ``TextMeasurementTests``: every character is
/// 10 pt wide at 10 pt, an em (CJK) 10 pt, an emoji 12.5 pt; at 50 pt a line holds five
/// characters.
struct LineBreakTests {
  let tiny = FontMetricsMeasurer(metrics: TextMeasurementTests.tinyFont)

  struct Case: CustomTestStringConvertible, Sendable {
    var text: String
    var width = 50.0
    var lines: [String]
    var testDescription: String { "\(text.debugDescription) at \(width)" }
  }

  static let cases: [Case] = [
    // "hello" is 50 pt, which fits; the space hangs and "world" starts the next line.
    Case(text: "hello world", lines: ["hello", "world"]),
    // "ab cd" is 5 × 10 = 50 pt; " ef" would make 80.
    Case(text: "ab cd ef", lines: ["ab cd", "ef"]),
    // A word wider than the line breaks between clusters: 5 then 3.
    Case(text: "abcdefgh", lines: ["abcde", "fgh"]),
    // A word that does not fit moves whole to the next line, and breaks there only if it must.
    Case(text: "ab cdefghij", lines: ["ab", "cdefg", "hij"]),
    // Paragraphs: an empty one between, and a trailing separator adds an empty line.
    Case(text: "a\n\nb", lines: ["a", "", "b"]),
    Case(text: "a\r\nb\n", lines: ["a", "b", ""]),
    // CJK: each ideograph is a word of 10 pt, so lines break between any two.
    Case(text: "日本語ですね", lines: ["日本語です", "ね"]),
    // "hi" 20 + space 10 + 😀 12.5 = 42.5 fits; a second 😀 would make 55.
    Case(text: "hi 😀😀😀", lines: ["hi 😀", "😀😀"]),
    // Leading spaces count (30 pt), so "abcde" (50) moves on and the first line is blank.
    Case(text: "   abcde", lines: ["", "abcde"]),
    // A non-positive width puts each cluster on its own line.
    Case(text: "ab c", width: 0, lines: ["a", "b", "c"]),
    Case(text: "", lines: []),
    // A space and a tab at the end hang: one line, "ab".
    Case(text: "ab \t", lines: ["ab"]),
    // A carriage return alone ends a paragraph.
    Case(text: "ab\rcd", lines: ["ab", "cd"]),
    // A form feed is 0 pt wide and no paragraph end, but a newline trimmed at a line's end.
    Case(text: "ab\u{0C}", lines: ["ab"]),
  ]

  @Test(arguments: cases) func breaksWhereTheMeasurerBreaks(_ example: Case) {
    let lines = tiny.lines(of: example.text, width: example.width, fontSize: 10)
    #expect(lines == example.lines)
    // The same breaks as the size: one line box of 10 pt per line.
    let height = tiny.boundingSize(of: example.text, width: example.width, fontSize: 10).height
    #expect(Double(lines.count) * 10 == height)
  }

  @Test func shippedFontLinesAgreeWithItsHeights() {
    let measurer = FontMetricsMeasurer()
    var rng = SplitMix64(seed: 7)
    let pieces = [
      "Lorem", "ipsum", " ", "  ", "dolor", "日本", "😀", "👩‍👩‍👧", "\n", "é", "supercalifragilistic",
    ]
    for _ in 0..<300 {
      var text = ""
      for _ in 0..<Int(rng.next() % 12) { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
      let width = Double(rng.next() % 200)
      let lines = measurer.lines(of: text, width: width, fontSize: 14)
      let size = measurer.boundingSize(of: text, width: width, fontSize: 14)
      let lineHeight = measurer.lineHeight(fontSize: 14)
      #expect(
        (Double(lines.count) * lineHeight - size.height).magnitude < 1e-9,
        "\(text.debugDescription) at \(width)")
      // Nothing but separators and hanging spaces is dropped.
      let kept = { (text: String) in text.filter { !$0.isWhitespace } }
      #expect(kept(lines.joined()) == kept(text), "\(text.debugDescription) at \(width)")
    }
  }
}
