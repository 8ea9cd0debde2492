import ReplayTestSupport
import Testing

@testable import ChatReplay

/// The page's draft laid out as byte ranges (``DraftLines``) gives the lines the `String` path
/// gives, and counts the lines kept from the draft before as `String`'s `==` counts them; texts
/// compared and hashed from their bytes (``CanonicalBytes``) compare and hash as `String`s do.
struct DraftLinesTests {
  @Test func aDraftTypedKeyByKeyHasTheLinesOfTheWholeLayout() {
    let measurer = FontMetricsMeasurer()
    // Typing runs, and drafts that switch between a text's composed and decomposed forms.
    var runs: [(String, Double)] = []
    for seed in 0..<24 {
      MeasuredTextsTests.typingRun(seed: UInt64(seed)) { runs.append(($0, $1)) }
    }
    for (text, width) in [
      ("café", 40.0), ("cafe\u{301}", 40), ("cafe\u{301} au lait", 40), ("café au lait", 40),
      ("Kelvin \u{212A}", 30), ("Kelvin K", 30), ("a;b", 30), ("a\u{37E}b", 30), ("", 30),
    ] {
      runs.append((text, width))
    }
    var draft = DraftLines(measurer: measurer)
    var before: [String] = []
    for (text, width) in runs {
      let same = draft.layOut(text, width: width, fontSize: 17, always: true)
      let whole = measurer.lines(of: text, width: width, fontSize: 17)
      // The bytes written for the lines, as the page writes them.
      var laid = JSONWriter()
      draft.writeLines(from: 0, to: &laid)
      var made = JSONWriter()
      for line in whole { made.string(line) }
      #expect(laid.bytes == made.bytes, "\(text.debugDescription)")
      #expect(draft.lineCount == whole.count, "\(text.debugDescription)")
      var expected = 0
      while expected < min(whole.count, before.count) && whole[expected] == before[expected] {
        expected += 1
      }
      #expect(same == expected, "\(text.debugDescription) after \(before)")
      before = whole
    }
  }

  @Test func theSameDraftIsTheSameAsStringsCompareIt() {
    var draft = DraftLines(measurer: FontMetricsMeasurer())
    #expect(draft.layOut("café", width: 50, fontSize: 17) == 0)
    // The same text, or another form of it, at the same width and font size: not laid out.
    #expect(draft.layOut("café", width: 50, fontSize: 17) == nil)
    #expect(draft.layOut("cafe\u{301}", width: 50, fontSize: 17) == nil)
    // Laid out again when asked to, and at another width: its one line is the same.
    #expect(draft.layOut("café", width: 50, fontSize: 17, always: true) == 1)
    #expect(draft.layOut("café", width: 51, fontSize: 17) == 1)
    #expect(draft.layOut("caf", width: 51, fontSize: 17) == 0)
    #expect(draft.layOut("cafés", width: 51, fontSize: 17) == 0)
  }

  @Test func bytesCompareAsStringsCompare() {
    let texts = [
      "", "a", "ab", "abc", "é", "e\u{301}", "e\u{301}\u{301}", "café", "cafe\u{301}", "\u{212A}",
      "K", "\u{212B}", "Å", "A\u{30A}", ";", "\u{37E}", "日本", "가", "\u{1100}\u{1161}", "か\u{3099}",
      "が", "👍", "👍🏽", "x\u{301}y", "xy",
    ]
    for lhs in texts {
      for rhs in texts {
        #expect(CanonicalBytes.areEqual(lhs, rhs) == (lhs == rhs), "\(lhs.debugDescription)")
        var bytesHasher = Hasher()
        CanonicalBytes.hash(lhs, into: &bytesHasher)
        if lhs == rhs {
          var stringHasher = Hasher()
          rhs.hash(into: &stringHasher)
          #expect(bytesHasher.finalize() == stringHasher.finalize(), "\(lhs.debugDescription)")
        }
      }
    }
  }

  @Test func scalarsKnownToBeInNFCAreStartersNFCKeepsAndNothingJoins() {
    // Each scalar accepted is a starter that NFC keeps as it is: `String` hashes its normal form,
    // so its hash is the hash of its own bytes only when NFC leaves it alone. And none joins a
    // starter before it (none is the second scalar of a composition): after letters, kana,
    // Hangul jamo and syllables, Indic consonants, it is still as it was.
    let before = ["a", "e", "A", "か", "\u{1100}", "가", "क", "க", "ᄀ", "\u{0B95}", "\u{1B05}"]
    var count = 0
    for value in UInt32(0)...0x1FFFF where CanonicalBytes.isKnownNFCStarter(value) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      count += 1
      #expect(scalar.properties.canonicalCombiningClass == .notReordered, "U+\(value)")
      for start in value % 4 == 0 ? [""] + before : [""] {
        let text = start + String(scalar)
        var byBytes = Hasher()
        var copy = text
        copy.withUTF8 { byBytes.combine(bytes: UnsafeRawBufferPointer($0)) }
        byBytes.combine(0xFF as UInt8)
        #expect(
          byBytes.finalize() == text.hashValue,
          "U+\(String(value, radix: 16)) after \(start.debugDescription)")
      }
    }
    #expect(count > 40_000)
  }
}
