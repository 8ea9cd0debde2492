/// For every step, which of the state's values its event changed, and what kind of event it was:
/// built in the same pass as the ``Timeline``, it lets `blame`, `continue` and `reverse-continue`
/// visit only the steps that can matter instead of replaying the whole recording.
///
/// The values are the scalars the state writes without messages and diagnostics (its leaves, in
/// writing order, `step` and `t` left out), one bit each; one more bit says the diagnostics changed.
/// A layout whose shape varies from state to state marks every bit, which is merely slower.
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
  public mutating func add(_ state: ChatState, event: TimedEvent?) {
    let mask = previous.replace(with: state)
    let diagnosticsChanged = state.diagnostics != previousDiagnostics
    if codes.isEmpty {
      var plain = state
      plain.diagnostics = []
      leaves = StateNode(plain, includeMessages: false).leafPaths()
      append(mask: 0, kind: 0)
    } else {
      append(
        mask: diagnosticsChanged ? mask | Self.diagnosticsBit : mask,
        kind: event.map { EventClass($0.event).code } ?? 0)
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

  private mutating func append(mask: UInt32, kind: UInt8) {
    let pair = UInt64(mask) << 8 | UInt64(kind)
    if let lastEntry, lastEntry.pair == pair {
      codes.append(lastEntry.index)
      return
    }
    let index: Int
    if let known = entryIndices[pair] {
      index = known
    } else {
      index = entries.count
      entries.append(pair)
      entryIndices[pair] = index
    }
    lastEntry = (pair, index)
    codes.append(index)
  }

  fileprivate static func bit(forLeaf index: Int) -> UInt32 {
    index - 2 < 30 ? 1 << UInt32(index - 2) : overflowBit
  }

  /// The bits of the leaves under `path` and, for `minY`-style keys, of the rectangle's fields
  /// they add; `nil` when the index cannot tell (messages, `step`, `t`).
  func bits(for path: StatePath) -> (bits: UInt32, isExact: Bool)? {
    if path.components.first == .key("diagnostics") { return (Self.diagnosticsBit, true) }
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

/// A state's scalars (its leaves) in writing order, as plain values in flat arrays: a number
/// or a Boolean as a `Double`, a string beside it.
///
/// Not ``StateNode``s, whose indirect cases would allocate a box for every number of every state.
private struct Leaves: Sendable {
  /// What each leaf is: 0 a number, 1 a Boolean, 2 a string.
  private var kinds: [UInt8] = []
  private var numbers: [Double] = []
  /// The strings, at their leaves' indices (empty elsewhere).
  private var strings: [String] = []

  /// Replaces the leaves with `state`'s, comparing them in place (one uniqueness check per state,
  /// none per leaf); the bits of those that changed, all of them when their number changed.
  mutating func replace(with state: ChatState) -> UInt32 {
    let count = kinds.count
    var (mask, extra) = kinds.withUnsafeMutableBufferPointer { kinds in
      numbers.withUnsafeMutableBufferPointer { numbers in
        strings.withUnsafeMutableBufferPointer { strings in
          var recorder = LeafRecorder(kinds: kinds, numbers: numbers, strings: strings)
          state.write(to: &recorder, includeMessages: false, includeDiagnostics: false)
          return (recorder.mask, recorder.extra)
        }
      }
    }
    if extra.index < count || !extra.kinds.isEmpty {
      mask = .max
      kinds.removeSubrange(extra.index...)
      numbers.removeSubrange(extra.index...)
      strings.removeSubrange(extra.index...)
      kinds += extra.kinds
      numbers += extra.numbers
      strings += extra.strings
    }
    return mask
  }
}

/// Compares a state's leaves with the previous state's and overwrites them, in writing order.
private struct LeafRecorder: StructuredWriter {
  let kinds: UnsafeMutableBufferPointer<UInt8>
  let numbers: UnsafeMutableBufferPointer<Double>
  let strings: UnsafeMutableBufferPointer<String>
  /// The bits of the leaves that changed.
  var mask: UInt32 = 0
  /// The number of leaves recorded in place, and the leaves past the previous state's last.
  var extra = (index: 0, kinds: [UInt8](), numbers: [Double](), strings: [String]())
  /// Whether the state has more leaves than the previous one.
  private var isPastTheEnd = false

  init(
    kinds: UnsafeMutableBufferPointer<UInt8>, numbers: UnsafeMutableBufferPointer<Double>,
    strings: UnsafeMutableBufferPointer<String>
  ) {
    self.kinds = kinds
    self.numbers = numbers
    self.strings = strings
  }

  @inline(__always)
  private mutating func record(kind: UInt8, number: Double, string: String?) {
    let index = extra.index
    guard !isPastTheEnd, index < kinds.count else {
      isPastTheEnd = true
      extra.kinds.append(kind)
      extra.numbers.append(number)
      extra.strings.append(string ?? "")
      return
    }
    if kinds[index] != kind || numbers[index] != number
      || (string != nil && strings[index] != string)
    {
      // `step` and `t` (the first two) change at every step and have no bit.
      if index >= 2 { mask |= ChangeIndex.bit(forLeaf: index) }
      kinds[index] = kind
      numbers[index] = number
      if let string { strings[index] = string }
    }
    extra.index = index + 1
  }

  mutating func beginObject() {}
  mutating func endObject() {}
  mutating func beginArray() {}
  mutating func endArray() {}
  mutating func key(_ name: StaticString) {}
  @inline(__always)
  mutating func number(_ value: Double) { record(kind: 0, number: value, string: nil) }
  mutating func string(_ value: String) { record(kind: 2, number: 0, string: value) }
  mutating func bool(_ value: Bool) { record(kind: 1, number: value ? 1 : 0, string: nil) }
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
