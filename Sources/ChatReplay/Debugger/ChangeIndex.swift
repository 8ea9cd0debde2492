/// For every step, which of the state's values its event changed, and what kind of event it was:
/// built in the same pass as the ``Timeline``, it lets `blame`, `continue` and `reverse-continue`
/// visit only the steps that can matter instead of replaying the whole recording.
///
/// The values are the scalars the state writes without messages and diagnostics (its leaves, in
/// writing order, `step` and `t` left out), one bit each; one more bit says the diagnostics changed.
public struct ChangeIndex: Sendable {
  /// The bit set when the diagnostics changed.
  static let diagnosticsBit: UInt32 = 1 << 31
  /// The bit shared by leaves past the 30th.
  static let overflowBit: UInt32 = 1 << 30

  /// The leaves' paths, in writing order, `step` and `t` included (they have no bit).
  private(set) var leaves: [String] = []
  /// Each step's mask and kind, as an index into ``entries``: a recording has few distinct
  /// pairs, so a step takes one byte (two or four when there are more) rather than five.
  private var codes = PackedIndices()
  /// The distinct pairs of a mask and a kind, `mask << 8 | kind`, in order of appearance.
  private var entries: [UInt64] = []
  /// Where each pair is in ``entries``.
  private var entryIndices: [UInt64: Int] = [:]
  /// The last pair added and its index, which the next step usually repeats.
  private var lastEntry: (pair: UInt64, index: Int)?
  /// Recently added pairs and their indices, by a hash of the pair.
  ///
  /// A direct-mapped cache in front of ``entryIndices``, whose hashing cost more than a hundred
  /// instructions a step. `UInt64.max` marks a free slot: a pair is below 2⁴⁰.
  private var recentPairs = InlineArray<64, UInt64>(repeating: .max)
  private var recentIndices = InlineArray<64, Int32>(repeating: 0)
  /// The previous state's leaves, in writing order.
  private var previous = Leaves()
  private var previousDiagnostics: [Diagnostic] = []

  public init() {}

  /// The index of every state of `timeline`, in one pass over it.
  public init(timeline: Timeline) {
    timeline.forEachState { state in
      add(state, event: state.step == 0 ? nil : timeline.event(at: state.step))
      return true
    }
  }

  /// Adds the next state (step 0 first).
  ///
  /// `settled` says the state is the one added before with only its step, its time and its
  /// input text changed (a step ``ChatScreen/reduceSettled(into:_:)`` took, as
  /// ``Replayer/read(_:decoded:settledStep:error:)`` tells): only the text's leaves are compared
  /// then. The index is the same with it or without.
  public mutating func add(_ state: ChatState, event: TimedEvent?, settled: Bool = false) {
    let mask: UInt32
    let diagnosticsChanged: Bool
    if settled, !codes.isEmpty, !previous.hasNaN {
      mask = previous.replaceSettled(with: state)
      diagnosticsChanged = false
    } else {
      mask = previous.replace(with: state)
      diagnosticsChanged = state.diagnostics != previousDiagnostics
    }
    if codes.isEmpty {
      var plain = state
      plain.diagnostics = []
      leaves = StateNode(plain, includeMessages: false).leafPaths()
      precondition(leaves.count == Leaves.count, "The state writes \(leaves.count) leaves")
      append(mask: 0, kind: 0)
    } else {
      let kind: UInt8
      if let event { kind = EventClass.code(of: event.event) } else { kind = 0 }
      append(mask: diagnosticsChanged ? mask | Self.diagnosticsBit : mask, kind: kind)
    }
    // Copied element by element rather than shared, so that the reducer's next change to the
    // state's diagnostics does not have to copy the array first.
    if diagnosticsChanged {
      previousDiagnostics.removeAll(keepingCapacity: true)
      previousDiagnostics.append(contentsOf: state.diagnostics)
    }
  }

