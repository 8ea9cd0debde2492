import ReplayTestSupport
import Testing

@testable import ChatReplay

/// The measurer reads a text's grapheme clusters from its UTF-8 bytes where it can (runs of
/// simple scalars and lone pictographs) and through `String` elsewhere; these tests hold the
/// byte path to the `String` path, bit for bit, and the scalars it treats as clusters of their
/// own to the standard library's grapheme breaking.
struct MeasuringPathsTests {
  /// Pieces of text around pictographs: letters, spaces, CJK, Latin-1, emoji alone and in
  /// sequences a skin tone, a joiner, a variation selector or a keycap extends, flags, a
  /// combining accent and line ends.
  static let pieces = [
    "a", "W", " ", "\t", "\n", "\r\n", "é", "日", "👍", "😀", "🚀", "🧑", "\u{1F3FD}", "\u{200D}",
    "\u{FE0F}", "\u{20E3}", "❤", "1", "🇫", "🇷", "\u{301}", "👩‍👩‍👧", "👍🏽", "x y", ".",
  ]

  @Test func bytesAndClustersGiveTheSameSizes() {
    let measurer = FontMetricsMeasurer()
    for seed in 0..<100 {
      var rng = SplitMix64(seed: UInt64(seed))
      var text = ""
      for _ in 0..<Int(rng.next() % 12) {
        text += Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))]
      }
      // 0 puts each cluster on its own line; 30 and 75 wrap often; infinity never.
      let width = [0, 30, 75, Double.infinity][Int(rng.next() % 4)]
      // A character measured first, so that `text` never continues the text measured before it.
      _ = measurer.boundingSize(of: "\u{1}", width: width, fontSize: 14)
      let bytes = measurer.boundingSize(of: text, width: width, fontSize: 14)
      let clusters = measurer._boundingSizeByClusters(of: text, width: width, fontSize: 14)
      #expect(
        bytes.width.bitPattern == clusters.width.bitPattern
          && bytes.height.bitPattern == clusters.height.bitPattern,
        "seed \(seed), width \(width): \(text.debugDescription) measured \(bytes) from its bytes, \(clusters) by clusters"
      )
    }
  }

  /// An ASCII text that fits on one line is measured by adding its advances up, without the line
  /// breaker: at its own width exactly (it fits), a unit narrower (it wraps) and a unit wider,
  /// the sizes are the breaker's, bit for bit.
  @Test func anASCIITextThatFitsALineIsMeasuredAsTheBreakerMeasuresIt() {
    let measurer = FontMetricsMeasurer()
    // At a font size of one em in design units, a width in points is the same number of units.
    let fontSize = Double(measurer.metrics.unitsPerEm)
    let texts = [
      "x", "Hello world", "  leading spaces", "trailing spaces  ", "a\tb", "\u{1}\u{7F}\u{C}",
      "   ", "two  spaces inside", "!?.,;:'\"()[]{}<>/\\|@#$%^&*-_=+~`",
    ]
    for text in texts {
      // The line's width, its hanging spaces left out, as the breaker finds it.
      let own = measurer._boundingSizeByClusters(of: text, width: .infinity, fontSize: fontSize)
      for width in [own.width, own.width - 1, own.width + 1, .infinity] {
        _ = measurer.boundingSize(of: "\u{1}", width: width, fontSize: fontSize)
        let summed = measurer.boundingSize(of: text, width: width, fontSize: fontSize)
        // Again, from the table of texts measured whole.
        let again = measurer.boundingSize(of: text, width: width, fontSize: fontSize)
        let breaker = measurer._boundingSizeByClusters(of: text, width: width, fontSize: fontSize)
        for size in [summed, again] {
          #expect(
            size.width.bitPattern == breaker.width.bitPattern
              && size.height.bitPattern == breaker.height.bitPattern,
            "\(text.debugDescription) at \(width): \(size), the breaker \(breaker)")
        }
      }
    }
  }

  @Test func aLonePictographIsAClusterBesideItsNeighbours() {
    // Every scalar of U+1F300–U+1FAFF but the skin tones, before and after one of a letter, a
    // space, an ideograph and an emoji (in turn): two clusters each time, as `isAlone` says.
    let neighbours: [Unicode.Scalar] = ["a", " ", "日", "\u{1F600}"]
    var checked = 0
    for value in UInt32(0x1F300)...0x1FAFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      #expect(ScalarClass.isAlone(value) == !(0x1F3FB...0x1F3FF).contains(value))
      guard ScalarClass.isAlone(value) else { continue }
      let neighbour = neighbours[Int(value) % neighbours.count]
      var before = String.UnicodeScalarView()
      before.append(neighbour)
      before.append(scalar)
      var after = String.UnicodeScalarView()
      after.append(scalar)
      after.append(neighbour)
      #expect(String(before).count == 2, "U+\(String(value, radix: 16)) after \(neighbour)")
      #expect(String(after).count == 2, "U+\(String(value, radix: 16)) before \(neighbour)")
      checked += 1
    }
    // 0x1FAFF − 0x1F300 + 1 = 2,048 scalars, less the 5 skin tones.
    #expect(checked == 2_043)
    // A skin tone extends the pictograph before it: one cluster.
    #expect("👍\u{1F3FD}".count == 1)
    #expect(!ScalarClass.isAlone(0x1F3FD))
  }
}
