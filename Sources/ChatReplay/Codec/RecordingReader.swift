/// Reads a recording in chunks of bytes, line by line, and hands out its header, its events and
/// the errors of its bad lines, in file order.
///
/// The reader keeps only the unfinished last line of a chunk, so memory stays bounded by the
/// line-length limit however long the recording is. It enforces the rules that span lines: the
/// header comes first, `t` never decreases, the file is not empty. It always hands out exactly
/// one ``Item/header(_:line:)`` before the first event (the default header if the file has none).
///
/// ```swift
/// var reader = RecordingReader()
/// reader.read(chunk) { item in … return true }   // return false to stop
/// reader.finish { item in … return true }
/// ```
public struct RecordingReader: Sendable {
  /// The longest line accepted, in bytes (1 MiB), unless another limit is given.
  public static let defaultLineLimit = 1 << 20

  /// What the reader found.
  public enum Item: Sendable {
    /// The session header; `line` is `nil` when the recording has none and the defaults apply.
    ///
    /// Boxed: a header is a few hundred bytes and comes once, while every event's item would
    /// otherwise be built and copied at the header's size.
    indirect case header(SessionHeader, line: Int?)
    /// An event, its 1-based line number and the byte range of its line in the file.
    case event(TimedEvent, line: Int, bytes: Range<Int>)
    /// A line that cannot be replayed.
    case error(RecordingError)
  }

  public let lineLimit: Int
  /// The number of the line being read, 1-based.
  private var lineNumber = 1
  /// Bytes of the file before the current chunk.
  private var offset = 0
  /// The start of an unfinished line that began in an earlier chunk.
  private var carry: [UInt8] = []
  private var carryStart = 0
  /// The length of an over-long line being skipped, or `nil`.
  private var skippedLength: Int?
  /// Whether the last byte kept or counted for the unfinished line is `\r`.
  private var carriedEndsInCR = false
  private var firstNonBlankLine: Int?
  private var headerDelivered = false
  private var previousT: Double?
  private var stopped = false
  /// The frames of the last keyboard line the fast path read, which most keyboard lines repeat.
  private var keyboardFrames = LineDecoder.KeyboardFrames()

  public init(lineLimit: Int = RecordingReader.defaultLineLimit) {
    self.lineLimit = lineLimit
  }

  /// Reads the next chunk of the file; returns `false` once `body` has asked to stop.
  ///
  /// `decoded`, the same chunk decoded ahead of time (perhaps on another thread), saves decoding
  /// again the lines it holds; what is handed out is the same with it or without it, and every
  /// rule that spans lines is still checked here.
  @discardableResult
  public mutating func read(
    _ chunk: UnsafeBufferPointer<UInt8>, decoded: DecodedChunk? = nil, _ body: (Item) -> Bool
  ) -> Bool {
    readLines(chunk, decoded: decoded, takingKeystroke: { _, _, _ in false }, body)
  }

  /// Reads the next chunk like ``read(_:decoded:_:)``, first offering each keystroke line it
  /// decodes to `takingKeystroke` with its text's bytes, before they are made into a `String`;
  /// a keystroke it takes (it returns `true`) is not handed to `body`.
  ///
  /// A keystroke is offered only in the canonical shape, with a text without escapes, once the
  /// header has been handed out, and when its time does not go backwards: every rule is checked
  /// as for any event. Its text's bytes are valid UTF-8, and valid only until this call returns.
  /// Lines decoded ahead in `decoded` are handed to `body` as they are. Inlined into its caller
  /// (`replay check`'s counting), whose closures are then inlined into the loop over the lines.
  @inline(__always)
  mutating func read(
    _ chunk: UnsafeBufferPointer<UInt8>, decoded: DecodedChunk? = nil,
    takingKeystroke: (_ t: Double, _ text: UnsafeBufferPointer<UInt8>, _ isASCII: Bool) -> Bool,
    _ body: (Item) -> Bool
  ) -> Bool {
    readLines(chunk, decoded: decoded, takingKeystroke: takingKeystroke, body)
  }

