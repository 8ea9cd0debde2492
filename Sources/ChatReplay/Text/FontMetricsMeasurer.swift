/// Measures text with a font's advance widths, wrapping the way TextKit wraps with
/// `NSLineBreakByWordWrapping` and `.usesLineFragmentOrigin`.
///
/// Rules:
/// - Lines break after a run of breaking spaces (U+0020, tab, U+1680, U+2000–U+200A except
///   U+2007, U+205F, U+3000) and at U+200B. Spaces at the end of a line hang: they never cause
///   a wrap and do not count in the line's width. Spaces at the start of a paragraph count.
/// - A word wider than the line moves to a new line and is then broken between grapheme
///   clusters; a single cluster wider than the line sits alone on its line and overflows.
/// - CJK ideographs, kana, hangul and emoji are each a word of their own: lines may break before
///   and after each. Kinsoku (no break before closing CJK punctuation) is not modelled.
/// - `\n`, `\r\n`, `\r`, U+2028 and U+2029 end a paragraph; a trailing one adds an empty line.
/// - Widths are sums of advances (no kerning). Scalars the font lacks: CJK and full-width forms
///   are 1 em; an emoji cluster (one with an emoji-presentation scalar or U+FE0F after an emoji
///   scalar, so ZWJ sequences, flags and keycaps too) is ``emojiWidthInEms`` em; combining marks
///   and default-ignorable scalars are 0; control characters are 0, a tab is as wide as a space;
///   anything else is as wide as the font's `?` (or `.notdef` when it lacks `?`), about what
///   a fallback font's average glyph takes.
/// - A non-positive width puts each cluster on its own line; an infinite width never wraps.
public struct FontMetricsMeasurer: TextMeasuring {
  /// The advance of an emoji cluster in ems.
  ///
  /// Apple Color Emoji's `hmtx` advance is 800 units on an 800-unit em (1 em; see
  /// harfbuzz/harfbuzz#1420), but its bitmaps do not scale in proportion to the font size and
  /// CoreText lays emoji out wider at text sizes. 1.25 em is the commonly quoted width at
  /// 14–18 pt; it is an estimate that has not been checked against a device here.
  public static let emojiWidthInEms = 1.25

  /// The font metrics used for widths and line height.
  public let metrics: FontMetrics

  /// Widths of the ASCII scalars in design units, with the fallback rules already applied.
  private let asciiUnits: [Double]

  /// The width of a scalar the font lacks and no other rule covers, in design units.
  private let fallbackUnits: Double

  /// One em in design units.
  private let emUnits: Double

  /// The text measured last on each thread, shared by the measurer's copies: a cache that
  /// changes no result.
  private let memory = MeasuredTexts()

