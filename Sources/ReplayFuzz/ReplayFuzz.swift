// The libFuzzer entry point: any bytes, read as a recording, through the decoder and the reducer,
// and read as a console printout, through the importer.
//
// Built for fuzzing only by .ci/fuzz.sh, with `--sanitize=fuzzer`, where libFuzzer supplies
// `main`. An ordinary `swift build` compiles it (so it cannot rot) and links it with SwiftPM's
// empty `main`: running that binary does nothing. Crashes it found are replayed by the tests in
// FuzzRegressionTests.swift without a fuzzer build.
internal import ChatReplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything a replay handed out, flattened to text so that two replays can be compared.
struct Transcript: Equatable {
  var lines: [String] = []
  /// The first event whose encoding did not read back as itself.
  var brokenRoundTrip: String?

  mutating func take(_ output: Replayer.Output) -> Bool {
    switch output {
    case .start(let header, let screen):
      lines.append(Summary.title(file: "fuzz", header: header, screen: screen))
      let encoded = EventEncoder.line(for: header)
      lines.append(encoded)
      if brokenRoundTrip == nil && !readsBack(encoded, as: header) {
        brokenRoundTrip = encoded
      }
    case .state(let state, let event, let line, let bytes):
      lines.append(state.jsonLine())
      lines.append(Summary.line(for: state, event: event?.event))
      for diagnostic in state.diagnostics {
        lines.append(diagnostic.message)
      }
      if let event {
        let encoded = EventEncoder.line(for: event)
        lines.append(encoded)
        if brokenRoundTrip == nil && !readsBack(encoded, as: event) {
          brokenRoundTrip = encoded
        }
      }
      lines.append("\(line ?? 0) \(bytes.map { "\($0)" } ?? "")")
    case .error(let error):
      lines.append(error.rendered(file: "fuzz"))
    }
    return true
  }
}

/// Whether `line`, read as a recording, is exactly the header `header`.
private func readsBack(_ line: String, as header: SessionHeader) -> Bool {
  var reader = RecordingReader()
  var headers: [SessionHeader] = []
  var errors = 0
  let bytes = Array((line + "\n{\"t\":0,\"type\":\"appear\"}").utf8)
  func take(_ item: RecordingReader.Item) -> Bool {
    switch item {
    case .header(let decoded, _): headers.append(decoded)
    case .event: break
    case .error: errors += 1
    }
    return true
  }
  bytes.withUnsafeBufferPointer { _ = reader.read($0, take) }
  reader.finish(take)
  return headers == [header] && errors == 0
}

/// Whether `line`, read as a recording, holds exactly `event` and nothing else.
private func readsBack(_ line: String, as event: TimedEvent) -> Bool {
  var reader = RecordingReader()
  var events: [TimedEvent] = []
  var errors = 0
  let bytes = Array(line.utf8)
  func take(_ item: RecordingReader.Item) -> Bool {
    switch item {
    case .header: break
    case .event(let decoded, _, _): events.append(decoded)
    case .error: errors += 1
    }
    return true
  }
  bytes.withUnsafeBufferPointer { _ = reader.read($0, take) }
  reader.finish(take)
  return events == [event] && errors == 0
}

