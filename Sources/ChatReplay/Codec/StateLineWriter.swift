/// Writes `replay FILE --json`'s lines: each state as
/// ``ChatState/write(to:includeMessages:includeOptions:)`` writes it into a ``JSONWriter``, byte
/// for byte, followed by a line break.
///
/// A line's members come in a fixed order and the bytes of each depend on nothing but the values
/// it shows, while consecutive states share most of their values (a keystroke changes the step,
/// the time and the text). So the writer keeps the previous line and the values it showed, and
/// copies each run of members whose values did not change from that line in one piece; only the
/// members that changed are written anew. A diagnostic equal to the one at the same place in the
/// previous line is copied likewise.
///
/// ```swift
/// var lines = StateLineWriter()
/// lines.write(state, includeOptions: state.step == 0)
/// if lines.count >= 1 << 16 { lines.take { bytes in … } }
/// ```
public struct StateLineWriter: Sendable {
  private var storage = ByteStorage(capacity: 1 << 17)
  /// Where the lines not yet taken begin; the previous line may lie before, kept to copy from.
  private var takenCount = 0
  /// Where the previous line begins in the storage; -1 when there is none to copy from.
  private var previousStart = -1
  /// Where each member of the previous line begins, from the line's start, and where it ends.
  private var previousOffsets = InlineArray<17, Int>(repeating: 0)
  /// What the previous line showed.
  private var previous = Shown()
  /// The previous line's text, as UTF-8.
  private var previousText = ByteStorage(capacity: 64)
  /// Where each diagnostic of the previous line begins and ends, from the start of its
  /// `diagnostics` member.
  private var previousDiagnostics: [Range<Int>] = []
  private var diagnosticRanges: [Range<Int>] = []

  public init() {}

  /// The number of bytes written and not yet taken.
  public var count: Int { storage.count - takenCount }

