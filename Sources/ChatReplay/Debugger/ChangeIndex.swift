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
  /// `masks[s]`: what step `s`'s event changed (`0` for step 0).
  private(set) var masks: [UInt32] = []
  /// `kinds[s]`: the kind of step `s`'s event (see ``EventClass/code``).
  private(set) var kinds: [UInt8] = []
  private var previous: [StateNode] = []
  private var recorder = LeafRecorder()
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
    var plain = state
    plain.diagnostics = []
    recorder.values.removeAll(keepingCapacity: true)
    plain.write(to: &recorder, includeMessages: false)
    if masks.isEmpty {
      leaves = StateNode(plain, includeMessages: false).leafPaths()
      masks.append(0)
      kinds.append(0)
    } else {
      var mask: UInt32 = 0
      if recorder.values.count != previous.count {
        mask = .max
      } else {
        for index in 2..<recorder.values.count where recorder.values[index] != previous[index] {
          mask |= Self.bit(forLeaf: index)
        }
      }
      if state.diagnostics != previousDiagnostics { mask |= Self.diagnosticsBit }
      masks.append(mask)
      kinds.append(event.map { EventClass($0.event).code } ?? 0)
    }
    swap(&previous, &recorder.values)
    previousDiagnostics = state.diagnostics
  }

  private static func bit(forLeaf index: Int) -> UInt32 {
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

/// Records a state's scalars in writing order.
private struct LeafRecorder: StructuredWriter {
  var values: [StateNode] = []
  mutating func beginObject() {}
  mutating func endObject() {}
  mutating func beginArray() {}
  mutating func endArray() {}
  mutating func key(_ name: StaticString) {}
  mutating func number(_ value: Double) { values.append(.number(value)) }
  mutating func string(_ value: String) { values.append(.string(value)) }
  mutating func bool(_ value: Bool) { values.append(.bool(value)) }
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
