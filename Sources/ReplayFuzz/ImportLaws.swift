// The importer's laws, checked on the same bytes as the recording laws.
internal import ChatReplay

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
