/// A text laid out in lines by a ``FontMetricsMeasurer``, with its line breaker's state after its
/// last byte, so that a text typed on from it is laid out from there.
///
/// The breaker is greedy and looks no further than the scalar it is fed (see ``MeasuredTexts``),
/// so feeding it the added bytes from the state it had after the earlier text gives the same line
/// starts as feeding it the whole text: the lines the earlier text finished are kept, and only
/// the ones from its last line on are made again. When the end of the earlier text could join
/// what follows, or the added bytes start with a scalar that could join it, the text is laid out
/// whole.
struct LaidOutText {
  /// The width and font size it was laid out at, bit for bit.
  var widthBits: UInt64
  var fontSizeBits: UInt64
  var text: String
  /// The text's UTF-8 count.
  var byteCount: Int
  /// The breaker after the text's last byte, before its last paragraph ended.
  var breaker: LineBreaker<ByteLineStarts>
  /// Whether the text was fed byte by byte as ASCII (else scalar by scalar from UTF-8).
  var isASCII: Bool
  /// Whether the text's last scalar ends a cluster whatever follows it (an empty text does).
  var endsOpen: Bool
  /// The text's lines, as ``FontMetricsMeasurer/lines(of:width:fontSize:)`` gives them.
  var lines: [String]

  /// No text, laid out at no width: every text laid into it is laid out whole.
  static let empty = LaidOutText(
    widthBits: Double.nan.bitPattern, fontSizeBits: Double.nan.bitPattern, text: "",
    byteCount: 0, breaker: LineBreaker(maxUnits: 0, recorder: ByteLineStarts()), isASCII: true,
    endsOpen: false, lines: [])

  /// Whether `text` at `width` and `fontSize` is this text with more after it, where laying it
  /// out can carry on from this one.
  func isCarriedOn(by text: String, width: Double, fontSize: Double) -> Bool {
    guard width.bitPattern == widthBits, fontSize.bitPattern == fontSizeBits, endsOpen else {
      return false
    }
    return text.utf8.withContiguousStorageIfAvailable { bytes in
      guard bytes.count > byteCount, let base = bytes.baseAddress else { return false }
      return self.text.utf8.withContiguousStorageIfAvailable { old in
        guard let oldBase = old.baseAddress else { return true }
        return bytesEqual(oldBase, base, count: old.count)
      } ?? false
    } ?? false
  }
}

extension FontMetricsMeasurer {
  /// `text` laid out at `width` points in the font of `fontSize` points, carried on from
  /// `previous` when `text` is its text with more after it; `nil` when `text`'s UTF-8 is not
  /// contiguous.
  func layOut(
    _ text: String, width: Double, fontSize: Double, continuing previous: LaidOutText?
  ) -> LaidOutText? {
    text.utf8.withContiguousStorageIfAvailable { bytes in
      layOut(text, bytes: bytes, width: width, fontSize: fontSize, continuing: previous)
    }
  }

  private func layOut(
    _ text: String, bytes: UnsafeBufferPointer<UInt8>, width: Double, fontSize: Double,
    continuing previous: LaidOutText?
  ) -> LaidOutText {
    if var laid = previous,
      let finished = carryOn(&laid, text, bytes: bytes, width: width, fontSize: fontSize)
    {
      return finish(
        text, bytes: bytes, width: width, fontSize: fontSize, breaker: laid.breaker,
        isASCII: laid.isASCII, keeping: laid.lines[0..<finished])
    }
    let maxUnits = width * Double(metrics.unitsPerEm) / fontSize
    var breaker = LineBreaker(maxUnits: maxUnits, recorder: ByteLineStarts())
    let isASCII = measureASCII(bytes, into: &breaker)
    if !isASCII {
      // Start again, one grapheme cluster at a time.
      breaker = LineBreaker(maxUnits: maxUnits, recorder: ByteLineStarts())
      measureUTF8(bytes, of: text, into: &breaker)
    }
    return finish(
      text, bytes: bytes, width: width, fontSize: fontSize, breaker: breaker, isASCII: isASCII,
      keeping: [])
  }

  /// Feeds `laid`'s breaker the bytes of `text` after those of `laid`'s text, when `text` is that
  /// text with more after it at the same width and font size; how many of `laid`'s lines were
  /// finished before them, or `nil` when `text` must be laid out whole (an ASCII text's breaker
  /// may then have taken part of the rest: `laid` no longer holds its text).
  @inline(__always)
  private func carryOn(
    _ laid: inout LaidOutText, _ text: String, bytes: UnsafeBufferPointer<UInt8>, width: Double,
    fontSize: Double
  ) -> Int? {
    guard laid.isCarriedOn(by: text, width: width, fontSize: fontSize) else { return nil }
    let start = laid.byteCount
    let finished = laid.breaker.recorder.starts.count - 1
    if laid.isASCII {
      return measureASCII(bytes, from: start, into: &laid.breaker) ? finished : nil
    }
    guard ScalarClass.isSimple(Self.scalar(in: bytes, at: start).value) else { return nil }
    measureUTF8(bytes, of: text, from: start, into: &laid.breaker)
    return finished
  }