  /// Calls `body` with the lines written since the last call, then drops them but for the last
  /// line, which the next line copies from.
  public mutating func take<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    let storage = storage
    let result = try body(
      UnsafeBufferPointer(start: storage.base + takenCount, count: storage.count - takenCount))
    if previousStart >= 0 {
      let length = storage.count - previousStart
      // The line moves to the front, perhaps onto itself: a move that allows overlap.
      UnsafeMutableRawPointer(storage.base).copyMemory(
        from: storage.base + previousStart, byteCount: length)
      previousStart = 0
      storage.count = length
    } else {
      storage.count = 0
    }
    takenCount = storage.count
    return result
  }

  /// Writes `state`'s line and returns ``count``.
  ///
  /// With `includeOptions`, the layout's changed options follow its name, as `--json` writes
  /// them at step 0.
  @discardableResult
  public mutating func write(_ state: ChatState, includeOptions: Bool = false) -> Int {
    var batch = StateLineBatch()
    batch.append(state, includeOptions: includeOptions)
    let bytes = UnsafeBufferPointer(start: batch.bytes.base, count: batch.bytes.count)
    return batch.diagnostics.withUnsafeBufferPointer { diagnostics in
      write(
        batch.lines[0], layoutName: batch.layouts[0].rawValue, bytes: bytes,
        diagnostics: diagnostics, sameDiagnostics: false)
    }
  }

  /// Writes the lines of `batch`'s states, calling `body` with what was written (as ``take(_:)``
  /// does) each time 64 KiB or more wait.
  public mutating func write(
    _ batch: StateLineBatch, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let bytes = UnsafeBufferPointer(start: batch.bytes.base, count: batch.bytes.count)
    var layoutIndex = -1
    var layoutName = ""
    // The first line of a batch compares its diagnostics with the previous line's; the next
    // ones know theirs are unchanged when they share the previous line's range in the batch.
    var previousRange = -1..<(-1)
    batch.diagnostics.withUnsafeBufferPointer { diagnostics in
      batch.lines.withUnsafeBufferPointer { lines in
        for index in lines.indices {
          let values = lines[index]
          if values.layoutIndex != layoutIndex {
            layoutIndex = values.layoutIndex
            layoutName = batch.layouts[layoutIndex].rawValue
          }
          let range = values.diagnosticsStart..<values.diagnosticsEnd
          let count = write(
            values, layoutName: layoutName, bytes: bytes, diagnostics: diagnostics,
            sameDiagnostics: range == previousRange)
          previousRange = range
          if count >= 1 << 16 { take(body) }
        }
      }
    }
  }

  /// Writes one line; returns ``count``.
  @inline(__always)
  private mutating func write(
    _ state: StateLineValues, layoutName: String, bytes: UnsafeBufferPointer<UInt8>,
    diagnostics allDiagnostics: UnsafeBufferPointer<Diagnostic>, sameDiagnostics: Bool
  ) -> Int {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    if !isKnownUniquelyReferenced(&previousText) { previousText = previousText.copy() }
    let storage = storage
    let includeOptions = state.optionsEnd > state.optionsStart
    // Nothing is copied from a line with options, nor into one: their bytes are the options'.
    let copies = previousStart >= 0 && !includeOptions && !previous.hasOptions
    previous.hasOptions = includeOptions
    // The offsets move into the copier, which overwrites each with this line's once it has read
    // it, and back.
    var line = MemberCopier(
      storage: storage, previousStart: copies ? previousStart : -1, offsets: previousOffsets)

    line.begin(0)
    Self.fragment("{\"step\":", to: storage)
    Self.integer(state.step, to: storage)

    let t = state.t
    line.member(1, unchanged: t == previous.t) {
      Self.fragment(",\"t\":", to: storage)
      Self.number(t, to: storage)
    }
    previous.t = t
    // Compared by name: a built-in layout's is a literal, whose bytes are compared only when
    // the two strings are not the same.
    line.member(2, unchanged: layoutName == previous.layoutName) {
      previous.layoutName = layoutName
      if includeOptions {
        // The step-0 line, once per replay: the batch holds the member as the plain writer
        // words it.
        let length = state.optionsEnd - state.optionsStart
        storage.reserve(length)
        storage.append(bytes.baseAddress.map { $0 + state.optionsStart }, count: length)
      } else {
        Self.fragment(",\"layout\":", to: storage)
        Self.string(layoutName, to: storage)
      }
    }
    let screen = state.screen
    line.member(3, unchanged: screen == previous.screen) {
      Self.fragment(",\"screen\":{\"width\":", to: storage)
      Self.number(screen.width, to: storage)
      Self.fragment(",\"height\":", to: storage)
      Self.number(screen.height, to: storage)
      Self.fragment("}", to: storage)
    }
    previous.screen = screen
    let safeArea = state.safeArea
    line.member(4, unchanged: safeArea == previous.safeArea) {
      Self.fragment(",\"safeArea\":{\"top\":", to: storage)
      Self.number(safeArea.top, to: storage)
      Self.fragment(",\"left\":", to: storage)
      Self.number(safeArea.left, to: storage)
      Self.fragment(",\"bottom\":", to: storage)
      Self.number(safeArea.bottom, to: storage)
      Self.fragment(",\"right\":", to: storage)
      Self.number(safeArea.right, to: storage)
      Self.fragment("}", to: storage)
    }
    previous.safeArea = safeArea
    let keyboard = state.keyboard
    line.member(5, unchanged: keyboard == previous.keyboard) {
      Self.fragment(",\"keyboard\":{\"frame\":", to: storage)
      Self.rect(keyboard.frame, to: storage)
      Self.fragment(",\"visibleHeight\":", to: storage)
      Self.number(keyboard.visibleHeight, to: storage)
      Self.fragment("}", to: storage)
    }
    previous.keyboard = keyboard
    let inputBarFrame = state.inputBarFrame
    line.member(6, unchanged: inputBarFrame == previous.inputBarFrame) {
      Self.fragment(",\"inputBar\":{\"frame\":", to: storage)
      Self.rect(inputBarFrame, to: storage)
    }
    previous.inputBarFrame = inputBarFrame
    // The text is compared with the previous line's bytes.
    let text = UnsafeBufferPointer(rebasing: bytes[state.textStart..<state.optionsStart])
    line.member(7, unchanged: Self.equal(text, previousText.buffer)) {
      previousText.count = 0
      previousText.reserve(text.count)
      previousText.append(text.baseAddress, count: text.count)
      Self.fragment(",\"text\":", to: storage)
      storage.reserve(text.count + 2)
      StringText.append(text, to: storage)
    }
    let isSendEnabled = state.isSendEnabled
    line.member(8, unchanged: isSendEnabled == previous.isSendEnabled) {
      if isSendEnabled {
        Self.fragment(",\"sendEnabled\":true}", to: storage)
      } else {
        Self.fragment(",\"sendEnabled\":false}", to: storage)
      }
    }
    previous.isSendEnabled = isSendEnabled
    let listFrame = state.listFrame
    line.member(9, unchanged: listFrame == previous.listFrame) {
      Self.fragment(",\"list\":{\"frame\":", to: storage)
      Self.rect(listFrame, to: storage)
    }
    previous.listFrame = listFrame
    let contentInset = state.contentInset
    line.member(10, unchanged: contentInset == previous.contentInset) {
      Self.fragment(",\"contentInset\":{\"top\":", to: storage)
      Self.number(contentInset.x, to: storage)
      Self.fragment(",\"bottom\":", to: storage)
      Self.number(contentInset.y, to: storage)
      Self.fragment("}", to: storage)
    }
    previous.contentInset = contentInset
    let adjustedContentInset = state.adjustedContentInset
    line.member(11, unchanged: adjustedContentInset == previous.adjustedContentInset) {
      Self.fragment(",\"adjustedContentInset\":{\"top\":", to: storage)
      Self.number(adjustedContentInset.x, to: storage)
      Self.fragment(",\"bottom\":", to: storage)
      Self.number(adjustedContentInset.y, to: storage)
      Self.fragment("}", to: storage)
    }
    previous.adjustedContentInset = adjustedContentInset
    let contentOffsetY = state.contentOffsetY
    line.member(12, unchanged: contentOffsetY == previous.contentOffsetY) {
      Self.fragment(",\"contentOffset\":{\"y\":", to: storage)
      Self.number(contentOffsetY, to: storage)
      Self.fragment("}", to: storage)
    }
    previous.contentOffsetY = contentOffsetY
    let contentHeight = state.contentHeight
    line.member(13, unchanged: contentHeight == previous.contentHeight) {
      Self.fragment(",\"contentSize\":{\"height\":", to: storage)
      Self.number(contentHeight, to: storage)
      Self.fragment("}}", to: storage)
    }
    previous.contentHeight = contentHeight
    let messageCount = state.messageCount
    line.member(14, unchanged: messageCount == previous.messageCount) {
      Self.fragment(",\"messageCount\":", to: storage)
      Self.integer(messageCount, to: storage)
    }
    previous.messageCount = messageCount
    let diagnostics = UnsafeBufferPointer(
      rebasing: allDiagnostics[state.diagnosticsStart..<state.diagnosticsEnd])
    if line.copies && (sameDiagnostics || Self.equal(diagnostics, previous.diagnostics)) {
      line.keep(15)
    } else {
      let previousMember = previousStart + line.offsets[15]
      line.begin(15)
      writeDiagnostics(
        diagnostics, copies: line.copies, previousMember: previousMember,
        memberStart: line.lineStart + line.offsets[15])
      previous.diagnostics.removeAll(keepingCapacity: true)
      previous.diagnostics.append(contentsOf: diagnostics)
      swap(&previousDiagnostics, &diagnosticRanges)
    }
    line.end(16)

    previousStart = line.lineStart
    previousOffsets = line.offsets
    return storage.count - takenCount
  }

  /// Writes the `diagnostics` member, copying each diagnostic equal to the previous line's at the
  /// same place from it; keeps where each begins and ends in ``diagnosticRanges``.
  private mutating func writeDiagnostics(
    _ diagnostics: UnsafeBufferPointer<Diagnostic>, copies: Bool, previousMember: Int,
    memberStart: Int
  ) {
    let storage = storage
    Self.fragment(",\"diagnostics\":[", to: storage)
    diagnosticRanges.removeAll(keepingCapacity: true)
    for (index, diagnostic) in diagnostics.enumerated() {
      if index > 0 { Self.fragment(",", to: storage) }
      let start = storage.count - memberStart
      if copies, index < previous.diagnostics.count, previous.diagnostics[index] == diagnostic {
        let range = previousDiagnostics[index]
        storage.reserve(range.count)
        storage.append(storage.base + previousMember + range.lowerBound, count: range.count)
      } else {
        var writer = StateBytesWriter(storage: storage, needsComma: false, memo: RecordMemo())
        diagnostic.write(to: &writer)
      }
      diagnosticRanges.append(start..<(storage.count - memberStart))
    }
    Self.fragment("]}\n", to: storage)
  }

  // MARK: Values

  @inline(__always)
  private static func fragment(_ text: StaticString, to storage: ByteStorage) {
    let length = text.utf8CodeUnitCount
    storage.reserve(length)
    storage.append(text.utf8Start, count: length)
  }

  @inline(__always)
  private static func number(_ value: Double, to storage: ByteStorage) {
    NumberText.append(value, to: storage)
  }

  @inline(__always)
  private static func integer(_ value: Int, to storage: ByteStorage) {
    storage.reserve(20)
    if value < 0 { storage.append(UInt8(ascii: "-")) }
    NumberText.appendDigits(UInt64(value.magnitude), to: storage)
  }

  /// Whether the two byte strings are equal, compared eight bytes at a time.
  @inline(__always)
  private static func equal(
    _ bytes: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard bytes.count == other.count else { return false }
    guard let left = bytes.baseAddress, let right = other.baseAddress else { return true }
    var index = 0
    while index + 8 <= bytes.count {
      let a = UnsafeRawPointer(left + index).loadUnaligned(as: UInt64.self)
      let b = UnsafeRawPointer(right + index).loadUnaligned(as: UInt64.self)
      if a != b { return false }
      index += 8
    }
    while index < bytes.count {
      if left[index] != right[index] { return false }
      index += 1
    }
    return true
  }

  /// Whether the diagnostics are those of `others`.
  @inline(__always)
  private static func equal(_ diagnostics: UnsafeBufferPointer<Diagnostic>, _ others: [Diagnostic])
    -> Bool
  {
    guard diagnostics.count == others.count else { return false }
    for index in diagnostics.indices where diagnostics[index] != others[index] { return false }
    return true
  }

  @inline(__always)
  private static func string(_ value: String, to storage: ByteStorage) {
    var value = value
    value.withUTF8 { utf8 in
      storage.reserve(utf8.count + 2)
      StringText.append(utf8, to: storage)
    }
  }

  @inline(__always)
  private static func rect(_ rect: Rect, to storage: ByteStorage) {
    fragment("{\"x\":", to: storage)
    number(rect.x, to: storage)
    fragment(",\"y\":", to: storage)
    number(rect.y, to: storage)
    fragment(",\"width\":", to: storage)
    number(rect.width, to: storage)
    fragment(",\"height\":", to: storage)
    number(rect.height, to: storage)
    fragment("}", to: storage)
  }
}

