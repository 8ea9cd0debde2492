extension Event {
  /// A short human-readable form: `keyboard willShow end (0, 516, 393×336)`, `textChange "Hi"`.
  public var summary: String {
    let storage = ByteStorage(capacity: 64)
    _ = SummaryText.append(self, to: storage)
    return String(decoding: storage.buffer, as: UTF8.self)
  }

  /// `text` in double quotes with newlines and quotes escaped, shortened past 24 characters.
  static func quoted(_ text: String, limit: Int = 24) -> String {
    var bytes: [UInt8] = []
    JSONWriter.appendString(shortened(text, limit: limit), to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `text`, or its first `limit - 1` characters and `…` when it has more than `limit`: one walk
  /// over at most `limit + 1` characters, not to the end of a long text.
  static func shortened(_ text: String, limit: Int) -> String {
    // `limit` may be `Int.max` (a text never shortened), which one more would overflow.
    let walk = text.firstCharacters(limit < .max ? limit + 1 : limit, markingAfter: limit - 1)
    guard walk.count > limit else { return text }
    return String(text[..<walk.mark]) + "…"
  }
}

extension String {
  /// The first `limit` characters, walked once (not to the end of a long text).
  ///
  /// Gives how many were walked (all of them when there are fewer), where the walk ended, and
  /// where the first `markCount` of them end (the start when there are fewer).
  func firstCharacters(_ limit: Int, markingAfter markCount: Int)
    -> (count: Int, end: Index, mark: Index)
  {
    var end = startIndex
    var count = 0
    var mark = startIndex
    while count < limit && end < endIndex {
      formIndex(after: &end)
      count += 1
      if count == markCount { mark = end }
    }
    return (count, end, mark)
  }
}

extension Rect {
  /// `(x, y, width×height)`.
  public var summary: String {
    let storage = ByteStorage(capacity: 32)
    SummaryText.append(self, to: storage)
    return String(decoding: storage.buffer, as: UTF8.self)
  }
}

extension EdgeInsets {
  /// `top/left/bottom/right`.
  public var summary: String {
    let storage = ByteStorage(capacity: 32)
    SummaryText.append(self, to: storage)
    return String(decoding: storage.buffer, as: UTF8.self)
  }
}

/// The words of ``Event/summary``, written as bytes: what `summary` returns and what
/// `replay compare` writes in its event column without making a `String`.
enum SummaryText {
  /// Appends `event`'s summary; `true` when each Unicode scalar written is a character of its
  /// own, so that the text's width is its scalar count.
  ///
  /// Only a quoted text can hold scalars that join (an emoji sequence, a combining accent, or
  /// `\r\n`, which is one character): those make it `false`.
  static func append(_ event: Event, to storage: ByteStorage) -> Bool {
    appendKind(event.kind, to: storage)
    switch event {
    case .appear, .disappear, .doneTap, .returnKey, .sendTap:
      return true
    case .gap(let dropped):
      appendSpace(to: storage)
      appendInteger(dropped, to: storage)
      append(dropped == 1 ? " event lost" : " events lost", to: storage)
      return true
    case .observed(let observation):
      appendSpace(to: storage)
      appendInteger(observation.values.count, to: storage)
      append(observation.values.count == 1 ? " value" : " values", to: storage)
      return true
    case .keyboard(let notification):
      appendSpace(to: storage)
      appendString(notification.name.rawValue, to: storage)
      if let end = notification.frameEnd {
        append(" → ", to: storage)
        append(end, to: storage)
      } else {
        append(" (no frameEnd)", to: storage)
      }
      return true
    case .pan(let y, let state):
      appendSpace(to: storage)
      appendString(state.rawValue, to: storage)
      append(" y=", to: storage)
      appendNumber(y, to: storage)
      return true
    case .receive(let text), .textChange(let text):
      appendSpace(to: storage)
      var decisiveCount = 0
      return appendQuoted(text, to: storage, decisiveCount: &decisiveCount)
    case .safeArea(let insets):
      appendSpace(to: storage)
      append(insets, to: storage)
      return true
    case .scroll(let offsetY):
      append(" offsetY=", to: storage)
      appendNumber(offsetY, to: storage)
      return true
    case .viewport(let screen, let safeArea, let windowFrameInScreen):
      appendSpace(to: storage)
      appendNumber(screen.width, to: storage)
      append("×", to: storage)
      appendNumber(screen.height, to: storage)
      append(" safeArea ", to: storage)
      append(safeArea, to: storage)
      if let windowFrameInScreen {
        append(" in screen ", to: storage)
        append(windowFrameInScreen, to: storage)
      }
      return true
    }
  }

  /// `(x, y, width×height)`.
  static func append(_ rect: Rect, to storage: ByteStorage) {
    append("(", to: storage)
    appendNumber(rect.x, to: storage)
    append(", ", to: storage)
    appendNumber(rect.y, to: storage)
    append(", ", to: storage)
    appendNumber(rect.width, to: storage)
    append("×", to: storage)
    appendNumber(rect.height, to: storage)
    append(")", to: storage)
  }

  /// `top/left/bottom/right`.
  static func append(_ insets: EdgeInsets, to storage: ByteStorage) {
    appendNumber(insets.top, to: storage)
    append("/", to: storage)
    appendNumber(insets.left, to: storage)
    append("/", to: storage)
    appendNumber(insets.bottom, to: storage)
    append("/", to: storage)
    appendNumber(insets.right, to: storage)
  }

  /// A number as ``JSONWriter/format(_:)`` writes it.
  @inline(__always)
  static func appendNumber(_ value: Double, to storage: ByteStorage) {
    NumberText.append(value, to: storage)
  }

  /// `value` in decimal, with a `-` when negative.
  static func appendInteger(_ value: Int, to storage: ByteStorage) {
    storage.reserve(21)
    if value < 0 { storage.append(UInt8(ascii: "-")) }
    appendDigits(UInt64(value.magnitude), to: storage)
  }

  /// The decimal digits of `value`; room for them was reserved.
  @inline(__always)
  static func appendDigits(_ value: UInt64, to storage: ByteStorage) {
    var length = 1
    var rest = value
    while rest >= 10 {
      length += 1
      rest /= 10
    }
    rest = value
    var cursor = storage.base + storage.count + length
    repeat {
      cursor -= 1
      cursor.pointee = UInt8(truncatingIfNeeded: rest % 10) &+ 48
      rest /= 10
    } while rest > 0
    storage.count += length
  }

  /// Appends the summary of a `textChange` of `text`, as ``append(_:to:)`` does, and sets
  /// `decisiveCount` as ``appendQuoted(_:to:decisiveCount:)`` does.
  static func appendKeystroke(
    _ text: String, to storage: ByteStorage, decisiveCount: inout Int
  ) -> Bool {
    append("textChange ", to: storage)
    return appendQuoted(text, to: storage, decisiveCount: &decisiveCount)
  }

  /// The quoted text of ``Event/quoted(_:limit:)``; `false` when its scalars may join or one of
  /// them is drawn two columns wide (a pictograph).
  ///
  /// When the text is shortened, sets `decisiveCount` to the number of its first bytes that alone
  /// make the quoted text (a text that starts with the same bytes is quoted the same): those of
  /// its first 25 scalars when each is a character of its own, else those of its first 26
  /// characters (0 when it has fewer).
  private static func appendQuoted(
    _ text: String, to storage: ByteStorage, decisiveCount: inout Int
  ) -> Bool {
    decisiveCount = 0
    var text = text
    // Whether the text was written here, and then whether each scalar written is simple.
    let written = text.withUTF8 { utf8 -> (isWritten: Bool, isSimple: Bool) in
      // Scalars that are a character of their own whatever their neighbours
      // (`ScalarClass.isAlone`: printable ASCII, tabs, Latin, CJK…, and lone pictographs): when
      // the first 25 scalars are such, or all of them if there are fewer, the first 23
      // characters are the first 23 scalars, and there are more than 24 characters exactly when
      // there are more than 24 scalars. A pictograph is such a character but is not simple (it is
      // drawn two columns wide): the text is then written here, and `false` returned.
      let limit = 24
      guard let base = utf8.baseAddress else { return (false, false) }
      var isSimple = true
      var index = 0
      var scalars = 0
      var cut = 0
      // ASCII but a carriage return (the only ASCII that joins: `\r\n`) is simple, one scalar a
      // byte: the first 25 bytes (or all of them) read that way are counted without decoding.
      index = asciiWithoutReturnCount(base, count: min(utf8.count, limit + 1))
      // The bytes read so far are as many simple scalars: the decoding goes on from the first
      // that is not ASCII (or is a carriage return), if any.
      scalars = index
      if index >= limit - 1 { cut = limit - 1 }
      while index < utf8.count && scalars <= limit {
        let (value, length) = FontMetricsMeasurer.scalar(in: utf8, at: index)
        if !ScalarClass.isSimple(value) {
          guard ScalarClass.isAlone(value) else { return (false, false) }
          isSimple = false
        }
        scalars += 1
        index += length
        if scalars == limit - 1 { cut = index }
      }
      let isShortened = scalars > limit
      // The loops above stopped at the end of the 25th scalar.
      if isShortened { decisiveCount = index }
      let kept = isShortened ? UnsafeBufferPointer(rebasing: utf8[..<cut]) : utf8
      // Each kept byte is written as at most six (a control character as `\u00XX`).
      storage.reserve(6 * kept.count + 5)
      storage.append(UInt8(ascii: "\""))
      StringText.appendEscaped(kept, to: storage)
      if isShortened { append("…", to: storage) }
      storage.append(UInt8(ascii: "\""))
      return (true, isSimple)
    }
    if written.isWritten { return written.isSimple }
    // As ``Event/quoted(_:limit:)``, escaped as the plain texts are, in one walk over the first
    // 26 characters. Where a character ends depends on the scalars before its end and the one
    // after it alone, so that a text that starts with the bytes of another's first 26 characters
    // has the same first 25, and so the same quoted text: those bytes are `decisiveCount`.
    let limit = 24
    let walk = text.firstCharacters(limit + 2, markingAfter: limit - 1)
    if walk.count == limit + 2 {
      decisiveCount = text.utf8.distance(from: text.startIndex, to: walk.end)
    }
    var shortened = walk.count > limit ? String(text[..<walk.mark]) + "…" : text
    shortened.withUTF8 { utf8 in
      storage.reserve(6 * utf8.count + 2)
      storage.append(UInt8(ascii: "\""))
      StringText.appendEscaped(utf8, to: storage)
      storage.append(UInt8(ascii: "\""))
    }
    return false
  }

  @inline(__always)
  private static func appendKind(_ kind: Event.Kind, to storage: ByteStorage) {
    appendString(kind.rawValue, to: storage)
  }

  @inline(__always)
  private static func appendSpace(to storage: ByteStorage) {
    storage.reserve(1)
    storage.append(0x20)
  }

  @inline(__always)
  private static func append(_ text: StaticString, to storage: ByteStorage) {
    storage.reserve(text.utf8CodeUnitCount)
    storage.append(text.utf8Start, count: text.utf8CodeUnitCount)
  }

  @inline(__always)
  private static func appendString(_ text: String, to storage: ByteStorage) {
    var text = text
    text.withUTF8 { utf8 in
      storage.reserve(utf8.count)
      storage.append(utf8.baseAddress, count: utf8.count)
    }
  }
}

extension SummaryText {
  /// Appends the summary of a keystroke whose text's UTF-8 is `utf8` when the bytes that make
  /// the summary (its first 25) are printable ASCII that needs no escape, and returns whether
  /// the text was shortened; `nil`, with nothing written, otherwise.
  ///
  /// Such a summary is `textChange "…"` around the text's bytes as they are, its first 23 and
  /// `…` when it has more than 24 (each of those bytes is a scalar and a character of its own):
  /// the bytes of ``appendKeystroke(_:to:decisiveCount:)``, without its general walk. It is at
  /// most 37 characters: 11 for `textChange `, two quotes, and at most 24 of the text.
  static func appendPlainKeystroke(_ utf8: UnsafeBufferPointer<UInt8>, to storage: ByteStorage)
    -> Bool?
  {
    let count = utf8.count
    let decisive = min(count, plainKeystrokeDecisiveCount)
    if decisive > 0 {
      guard let base = utf8.baseAddress, isPlainASCII(base, count: decisive) else { return nil }
    }
    let prefix: StaticString = "textChange \""
    let ellipsis: StaticString = "…"
    storage.reserve(prefix.utf8CodeUnitCount + plainKeystrokeDecisiveCount + 4)
    storage.append(prefix.utf8Start, count: prefix.utf8CodeUnitCount)
    if count > plainKeystrokeDecisiveCount - 1 {
      storage.append(utf8.baseAddress, count: plainKeystrokeDecisiveCount - 2)
      storage.append(ellipsis.utf8Start, count: ellipsis.utf8CodeUnitCount)
    } else if count > 0 {
      storage.append(utf8.baseAddress, count: count)
    }
    storage.append(UInt8(ascii: "\""))
    return count > plainKeystrokeDecisiveCount - 1
  }

  /// Whether the summary of a keystroke of `text` follows from its scalars alone: its first 25
  /// scalars (or all, when fewer) are each a character of its own whatever their neighbours
  /// (``ScalarClass/isAlone(_:)``: printable ASCII and its tabs and line feeds, Latin, Greek,
  /// Cyrillic, CJK, kana, lone pictographs…).
  ///
  /// Such a text's first 24 scalars are its first 24 characters, and it has more than 24
  /// characters exactly when it has more than 24 scalars: its summary is `textChange `, then
  /// the text (or its first 23 scalars and `…` when it has more than 24) quoted as
  /// ``JSONWriter/appendString(_:to:)`` quotes it. A page's script makes it so.
  static func summarizesByScalars(_ text: String) -> Bool {
    let alone = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
      guard let base = utf8.baseAddress else { return true }
      // Most texts' first 25 bytes are ASCII but a carriage return: as many scalars, each alone.
      let decisive = min(utf8.count, plainKeystrokeDecisiveCount)
      var index = asciiWithoutReturnCount(base, count: decisive)
      if index == decisive { return true }
      var scalars = index
      while index < utf8.count && scalars < plainKeystrokeDecisiveCount {
        let (value, length) = FontMetricsMeasurer.scalar(in: utf8, at: index)
        guard ScalarClass.isAlone(value) else { return false }
        index += length
        scalars += 1
      }
      return true
    }
    return alone ?? false
  }

  /// How many of the first `count` bytes at `base` are ASCII but a carriage return (the one
  /// ASCII scalar that joins the next: `\r\n`) before the first that is not: eight at a time
  /// while none is.
  @inline(__always)
  static func asciiWithoutReturnCount(_ base: UnsafePointer<UInt8>, count: Int) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    var index = 0
    while index + 8 <= count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      // A byte of `returns` is zero where `word` holds a carriage return; the borrow trick marks
      // the first such byte's high bit, and a byte past ASCII marks its own.
      let returns = word ^ (ones &* 0x0D)
      guard (word | ((returns &- ones) & ~returns)) & (ones &* 0x80) == 0 else { break }
      index += 8
    }
    while index < count && base[index] < 0x80 && base[index] != 0x0D { index += 1 }
    return index
  }

  /// How many of a keystroke's first bytes make its summary when they are ASCII: a text of more
  /// than 24 scalars is quoted as its first 23 and `…`.
  static let plainKeystrokeDecisiveCount = 25

  /// Whether the `count` bytes at `base` are all printable ASCII (0x20 to 0x7E) but a quote or
  /// a backslash: bytes that neither a string's escaping nor a summary's quoting changes (a
  /// page's quoting of `<`, `>` and `&` in ``PageBytes`` comes after, the same on either path).
  @inline(__always)
  static func isPlainASCII(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs = ones &* 0x80
    // Whether a byte of `word` is zero, in its high bit (exact for the word as a whole).
    func zero(_ word: UInt64) -> UInt64 { (word &- ones) & ~word }
    var index = 0
    while index + 8 <= count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      let flags =
        zero(word ^ (ones &* 0x22)) | zero(word ^ (ones &* 0x5C)) | zero(word ^ (ones &* 0x7F))
        | ((word &- (ones &* 0x20)) & ~word) | word
      if flags & highs != 0 { return false }
      index += 8
    }
    while index < count {
      let byte = base[index]
      if byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
      index += 1
    }
    return true
  }
}
