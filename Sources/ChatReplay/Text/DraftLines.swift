/// The input bar's draft laid out in lines by a ``FontMetricsMeasurer``, its lines kept as
/// ranges of the draft's UTF-8 bytes, not as `String`s: a page lays its draft out at every
/// keystroke and writes the lines' bytes.
///
/// A draft typed on from the one before is laid out from there, as ``LaidOutText`` carries a
/// text on (the breaker fed only the added bytes, the lines it finished before kept); any other
/// is laid out whole. Its lines are those ``FontMetricsMeasurer/lines(of:width:fontSize:)``
/// gives, byte for byte.
struct DraftLines {
  /// The width and font size the draft was laid out at, bit for bit.
  private var widthBits = Double.nan.bitPattern
  private var fontSizeBits = Double.nan.bitPattern
  /// The UTF-8 of the draft laid out, and of the draft before it while a whole layout compares
  /// their lines.
  private var bytes: [UInt8] = []
  private var spare: [UInt8] = []
  /// The breaker after the draft's last byte, before its last paragraph ended: its line starts
  /// are the lines' starts.
  private var breaker = LineBreaker(maxUnits: 0, recorder: ByteLineStarts())
  /// Whether the draft was fed byte by byte as ASCII (else scalar by scalar from UTF-8).
  private var isASCII = true
  /// Whether the draft's last scalar ends a cluster whatever follows it (an empty draft does).
  private var endsOpen = false
  /// Each line's end: its bytes without the paragraph separators and hanging spaces at its end.
  private var ends: [Int] = []
  private var spareEnds: [Int] = []
  /// The breaker after each draft typed on since the last one laid out whole (that one first),
  /// with the draft's byte count and whether its last scalar ends its cluster whatever follows:
  /// a draft erased back to one of them goes back to its breaker rather than being laid out
  /// whole again.
  private var checkpoints: [(byteCount: Int, breaker: BreakerCheckpoint, endsOpen: Bool)] = []

  /// The number of lines.
  var lineCount: Int { ends.count }

  /// The measurer the draft is laid out with.
  let measurer: FontMetricsMeasurer

  /// No draft yet, to be laid out with `measurer`: the first draft is laid out whole.
  init(measurer: FontMetricsMeasurer) {
    self.measurer = measurer
  }

  /// Writes the lines from `first` on into `column`, each a JSON string.
  func writeLines(from first: Int, to column: inout JSONWriter) {
    guard first < ends.count else { return }
    bytes.withUnsafeBufferPointer { bytes in
      breaker.recorder.starts.withUnsafeBufferPointer { starts in
        for index in first..<ends.count {
          column.string(utf8: UnsafeBufferPointer(rebasing: bytes[starts[index]..<ends[index]]))
        }
      }
    }
  }

  /// Lays `text` out at `width` points in the font of `fontSize` points, unless it is the draft
  /// laid out (equal as `String`s are: another form of the same text is the same draft) at the
  /// same width and font size and `always` is `false`: carried on from the draft before when
  /// `text` is that draft with more after it, else whole.
  ///
  /// Returns how many lines at the start are equal (as `String`s are) to the lines before, or
  /// `nil` when the draft was not laid out again.
  mutating func layOut(_ text: String, width: Double, fontSize: Double, always: Bool = false)
    -> Int?
  {
    CanonicalBytes.withUTF8(of: text) { new -> Int? in
      let isSameBlock = width.bitPattern == widthBits && fontSize.bitPattern == fontSizeBits
      let count = bytes.count
      // Whether one text's bytes start with all of the other's (see
      // ``CanonicalBytes/areEqual(_:_:)-(UnsafeBufferPointer<UInt8>,_)``).
      let isPrefix = bytes.withUnsafeBufferPointer { CanonicalBytes.startsAlike($0, new) }
      if isSameBlock && !always {
        if isPrefix {
          if count == new.count { return nil }
        } else if bytes.withUnsafeBufferPointer({ CanonicalBytes.areEqual(new, $0) }) {
          return nil
        }
      }
      if isSameBlock && isPrefix && new.count > count && endsOpen,
        let kept = carryOn(text, new, from: count)
      {
        checkpoints.append((new.count, breaker.checkpoint, endsOpen))
        return kept
      }
      if isSameBlock && isPrefix && new.count < count, let kept = goBack(text, new) {
        return kept
      }
      let same = layOutWhole(text, new, width: width, fontSize: fontSize)
      checkpoints.removeAll(keepingCapacity: true)
      checkpoints.append((new.count, breaker.checkpoint, endsOpen))
      return same
    }
  }

