import ChatReplayRecorder
import Foundation
import Testing

/// A clock the test moves by hand.
final class FakeClock {
  var now: Double

  init(_ now: Double = 100) {
    self.now = now
  }
}

/// A sink that keeps the lines it is given, and fails while `isFailing` is set.
final class MemorySink: RecordingSink, @unchecked Sendable {
  private let lock = NSLock()
  private var written: [String] = []
  private var failing = false
  private var closed = false

  var lines: [String] { lock.withLock { written } }
  var isClosed: Bool { lock.withLock { closed } }
  var isFailing: Bool {
    get { lock.withLock { failing } }
    set { lock.withLock { failing = newValue } }
  }

  struct Refused: Error {}

  func write(_ line: [UInt8]) throws {
    try lock.withLock {
      if failing { throw Refused() }
      #expect(line.last == 0x0A, "every line ends in a line break")
      written.append(String(decoding: line.dropLast(), as: UTF8.self))
    }
  }

  func close() {
    lock.withLock { closed = true }
  }
}

/// The iPhone 15 of the recording format's defaults, with nothing optional.
let iPhone15 = SessionRecorder.Header(
  model: "iPhone15,4", windowSize: .init(width: 393, height: 852),
  safeArea: .init(top: 59, left: 0, bottom: 34, right: 0))

/// The header line `iPhone15` gives, unmasked.
let iPhone15Line =
  #"{"type":"session","version":1,"device":{"model":"iPhone15,4","screen":{"width":393,"height":852},"#
  + #""safeArea":{"top":59,"left":0,"bottom":34,"right":0}},"masked":false,"#
  + #""recorder":{"name":"ChatReplayRecorder","version":"1.0"}}"#

/// Expects `actual` to be `expected`, line for line, printing the lines that differ.
func expectLines(
  _ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual != expected else { return }
  var report: [String] = ["Lines differ (Actual: −, Expected: +)"]
  for change in expected.difference(from: actual) {
    switch change {
    case .remove(let offset, let line, _): report.append("− [\(offset)] \(line)")
    case .insert(let offset, let line, _): report.append("+ [\(offset)] \(line)")
    }
  }
  Issue.record(Comment(rawValue: report.joined(separator: "\n")), sourceLocation: sourceLocation)
}

/// A recorder on `iPhone15` with a fake clock and a memory sink, draining by hand.
func makeRecorder(
  header: SessionRecorder.Header = iPhone15, options: SessionRecorder.Options = .init()
) -> (SessionRecorder, FakeClock, MemorySink) {
  let clock = FakeClock()
  let sink = MemorySink()
  let recorder = SessionRecorder(
    header: header, options: options, clock: { clock.now }, sink: sink)
  return (recorder, clock, sink)
}
