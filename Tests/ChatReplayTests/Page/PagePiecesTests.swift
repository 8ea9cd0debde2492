import Foundation
import Testing

@testable import ChatReplay

/// A page made in one pass with its columns in pieces (`replay html` on a long recording): its
/// pieces, joined column by column, and its data are the data of the page written whole.
struct PagePiecesTests {
  /// The page of `bytes`' steps `first…last` in pieces of `pieceSteps` steps, as `replay html`
  /// writes it with two threads: the pass's pieces and, one behind, the phone's, then the data;
  /// with the number of batches handed to the phone.
  static func pagedInPieces(_ bytes: [UInt8], first: Int, last: Int, pieceSteps: Int) -> (
    pieces: String, data: [UInt8], batches: Int
  ) {
    var pass = PageData.OnePass(
      options: .init(), first: first, last: last, expectedSteps: 700, drawsScene: false,
      piecesOf: pieceSteps)
    var scene = PageData.SceneColumn(options: .init(), expectedSteps: 700, piecesOf: pieceSteps)
    var page: [UInt8] = []
    var passPieces = 0
    var phonePieces: [[UInt8]] = []
    var batches = 0
    let draw = { (batch: PageData.SceneBatch) in
      scene.add(contentsOf: batch)
      phonePieces += scene.takePieces()
      batches += 1
    }
    let piece = { (bytes: UnsafeBufferPointer<UInt8>) in
      page += bytes
      passPieces += 1
      if passPieces >= 2 { page += phonePieces.removeFirst() }
    }
    let middle = bytes.count / 2
    let read = bytes.withUnsafeBufferPointer { bytes in
      // In two chunks, the second starting in the middle of a line.
      pass.read(UnsafeBufferPointer(rebasing: bytes[..<middle]), batches: draw, pieces: piece)
        && pass.read(UnsafeBufferPointer(rebasing: bytes[middle...]), batches: draw, pieces: piece)
    }
    let finished = pass.finishReadingInBatches(draw, pieces: piece)
    #expect(read && finished)
    pass.writeLastPiece { page += $0 }
    for left in phonePieces + scene.finishPieces() { page += left }
    var data: [UInt8] = []
    pass.write(name: "r.jsonl") { data += $0 }
    return (String(decoding: page, as: UTF8.self), data, batches)
  }

  /// Each column's pieces, in the order they come.
  static func columns(of pieces: String) throws -> [(name: String, values: [Any])] {
    let element = try Regex(
      #"<script type="application/json" data-column="([a-zA-Z]+)">(.*?)</script>\n"#)
    var columns: [(String, [Any])] = []
    var end = pieces.startIndex
    for match in pieces.matches(of: element) {
      // Nothing between the pieces.
      #expect(match.range.lowerBound == end)
      end = match.range.upperBound
      let text = String(match.output[2].substring ?? "")
      let values = try #require(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
      columns.append((String(match.output[1].substring ?? ""), values))
    }
    #expect(end == pieces.endIndex)
    return columns
  }

  @Test(arguments: [(5, 690, 11), (0, 639, 11)])
  func thePiecesJoinedAreTheColumnsOfThePageWhole(first: Int, last: Int, piecesEach: Int)
    throws
  {
    // Steps 5…690 are 686 steps: ten pieces of 64 (640) and a last one of 46. Steps 0…639 are
    // 640: ten whole pieces, and the last one empty.
    let bytes = PagePassTests.typing(.rxkeyboard, seed: 7, count: 700)
    let whole = try #require(
      try PageData.jsonUTF8(bytes, options: .init(), name: "r.jsonl", first: first, last: last)
        .get().data)
    let made = Self.pagedInPieces(bytes, first: first, last: last, pieceSteps: 64)
    // A batch ends at each whole piece's end (and the last batch with the last step).
    #expect(made.batches >= piecesEach - 1)
    let columns = try Self.columns(of: made.pieces)
    let pass = ["t", "line", "type", "summaryOf", "counts", "changes", "messages"]
    // The pass's first piece, then each next one followed by the phone's piece before it; the
    // phone's last two at the end.
    var order = pass
    for _ in 1..<piecesEach { order += pass + ["phone"] }
    order.append("phone")
    #expect(columns.map(\.name) == order)
    var data = try #require(
      try JSONSerialization.jsonObject(with: Data(made.data)) as? [String: Any])
    for name in pass + ["phone"] {
      #expect(data[name] == nil, "\(name) is in pieces, not in the data")
      data[name] = columns.filter { $0.name == name }.flatMap(\.values)
    }
    let expected = try #require(
      try JSONSerialization.jsonObject(with: Data(whole)) as? [String: Any])
    #expect(Set(data.keys) == Set(expected.keys))
    // Compared as JSON written again with sorted keys (Foundation's `isEqual` on Linux does not
    // take two `null`s in arrays for equal).
    func written(_ value: Any) throws -> Data {
      try JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys])
    }
    for (key, value) in expected {
      #expect(try written(data[key] as Any) == written(value), "\(key) differs from the whole")
    }
    // Each step's time is in the pieces: one per step.
    #expect((data["t"] as? [Any])?.count == last - first + 1)
  }

  @Test func aStepsTextWithALessThanSignCannotEndItsPiece() throws {
    // A keystroke typing `</script>`: escaped in its piece as in the data.
    var lines = PagePassTests.typing(.rxkeyboard, seed: 7, count: 700)
      .split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
    let index = try #require(
      lines.indices.first { String(decoding: lines[$0], as: UTF8.self).contains("textChange") })
    let line = String(decoding: lines[index], as: UTF8.self)
    let text = try #require(line.range(of: #""text":""#))
    lines[index] = Array((line[..<text.upperBound] + "</script>" + line[text.upperBound...]).utf8)
    let bytes = Array(lines.joined(separator: [10]))
    let made = Self.pagedInPieces(bytes, first: 0, last: 690, pieceSteps: 64)
    #expect(!made.pieces.contains("</script><"))
    #expect(made.pieces.contains(#"\u003c/script>"#))
    #expect(try Self.columns(of: made.pieces).count == 11 * 8)
  }

  @Test func piecesAreASixteenthOfThePageWithinBounds() {
    #expect(PageData.pieceSteps(expectedSteps: 100) == 256)
    // 16 × 256 = 4,096: the least pieces' page.
    #expect(PageData.pieceSteps(expectedSteps: 4_096) == 256)
    #expect(PageData.pieceSteps(expectedSteps: 160_000) == 10_000)
    #expect(PageData.pieceSteps(expectedSteps: 2_000_000) == 32_768)
  }
}
