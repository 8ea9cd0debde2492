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
  /// The states' diagnostics, one after the other.
  var diagnostics: [Diagnostic] = []

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
    if includeOptions {
      var writer = StateBytesWriter(storage: bytes, needsComma: true, memo: RecordMemo())
      writer.key("layout")
      writer.string(state.layout.rawValue)
      state.writeChangedOptions(to: &writer)
    }
    let diagnosticsStart = diagnostics.count
    diagnostics.append(contentsOf: state.diagnostics)
    let contentInset = state.list.contentInset
    let adjusted = state.adjustedContentInset
    lines.append(
      StateLineValues(
        step: state.step, t: state.t, layoutName: state.layout.rawValue, screen: state.screen,
        safeArea: state.safeArea, keyboard: state.keyboard, inputBarFrame: state.inputBar.frame,
        isSendEnabled: state.isSendEnabled, listFrame: state.list.frame,
        contentInset: SIMD2(contentInset.top, contentInset.bottom),
        adjustedContentInset: SIMD2(adjusted.top, adjusted.bottom),
        contentOffsetY: state.list.contentOffsetY, contentHeight: state.list.contentHeight,
        messageCount: state.messages.count, textStart: textStart, optionsStart: optionsStart,
        optionsEnd: bytes.count, diagnosticsStart: diagnosticsStart,
        diagnosticsEnd: diagnostics.count))
  }

  /// Empties the batch, keeping its room for the next states.
  public mutating func removeAll() {
    lines.removeAll(keepingCapacity: true)
    bytes.count = 0
    diagnostics.removeAll(keepingCapacity: true)
  }
}

/// What one line of `--json` shows of a state; its text, options and diagnostics lie in its
/// batch.
struct StateLineValues: Sendable {
  var step: Int
  var t: Double
  var layoutName: String
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
