/// A diagnostic's members as its tree has them (`id`, `message` and its numbers), read in one
/// pass of ``Diagnostic/write(to:)``: what `blame diagnostics[N].NAME` compares, for every NAME
/// at once.
///
/// A diagnostic writes one flat object of scalars; should one ever write anything else (a
/// nested value), ``isFlat`` is `false` and its members are read one path at a time instead.
struct DiagnosticMembers: StructuredWriter {
  private(set) var members: [(name: String, value: StateNode)] = []
  private(set) var isFlat = true
  private var depth = 0
  private var name: String?

  /// The members of `diagnostic`; none for no diagnostic.
  init(_ diagnostic: Diagnostic?) {
    diagnostic?.write(to: &self)
  }

  /// The value of the member `name`, `nil` when there is none.
  subscript(name: String) -> StateNode? {
    members.first { $0.name == name }?.value
  }

  private mutating func open() {
    depth += 1
    if depth > 1 { isFlat = false }
  }

  mutating func beginObject() { open() }
  mutating func endObject() { depth -= 1 }
  mutating func beginArray() { open() }
  mutating func endArray() { depth -= 1 }
  mutating func key(_ name: StaticString) { self.name = name.description }
  mutating func key(dynamic name: String) { isFlat = false }

  private mutating func scalar(_ value: StateNode) {
    guard depth == 1, let name else {
      isFlat = false
      return
    }
    members.append((name, value))
    self.name = nil
  }

  mutating func number(_ value: Double) { scalar(.number(value)) }
  mutating func string(_ value: String) { scalar(.string(value)) }
  mutating func bool(_ value: Bool) { scalar(.bool(value)) }
  mutating func null() { isFlat = false }
}
