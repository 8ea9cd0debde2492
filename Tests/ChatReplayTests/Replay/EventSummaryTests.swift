import ReplayTestSupport
import Testing

@testable import ChatReplay

/// A text event's summary is written from the text's bytes when its first scalars are each a
/// character of their own (`ScalarClass.isAlone`), and through `Event.quoted(_:limit:)`, which
/// counts characters, otherwise: both must give the same bytes.
struct EventSummaryTests {
  /// Pieces a text is made of: ASCII (quotes, a backslash, controls), a carriage return and line
  /// feeds, Latin, CJK, lone pictographs, pictographs a skin tone or a joiner extends, a combining
  /// accent, a regional indicator and a variation selector.
  static let pieces = [
    "a", "W", " ", "\"", "\\", "\t", "\u{1}", "\r", "\n", "\r\n", "é", "e\u{301}", "日", "👍",
    "😀", "\u{1F3FD}", "\u{200D}", "👩", "🇫", "\u{FE0F}", "ñ", "\u{2028}", "…",
  ]

  /// The summary as the general path writes it: the kind, a space and the quoted text.
  func general(_ kind: String, _ text: String) -> String {
    kind + " " + Event.quoted(text)
  }

  @Test func aTextsSummaryIsTheQuotedTextWhateverItsScalars() {
    var rng = SplitMix64(seed: 18)
    for _ in 0..<600 {
      var text = ""
      // Lengths around the 24 characters past which the text is shortened.
      let count = Int(rng.next() % 32)
      // Mostly pieces that are characters of their own, so that the texts reach the limit.
      let alone = rng.next() % 2 == 0
      for _ in 0..<count {
        let piece = Int(rng.next() % UInt64(Self.pieces.count))
        text +=
          alone && rng.next() % 4 != 0 ? ["a", "é", "日", "👍", "😀"][piece % 5] : Self.pieces[piece]
      }
      #expect(
        Event.textChange(text: text).summary == general("textChange", text),
        "\(text.debugDescription)")
      #expect(
        Event.receive(text: text).summary == general("receive", text), "\(text.debugDescription)")
    }
  }

  @Test func aTextOfLonePictographsIsShortenedAfterItsTwentyThirdCharacter() {
    let text = String(repeating: "👍a", count: 13)
    #expect(Event.textChange(text: text).summary == general("textChange", text))
    #expect(Event.textChange(text: text).summary.hasSuffix("👍…\""))
    // A skin tone joins the pictograph before it: the general path counts the characters.
    let toned = String(repeating: "👍\u{1F3FD}", count: 26)
    #expect(Event.textChange(text: toned).summary == general("textChange", toned))
  }

  @Test func aSummaryWithAPictographIsNotCountedByItsScalars() {
    // `replay compare` takes a summary's width to be its scalar count only when this is `true`.
    for (text, isSimple) in [("abc", true), ("日本", true), ("a👍", false), ("e\u{301}", false)] {
      let storage = ByteStorage(capacity: 64)
      #expect(SummaryText.append(.textChange(text: text), to: storage) == isSimple, "\(text)")
    }
  }
}