  /// The body of both ``read(_:decoded:_:)`` and ``read(_:decoded:takingKeystroke:_:)``.
  @inline(__always)
  private mutating func readLines(
    _ chunk: UnsafeBufferPointer<UInt8>, decoded: DecodedChunk?,
    takingKeystroke: (Double, UnsafeBufferPointer<UInt8>, Bool) -> Bool, _ body: (Item) -> Bool
  ) -> Bool {
    precondition(
      decoded.map { $0.byteCount == chunk.count } ?? true, "a DecodedChunk of another chunk")
    guard !stopped else { return false }
    defer { offset += chunk.count }
    var start = 0
    // The ordinal of the chunk's next line ending: the index of its line in `decoded`; and the
    // indices of the next event, keystroke and keyboard line `decoded` holds.
    var ordinal = 0
    var eventIndex = 0
    var keystrokeIndex = 0
    var keyboardIndex = 0
    // The chunk's `ordinal`-th line ending at or after `start`. `decoded` is read through
    // optional chaining, not bound: a binding is a copy, which retains its storage each line.
    // `start` and `ordinal` are passed, not captured: a captured variable's every access was
    // checked for exclusivity at run time (twice a line).
    @inline(__always)
    func nextLine(_ start: Int, _ ordinal: Int) -> DecodedChunk.Line? {
      if decoded != nil {
        decoded?.line(ordinal)
      } else {
        firstIndex(of: 0x0A, in: chunk, from: start).map { DecodedChunk.Line(endingAt: $0) }
      }
    }
    if !carry.isEmpty || skippedLength != nil {
      guard let first = nextLine(start, ordinal) else {
        keep(UnsafeBufferPointer(rebasing: chunk[...]))
        return true
      }
      // The chunk's first line ending ends a line that began earlier: `decoded` saw only its
      // end, so what it kept of it is not used.
      keep(UnsafeBufferPointer(rebasing: chunk[0..<first.end]))
      guard finishCarriedLine(body) else { return false }
      start = first.end + 1
      ordinal = 1
      switch first.kind {
      case .event: eventIndex = 1
      case .keystroke: keystrokeIndex = 1
      case .keyboard: keyboardIndex = 1
      case .none: break
      }
    }
    if decoded == nil {
      guard readAhead(chunk, from: &start, takingKeystroke: takingKeystroke, body) else {
        return false
      }
    }
    while let next = nextLine(start, ordinal) {
      let newline = next.end
      switch next.kind {
      case .event:
        // Decoded ahead, so in the canonical shape: `{…}`, neither blank nor a byte order mark.
        // Its bytes are not read here (another thread wrote them, and they would have to travel
        // to this one's cache): only its length counts, as it does for any line.
        guard let event = decoded?.event(eventIndex) else {
          preconditionFailure("a line with an event in a chunk not decoded")
        }
        eventIndex += 1
        let end = newline - (next.isReturned ? 1 : 0)
        let line = UnsafeBufferPointer(rebasing: chunk[start..<end])
        guard processDecoded(line, at: offset + start, event, body) else { return false }
      case .keyboard:
        // Decoded ahead, as above; the event's box is made here, on the replaying thread.
        guard let keyboard = decoded?.keyboard(keyboardIndex) else {
          preconditionFailure("a keyboard line in a chunk not decoded")
        }
        keyboardIndex += 1
        let line = UnsafeBufferPointer(rebasing: chunk[start..<newline])
        guard processDecoded(line, at: offset + start, keyboard.event, body) else {
          return false
        }
      case .keystroke:
        // Scanned ahead, so in the canonical shape, without a `\r`: the text's bytes are read
        // only if the keystroke is not taken.
        guard let keystroke = decoded?.keystroke(keystrokeIndex) else {
          preconditionFailure("a line with a keystroke in a chunk not decoded")
        }
        keystrokeIndex += 1
        let line = UnsafeBufferPointer(rebasing: chunk[start..<newline])
        if line.count > lineLimit {
          guard tooLong(length: line.count, start: Array(line.prefix(512)), body) else {
            return false
          }
        } else {
          guard
            offer(
              keystroke.t, textStart: Int(keystroke.textStart) &- start, length: keystroke.length,
              isASCII: keystroke.isASCII, in: JSONScanner(line), at: offset + start,
              takingKeystroke: takingKeystroke, body)
          else { return false }
        }
      case .none:
        let line = UnsafeBufferPointer(rebasing: chunk[start..<newline])
        guard process(line, at: offset + start, takingKeystroke: takingKeystroke, body) else {
          return false
        }
      }
      start = newline + 1
      ordinal += 1
    }
    if start < chunk.count {
      carryStart = offset + start
      keep(UnsafeBufferPointer(rebasing: chunk[start...]))
    }
    return true
  }