/// Replays `input` in one chunk and again in small chunks, and describes the first law broken:
/// the two replays must agree, and the header and every event must encode to a line that reads
/// back as itself.
///
/// The second replay, for inputs whose size is a multiple of 4, splits lines across chunks of 1 to
/// 13 bytes, which exercises the reader's carried line. Half the inputs (bit 2 of the size set)
/// get a line limit of 200 bytes, so that the over-long-line path is reachable at the sizes a
/// fuzzer tries, and half (bit 3 set) replay with RxKeyboard 2.0.1. Half the chunked replays
/// (bit 4 set) read each chunk with its ``DecodedChunk``, as a second thread decodes ahead; of
/// those, half (bit 5 set) leave keystroke and keyboard lines to the replay, as `replay check`,
/// the debugger's load and `replay FILE --json` have the helper do, and half have the helper
/// decode them too, as `replay html` and `replay compare` do.
/// Any trap inside the library crashes, which libFuzzer reports itself.
func brokenLaw(in input: UnsafeBufferPointer<UInt8>) -> String? {
  let lineLimit = input.count / 4 % 2 == 1 ? 200 : RecordingReader.defaultLineLimit
  let version: RxKeyboardLayout.Version = input.count / 8 % 2 == 1 ? .v2 : .v1
  let options = Replayer.Options(rxKeyboardVersion: version, lineLimit: lineLimit)

  var whole = Transcript()
  var replayer = Replayer(options: options)
  replayer.read(input) { whole.take($0) }
  replayer.finish { whole.take($0) }
  // Messages are encoded once, for the last state; the chunked replay's is compared with `==`.
  _ = replayer.state?.jsonLine(includeMessages: true)

  // The second replay costs as much as the first; a quarter of the inputs (by size) is enough for
  // the fuzzer to explore how chunk boundaries fall.
  guard input.count % 4 == 0 || whole.brokenRoundTrip != nil else {
    return whole.brokenRoundTrip.map { "the encoded line does not read back as itself:\n\($0)" }
  }
  var chunked = Transcript()
  var again = Replayer(options: options)
  let chunkSize = 1 + input.count % 13
  let decodeAhead = input.count / 16 % 2 == 1
  let leavesKeystrokes = input.count / 32 % 2 == 1
  var start = 0
  while start < input.count {
    let chunk = UnsafeBufferPointer(rebasing: input[start..<min(start + chunkSize, input.count)])
    let decoded =
      decodeAhead ? DecodedChunk(chunk, leavingKeystrokes: leavesKeystrokes) : nil
    again.read(chunk, decoded: decoded) { chunked.take($0) }
    start += chunk.count
  }
  again.finish { chunked.take($0) }

  if let encoded = whole.brokenRoundTrip {
    return "the encoded line does not read back as itself:\n\(encoded)"
  }
  guard whole != chunked || replayer.state != again.state else { return nil }
  let index =
    whole.lines.indices.first {
      $0 >= chunked.lines.count || whole.lines[$0] != chunked.lines[$0]
    } ?? whole.lines.count
  let how =
    decodeAhead
    ? " (each decoded ahead\(leavesKeystrokes ? ", keystrokes left to the replay" : ""))" : ""
  return "replaying in chunks of \(chunkSize) bytes\(how) differs from replaying at once:\n"
    + "at once:   \(whole.lines.dropFirst(index).first ?? "(nothing)")\n"
    + "in chunks: \(chunked.lines.dropFirst(index).first ?? "(nothing)")"
}

// MARK: The importer's laws, checked on the same bytes as the recording laws

/// Imports `input` as a console printout at once and in chunks, and describes the first law
/// broken: both imports agree, and a recording they make reads back without an error, with one
/// keyboard event per imported event.
///
/// The screen is given, so that inputs whose frames do not show one still reach the encoder.
/// Any trap inside the importer crashes, which libFuzzer reports itself.
func brokenImportLaw(in input: UnsafeBufferPointer<UInt8>) -> String? {
  let options = ConsoleImporter.Options(
    names: [.willShow], rectKey: input.count % 2 == 0 ? .frameEnd : nil,
    screen: Size(width: 375, height: 812), lineLimit: 256, eventLimit: 64, messageLimit: 16)
  let whole = imported(input, options, chunkSize: max(input.count, 1))
  let chunked = imported(input, options, chunkSize: 1 + input.count % 7)
  guard whole == chunked else {
    return "importing in chunks of \(1 + input.count % 7) bytes differs from importing at once:\n"
      + "at once:   \(whole.prefix(300))\nin chunks: \(chunked.prefix(300))"
  }
  var importer = ConsoleImporter(options: options)
  importer.begin(source: "fuzz")
  importer.read(input)
  guard let recording = importer.finish().recording else { return nil }
  let lines = recording.jsonLines
  var reader = RecordingReader()
  var events = 0
  var problem: String?
  func take(_ item: RecordingReader.Item) -> Bool {
    switch item {
    case .header: break
    case .event: events += 1
    case .error(let error): problem = problem ?? error.rendered(file: "imported")
    }
    return true
  }
  Array(lines.utf8).withUnsafeBufferPointer { _ = reader.read($0, take) }
  reader.finish(take)
  if let problem { return "the imported recording does not read back:\n\(problem)\n\(lines)" }
  guard events == recording.events.count else {
    return "the imported recording reads back as \(events) events, not \(recording.events.count)"
  }
  return nil
}

/// Everything an import handed out, as text.
private func imported(
  _ input: UnsafeBufferPointer<UInt8>, _ options: ConsoleImporter.Options, chunkSize: Int
) -> String {
  var importer = ConsoleImporter(options: options)
  importer.begin(source: "fuzz")
  var start = 0
  while start < input.count {
    let end = min(start + chunkSize, input.count)
    importer.read(UnsafeBufferPointer(rebasing: input[start..<end]))
    start = end
  }
  let outcome = importer.finish()
  return outcome.messages.map { $0.rendered(files: outcome.sources) }.joined(separator: "\n")
    + "\n" + (outcome.recording?.jsonLines ?? "(no recording)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: size)
  if let message = brokenLaw(in: input) ?? brokenImportLaw(in: input) {
    // Crash, so that libFuzzer saves the input.
    let text = Array((message + "\n").utf8)
    _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
  }
  return 0
}
