import ChatReplay
import Foundation
import Testing

/// Reading a chunk with its ``DecodedChunk`` (decoded ahead, on another thread in `replay check`)
/// hands out exactly what reading it alone does, wherever the chunks are cut.
struct DecodeAheadTests {
  /// Everything the reader hands out, in order, as comparable text: the header, each event with
  /// its line number and byte range, each error as a user sees it.
  static func items(_ bytes: [UInt8], chunkSize: Int, decodeAhead: Bool) -> [String] {
    var reader = RecordingReader()
    var items: [String] = []
    func take(_ item: RecordingReader.Item) -> Bool {
      switch item {
      case .header(let header, let line): items.append("header \(line ?? 0) \(header)")
      case .event(let event, let line, let bytes): items.append("event \(line) \(bytes) \(event)")
      case .error(let error): items.append(error.rendered(file: "f.jsonl"))
      }
      return true
    }
    bytes.withUnsafeBufferPointer { buffer in
      var start = 0
      repeat {
        let end = min(start + max(chunkSize, 1), buffer.count)
        let chunk = UnsafeBufferPointer(rebasing: buffer[start..<end])
        reader.read(chunk, decoded: decodeAhead ? DecodedChunk(chunk) : nil, take)
        start = end
      } while start < buffer.count
      reader.finish(take)
    }
    return items
  }

  static let chunkSizes = [1, 2, 7, 64, 4096, Int.max]

  /// The bundled recordings, and CRLF copies of them.
  static let recordings: [MalformedInput] = {
    let folder = ReplayBinary.packageRoot.appendingPathComponent("Recordings")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".jsonl") }.sorted().flatMap { name -> [MalformedInput] in
      guard
        let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
      else { return [] }
      let bytes = [UInt8](data)
      var crlf: [UInt8] = []
      for byte in bytes {
        if byte == 0x0A { crlf.append(0x0D) }
        crlf.append(byte)
      }
      return [
        MalformedInput(name, bytes: bytes, nil), MalformedInput(name + " (CRLF)", bytes: crlf, nil),
      ]
    }
  }()

  @Test(arguments: RecordingDecoderTests.cases.filter { $0.bytes.count < 4096 } + recordings)
  func decodingAheadHandsOutWhatReadingAloneDoes(_ input: MalformedInput) {
    let reference = Self.items(input.bytes, chunkSize: Int.max, decodeAhead: false)
    #expect(!reference.isEmpty)
    for size in Self.chunkSizes {
      let plain = Self.items(input.bytes, chunkSize: size, decodeAhead: false)
      let ahead = Self.items(input.bytes, chunkSize: size, decodeAhead: true)
      #expect(plain == reference, "chunks of \(size) bytes, read alone")
      #expect(ahead == reference, "chunks of \(size) bytes, decoded ahead")
    }
  }

  @Test(arguments: recordings.filter { !$0.id.hasSuffix("(CRLF)") })
  func replayingDecodedChunksGivesTheSameStates(_ input: MalformedInput) {
    func states(decodeAhead: Bool) -> [ChatState] {
      var replayer = Replayer(options: Replayer.Options(measurer: FixedWidthMeasurer()))
      var states: [ChatState] = []
      let state = { (state: ChatState, _: TimedEvent?) -> Bool in
        states.append(state)
        return true
      }
      input.bytes.withUnsafeBufferPointer { buffer in
        var start = 0
        while start < buffer.count {
          let chunk = UnsafeBufferPointer(rebasing: buffer[start..<min(start + 100, buffer.count)])
          replayer.read(
            chunk, decoded: decodeAhead ? DecodedChunk(chunk) : nil, state: state,
            error: { _ in true })
          start += chunk.count
        }
      }
      replayer.finish(state: state, error: { _ in true })
      return states
    }
    let plain = states(decodeAhead: false)
    #expect(plain.count > 1)
    #expect(states(decodeAhead: true) == plain)
  }

  @Test func aChunkDecodesTheLinesInTheRecordersShapeAndLeavesTheRest() {
    let chunk = Array(
      """
      {"type":"session","version":1}
      {"t":1,"type":"textChange","text":"Hi"}

      {"t":2,"type":"sendTap"}
      { "t": 3, "type": "sendTap" }
      {"t":4,"type":"scroll","offsetY":-10}\r
      {"t":5,"type":"send
      """.utf8)
    // Six line endings: lines 1 to 6 end in the chunk, line 7 is cut and left for later.
    // Decoded: line 2 (textChange), line 4 (sendTap), line 6 (scroll, its \r dropped) = 3.
    // Left to the reader: the header (1), the blank line (3), and the spaced line (5: valid,
    // but not the shape recorders write).
    let decoded = chunk.withUnsafeBufferPointer { DecodedChunk($0) }
    #expect(decoded.decodedCount == 3)
  }

  /// A chunk may start inside a line whose end looks like a whole line: the reader must not
  /// take that end for a line of its own.
  @Test func aLineCutByTheChunkStartIsReadWhole() {
    // Line 1 is two objects on one line, `{…}{…}`: bad. Cut after the first object, the second
    // chunk starts with the second one, which taken alone is a good canonical line.
    let first = #"{"t":1,"type":"sendTap"}"#
    let second = #"{"t":2,"type":"sendTap"}"#
    let bytes = Array((first + second + "\n" + #"{"t":3,"type":"returnKey"}"# + "\n").utf8)
    // Cut after `first` (24 bytes): the second chunk starts with `second` and its line ending.
    let cut = first.utf8.count
    var reader = RecordingReader()
    var items: [String] = []
    func take(_ item: RecordingReader.Item) -> Bool {
      switch item {
      case .header: break
      case .event(let event, let line, _): items.append("\(line): \(event.event)")
      case .error(let error): items.append("\(error.line):\(error.column): error")
      }
      return true
    }
    bytes.withUnsafeBufferPointer { buffer in
      let head = UnsafeBufferPointer(rebasing: buffer[0..<cut])
      let tail = UnsafeBufferPointer(rebasing: buffer[cut...])
      let decodedTail = DecodedChunk(tail)
      // The tail's first line, taken alone, is a good sendTap...
      #expect(decodedTail.decodedCount == 2)
      reader.read(head, decoded: DecodedChunk(head), take)
      reader.read(tail, decoded: decodedTail, take)
      reader.finish(take)
    }
    // ...but line 1 is `{…}{…}`, one bad line (column 25: the second `{` after the object), and
    // line 2 is the returnKey.
    #expect(items == ["1:25: error", "2: returnKey"])
  }
}
