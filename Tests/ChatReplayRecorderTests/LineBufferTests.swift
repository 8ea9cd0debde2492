import ChatReplayRecorder
import Foundation
import Testing

struct LineBufferTests {
  @Test func aFullBufferCountsWhatItDropsInAGapRecord() {
    // Room for the header and two events.
    let (recorder, clock, sink) = makeRecorder(options: .init(bufferCapacity: 3))
    recorder.textChanged("a")
    clock.now += 0.25
    recorder.textChanged("ab")
    clock.now += 0.25
    // The sink has not been drained: these three do not fit. The first is at t 0.5.
    recorder.textChanged("abc")
    clock.now += 0.25
    recorder.textChanged("abcd")
    recorder.sendTapped()
    recorder.flush()
    clock.now += 0.25
    recorder.textChanged("")
    recorder.flush()
    expectLines(
      sink.lines,
      [
        iPhone15Line,
        #"{"t":0,"type":"textChange","text":"a"}"#,
        #"{"t":0.25,"type":"textChange","text":"ab"}"#,
        #"{"t":0.5,"type":"gap","dropped":3}"#,
        #"{"t":1,"type":"textChange","text":""}"#,
      ])
  }

  @Test func linesTheSinkRefusesAreCountedToo() {
    let (recorder, clock, sink) = makeRecorder()
    recorder.flush()
    sink.isFailing = true
    clock.now += 0.5
    recorder.sendTapped()
    clock.now += 0.5
    recorder.sendTapped()
    recorder.flush()
    sink.isFailing = false
    clock.now += 0.5
    recorder.doneTapped()
    recorder.flush()
    expectLines(
      sink.lines,
      [
        iPhone15Line,
        #"{"t":0.5,"type":"gap","dropped":2}"#,
        #"{"t":1.5,"type":"doneTap"}"#,
      ])
  }

  @Test func aLineLongerThanTheReplayerReadsIsDropped() {
    let (recorder, _, sink) = makeRecorder(options: .init(maximumLineLength: 64))
    // {"t":0,"type":"textChange","text":""} is 38 bytes with its line break; 30 letters make 68.
    recorder.textChanged(String(repeating: "a", count: 30))
    recorder.textChanged("short")
    recorder.flush()
    expectLines(
      sink.lines,
      [
        iPhone15Line,
        #"{"t":0,"type":"gap","dropped":1}"#,
        #"{"t":0,"type":"textChange","text":"short"}"#,
      ])
  }

  @Test func backgroundDrainingWritesEachLineToTheFile() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("recorder-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/" + FileSink.fileName(startedAt: Date(timeIntervalSince1970: 0))
    let clock = FakeClock()
    let recorder = SessionRecorder(
      header: iPhone15, clock: { clock.now }, sink: try FileSink(path: path), drain: .background)
    for index in 0..<200 {
      clock.now += 0.25
      recorder.textChanged(String(repeating: "x", count: index % 7))
    }
    recorder.stop()
    let lines = try String(contentsOfFile: path, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 202)
    #expect(lines.first == iPhone15Line)
    // Event i (from 0) is at t 0.25 · (i + 1) and has i mod 7 letters: 199 mod 7 is 3.
    #expect(lines[1] == #"{"t":0.25,"type":"textChange","text":""}"#)
    #expect(lines[200] == #"{"t":50,"type":"textChange","text":"xxx"}"#)
    #expect(lines.last == "")
    #expect(path.hasSuffix("/chat-replay-19700101-000000.jsonl"))
    #expect(throws: (any Error).self) { try FileSink(path: path) }
  }
}
