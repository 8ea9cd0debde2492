import ChatReplay
import Foundation
import Testing

/// Encoding then decoding gives the stream back, and replaying the encoded bytes gives the
/// states that reducing in memory gives.
struct CodecPropertyTests {
  @Test func decodingTheEncodingGivesTheStreamBack() {
    let streams = Gen.oneOf([PropertyDefaults.realistic, PropertyDefaults.adversarial])
    expectProperty(
      "CodecPropertyTests/decodingTheEncodingGivesTheStreamBack", streams, cases: 1_500
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

  @Test func replayingTheEncodingEqualsReducingInMemory() {
    let streams = Gen.oneOf([PropertyDefaults.realistic, PropertyDefaults.adversarial])
    expectProperty(
      "CodecPropertyTests/replayingTheEncodingEqualsReducingInMemory", streams, cases: 500
    ) { recording in
      for layout in ChatScreen.availableLayouts {
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
      }
      return nil
    }
  }

  /// The real binary, on two generated recordings: `replay --json` prints, line for line,
  /// the states reduced in memory.
  @Test func replayJSONOfAGeneratedRecordingEqualsReducingInMemory() throws {
    let executable = try #require(replayExecutable(), "the replay executable was not built")
    for seed: UInt64 in [1, 2] {
      let recording = PropertyDefaults.realistic.generate(seed: seed)
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent(
          "replay-pbt-\(ProcessInfo.processInfo.processIdentifier)-\(seed).jsonl")
      try Data(recording.bytes).write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      for layout in ChatScreen.availableLayouts {
        let process = Process()
        process.executableURL = executable
        process.arguments = [file.path, "--json", "--layout", layout.rawValue]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let expected = recording.states(layout: layout, measurer: FontMetricsMeasurer()).map {
          $0.jsonLine() + "\n"
        }.joined()
        expectNoDifference(String(decoding: output, as: UTF8.self), expected)
      }
    }
  }

  private func replayExecutable() -> URL? {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [directory, directory.deletingLastPathComponent()] {
      let url = candidate.appendingPathComponent("replay")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
  }
}
