package import ChatReplay

/// One item a ``RecordingReader`` handed out, in full, in a form that can be compared.
package enum ReaderItem: Equatable, CustomStringConvertible {
  case header(SessionHeader, line: Int?)
  case event(TimedEvent, line: Int, bytes: Range<Int>)
  /// An error and its text as `replay` prints it.
  case error(RecordingError, rendered: String)

  package init(_ item: RecordingReader.Item) {
    switch item {
    case .header(let header, let line): self = .header(header, line: line)
    case .event(let event, let line, let bytes): self = .event(event, line: line, bytes: bytes)
    case .error(let error): self = .error(error, rendered: error.rendered(file: "r.jsonl"))
    }
  }

  package var description: String {
    switch self {
    case .header(let header, let line): "header line \(line.map(String.init) ?? "-"): \(header)"
    case .event(let event, let line, let bytes): "event line \(line) \(bytes): \(event)"
    case .error(_, let rendered): "error: \(rendered)"
    }
  }

  /// The event's line number, for an event.
  package var eventLine: Int? {
    if case .event(_, let line, _) = self { line } else { nil }
  }
}

/// What reading a recording in chunks handed out.
package struct ReaderTrace: Equatable {
  package var items: [ReaderItem] = []
  /// What each `read` and the `finish` returned.
  package var going: [Bool] = []

  package init() {}
}

/// Reads `bytes` in `chunks` (consecutive ranges covering it) and records the trace.
///
/// Each chunk gets its ``DecodedChunk`` when `decodeAhead` is set, one that leaves keystrokes to
/// the reader with `leavingKeystrokes` (as `replay check`'s do). With `stopAtFirstError`, the
/// body asks the reader to stop at the first error, as `replay check` does without
/// `--keep-going`.
package func readTrace(
  _ bytes: [UInt8], chunks: [Range<Int>], decodeAhead: Bool, leavingKeystrokes: Bool = false,
  lineLimit: Int = RecordingReader.defaultLineLimit, stopAtFirstError: Bool = false
) -> ReaderTrace {
  var reader = RecordingReader(lineLimit: lineLimit)
  var trace = ReaderTrace()
  let body = { (item: RecordingReader.Item) -> Bool in
    trace.items.append(ReaderItem(item))
    if case .error = item { return !stopAtFirstError }
    return true
  }
  bytes.withUnsafeBufferPointer { buffer in
    for range in chunks {
      let chunk = UnsafeBufferPointer(rebasing: buffer[range])
      let decoded = decodeAhead ? DecodedChunk(chunk, leavingKeystrokes: leavingKeystrokes) : nil
      trace.going.append(reader.read(chunk, decoded: decoded, body))
    }
    trace.going.append(reader.finish(body))
  }
  return trace
}

/// Reads `bytes` in chunks of `chunkSize` bytes (all at once for `nil`) and records the trace.
package func readTrace(
  _ bytes: [UInt8], chunkSize: Int?, decodeAhead: Bool,
  lineLimit: Int = RecordingReader.defaultLineLimit, stopAtFirstError: Bool = false
) -> ReaderTrace {
  readTrace(
    bytes, chunks: RecordingReaderVerifier.Chunking(chunkSize).ranges(in: bytes),
    decodeAhead: decodeAhead, lineLimit: lineLimit, stopAtFirstError: stopAtFirstError)
}
