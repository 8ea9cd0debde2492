import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

/// Encoding then decoding gives the stream back, and replaying the encoded bytes gives the
/// states that reducing in memory gives.
struct CodecPropertyTests {
  @Test func decodingTheEncodingGivesTheStreamBack() {
    let streams = Gen.oneOf([PropertyDefaults.realistic, PropertyDefaults.adversarial])
    expectProperty(
      streams, cases: 300
    ) { recording in
      var reader = RecordingReader()
      var header: SessionHeader?
      var events: [TimedEvent] = []
      var errors: [String] = []
      let body = { (item: RecordingReader.Item) -> Bool in
        switch item {
        case .header(let decoded, _): header = decoded
        case .event(let event, _, _): events.append(event)
        case .error(let error): errors.append(error.rendered(file: "generated.jsonl"))
        }
        return true
      }
      recording.bytes.withUnsafeBufferPointer { bytes in
        if reader.read(bytes, body) { reader.finish(body) }
      }
      if let error = errors.first { return "the encoding does not decode:\n\(error)" }
      if header != recording.header {
        return "header: decoded \(String(describing: header)), encoded \(recording.header)"
      }
      for (index, (decoded, encoded)) in zip(events, recording.events).enumerated()
      where decoded != encoded {
        return "event \(index + 1): decoded \(decoded), encoded \(encoded)"
      }
      if events.count != recording.events.count {
        return "decoded \(events.count) events, encoded \(recording.events.count)"
      }
      return nil
    }
  }

  @Test(arguments: LayoutID.allCases)
  func replayingTheEncodingEqualsReducingInMemory(layout: LayoutID) {
    let streams = Gen.oneOf([PropertyDefaults.realistic, PropertyDefaults.adversarial])
    expectProperty(
      streams, cases: 40
    ) { recording in
      var replayer = Replayer(options: PropertyDefaults.options(layout: layout))
      var replayed: [ChatState] = []
      var errors: [String] = []
      let body = { (output: Replayer.Output) -> Bool in
        switch output {
        case .start: break
        case .state(let state, _, _, _): replayed.append(state)
        case .error(let error): errors.append(error.rendered(file: "generated.jsonl"))
        }
        return true
      }
      recording.bytes.withUnsafeBufferPointer { bytes in
        if replayer.read(bytes, body) { replayer.finish(body) }
      }
      if let error = errors.first { return "\(layout.rawValue): \(error)" }
      let reduced = recording.states(layout: layout)
      if let difference = firstDifference(
        replayed, reduced, "\(layout.rawValue): replayed states")
      {
        return difference
      }
      return nil
    }
  }

}