/// The values a line of `--json` shows, member by member.
private struct Shown: Sendable {
  var t = Double.nan
  var layoutName = ""
  var hasOptions = false
  var screen = Size(width: .nan, height: .nan)
  var safeArea = EdgeInsets.zero
  var keyboard = ChatState.Keyboard()
  var inputBarFrame = Rect.zero
  var isSendEnabled = false
  var listFrame = Rect.zero
  /// `contentInset`'s top and bottom, the only sides the line shows.
  var contentInset = SIMD2<Double>()
  var adjustedContentInset = SIMD2<Double>()
  var contentOffsetY = 0.0
  var contentHeight = 0.0
  var messageCount = 0
  var diagnostics: [Diagnostic] = []

}

/// Lays out one line member by member: a member that shows the same values as in the previous
/// line joins the run of bytes to copy from it; one that does not first copies the run pending.
private struct MemberCopier {
  let storage: ByteStorage
  /// Where the previous line begins, or -1 when nothing is copied from it.
  let previousStart: Int
  /// Where this line begins.
  let lineStart: Int
  /// Where each member begins, from its line's start: the previous line's until the member is
  /// laid out, then this line's.
  var offsets: InlineArray<17, Int>
  /// The run of the previous line's bytes to copy next, as positions in the storage.
  private var runStart = 0
  private var runEnd = 0

