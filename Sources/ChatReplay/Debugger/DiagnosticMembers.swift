/// A diagnostic's members as its tree has them (`id`, `message` and its numbers), read in one
/// pass of ``Diagnostic/write(to:)``: what `blame diagnostics[N].NAME` compares, for every NAME
/// at once.
///
/// The values are kept as they are written, with no tree node made, and the message is worded
/// only when it is compared (``differs(from:at:)``). A diagnostic writes one flat object of
/// scalars; should one ever write anything else (a nested value), ``isFlat`` is `false` and its
/// members are read one path at a time instead.
struct DiagnosticMembers: StructuredWriter {
  /// A member's value, compared as the tree's scalar nodes are.
  enum Value: Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
    /// The diagnostic's message, worded when compared.
    case message
  }

  private let diagnostic: Diagnostic?
  private(set) var members: [(name: StaticString, value: Value)] = []
  private(set) var isFlat = true
  private var depth = 0
  private var name: StaticString?

  /// The members of `diagnostic`; none for no diagnostic.
  init(_ diagnostic: Diagnostic?) {
    self.diagnostic = diagnostic
    members.reserveCapacity(8)
    diagnostic?.write(to: &self)
  }

  /// Whether the member at `index` of `other`'s members has a value other than this one's
  /// member of the same name (or this one has none).
  func differs(from other: DiagnosticMembers, at index: Int) -> Bool {
    let (name, value) = other.members[index]
    guard let mine = members.first(where: { Self.same($0.name, name) }) else { return true }
    switch (mine.value, value) {
    case (.message, .message): return diagnostic?.message != other.diagnostic?.message
    case (.message, .string(let text)): return diagnostic?.message != text
    case (.string(let text), .message): return text != other.diagnostic?.message
    default: return mine.value != value
    }
  }

  /// Whether `other` has a member named `name`.
  func has(_ name: StaticString) -> Bool {
    members.contains { Self.same($0.name, name) }
  }

  private static func same(_ a: StaticString, _ b: StaticString) -> Bool {
    guard a.utf8CodeUnitCount == b.utf8CodeUnitCount else { return false }
    if a.utf8Start == b.utf8Start { return true }
    for index in 0..<a.utf8CodeUnitCount where a.utf8Start[index] != b.utf8Start[index] {
      return false
    }
    return true
  }

  private mutating func open() {
    depth += 1
    if depth > 1 { isFlat = false }
  }

  private mutating func scalar(_ value: Value) {
    guard depth == 1, let name else {
      isFlat = false
      return
    }
    members.append((name, value))
    self.name = nil
  }

  mutating func beginObject() { open() }
  mutating func endObject() { depth -= 1 }
  mutating func beginArray() { open() }
  mutating func endArray() { depth -= 1 }
  mutating func key(_ name: StaticString) { self.name = name }
  mutating func key(dynamic name: String) { isFlat = false }
  mutating func number(_ value: Double) { scalar(.number(value)) }
  mutating func string(_ value: String) { scalar(.string(value)) }
  mutating func bool(_ value: Bool) { scalar(.bool(value)) }
  mutating func null() { isFlat = false }
  mutating func message(of diagnostic: Diagnostic) { scalar(.message) }
}
