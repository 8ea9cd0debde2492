import ChatReplay
import ReplayTestSupport
import Testing

/// Reads `bytes` with `lineLimit` at once, and returns the events and the errors as
/// `LINE:COLUMN: MESSAGE`.
private func read(_ bytes: [UInt8], lineLimit: Int) -> (
  events: [TimedEvent], errors: [String]
) {
  var reader = RecordingReader(lineLimit: lineLimit)
  var events: [TimedEvent] = []
  var errors: [String] = []
  func take(_ item: RecordingReader.Item) -> Bool {
    switch item {
    case .header: break
    case .event(let event, _, _): events.append(event)
    case .error(let error): errors.append("\(error.line):\(error.column): \(error.problem.message)")
    }
    return true
  }
  _ = bytes.withUnsafeBufferPointer { reader.read($0, take) }
  reader.finish(take)
  return (events, errors)
}

/// Each limit gives a clear error, whatever the size of the input, and the line limit means the
/// same however the file arrives in chunks.
struct ResourceLimitTests {
  /// `{"t":1,"type":"receive","text":"` (32 bytes) + 166 × "x" + `"}` (2 bytes) = 200 bytes.
  static let line200 =
    #"{"t":1,"type":"receive","text":""# + String(repeating: "x", count: 166)
    + #""}"#

  @Test func aCRLFLineAtTheLimitIsAcceptedInAnyChunking() {
    // The limit counts the line without its "\r\n": 200 bytes fit a limit of 200. Chunks
    // that end just before, at and after the limit too.
    let trace = RecordingReaderVerifier.verify(
      Array((Self.line200 + "\r\n").utf8), lineLimit: 200, alsoInChunksOf: [199, 200, 201])
    #expect(trace.errors == [])
    #expect(trace.events.count == 1)
  }

  @Test func aLineOneByteOverTheLimitIsReportedWithItsLengthInAnyChunking() {
    // 200 bytes + "y" = 201 bytes, not counting the "\r\n".
    let bytes = Array((Self.line200 + "y\r\n" + #"{"t":2,"type":"sendTap"}"#).utf8)
    let trace = RecordingReaderVerifier.verify(
      bytes, lineLimit: 200, alsoInChunksOf: [199, 200, 201])
    #expect(
      trace.errors.map { "\($0.line):\($0.column): \($0.problem.message)" } == [
        "1:1: line is 201 bytes long; the limit is 200 bytes"
      ])
    // The next line is still read.
    #expect(trace.events == [TimedEvent(t: 2, event: .sendTap)])
  }

  @Test func nestingInAnUnknownFieldStopsAtTheLimit() {
    // `{"t":1,"type":"sendTap","x":` is 28 bytes; the 65th '[' is at offset 28 + 64 = 92,
    // column 93. A hundred thousand brackets cost no more stack than 65.
    let line = #"{"t":1,"type":"sendTap","x":"# + repeatedASCII("[", count: 100_000)
    let result = read(Array(line.utf8), lineLimit: 1 << 20)
    #expect(result.errors == ["1:93: arrays and objects nest more than 64 deep"])
  }

  @Test func nestingInsideTheDeviceStopsAtTheLimit() {
    // `{"type":"session","version":1,"device":{"extra":` is 48 bytes; each `{"a":` is 5, so the
    // 65th '{' of the unknown value is at offset 48 + 64 × 5 = 368, column 369.
    let line =
      #"{"type":"session","version":1,"device":{"extra":"#
      + String(repeating: #"{"a":"#, count: 10_000)
    let result = read(Array(line.utf8), lineLimit: 1 << 20)
    #expect(result.errors == ["1:369: arrays and objects nest more than 64 deep"])
  }

  @Test func nestingInsideAMessageStopsAtTheLimit() {
    // `{"type":"session","version":1,"messages":[{"from":"me","text":"a","x":` is 70 bytes; the
    // 65th '[' is at offset 70 + 64 = 134, column 135.
    let line =
      #"{"type":"session","version":1,"messages":[{"from":"me","text":"a","x":"#
      + String(repeating: "[", count: 10_000)
    let result = read(Array(line.utf8), lineLimit: 1 << 20)
    #expect(result.errors == ["1:135: arrays and objects nest more than 64 deep"])
  }

  @Test(arguments: [
    ("1e400", "1:6: '1e400' is out of range; numbers in a recording lie within ±1e9"),
    (
      "1e999999999999999999",
      "1:6: '1e999999999999999999' is out of range; numbers in a recording lie within ±1e9"
    ),
    ("1000000001", "1:6: '1000000001' is out of range; numbers in a recording lie within ±1e9"),
  ])
  func aHugeNumberIsOutOfRange(number: String, expected: String) {
    let result = read(Array(#"{"t":\#(number),"type":"sendTap"}"#.utf8), lineLimit: 1 << 20)
    #expect(result.errors == [expected])
  }

  @Test func aMillionDigitNumberIsOutOfRangeAndQuotedShort() {
    // The quotation stops after 24 characters.
    let line = #"{"t":"# + repeatedASCII("9", count: 1_000_000) + #","type":"sendTap"}"#
    let result = read(Array(line.utf8), lineLimit: 1 << 21)
    #expect(
      result.errors == [
        "1:6: '999999999999999999999999' is out of range; numbers in a recording lie within ±1e9"
      ])
  }

  @Test func aNumberWithAHalfMillionZerosIsReadAsZero() {
    let line = #"{"t":0."# + repeatedASCII("0", count: 500_000) + #"1,"type":"sendTap"}"#
    let result = read(Array(line.utf8), lineLimit: 1 << 20)
    #expect(result.errors == [])
    #expect(result.events == [TimedEvent(t: 0, event: .sendTap)])
  }
}
