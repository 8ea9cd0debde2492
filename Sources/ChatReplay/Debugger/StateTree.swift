/// A state as a tree of named values, built from the same description as `replay --json`
/// (``ChatState/write(to:includeMessages:)``), so the debugger's paths are the JSON's names.
public indirect enum StateNode: Hashable, Sendable {
  case number(Double)
  case string(String)
  case bool(Bool)
  /// Members in the order the state writes them.
  case object([Member])
  case array([StateNode])

  /// A member of an object.
  public struct Member: Hashable, Sendable {
    public var key: String
    public var value: StateNode
  }

  /// The state's tree; with `includeMessages`, `messages` too.
  public init(_ state: ChatState, includeMessages: Bool = true) {
    var builder = StateTreeBuilder()
    state.write(to: &builder, includeMessages: includeMessages)
    self = builder.root ?? .object([])
  }

  /// The member named `key`, for objects.
  public subscript(key: String) -> StateNode? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// Whether the value is a number, a string or a Boolean.
  public var isScalar: Bool {
    switch self {
    case .number, .string, .bool: true
    case .object, .array: false
    }
  }

  /// A scalar as the debugger prints it: `852`, `"Hi"`, `true`; containers in one line.
  public var text: String {
    switch self {
    case .number(let value): return JSONWriter.format(value)
    case .string(let value): return Event.quoted(value, limit: .max)
    case .bool(let value): return value ? "true" : "false"
    case .object(let members):
      return "(" + members.map { "\($0.key): \($0.value.text)" }.joined(separator: ", ") + ")"
    case .array(let elements):
      return "[" + elements.map { $0.text }.joined(separator: ", ") + "]"
    }
  }

  /// Whether the value prints on one line: a scalar, or an object of at most four scalars.
  var isCompact: Bool {
    switch self {
    case .number, .string, .bool: true
    case .object(let members): members.count <= 4 && members.allSatisfy { $0.value.isScalar }
    case .array(let elements): elements.isEmpty
    }
  }

  /// The value over several lines, one member per line, compact objects inline.
  ///
  /// ```text
  /// inputBar: {
  ///   frame: (x: 0, y: 438, width: 393, height: 44)
  ///   text: "Hi"
  ///   sendEnabled: true
  /// }
  /// ```
  public func lines(label: String, indent: String = "") -> [String] {
    if isCompact { return [indent + label + ": " + text] }
    switch self {
    case .object(let members):
      return [indent + label + ": {"]
        + members.flatMap { $0.value.lines(label: $0.key, indent: indent + "  ") }
        + [indent + "}"]
    case .array(let elements):
      return [indent + label + ": ["]
        + elements.enumerated().flatMap { $1.lines(label: "[\($0)]", indent: indent + "  ") }
        + [indent + "]"]
    case .number, .string, .bool:
      return [indent + label + ": " + text]
    }
  }

  /// Every path below this node, leaves and containers, in writing order.
  public func paths(prefix: String = "") -> [String] {
    switch self {
    case .number, .string, .bool:
      return []
    case .object(let members):
      var result: [String] = []
      for member in members {
        let path = prefix.isEmpty ? member.key : prefix + "." + member.key
        result.append(path)
        result += member.value.paths(prefix: path)
      }
      if StatePath.isRect(self) {
        result += StatePath.derivedRectKeys.map { prefix + "." + $0 }
      }
      return result
    case .array(let elements):
      var result: [String] = []
      for (index, element) in elements.enumerated() {
        let path = prefix + "[\(index)]"
        result.append(path)
        result += element.paths(prefix: path)
      }
      return result
    }
  }
}

/// Builds a ``StateNode`` from a value's ``StructuredWriter`` description.
struct StateTreeBuilder: StructuredWriter {
  private enum Open {
    case object([StateNode.Member], key: String?)
    case array([StateNode], key: String?)
  }

  private var stack: [Open] = []
  private var pendingKey: String?
  private(set) var root: StateNode?

  mutating func beginObject() { stack.append(.object([], key: takeKey())) }
  mutating func beginArray() { stack.append(.array([], key: takeKey())) }

  mutating func endObject() {
    guard case .object(let members, let key) = stack.popLast() else { return }
    add(.object(members), key: key)
  }

  mutating func endArray() {
    guard case .array(let elements, let key) = stack.popLast() else { return }
    add(.array(elements), key: key)
  }

  mutating func key(_ name: StaticString) { pendingKey = name.description }
  mutating func number(_ value: Double) { add(.number(value), key: takeKey()) }
  mutating func string(_ value: String) { add(.string(value), key: takeKey()) }
  mutating func bool(_ value: Bool) { add(.bool(value), key: takeKey()) }

  private mutating func takeKey() -> String? {
    defer { pendingKey = nil }
    return pendingKey
  }

  private mutating func add(_ node: StateNode, key: String?) {
    switch stack.popLast() {
    case .object(var members, let ownKey):
      members.append(StateNode.Member(key: key ?? "", value: node))
      stack.append(.object(members, key: ownKey))
    case .array(var elements, let ownKey):
      elements.append(node)
      stack.append(.array(elements, key: ownKey))
    case nil:
      root = node
    }
  }
}