  /// Creates a measurer for `metrics`.
  public init(metrics: FontMetrics = .systemFontSubstitute) {
    self.metrics = metrics
    let questionMark = metrics.advance(of: "?") ?? metrics.notdefAdvance
    let fallback = Double(questionMark)
    let space = Double(metrics.advance(of: " ") ?? questionMark)
    asciiUnits = (0..<128).map { value -> Double in
      switch value {
      case 0x09: return space
      case 0x00..<0x20, 0x7F: return 0
      default:
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return fallback }
        return metrics.advance(of: scalar).map(Double.init) ?? fallback
      }
    }
    fallbackUnits = fallback
    emUnits = Double(metrics.unitsPerEm)
  }

  /// The height of one line: `(ascender − descender + lineGap) × fontSize / unitsPerEm`.
  public func lineHeight(fontSize: Double) -> Double {
    Double(metrics.ascender - metrics.descender + metrics.lineGap) * fontSize
      / Double(metrics.unitsPerEm)
  }

  /// The widest line's width and the height of all lines of `text` wrapped at `width` points.
  public func boundingSize(of text: String, width: Double, fontSize: Double) -> Size {
    if text.isEmpty { return .zero }
    let maxUnits = width * Double(metrics.unitsPerEm) / fontSize
    let measured = text.utf8.withContiguousStorageIfAvailable { bytes in
      measure(text, bytes: bytes, maxUnits: maxUnits, width: width, fontSize: fontSize)
    }
    if let measured { return measured }
    return _boundingSizeByClusters(of: text, width: width, fontSize: fontSize)
  }

  /// ``boundingSize(of:width:fontSize:)`` found one grapheme cluster at a time through `String`,
  /// never from the UTF-8 bytes and never continued from an earlier text: for tests that hold
  /// the two ways to the same sizes.
  public func _boundingSizeByClusters(of text: String, width: Double, fontSize: Double) -> Size {
    if text.isEmpty { return .zero }
    let maxUnits = width * Double(metrics.unitsPerEm) / fontSize
    var breaker = LineBreaker(maxUnits: maxUnits, recorder: NoLineRecorder())
    measureClusters(text, into: &breaker)
    return size(after: breaker, fontSize: fontSize)
  }

  /// ``boundingSize(of:width:fontSize:)`` for `text`, whose UTF-8 is `bytes`: continued from the
  /// calling thread's last text when `text` is that text or carries on from it (see
  /// ``MeasuredTexts``), else measured whole (byte by byte while it is ASCII) and remembered.
  private func measure(
    _ text: String, bytes: UnsafeBufferPointer<UInt8>, maxUnits: Double, width: Double,
    fontSize: Double
  ) -> Size {
    let widthBits = width.bitPattern
    let fontSizeBits = fontSize.bitPattern
    let last = memory.last()
    if let last, last.pointee.widthBits == widthBits, last.pointee.fontSizeBits == fontSizeBits,
      let base = bytes.baseAddress, last.pointee.isStart(of: base, count: bytes.count)
    {
      let start = last.pointee.byteCount
      if start == bytes.count { return last.pointee.size }
      if let size = measure(
        text, bytes: bytes, from: start, continuing: &last.pointee, fontSize: fontSize)
      {
        return size
      }
    }
    let recent = last.flatMap { last in
      bytes.baseAddress.map { memory.recent(for: last, $0, count: bytes.count) }
    }
    if let recent, recent.pointee.byteCount == bytes.count,
      recent.pointee.widthBits == widthBits, recent.pointee.fontSizeBits == fontSizeBits,
      let base = bytes.baseAddress,
      recent.pointee.text.utf8.withContiguousStorageIfAvailable({ kept in
        kept.baseAddress.map { bytesEqual($0, base, count: kept.count) } ?? false
      }) == true
    {
      return recent.pointee.size
    }
    let measured: Size
    if let widest = oneLineASCII(bytes, maxUnits: maxUnits) {
      // Not kept as the thread's last text: a text typed on from it is measured whole (once,
      // when it no longer fits a line) and continued from then on.
      measured = size(widestUnits: widest, lineCount: 1, fontSize: fontSize)
    } else {
      var breaker = LineBreaker(maxUnits: maxUnits, recorder: NoLineRecorder())
      let isASCII = measureASCII(bytes, into: &breaker)
      if !isASCII {
        // Start again, one grapheme cluster at a time.
        breaker = LineBreaker(maxUnits: maxUnits, recorder: NoLineRecorder())
        measureUTF8(bytes, of: text, into: &breaker)
      }
      measured = size(after: breaker, fontSize: fontSize)
      last?.pointee = MeasuredTexts.Entry(
        widthBits: widthBits, fontSizeBits: fontSizeBits, text: text, byteCount: bytes.count,
        size: measured, breaker: breaker, isASCII: isASCII, endsOpen: Self.endsOpen(bytes))
    }
    recent?.pointee = MeasuredTexts.Recent(
      widthBits: widthBits, fontSizeBits: fontSizeBits, text: text, byteCount: bytes.count,
      size: measured)
    return measured
  }

  /// The width in design units of ASCII `bytes` that fit on one line, as the line breaker finds
  /// it.
  ///
  /// The bytes hold no line feed or carriage return and their advances add up to at most
  /// `maxUnits`: one line, as wide as its advances but the spaces after its last word (which
  /// hang) when it has a word, else all of them. `nil` for any other text, found at its first
  /// byte that is not ASCII or ends a paragraph, or once the sum passes `maxUnits` (so never
  /// more than a line's bytes are read past what fits).
  ///
  /// The advances are whole design units, so every sum of them is exact, in any order: no
  /// partial sum the breaker compares with `maxUnits` exceeds the whole, so it breaks nowhere,
  /// and the line's width is the same number it adds up.
  @inline(__always)
  private func oneLineASCII(_ bytes: UnsafeBufferPointer<UInt8>, maxUnits: Double) -> Double? {
    asciiUnits.withUnsafeBufferPointer { units -> Double? in
      var total = 0.0
      // The sum up to the end of the last word (spaces before it included), and whether there
      // is a word at all.
      var throughWord = 0.0
      var hasWord = false
      for byte in bytes {
        switch byte {
        case 0x0A, 0x0D, 0x80...:
          return nil
        case 0x20, 0x09:
          total += units[Int(byte)]
        default:
          total += units[Int(byte)]
          throughWord = total
          hasWord = true
        }
        guard total <= maxUnits else { return nil }
      }
      return max(0, hasWord ? throughWord : total)
    }
  }

  /// Measures the bytes of `text` from `start` on, continuing `entry`, whose text is the bytes
  /// before `start`; the size, with `entry` now `text`'s, or `nil` (and `entry` spent) when the
  /// rest cannot be measured that way.
  private func measure(
    _ text: String, bytes: UnsafeBufferPointer<UInt8>, from start: Int,
    continuing entry: inout MeasuredTexts.Entry, fontSize: Double
  ) -> Size? {
    if entry.isASCII {
      guard measureASCII(UnsafeBufferPointer(rebasing: bytes[start...]), into: &entry.breaker)
      else {
        // The breaker has taken part of the rest: the entry no longer holds its text.
        entry.byteCount = -1
        return nil
      }
    } else {
      guard ScalarClass.isSimple(Self.scalar(in: bytes, at: start).value) else { return nil }
      measureUTF8(bytes, of: text, from: start, into: &entry.breaker)
    }
    entry.text = text
    entry.byteCount = bytes.count
    entry.endsOpen = Self.endsOpen(bytes)
    entry.size = size(after: entry.breaker, fontSize: fontSize)
    return entry.size
  }

  /// The bounding size of the lines `breaker` holds once its last paragraph ends.
  private func size(after breaker: LineBreaker<NoLineRecorder>, fontSize: Double) -> Size {
    var breaker = breaker
    breaker.endParagraph()
    return size(widestUnits: breaker.widestLine, lineCount: breaker.lineCount, fontSize: fontSize)
  }

  /// The bounding size of `lineCount` lines the widest of which is `widestUnits` wide.
  private func size(widestUnits: Double, lineCount: Int, fontSize: Double) -> Size {
    Size(
      width: widestUnits * fontSize / Double(metrics.unitsPerEm),
      height: Double(lineCount) * lineHeight(fontSize: fontSize))
  }

  /// Whether the last scalar of `bytes` (valid UTF-8, not empty) ends its grapheme cluster
  /// whatever follows it: a simple scalar (see `ScalarClass.isSimple(_:)`), which a carriage
  /// return is not.
  static func endsOpen(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = bytes.count - 1
    while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
    return ScalarClass.isSimple(scalar(in: bytes, at: start).value)
  }

  /// The lines of `text` wrapped at `width` points, as ``boundingSize(of:width:fontSize:)``
  /// breaks them: one entry per line, without the paragraph separators and the hanging spaces.
  public func lines(of text: String, width: Double, fontSize: Double) -> [String] {
    if text.isEmpty { return [] }
    // From the bytes, as the size is measured: going through `String`'s indices costs about
    // ten times as much (a page lays out the input bar's text at every keystroke).
    if let laid = layOut(text, width: width, fontSize: fontSize, continuing: nil) {
      return laid.lines
    }
    return clusterLines(of: text, width: width, fontSize: fontSize)
  }

  /// ``lines(of:width:fontSize:)`` from `text`'s grapheme clusters, through `String`'s indices.
  func clusterLines(of text: String, width: Double, fontSize: Double) -> [String] {
    if text.isEmpty { return [] }
    var breaker = LineBreaker(
      maxUnits: width * Double(metrics.unitsPerEm) / fontSize,
      recorder: LineStarts(start: text.startIndex))
    measureClusters(text, into: &breaker)
    breaker.recorder.move(to: text.endIndex, next: text.endIndex)
    breaker.endParagraph()
    let starts = breaker.recorder.starts
    return zip(starts, starts.dropFirst()).map { start, end in
      var line = text[start..<end]
      while let last = line.last, last.isNewline || Self.isHangingSpace(last) {
        line.removeLast()
      }
      return String(line)
    }
  }

  /// Whether `character` is a breaking space, which hangs at the end of a line.
  static func isHangingSpace(_ character: Character) -> Bool {
    guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else {
      return false
    }
    switch scalar.value {
    case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x200B, 0x205F, 0x3000: return true
    default: return false
    }
  }

  /// Feeds ASCII `bytes` from `start` on to `breaker` one byte (one grapheme cluster, CR LF
  /// aside) at a time; returns `false` as soon as a non-ASCII byte shows up.
  func measureASCII<R: ByteLineRecording>(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0,
    into breaker: inout LineBreaker<R>
  ) -> Bool {
    asciiUnits.withUnsafeBufferPointer { units in
      var index = start
      let count = bytes.count
      while index < count {
        let byte = bytes[index]
        let position = index
        index += 1
        switch byte {
        case 0x20, 0x09:
          breaker.recorder.move(toByte: position, next: index)
          breaker.addSpace(units[Int(byte)])
        case 0x0A:
          breaker.recorder.move(toByte: position, next: index)
          breaker.endParagraph()
        case 0x0D:
          if index < count, bytes[index] == 0x0A { index += 1 }
          breaker.recorder.move(toByte: position, next: index)
          breaker.endParagraph()
        case 0x80...:
          return false
        default:
          breaker.recorder.move(toByte: position, next: index)
          breaker.addWordCluster(units[Int(byte)])
        }
      }
      return true
    }
  }

  /// Feeds `text` to `breaker` one grapheme cluster at a time.
  ///
  /// Two adjacent "simple" scalars (see `ScalarClass.isSimple(_:)`) always have a grapheme cluster boundary
  /// between them, so a simple scalar followed by another (or by the end) is measured on its
  /// own without the standard library's grapheme breaking; elsewhere `String` finds the
  /// clusters.
  private func measureClusters<R: IndexedLineRecording>(
    _ text: String, into breaker: inout LineBreaker<R>
  ) {
    let scalars = text.unicodeScalars
    let end = scalars.endIndex
    var index = scalars.startIndex
    while index < end {
      let scalar = scalars[index]
      let next = scalars.index(after: index)
      if ScalarClass.isSimple(scalar.value),
        next == end || ScalarClass.isSimple(scalars[next].value)
      {
        breaker.recorder.move(to: index, next: next)
        measure(simple: scalar, into: &breaker)
        index = next
        continue
      }
      // `index` is a cluster boundary: the start, or just after a scalar measured on its own.
      repeat {
        let clusterEnd = text.index(after: index)
        breaker.recorder.move(to: index, next: clusterEnd)
        measure(text[index], into: &breaker)
        index = clusterEnd
      } while index < end && !Self.startsSimpleRun(scalars, at: index)
    }
  }

  /// ``measureClusters(_:into:)`` for `text`, whose UTF-8 is `bytes`, reading the scalars from
  /// the bytes: the same clusters, measured in the same order.
  ///
  /// A run of simple scalars and lone pictographs (see `ScalarClass.isAlone(_:)`), most of a text
  /// even when it is not ASCII, is decoded from the bytes rather than through `String`'s scalar
  /// view, whose every step checks its index, and whose grapheme breaking costs about a thousand
  /// instructions per emoji; elsewhere
  /// `String` finds the clusters, as in ``measureClusters(_:into:)``. From `start` (a cluster
  /// boundary) on, when `breaker` already holds the bytes before it.
  ///
  /// Never inlined: called from two places, it grew its caller past the point where the
  /// per-scalar helpers inside it are inlined (`replay check` on 100,000 generated events took
  /// 5 M instructions more).
  @inline(never)
  func measureUTF8<R: ByteLineRecording>(
    _ bytes: UnsafeBufferPointer<UInt8>, of text: String, from start: Int = 0,
    into breaker: inout LineBreaker<R>
  ) {
    let count = bytes.count
    var offset = start
    var current = Self.scalar(in: bytes, at: start)
    while offset < count {
      let next = offset + current.length
      let following = next < count ? Self.scalar(in: bytes, at: next) : (value: 0, length: 0)
      // An ASCII scalar but a carriage return (which joins a line feed) before a scalar that
      // joins nothing, as ``measure(simple:into:)`` measures it, without its range tests: most
      // of a text that is not all ASCII is ASCII.
      if current.value < 0x80, current.value != 0x0D,
        next == count || following.value < 0x80 && following.value != 0x0D
          || ScalarClass.isAlone(following.value)
      {
        breaker.recorder.move(toByte: offset, next: next)
        let byte = Int(current.value)
        switch byte {
        case 0x0A: breaker.endParagraph()
        case 0x20, 0x09: breaker.addSpace(asciiUnits[byte])
        default: breaker.addWordCluster(asciiUnits[byte])
        }
        offset = next
        current = following
        continue
      }
      if ScalarClass.isAlone(current.value),
        next == count || ScalarClass.isAlone(following.value),
        let scalar = Unicode.Scalar(current.value)
      {
        breaker.recorder.move(toByte: offset, next: next)
        if ScalarClass.isSimple(current.value) {
          measure(simple: scalar, into: &breaker)
        } else {
          // A pictograph between boundaries is a cluster of its own.
          measure(Character(scalar), into: &breaker)
        }
        offset = next
        current = following
        continue
      }
      // `offset` is a cluster boundary: the start, or just after a scalar measured on its own.
      let scalars = text.unicodeScalars
      var index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
      repeat {
        let clusterEnd = text.index(after: index)
        if R.recordsPlaces {
          let utf8 = text.utf8
          breaker.recorder.move(
            toByte: utf8.distance(from: utf8.startIndex, to: index),
            next: utf8.distance(from: utf8.startIndex, to: clusterEnd))
        }
        measure(text[index], into: &breaker)
        index = clusterEnd
      } while index < scalars.endIndex && !Self.startsSimpleRun(scalars, at: index)
      offset = text.utf8.distance(from: text.utf8.startIndex, to: index)
      if offset < count { current = Self.scalar(in: bytes, at: offset) }
    }
  }

  /// The scalar whose UTF-8 starts at `offset` in `bytes` (valid UTF-8), and its length in bytes.
  @inline(__always)
  static func scalar(
    in bytes: UnsafeBufferPointer<UInt8>, at offset: Int
  ) -> (value: UInt32, length: Int) {
    let lead = UInt32(bytes[offset])
    if lead < 0x80 { return (lead, 1) }
    let second = UInt32(bytes[offset + 1]) & 0x3F
    if lead < 0xE0 { return ((lead & 0x1F) << 6 | second, 2) }
    let third = UInt32(bytes[offset + 2]) & 0x3F
    if lead < 0xF0 { return ((lead & 0x0F) << 12 | second << 6 | third, 3) }
    let fourth = UInt32(bytes[offset + 3]) & 0x3F
    return ((lead & 0x07) << 18 | second << 12 | third << 6 | fourth, 4)
  }

  /// Whether the scalar at `index` and the one after it (if any) are both simple.
  private static func startsSimpleRun(
    _ scalars: String.UnicodeScalarView,
    at index: String.Index
  ) -> Bool {
    guard ScalarClass.isSimple(scalars[index].value) else { return false }
    let next = scalars.index(after: index)
    return next == scalars.endIndex || ScalarClass.isSimple(scalars[next].value)
  }

  /// Feeds one simple scalar, a grapheme cluster of its own, to `breaker`.
  @inline(__always)
  private func measure<R: LineRecording>(
    simple scalar: Unicode.Scalar, into breaker: inout LineBreaker<R>
  ) {
    switch scalar.value {
    case 0x0A:
      breaker.endParagraph()
    case 0x20, 0x09:
      breaker.addSpace(asciiUnits[Int(scalar.value)])
    default:
      if ScalarClass.isBreakingCJK(scalar.value) {
        breaker.addBreakingCluster(emUnits)
      } else {
        breaker.addWordCluster(scalarUnits(scalar))
      }
    }
  }

  /// Feeds one grapheme cluster to `breaker`.
  @inline(__always)
  private func measure<R: LineRecording>(
    _ character: Character, into breaker: inout LineBreaker<R>
  ) {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return }
    let isSingleScalar = scalars.index(after: scalars.startIndex) == scalars.endIndex
    switch first.value {
    case 0x0A, 0x0D, 0x2028, 0x2029:
      breaker.endParagraph()
      return
    case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000:
      if isSingleScalar {
        breaker.addSpace(scalarUnits(first))
        return
      }
    case 0x200B:
      if isSingleScalar {
        breaker.addSpace(0)
        return
      }
    default:
      break
    }
    if ScalarClass.isBreakingCJK(first.value) {
      breaker.addBreakingCluster(emUnits)
    } else if ScalarClass.isEmoji(scalars) {
      breaker.addBreakingCluster(emUnits * Self.emojiWidthInEms)
    } else {
      var units = 0.0
      for scalar in scalars {
        units += scalarUnits(scalar)
      }
      breaker.addWordCluster(units)
    }
  }

  /// The width of one scalar in design units, following the fallback rules.
  ///
  /// Always inlined: left to itself the compiler calls it from the byte loop of `measureUTF8`
  /// for every scalar, at about 55 instructions a call.
  @inline(__always)
  private func scalarUnits(_ scalar: Unicode.Scalar) -> Double {
    let value = scalar.value
    if value < 0x80 { return asciiUnits[Int(value)] }
    if ScalarClass.mayBeDefaultIgnorable(value), scalar.properties.isDefaultIgnorableCodePoint {
      return 0
    }
    if let advance = metrics.advance(of: scalar) { return Double(advance) }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .spacingMark, .control: return 0
    default: break
    }
    if ScalarClass.isBreakingCJK(value) || ScalarClass.isOtherWide(value) { return emUnits }
    return fallbackUnits
  }
}