  /// Reads the chunk's lines from `start` on that end before its last line feed, each decoded
  /// before its end is looked for.
  ///
  /// A canonical line is found to end at the line feed right after its closing `}`, so no search
  /// for it runs ahead of the decoder. A line the fast path declines is read the usual way, its end searched for, and after a few of them
  /// (a file of `\r\n` lines declines every line) the rest of the chunk is too. `start` is left
  /// at the first line not read; `false` once `body` has asked to stop.
  ///
  /// A line decoded this way gives the same items as one cut at its end first: the bytes past
  /// its line feed are never part of a value (see ``LineDecoder/canonicalLine(_:frames:)``).
  @inline(__always)
  private mutating func readAhead(
    _ chunk: UnsafeBufferPointer<UInt8>, from start: inout Int,
    takingKeystroke: (Double, UnsafeBufferPointer<UInt8>, Bool) -> Bool, _ body: (Item) -> Bool
  ) -> Bool {
    guard let base = chunk.baseAddress, start < chunk.count,
      let last = lastIndex(of: 0x0A, in: chunk, from: start)
    else { return true }
    let end = last + 1
    var declined = 0
    while start < end {
      var scanner = JSONScanner(UnsafeBufferPointer(start: base + start, count: end - start))
      // Switched on as it comes, so that the event is moved along, not copied (see
      // ``process(_:at:takingKeystroke:_:)``).
      switch LineDecoder.canonicalLine(&scanner, frames: &keyboardFrames) {
      case .event(let event)?:
        let line = UnsafeBufferPointer(start: base + start, count: scanner.position)
        guard line.count <= lineLimit else { break }
        let number = lineNumber
        lineNumber += 1
        if firstNonBlankLine == nil { firstNonBlankLine = number }
        let lineStart = offset + start
        start += line.count + 1
        guard accept(event, line: line, number: number, start: lineStart, body) else {
          return false
        }
        continue
      case .keystroke(let t, let textStart, let length, let isASCII)?:
        let line = UnsafeBufferPointer(start: base + start, count: scanner.position)
        guard line.count <= lineLimit else { break }
        let lineStart = offset + start
        start += line.count + 1
        guard
          offer(
            t, textStart: textStart, length: length, isASCII: isASCII, in: JSONScanner(line),
            at: lineStart, takingKeystroke: takingKeystroke, body)
        else { return false }
        continue
      case nil:
        break
      }
      guard declined < Self.declinedLinesReadAhead else { return true }
      declined += 1
      // Found, as the chunk's last line feed is at or after `start`.
      guard let newline = firstIndex(of: 0x0A, in: chunk, from: start) else { return true }
      let line = UnsafeBufferPointer(rebasing: chunk[start..<newline])
      let lineStart = offset + start
      start = newline + 1
      guard process(line, at: lineStart, takingKeystroke: takingKeystroke, body) else {
        return false
      }
    }
    return true
  }

  /// How many lines of a chunk ``readAhead(_:from:takingKeystroke:_:)`` reads the usual way
  /// before it leaves the rest of the chunk to be read so.
  private static let declinedLinesReadAhead = 4

  /// Reads the last line (one without a line break) and checks the file as a whole.
  @discardableResult
  public mutating func finish(_ body: (Item) -> Bool) -> Bool {
    guard !stopped else { return false }
    if !carry.isEmpty || skippedLength != nil {
      guard finishCarriedLine(body) else { return false }
    }
    if firstNonBlankLine == nil {
      let error = RecordingError(
        line: 1, column: 1, problem: .emptyFile, excerpt: "", excerptColumn: 1)
      guard deliver(.error(error), body) else { return false }
    }
    if !headerDelivered {
      headerDelivered = true
      return deliver(.header(.default, line: nil), body)
    }
    return true
  }