  /// The line of `text` (whose UTF-8 is `bytes`) from offset `start` to `end` without the
  /// paragraph separators and hanging spaces at its end (see ``lineEnd(_:bytes:from:to:isASCII:)``).
  private static func line(
    _ text: String, bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    isASCII: Bool
  ) -> String {
    let end = lineEnd(text, bytes: bytes, from: start, to: end, isASCII: isASCII)
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }

  /// Where the line of `text` (whose UTF-8 is `bytes`) from offset `start` to `end` ends once
  /// the paragraph separators and hanging spaces at its end are dropped.
  ///
  /// Found in the bytes unless the line's last scalar is one of those, or might be, and then
  /// through the text's characters. The line's bytes are always `bytes[start..<lineEnd]`.
  static func lineEnd(
    _ text: String, bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    isASCII: Bool
  ) -> Int {
    if isASCII { return asciiLineEnd(bytes, from: start, to: end) }
    guard end > start else { return start }
    var last = end - 1
    while last > start && bytes[last] & 0xC0 == 0x80 { last -= 1 }
    switch scalar(in: bytes, at: last).value {
    case 0x09...0x0D, 0x20:
      // ASCII spaces, tabs and newlines at the end (a line broken after a word ends with a
      // space), each a cluster of its own (CR LF aside, a newline too) after a simple scalar,
      // which joins no neighbour: trimmed from the bytes. After any other scalar, through the
      // text's characters.
      var kept = end
      while kept > start && (bytes[kept - 1] == 0x20 || (0x09...0x0D).contains(bytes[kept - 1])) {
        kept -= 1
      }
      guard kept > start else { return start }
      var lastKept = kept - 1
      while lastKept > start && bytes[lastKept] & 0xC0 == 0x80 { lastKept -= 1 }
      guard ScalarClass.isSimple(scalar(in: bytes, at: lastKept).value) else {
        return clusterLineEnd(text, from: start, to: end)
      }
      return kept
    case 0x85, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x205F, 0x3000:
      return clusterLineEnd(text, from: start, to: end)
    default:
      // A cluster that ends with any other scalar is neither a newline (a newline is a cluster
      // of its own, CR LF aside) nor a hanging space (one scalar of those above).
      return end
    }
  }

  /// The laid-out text whose breaker after its last byte is `breaker`, its lines those `kept`
  /// (finished before the bytes `breaker` was last fed) and the ones made from the line starts
  /// after them.
  private func finish(
    _ text: String, bytes: UnsafeBufferPointer<UInt8>, width: Double, fontSize: Double,
    breaker: LineBreaker<ByteLineStarts>, isASCII: Bool, keeping kept: ArraySlice<String>
  ) -> LaidOutText {
    // The line starts are the breaker's and then the text's end: ending the paragraph only ends
    // the last line at the text's end (its word goes on the line as it is, whatever its width).
    let starts = breaker.recorder.starts
    var lines = Array(kept)
    if !bytes.isEmpty {
      lines.reserveCapacity(starts.count)
      for index in kept.count..<starts.count {
        lines.append(
          Self.line(
            text, bytes: bytes, from: starts[index],
            to: index + 1 < starts.count ? starts[index + 1] : bytes.count, isASCII: isASCII))
      }
    }
    return LaidOutText(
      widthBits: width.bitPattern, fontSizeBits: fontSize.bitPattern, text: text,
      byteCount: bytes.count, breaker: breaker, isASCII: isASCII,
      endsOpen: bytes.isEmpty || Self.endsOpen(bytes), lines: lines)
  }

  /// Where the line of ASCII `bytes` from `start` to `end` ends without the newlines (line
  /// feed, vertical tab, form feed, carriage return) and hanging spaces (space, tab) at its end,
  /// as ``lines(of:width:fontSize:)`` trims them.
  private static func asciiLineEnd(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int {
    var end = end
    while end > start, bytes[end - 1] == 0x20 || (0x09...0x0D).contains(bytes[end - 1]) {
      end -= 1
    }
    return end
  }

  /// Where the line of `text` from UTF-8 offset `start` to `end` (cluster boundaries) ends
  /// without the paragraph separators and hanging spaces at its end, found through the text's
  /// characters: what is left is the start of the range (a substring's bounds stay where a
  /// scalar starts), so the line's bytes are the text's from `start` on.
  private static func clusterLineEnd(_ text: String, from start: Int, to end: Int) -> Int {
    let utf8 = text.utf8
    var line =
      text[
        utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
    while let last = line.last, last.isNewline || isHangingSpace(last) {
      line.removeLast()
    }
    return start + line.utf8.count
  }
}