  /// What step `step`'s event changed (`0` for step 0).
  func mask(at step: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: entries[codes[step]] >> 8)
  }

  /// The kind of step `step`'s event (see ``EventClass/code``).
  func kind(at step: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: entries[codes[step]])
  }

  @inline(__always)
  private mutating func append(mask: UInt32, kind: UInt8) {
    let pair = UInt64(mask) << 8 | UInt64(kind)
    if let lastEntry, lastEntry.pair == pair {
      codes.append(lastEntry.index)
      return
    }
    appendNew(pair)
  }

  /// ``append(mask:kind:)`` for a pair other than the last one.
  private mutating func appendNew(_ pair: UInt64) {
    let slot = Int(truncatingIfNeeded: (pair &* 0x9E37_79B9_7F4A_7C15) >> 58)
    let index: Int
    if recentPairs[slot] == pair {
      index = Int(recentIndices[slot])
    } else if let known = entryIndices[pair] {
      index = known
    } else {
      index = entries.count
      entries.append(pair)
      entryIndices[pair] = index
    }
    if index <= Int(Int32.max) {
      recentPairs[slot] = pair
      recentIndices[slot] = Int32(index)
    }
    lastEntry = (pair, index)
    codes.append(index)
  }

  @inline(__always)
  fileprivate static func bit(forLeaf index: Int) -> UInt32 {
    index - 2 < 30 ? 1 << UInt32(index - 2) : overflowBit
  }

  /// The bits of the leaves under `path` and, for `minY`-style keys, of the rectangle's fields
  /// they add; `nil` when the index cannot tell (messages, `step`, `t`).
  ///
  /// `isExact` says that the path's value changed at every step that set one of the bits;
  /// otherwise a step that set one of several bits changed it (one field of a sum), and any
  /// other is compared.
  func bits(for path: StatePath) -> (bits: UInt32, isExact: Bool)? {
    // One bit for all the diagnostics: it tells that `diagnostics` changed, not that one
    // diagnostic's field (`diagnostics[0].id`) did.
    if path.components.first == .key("diagnostics") {
      return (Self.diagnosticsBit, path.components.count == 1)
    }
    let text = path.description
    var bits: UInt32 = 0
    for (index, leaf) in leaves.enumerated().dropFirst(2)
    where leaf == text || leaf.hasPrefix(text + ".") {
      bits |= Self.bit(forLeaf: index)
    }
    if bits != 0 { return (bits, true) }
    guard let name = path.lastKey, let parent = path.parent?.description else { return nil }
    let fields: [String]
    switch name {
    case "minX": fields = ["x"]
    case "minY": fields = ["y"]
    case "maxX": fields = ["x", "width"]
    case "maxY": fields = ["y", "height"]
    default: return nil
    }
    for (index, leaf) in leaves.enumerated().dropFirst(2)
    where fields.contains(where: { leaf == parent + "." + $0 }) {
      bits |= Self.bit(forLeaf: index)
    }
    return bits == 0 ? nil : (bits, fields.count == 1)
  }

}

/// A state's scalars (its leaves) in writing order, read straight from the state: the numbers
/// and the Boolean in one inline array, the layout's name and the input text beside it.
///
/// They are the leaves ``ChatState/write(to:includeMessages:includeDiagnostics:includeOptions:)``
/// writes without messages and diagnostics, at the same indices (`ChangeIndexTests` checks that
/// the two agree), but read without a writer: going through one cost about 1,400 instructions a
/// step, a third of the debugger's load.
private struct Leaves: Sendable {
  /// `step`, `t`, `layout`, `screen` (2), `safeArea` (4), the keyboard's `frame` (4) and
  /// `visibleHeight`, the input bar's `frame` (4), `text` and `sendEnabled`, the list's `frame`
  /// (4), `contentInset` (2), `adjustedContentInset` (2), `contentOffset.y`,
  /// `contentSize.height`, `messageCount`.
  static let count = 31
  /// The numbers, at their leaves' indices (the strings' unused).
  private var numbers = InlineArray<31, Double>(repeating: 0)
  /// The layout's name, and its slot's case (see ``layoutCode(_:)``).
  private var layout = ""
  private var layoutCode = -1
  private var text = ""
  /// Whether one of the numbers is NaN, which never equals itself: its leaf is marked changed at
  /// every step, so a settled step is compared in full too.
  private(set) var hasNaN = false