  /// Adds bytes of an unfinished line, or counts them if the line is already too long.
  private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
    if let last = bytes.last { carriedEndsInCR = last == 0x0D }
    if let skipped = skippedLength {
      skippedLength = skipped + bytes.count
    } else if carry.count + bytes.count > lineLimit + 1 {
      // The limit does not count a `\r` before the `\n`, which may still be to come: `process`
      // judges a line that fits with it, as it does a line read in one piece.
      skippedLength = carry.count + bytes.count
      // Keep the start of the line for the error's excerpt.
      carry.append(contentsOf: bytes.prefix(max(0, 512 - carry.count)))
    } else {
      carry.append(contentsOf: bytes)
    }
  }

  private mutating func finishCarriedLine(_ body: (Item) -> Bool) -> Bool {
    defer {
      carry.removeAll(keepingCapacity: carry.count <= 1 << 16)
      skippedLength = nil
    }
    if let skipped = skippedLength {
      // A `\r` before the `\n` is not part of the line: not in its length, and not in its
      // excerpt when the excerpt holds the whole line (as when the line is read in one piece).
      var start = carry
      if carriedEndsInCR && start.count == skipped { start.removeLast() }
      return tooLong(length: skipped - (carriedEndsInCR ? 1 : 0), start: start, body)
    }
    let line = carry
    // Its bytes last only as long as this call: no keystroke of it is offered.
    return line.withUnsafeBufferPointer {
      process($0, at: carryStart, takingKeystroke: { _, _, _ in false }, body)
    }
  }

  private mutating func tooLong(length: Int, start: [UInt8], _ body: (Item) -> Bool) -> Bool {
    let number = lineNumber
    lineNumber += 1
    if firstNonBlankLine == nil { firstNonBlankLine = number }
    let error = start.withUnsafeBufferPointer { bytes in
      RecordingError.at(
        offset: 0, in: bytes, lineNumber: number,
        problem: .lineTooLong(length: length, limit: lineLimit))
    }
    return deliver(.error(error), body)
  }

  /// Handles one complete line (without its `\n`) that starts at byte `start` of the file.
  ///
  /// Most lines are events in the canonical shape: accepted straight from the fast path here,
  /// and everything else (a `\r` before the line break, blank lines, a byte order mark, the
  /// header, odd and bad lines) in a call of its own, so that the common case carries none of
  /// their work. A canonical line starts with `{"t":` and ends with `}`: it is neither blank nor
  /// a byte order mark, and has no `\r` at its end.
  ///
  /// A keystroke is offered to `takingKeystroke` (see ``read(_:decoded:takingKeystroke:_:)``)
  /// before its text is made into a `String`.
  ///
  /// Transparent, so inlined in every build: marked `@inline(__always)`, the optimizer still
  /// left it a call of its own in `replay check`'s loop over the lines, which then called the
  /// keystroke closure through a context too (about 55 instructions a line more).
  @_transparent
  private mutating func process(
    _ line: UnsafeBufferPointer<UInt8>, at start: Int,
    takingKeystroke: (Double, UnsafeBufferPointer<UInt8>, Bool) -> Bool, _ body: (Item) -> Bool
  ) -> Bool {
    guard line.count <= lineLimit else { return processOther(line, at: start, body) }
    var scanner = JSONScanner(line)
    // The event is moved along, not copied: a copy costs a retain and a release of its text or
    // box per line.
    switch LineDecoder.canonicalLine(&scanner, frames: &keyboardFrames) {
    case .event(let event)?:
      let number = lineNumber
      lineNumber += 1
      if firstNonBlankLine == nil { firstNonBlankLine = number }
      return accept(event, line: line, number: number, start: start, body)
    case .keystroke(let t, let textStart, let length, let isASCII)?:
      return offer(
        t, textStart: textStart, length: length, isASCII: isASCII, in: scanner, at: start,
        takingKeystroke: takingKeystroke, body)
    case nil:
      return processOther(line, at: start, body)
    }
  }

  /// Handles a canonical keystroke line (``JSONScanner`` `line` over it, starting at byte `start`
  /// of the file) whose text is the `length` bytes at `textStart` in it: offers it to
  /// `takingKeystroke` when every rule allows, and otherwise hands out its event.
  @inline(__always)
  private mutating func offer(
    _ t: Double, textStart: Int, length: Int, isASCII: Bool, in line: borrowing JSONScanner,
    at start: Int, takingKeystroke: (Double, UnsafeBufferPointer<UInt8>, Bool) -> Bool,
    _ body: (Item) -> Bool
  ) -> Bool {
    let number = lineNumber
    lineNumber += 1
    if firstNonBlankLine == nil { firstNonBlankLine = number }
    if headerDelivered, !(previousT.map { t < $0 } ?? false),
      takingKeystroke(t, UnsafeBufferPointer(start: line.base + textStart, count: length), isASCII)
    {
      previousT = t
      return true
    }
    let text = line.makeString(from: textStart, length: length, isASCII: isASCII)
    return accept(
      TimedEvent(t: t, event: .textChange(text: text)),
      line: UnsafeBufferPointer(start: line.base, count: line.count), number: number,
      start: start, body)
  }

  /// Handles a line ``process(_:at:_:)`` did not take from the fast path.
  @inline(never)
  private mutating func processOther(
    _ rawLine: UnsafeBufferPointer<UInt8>, at start: Int, _ body: (Item) -> Bool
  ) -> Bool {
    var line = rawLine
    // Without a `\r` to drop, the fast path has already declined the line, or it is too long.
    let isCanonicalUntried = line.last == 0x0D
    if isCanonicalUntried { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
    if line.count > lineLimit {
      return tooLong(length: line.count, start: Array(line.prefix(512)), body)
    }
    let number = lineNumber
    lineNumber += 1
    if Self.isBlank(line) { return true }
    let isFirst = firstNonBlankLine == nil
    if isFirst { firstNonBlankLine = number }
    if start == 0 && line.starts(with: [0xEF, 0xBB, 0xBF]) {
      let error = RecordingError.at(
        offset: 0, in: line, lineNumber: number, problem: .byteOrderMark)
      return deliver(.error(error), body)
    }
    // A line with a `\r` before its break, taken from the fast path without it.
    if isCanonicalUntried, let event = LineDecoder.decodeCanonical(line, frames: &keyboardFrames) {
      return accept(event, line: line, number: number, start: start, body)
    }
    let decoded: DecodedLine
    do {
      decoded = try LineDecoder.decodeGeneral(line, lineNumber: number)
    } catch {
      return deliver(.error(error), body)
    }
    switch decoded {
    case .header(let header):
      guard isFirst, let first = firstNonBlankLine, first == number else {
        let error = RecordingError.at(
          offset: 0, in: line, lineNumber: number,
          problem: .headerNotFirst(firstLine: firstNonBlankLine ?? 1))
        return deliver(.error(error), body)
      }
      headerDelivered = true
      return deliver(.header(header, line: number), body)
    case .event(let event):
      return accept(event, line: line, number: number, start: start, body)
    }
  }

  /// Handles a complete line (without its line break) decoded ahead of time as `event`, like
  /// ``process(_:at:_:)`` without reading its bytes.
  ///
  /// Inlined into the loop over a chunk's lines: as a call of its own, its frame, saved
  /// registers and arguments cost the replaying thread about 30 instructions a line.
  @inline(__always)
  private mutating func processDecoded(
    _ line: UnsafeBufferPointer<UInt8>, at start: Int, _ event: consuming TimedEvent,
    _ body: (Item) -> Bool
  ) -> Bool {
    if line.count > lineLimit {
      return tooLong(length: line.count, start: Array(line.prefix(512)), body)
    }
    let number = lineNumber
    lineNumber += 1
    if firstNonBlankLine == nil { firstNonBlankLine = number }
    return accept(event, line: line, number: number, start: start, body)
  }

  /// Hands out the event of line `number`, which starts at byte `start` of the file, if its
  /// time does not go backwards.
  private mutating func accept(
    _ event: consuming TimedEvent, line: UnsafeBufferPointer<UInt8>, number: Int, start: Int,
    _ body: (Item) -> Bool
  ) -> Bool {
    if let previousT, event.t < previousT {
      let error = RecordingError.at(
        offset: Self.offsetOfT(in: line), in: line, lineNumber: number,
        problem: .timeWentBackwards(
          t: JSONWriter.format(event.t), previous: JSONWriter.format(previousT)))
      return deliver(.error(error), body)
    }
    previousT = event.t
    if !headerDelivered {
      headerDelivered = true
      guard deliver(.header(.default, line: nil), body) else { return false }
    }
    return deliver(.event(event, line: number, bytes: start..<(start + line.count)), body)
  }

  private mutating func deliver(_ item: consuming Item, _ body: (Item) -> Bool) -> Bool {
    if body(item) { return true }
    stopped = true
    return false
  }

  private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in line where byte != 0x20 && byte != 0x09 && byte != 0x0D { return false }
    return true
  }

  /// Where the value of `"t"` starts in a line, so that an error points at it.
  private static func offsetOfT(in line: UnsafeBufferPointer<UInt8>) -> Int {
    let key: [UInt8] = Array("\"t\"".utf8)
    guard line.count >= key.count else { return 0 }
    for index in 0...(line.count - key.count) where line[index] == key[0] {
      if line[index + 1] == key[1] && line[index + 2] == key[2] {
        var value = index + 3
        while value < line.count && (line[value] == 0x20 || line[value] == UInt8(ascii: ":")) {
          value += 1
        }
        return value
      }
    }
    return 0
  }
}