  /// Carries the draft on to `text` (UTF-8 `new`), the draft with more after its first `start`
  /// bytes at the same width and font size, the draft's last scalar ending its cluster whatever
  /// follows; how many lines at the start are the same as before, or `nil` when `text` must be
  /// laid out whole.
  private mutating func carryOn(
    _ text: String, _ new: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    // The lines the breaker finished before the added bytes stay.
    let finished = breaker.recorder.starts.count - 1
    if isASCII {
      // When it does not, the breaker took part of the rest: the draft is laid out whole (the
      // line starts before the rest, the ones the lines before are compared from, stay).
      guard measurer.measureASCII(new, from: start, into: &breaker) else { return nil }
    } else {
      guard ScalarClass.isSimple(FontMetricsMeasurer.scalar(in: new, at: start).value) else {
        return nil
      }
      measurer.measureUTF8(new, of: text, from: start, into: &breaker)
    }
    // Byte by byte: a keystroke adds one to four, and appending a buffer costs more.
    for index in start..<new.count { bytes.append(new[index]) }
    endsOpen = FontMetricsMeasurer.endsOpen(new)
    // The line the added bytes went on (none after an empty draft), as it was: the lines from it
    // on are made again.
    let hadLine = finished < ends.count
    let previousEnd = hadLine ? ends[finished] : 0
    if hadLine { ends.removeLast() }
    appendEnds(text, new, from: finished)
    guard hadLine else { return finished }
    // The line before and the line now start at the same byte: one's bytes start with all of
    // the other's, so they are equal only when they end at the same byte (see
    // ``CanonicalBytes/areEqual(_:_:)-(UnsafeBufferPointer<UInt8>,_)``).
    return previousEnd == ends[finished] ? finished + 1 : finished
  }

  /// Goes back to the draft `text` (UTF-8 `new`), the draft's first bytes, when it is one of
  /// those typed on since the last one laid out whole (see ``checkpoints``): its breaker as it
  /// stood after them, the lines before its last the same; how many lines at the start are the
  /// same as before, or `nil` when it was not one of them.
  ///
  /// The breaker's state after a text's bytes depends only on those bytes, and the texts typed
  /// on were fed as the first of them was (byte by byte as ASCII, or scalar by scalar from UTF-8:
  /// a text before a later one holds all of the first's bytes, so it is ASCII only when the
  /// first was), so the breaker stands as a whole layout of `text` would leave it.
  private mutating func goBack(_ text: String, _ new: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !new.isEmpty else { return nil }
    var found = checkpoints.count - 1
    while found >= 0 && checkpoints[found].byteCount > new.count { found -= 1 }
    guard found >= 0, checkpoints[found].byteCount == new.count else { return nil }
    let checkpoint = checkpoints[found]
    checkpoints.removeSubrange((found + 1)...)
    breaker.restore(checkpoint.breaker)
    endsOpen = checkpoint.endsOpen
    bytes.removeSubrange(new.count...)
    // The lines before the last stay as they were; the last ends where the text now does.
    let last = checkpoint.breaker.startCount - 1
    let previousEnd = ends[last]
    ends.removeSubrange(last...)
    appendEnds(text, new, from: last)
    return previousEnd == ends[last] ? last + 1 : last
  }

  /// Lays `text` (UTF-8 `new`) out whole; how many lines at the start are equal to the lines
  /// before.
  private mutating func layOutWhole(
    _ text: String, _ new: UnsafeBufferPointer<UInt8>, width: Double, fontSize: Double
  ) -> Int {
    let maxUnits = width * Double(measurer.metrics.unitsPerEm) / fontSize
    var laid = LineBreaker(maxUnits: maxUnits, recorder: ByteLineStarts())
    let isASCII = measurer.measureASCII(new, into: &laid)
    if !isASCII {
      // Start again, one grapheme cluster at a time.
      laid = LineBreaker(maxUnits: maxUnits, recorder: ByteLineStarts())
      measurer.measureUTF8(new, of: text, into: &laid)
    }
    // The lines before, kept to compare with.
    swap(&bytes, &spare)
    swap(&ends, &spareEnds)
    let previous = breaker
    breaker = laid
    // Before the lines' ends are found: they are trimmed as the bytes were fed.
    self.isASCII = isASCII
    bytes.removeAll(keepingCapacity: true)
    bytes.append(contentsOf: new)
    ends.removeAll(keepingCapacity: true)
    if !new.isEmpty { appendEnds(text, new, from: 0) }
    endsOpen = new.isEmpty || FontMetricsMeasurer.endsOpen(new)
    widthBits = width.bitPattern
    fontSizeBits = fontSize.bitPattern
    let common = min(ends.count, spareEnds.count)
    var same = 0
    bytes.withUnsafeBufferPointer { bytes in
      spare.withUnsafeBufferPointer { spare in
        while same < common {
          let start = breaker.recorder.starts[same]
          let oldStart = previous.recorder.starts[same]
          guard
            CanonicalBytes.areEqual(
              UnsafeBufferPointer(rebasing: bytes[start..<ends[same]]),
              UnsafeBufferPointer(rebasing: spare[oldStart..<spareEnds[same]]))
          else { break }
          same += 1
        }
      }
    }
    return same
  }

  /// Appends the ends of the lines from `first` on, from the breaker's line starts and the
  /// text's end (ending the paragraph only ends the last line at the text's end).
  private mutating func appendEnds(
    _ text: String, _ new: UnsafeBufferPointer<UInt8>, from first: Int
  ) {
    let starts = breaker.recorder.starts
    let count = starts.count
    for index in first..<count {
      let end = index + 1 < count ? starts[index + 1] : new.count
      ends.append(
        FontMetricsMeasurer.lineEnd(
          text, bytes: new, from: starts[index], to: end, isASCII: isASCII))
    }
  }
}
