import Foundation
import ReplayTestSupport
import Testing

@testable import ChatReplay
@testable import replay

/// The debugger's load with a helper thread decoding the chunks ahead gives the timeline and
/// change index a load in one piece gives, wherever the chunks are cut.
struct DebugCommandLoadTests {
  /// 1,250 generated events (97 kB) in chunks of 4,096 bytes: 24 chunks, so the helper runs.
  static let chunkSize = 4096

  /// Loads `bytes` both ways and expects the same lines, errors, states and index.
  private func expectSameLoad(
    _ bytes: [UInt8], keepGoing: Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var aheadIndex = ChangeIndex()
    let ahead = DebugCommand.load(
      bytes, options: .init(), keepGoing: keepGoing, chunkSize: Self.chunkSize, jobs: 2,
      index: &aheadIndex)
    var wholeIndex = ChangeIndex()
    let whole = Timeline.load(
      bytes, keepGoing: keepGoing, observe: { wholeIndex.add($0, event: $1, settled: $2) })
    switch (ahead, whole) {
    case (.failure(let aheadError), .failure(let wholeError)):
      #expect(aheadError == wholeError, sourceLocation: sourceLocation)
    case (.success(let ahead), .success(let whole)):
      #expect(Array(ahead.lines) == Array(whole.lines), sourceLocation: sourceLocation)
      #expect(ahead.errors == whole.errors, sourceLocation: sourceLocation)
      // The same lines and checkpoints make the same states everywhere.
      #expect(ahead.lastStep == whole.lastStep, sourceLocation: sourceLocation)
      for step in Array(stride(from: 0, through: whole.lastStep, by: 256)) + [whole.lastStep] {
        #expect(
          ahead.state(at: step) == whole.state(at: step), "step \(step)",
          sourceLocation: sourceLocation)
      }
      for step in 0...whole.lastStep {
        #expect(
          aheadIndex.mask(at: step) == wholeIndex.mask(at: step)
            && aheadIndex.kind(at: step) == wholeIndex.kind(at: step),
          "step \(step)", sourceLocation: sourceLocation)
      }
    case (.success, .failure), (.failure, .success):
      Issue.record("one load failed and the other did not", sourceLocation: sourceLocation)
    }
  }

  @Test func aLoadDecodedAheadIsTheLoadInOnePiece() throws {
    let recording = RecordingLines(try #require(CheckCommandTests.large, "replay generate failed"))
    #expect(recording.bytes.count > 4 * Self.chunkSize)
    try expectSameLoad(recording.bytes, keepGoing: false)
  }

  /// Lines cut short across chunk boundaries and in the middle of chunks: the load stops at the
  /// first, or with `--keep-going` leaves each out.
  @Test func badLinesAcrossChunksLoadTheSame() throws {
    var recording = RecordingLines(try #require(CheckCommandTests.large, "replay generate failed"))
    let broken = [2, 5, 7, 11].map { recording.lineNumber(containing: $0 * Self.chunkSize) }
    for number in broken + [broken[1] + 3] { try recording.truncate(line: number) }
    try expectSameLoad(recording.bytes, keepGoing: false)
    try expectSameLoad(recording.bytes, keepGoing: true)
  }
}