  /// Replaces the leaves with `state`'s; the bits of those that changed (`step` and `t`, which
  /// change at every step, have none).
  mutating func replace(with state: ChatState) -> UInt32 {
    var mask: UInt32 = 0
    // The same built-in case is the same layout; its name is read only when the case changes.
    let code = Self.layoutCode(state.slot)
    if code == 0 || code != layoutCode {
      layoutCode = code
      let layout = state.layout.rawValue
      if layout != self.layout {
        self.layout = layout
        mask |= ChangeIndex.bit(forLeaf: 2)
      }
    }
    recordText(state.inputBar.text, &mask)
    let adjusted = state.adjustedContentInset
    record(3, state.screen.width, &mask)
    record(4, state.screen.height, &mask)
    record(5, state.safeArea.top, &mask)
    record(6, state.safeArea.left, &mask)
    record(7, state.safeArea.bottom, &mask)
    record(8, state.safeArea.right, &mask)
    record(9, state.keyboard.frame, &mask)
    record(13, state.keyboard.visibleHeight, &mask)
    record(14, state.inputBar.frame, &mask)
    record(19, state.isSendEnabled ? 1 : 0, &mask)
    record(20, state.list.frame, &mask)
    record(24, state.list.contentInset.top, &mask)
    record(25, state.list.contentInset.bottom, &mask)
    record(26, adjusted.top, &mask)
    record(27, adjusted.bottom, &mask)
    record(28, state.list.contentOffsetY, &mask)
    record(29, state.list.contentHeight, &mask)
    record(30, Double(state.messages.count), &mask)
    // A NaN leaf is marked at every step: only the marked ones can be NaN.
    hasNaN = false
    var marked = mask & ~(ChangeIndex.bit(forLeaf: 2) | ChangeIndex.bit(forLeaf: 18))
    while marked != 0 {
      let index = marked.trailingZeroBitCount + 2
      marked &= marked &- 1
      if numbers[index].isNaN {
        hasNaN = true
        break
      }
    }
    return mask
  }

  /// ``replace(with:)`` for `state`, the state replaced before with only its step, its time and
  /// its input text changed: only the text and whether the send button is enabled (the text's)
  /// are compared.
  mutating func replaceSettled(with state: ChatState) -> UInt32 {
    var mask: UInt32 = 0
    recordText(state.inputBar.text, &mask)
    record(19, state.isSendEnabled ? 1 : 0, &mask)
    return mask
  }

  /// 1 to 5 for the built-in layouts' slots, 0 for a custom layout's (whose name tells it).
  private static func layoutCode(_ slot: LayoutSlot) -> Int {
    switch slot {
    case .rxkeyboard: 1
    case .growing: 2
    case .scrollToField: 3
    case .accessory: 4
    case .keyboardLayoutGuide: 5
    #if !hasFeature(Embedded)
      case .custom: 0
    #endif
    }
  }

  @inline(__always)
  private mutating func recordText(_ value: String, _ mask: inout UInt32) {
    if value != text {
      text = value
      mask |= ChangeIndex.bit(forLeaf: 18)
    }
  }

  @inline(__always)
  private mutating func record(_ index: Int, _ value: Double, _ mask: inout UInt32) {
    if numbers[index] != value {
      numbers[index] = value
      mask |= ChangeIndex.bit(forLeaf: index)
    }
  }

  @inline(__always)
  private mutating func record(_ index: Int, _ rect: Rect, _ mask: inout UInt32) {
    record(index, rect.x, &mask)
    record(index + 1, rect.y, &mask)
    record(index + 2, rect.width, &mask)
    record(index + 3, rect.height, &mask)
  }
}

extension StateNode {
  /// The paths of the scalars below this node, in writing order.
  func leafPaths(prefix: String = "") -> [String] {
    switch self {
    case .number, .string, .bool:
      return [prefix]
    case .object(let members):
      return members.flatMap {
        $0.value.leafPaths(prefix: prefix.isEmpty ? $0.key : prefix + "." + $0.key)
      }
    case .array(let elements):
      return elements.indices.flatMap { elements[$0].leafPaths(prefix: prefix + "[\($0)]") }
    }
  }
}
