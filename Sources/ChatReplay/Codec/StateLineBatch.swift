/// A run of states as `replay FILE --json` shows them, gathered on one thread for a
/// ``StateLineWriter`` to write on another.
///
/// A state holds references (its text, its layout, its messages), and the reducer changes the
/// state it holds in place: keeping copies of the states themselves would make it copy its text
/// and allocate its diagnostics anew at every step. A batch keeps only what the lines show,
/// copied out of each state: the numbers, the text's bytes and the diagnostics (which hold no
/// references), so the reducer goes on in place and the batch, once written, is refilled
/// without allocating.
///
/// ```swift
/// var batch = StateLineBatch()
/// batch.append(state, includeOptions: state.step == 0)   // on the replaying thread
/// lines.write(batch) { bytes in … }                       // on the writing thread
/// batch.removeAll()
/// ```
public struct StateLineBatch: Sendable {
  /// The states' values, in order.
  var lines: [StateLineValues] = []
  /// The texts' bytes, and the layout member of lines written with options.
  let bytes = ByteStorage(capacity: 1 << 14)
  /// The states' diagnostics; a state whose diagnostics equal the previous state's shares its
  /// range.
  var diagnostics: [Diagnostic] = []
  /// The states' layouts, each once while it stays the same.
  var layouts: [LayoutID] = []

  public init() {}

  /// The number of states in the batch.
  public var count: Int { lines.count }

  /// Adds `state`'s values; with `includeOptions`, its layout's changed options follow the
  /// layout's name, as `--json` writes them at step 0.
  public mutating func append(_ state: ChatState, includeOptions: Bool = false) {
    let bytes = bytes
    let textStart = bytes.count
    var text = state.inputBar.text
    text.withUTF8 { utf8 in
      bytes.reserve(utf8.count)
      bytes.append(utf8.baseAddress, count: utf8.count)
    }
    let optionsStart = bytes.count
    let layout = state.layout
    if includeOptions {
      var writer = StateBytesWriter(storage: bytes, needsComma: true, memo: RecordMemo())
      writer.key("layout")
      writer.string(layout.rawValue)
      state.writeChangedOptions(to: &writer)
    }
    if layouts.last != layout { layouts.append(layout) }
    var diagnosticsStart = diagnostics.count
    var diagnosticsEnd = diagnosticsStart
    if let last = lines.last,
      Self.equal(state.diagnostics, diagnostics, last.diagnosticsStart..<last.diagnosticsEnd)
    {
      // Most steps keep the diagnostics of the step before: the writer then knows the member
      // is unchanged without comparing them again.
      diagnosticsStart = last.diagnosticsStart
      diagnosticsEnd = last.diagnosticsEnd
    } else {
      for diagnostic in state.diagnostics { diagnostics.append(diagnostic) }
      diagnosticsEnd = diagnostics.count
    }
    let contentInset = state.list.contentInset
    let adjusted = state.adjustedContentInset
    lines.append(
      StateLineValues(
        step: state.step, t: state.t, layoutIndex: layouts.count - 1, screen: state.screen,
        safeArea: state.safeArea, keyboard: state.keyboard, inputBarFrame: state.inputBar.frame,
        isSendEnabled: state.isSendEnabled, listFrame: state.list.frame,
        contentInset: SIMD2(contentInset.top, contentInset.bottom),
        adjustedContentInset: SIMD2(adjusted.top, adjusted.bottom),
        contentOffsetY: state.list.contentOffsetY, contentHeight: state.list.contentHeight,
        messageCount: state.messages.count, textStart: textStart, optionsStart: optionsStart,
        optionsEnd: bytes.count, diagnosticsStart: diagnosticsStart,
        diagnosticsEnd: diagnosticsEnd))
  }

  /// Empties the batch, keeping its room for the next states.
  public mutating func removeAll() {
    lines.removeAll(keepingCapacity: true)
    bytes.count = 0
    diagnostics.removeAll(keepingCapacity: true)
    layouts.removeAll(keepingCapacity: true)
  }

  /// Whether `diagnostics` equal `others[range]`.
  @inline(__always)
  static func equal(_ diagnostics: [Diagnostic], _ others: [Diagnostic], _ range: Range<Int>)
    -> Bool
  {
    guard diagnostics.count == range.count else { return false }
    var index = range.lowerBound
    for diagnostic in diagnostics {
      if diagnostic != others[index] { return false }
      index += 1
    }
    return true
  }
}

/// What one line of `--json` shows of a state.
///
/// Its layout, text, options and diagnostics lie in its batch. Every member is a plain value, so
/// a batch's lines are copied without reference counting.
struct StateLineValues: Sendable {
  var step: Int
  var t: Double
  /// The layout's place in the batch's `layouts`.
  var layoutIndex: Int
  var screen: Size
  var safeArea: EdgeInsets
  var keyboard: ChatState.Keyboard
  var inputBarFrame: Rect
  var isSendEnabled: Bool
  var listFrame: Rect
  /// `contentInset`'s top and bottom, the only sides the line shows.
  var contentInset: SIMD2<Double>
  var adjustedContentInset: SIMD2<Double>
  var contentOffsetY: Double
  var contentHeight: Double
  var messageCount: Int
  /// The text's bytes in the batch end where the options' begin.
  var textStart: Int
  /// The layout member with its options, when the line has them, ends at `optionsEnd`.
  var optionsStart: Int
  var optionsEnd: Int
  var diagnosticsStart: Int
  var diagnosticsEnd: Int
}
