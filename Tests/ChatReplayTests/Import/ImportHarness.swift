import ChatReplay
import ReplayTestSupport
import Testing

/// What importing a printout gave, as text: the header, the event lines, and the messages as
/// `replay import` prints them (the source is called `log.txt`).
struct ImportResult {
  var header: String
  var events: String
  var messages: String
  var isImported: Bool
}

/// Imports `text` as the source `log.txt`, fed in chunks of `chunkSize` bytes (all at once by
/// default).
func importPrintout(
  _ text: String, _ options: ConsoleImporter.Options = .init(), chunkSize: Int? = nil
) -> ImportResult {
  importPrintout(Array(text.utf8), options, chunkSize: chunkSize)
}

/// Imports `bytes` as the source `log.txt`.
func importPrintout(
  _ bytes: [UInt8], _ options: ConsoleImporter.Options = .init(), chunkSize: Int? = nil
) -> ImportResult {
  var importer = ConsoleImporter(options: options)
  importer.begin(source: "log.txt")
  bytes.withUnsafeBufferPointer { buffer in
    let size = max(chunkSize ?? buffer.count, 1)
    var start = 0
    repeat {
      let end = min(start + size, buffer.count)
      importer.read(UnsafeBufferPointer(rebasing: buffer[start..<end]))
      start = end
    } while start < buffer.count
  }
  let outcome = importer.finish()
  let messages = outcome.messages.map { $0.rendered(files: outcome.sources) }
  let lines = outcome.recording?.jsonLines.split(separator: "\n").map(String.init) ?? []
  return ImportResult(
    header: lines.first ?? "", events: lines.dropFirst().joined(separator: "\n"),
    messages: messages.joined(separator: "\n"), isImported: outcome.recording != nil)
}

/// Options with names for unnamed blocks (and a screen, so tests of one style need no frames
/// that show it).
func named(
  _ names: KeyboardNotification.Name..., key: ConsoleImporter.FrameKey? = nil,
  screen: Size? = Size(width: 375, height: 812)
) -> ConsoleImporter.Options {
  ConsoleImporter.Options(names: names, rectKey: key, screen: screen)
}

/// Expects the events imported from `text` to be exactly `events`, and the import to print no
/// warning.
func expectEvents(
  _ text: String, _ options: ConsoleImporter.Options = named(), _ events: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let result = importPrintout(text, options)
  expectNoDifference(result.events, events, sourceLocation: sourceLocation)
  #expect(result.isImported, "\(result.messages)", sourceLocation: sourceLocation)
  #expect(
    !result.messages.contains("warning"), "\(result.messages)", sourceLocation: sourceLocation)
}

/// The warnings and errors of a result (notes left out), one per line with their excerpts.
func problems(_ result: ImportResult) -> String {
  var kept: [String] = []
  var keeping = false
  for line in result.messages.split(separator: "\n", omittingEmptySubsequences: false) {
    if !line.hasPrefix("    ") && !line.hasPrefix("  ") {
      keeping =
        line.contains(": warning: ") || line.contains(": error: ")
        || line.hasPrefix("warning: ") || line.hasPrefix("error: ")
    }
    if keeping { kept.append(String(line)) }
  }
  return kept.joined(separator: "\n")
}