  init(storage: ByteStorage, previousStart: Int, offsets: InlineArray<17, Int>) {
    self.storage = storage
    self.previousStart = previousStart
    self.offsets = offsets
    lineStart = storage.count
  }

  /// Whether members may be copied from the previous line.
  var copies: Bool { previousStart >= 0 }

  /// Member `index` is written by `body`, unless it is `unchanged` and copied.
  @inline(__always)
  mutating func member(_ index: Int, unchanged: Bool, _ body: () -> Void) {
    if copies && unchanged {
      keep(index)
    } else {
      begin(index)
      body()
    }
  }

  /// Member `index` is the previous line's: it joins the run to copy.
  @inline(__always)
  mutating func keep(_ index: Int) {
    let from = previousStart + offsets[index]
    if runStart == runEnd { runStart = from }
    runEnd = previousStart + offsets[index + 1]
    offsets[index] = storage.count + (from - runStart) - lineStart
  }

  /// Member `index` is written anew, from here.
  @inline(__always)
  mutating func begin(_ index: Int) {
    copyRun()
    offsets[index] = storage.count - lineStart
  }

  /// The line ends: `index` is its end offset.
  @inline(__always)
  mutating func end(_ index: Int) {
    copyRun()
    offsets[index] = storage.count - lineStart
  }

  @inline(__always)
  private mutating func copyRun() {
    guard runEnd > runStart else { return }
    let length = runEnd - runStart
    storage.reserve(length)
    // The run lies in the previous line, before the bytes being written: the two never overlap.
    storage.append(storage.base + runStart, count: length)
    runStart = runEnd
  }
}
