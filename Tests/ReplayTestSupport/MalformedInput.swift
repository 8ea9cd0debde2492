package import ChatReplay
import Testing

/// A recording's bytes and the first problem the reader must report.
///
/// The problem reads `LINE:COLUMN: MESSAGE` (`nil` for input that must be accepted). Columns are worked out by hand: count the characters
/// before the offending one and add 1.
package struct MalformedInput: CustomTestStringConvertible, Sendable {
  package var id: String
  package var bytes: [UInt8]
  package var expected: String?

  package init(_ id: String, _ text: String, _ expected: String?) {
    self.id = id
    self.bytes = Array(text.utf8)
    self.expected = expected
  }

  package init(_ id: String, bytes: [UInt8], _ expected: String?) {
    self.id = id
    self.bytes = bytes
    self.expected = expected
  }

  package var testDescription: String { id }
}

/// Reads `bytes` as a recording and returns its events and errors.
package func readRecording(_ bytes: [UInt8]) -> (
  events: [TimedEvent], errors: [RecordingError], header: SessionHeader?
) {
  var reader = RecordingReader()
  var events: [TimedEvent] = []
  var errors: [RecordingError] = []
  var header: SessionHeader?
  func take(_ item: RecordingReader.Item) -> Bool {
    switch item {
    case .header(let value, _): header = value
    case .event(let event, _, _): events.append(event)
    case .error(let error): errors.append(error)
    }
    return true
  }
  _ = bytes.withUnsafeBufferPointer { reader.read($0, take) }
  reader.finish(take)
  return (events, errors, header)
}
