package import ChatReplay
import ChatReplayTesting
package import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// swift-nio's `ByteToMessageDecoderVerifier` for the recording reader: whatever the chunks a
/// recording arrives in, and whether or not each comes with its ``DecodedChunk`` (what
/// `replay check` decodes ahead on a second thread), the reader hands out the same items.
package enum RecordingReaderVerifier {
  /// A way of cutting an input into chunks.
  package enum Chunking: CustomStringConvertible, Sendable {
    /// The whole input in one chunk.
    case whole
    /// Chunks of this many bytes (the last one shorter).
    case bytes(Int)
    /// One chunk per line, its `\n` included.
    case lines

    init(_ size: Int?) {
      self = size.map { .bytes($0) } ?? .whole
    }

    /// The chunks' ranges in `bytes`: consecutive, covering it, at least one.
    package func ranges(in bytes: [UInt8]) -> [Range<Int>] {
      switch self {
      case .whole:
        return [0..<bytes.count]
      case .bytes(let size):
        precondition(size > 0, "a chunk holds at least one byte")
        let starts = stride(from: 0, to: max(bytes.count, 1), by: size)
        return starts.map { $0..<min($0 + size, bytes.count) }
      case .lines:
        return bytes.withUnsafeBufferPointer { buffer in
          var ranges: [Range<Int>] = []
          var start = 0
          // memchr: a debug build's element-by-element search takes seconds on 10 MB.
          while start < buffer.count, let base = buffer.baseAddress,
            let found = memchr(base + start, 0x0A, buffer.count - start)
          {
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            ranges.append(start..<(end + 1))
            start = end + 1
          }
          if start < buffer.count || ranges.isEmpty { ranges.append(start..<buffer.count) }
          return ranges
        }
      }
    }

    package var description: String {
      switch self {
      case .whole: "whole"
      case .bytes(let size): "chunks of \(size) bytes"
      case .lines: "one chunk per line"
      }
    }
  }

  /// The chunkings an input is read in: whole, one line per chunk, and 1, 2, 7, 64 and 4096
  /// bytes (only 4096 over 64 KiB), then `extraSizes`.
  package static func chunkings(for bytes: [UInt8], extraSizes: [Int]) -> [Chunking] {
    let sizes = bytes.count > 1 << 16 ? [4096] : [1, 2, 7, 64, 4096]
    return [.whole, .lines] + (sizes + extraSizes).map { .bytes($0) }
  }

  /// Reads `bytes` in every chunking, each without decoded chunks, with them and with ones that
  /// leave keystrokes to the reader, reading on after errors and (for inputs up to 64 KiB that
  /// have errors) stopping at the first; expects the items handed out to be those of reading it
  /// whole without decoded chunks (and a chunk's reads to answer the same every way), and
  /// returns that whole, reading-on trace.
  @discardableResult
  package static func verify(
    _ bytes: [UInt8], lineLimit: Int = RecordingReader.defaultLineLimit,
    alsoInChunksOf extraSizes: [Int] = [], _ comment: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> ReaderTrace {
    let reference = readTrace(
      bytes, chunks: [0..<bytes.count], decodeAhead: false, lineLimit: lineLimit)
    let cuts = chunkings(for: bytes, extraSizes: extraSizes).map { ($0, $0.ranges(in: bytes)) }
    // Stopping at the first error is a matter of the first lines: large inputs read on only.
    // Without an error, the reader gets the same answers from its body whether it would stop or
    // not, so it hands out the same items: reading on is the whole check.
    let stops = bytes.count > 1 << 16 || reference.errors.isEmpty ? [false] : [false, true]
    for stop in stops {
      let whole =
        stop
        ? readTrace(
          bytes, chunks: [0..<bytes.count], decodeAhead: false, lineLimit: lineLimit,
          stopAtFirstError: true) : reference
      for (chunking, chunks) in cuts {
        let plain = readTrace(
          bytes, chunks: chunks, decodeAhead: false, lineLimit: lineLimit,
          stopAtFirstError: stop)
        let decoded = readTrace(
          bytes, chunks: chunks, decodeAhead: true, lineLimit: lineLimit, stopAtFirstError: stop)
        // Chunks of one or two bytes hold no whole keystroke line to leave.
        let holdsLines = if case .bytes(let size) = chunking { size > 2 } else { true }
        let leaving =
          holdsLines
          ? readTrace(
            bytes, chunks: chunks, decodeAhead: true, leavingKeystrokes: true,
            lineLimit: lineLimit, stopAtFirstError: stop) : plain
        let context =
          "\(comment.isEmpty ? "" : comment + ", ")\(chunking), stopping at errors: \(stop)"
        if plain.items != whole.items {
          Issue.record(
            Comment(
              rawValue: "\(context): not the items of reading it whole (Expected: −, Actual: +)\n"
                + LineDiff.text(
                  whole.items.map(\.description).joined(separator: "\n"),
                  plain.items.map(\.description).joined(separator: "\n"))),
            sourceLocation: sourceLocation)
        }
        #expect(
          decoded == plain, "\(context): decoded chunks change what is read",
          sourceLocation: sourceLocation)
        #expect(
          leaving == plain,
          "\(context): decoded chunks that leave keystrokes change what is read",
          sourceLocation: sourceLocation)
      }
    }
    return reference
  }
}

extension ReaderTrace {
  /// The events handed out, in order.
  package var events: [TimedEvent] {
    items.compactMap { item in
      if case .event(let event, _, _) = item { event } else { nil }
    }
  }

  /// The errors handed out, in order.
  package var errors: [RecordingError] {
    items.compactMap { item in
      if case .error(let error, _) = item { error } else { nil }
    }
  }
}
