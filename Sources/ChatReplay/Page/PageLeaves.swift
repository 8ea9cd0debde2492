/// A state's scalars (its leaves) in writing order, as flat arrays, with a number that changes
/// when the state's shape (its keys and nesting) changes: what the page builder compares from one
/// step to the next without naming a path.
///
/// An empty array is a leaf of its own (kind 4), as `--json`'s paths have it (`diagnostics` is
/// `[]`).
struct PageLeaves: StructuredWriter {
  /// 0 a number, 1 a Boolean, 2 a string, 3 null, 4 an empty array.
  private(set) var kinds: [UInt8] = []
  /// A number's or Boolean's value; a string's place in ``strings``.
  private(set) var numbers: [Double] = []
  /// The strings' values, in writing order.
  private(set) var strings: [String] = []
  /// Mixes the keys and the nesting; equal for two states of the same shape.
  private(set) var shape = 0
  /// The number of elements of each open container.
  private var counts: [Int] = []

  mutating func reset() {
    kinds.removeAll(keepingCapacity: true)
    numbers.removeAll(keepingCapacity: true)
    strings.removeAll(keepingCapacity: true)
    counts.removeAll(keepingCapacity: true)
    shape = 0
  }

  private mutating func mix(_ value: Int) {
    shape = shape &* 1_000_003 &+ value
  }

  private mutating func leaf(_ kind: UInt8, _ number: Double) {
    if !counts.isEmpty { counts[counts.count - 1] += 1 }
    kinds.append(kind)
    numbers.append(number)
  }

  mutating func beginObject() {
    if !counts.isEmpty { counts[counts.count - 1] += 1 }
    counts.append(0)
    mix(1)
  }

  mutating func endObject() {
    counts.removeLast()
    mix(2)
  }

  mutating func beginArray() {
    if !counts.isEmpty { counts[counts.count - 1] += 1 }
    counts.append(0)
    mix(3)
  }

  mutating func endArray() {
    if counts.removeLast() == 0 {
      kinds.append(4)
      numbers.append(0)
    }
    mix(4)
  }

  mutating func key(_ name: StaticString) { mix(Int(bitPattern: name.utf8Start)) }
  mutating func key(dynamic name: String) { mix(name.hashValue) }
  mutating func number(_ value: Double) { leaf(0, value) }
  mutating func bool(_ value: Bool) { leaf(1, value ? 1 : 0) }

  mutating func string(_ value: String) {
    leaf(2, Double(strings.count))
    strings.append(value)
  }

  mutating func null() { leaf(3, 0) }

  /// Whether leaf `index` holds the same value as `other`'s leaf `otherIndex`.
  func isSame(_ index: Int, as other: PageLeaves, _ otherIndex: Int) -> Bool {
    guard kinds[index] == other.kinds[otherIndex] else { return false }
    guard kinds[index] == 2 else { return numbers[index] == other.numbers[otherIndex] }
    return strings[Int(numbers[index])] == other.strings[Int(other.numbers[otherIndex])]
  }

  /// Writes leaf `index` as a JSON value: a number, a Boolean, a string, `null` or `[]`.
  func write(_ index: Int, to writer: inout JSONWriter) {
    switch kinds[index] {
    case 0: writer.number(numbers[index])
    case 1: writer.bool(numbers[index] != 0)
    case 2: writer.string(strings[Int(numbers[index])])
    case 4:
      writer.beginArray()
      writer.endArray()
    default: writer.null()
    }
  }
}

/// The `--json` paths of a state's leaves, in the order ``PageLeaves`` records them.
struct PagePaths: StructuredWriter {
  private(set) var paths: [String] = []
  private var containers: [(path: String, isArray: Bool, count: Int)] = []
  private var name = ""

  private mutating func next() -> String {
    guard let top = containers.last else { return "" }
    containers[containers.count - 1].count += 1
    if top.isArray { return top.path + "[\(top.count)]" }
    return top.path.isEmpty ? name : top.path + "." + name
  }

  mutating func beginObject() { containers.append((next(), false, 0)) }
  mutating func endObject() { containers.removeLast() }
  mutating func beginArray() { containers.append((next(), true, 0)) }

  mutating func endArray() {
    let array = containers.removeLast()
    if array.count == 0 { paths.append(array.path) }
  }

  mutating func key(_ name: StaticString) { self.name = name.description }
  mutating func key(dynamic name: String) { self.name = name }
  mutating func number(_ value: Double) { paths.append(next()) }
  mutating func bool(_ value: Bool) { paths.append(next()) }
  mutating func string(_ value: String) { paths.append(next()) }
  mutating func null() { paths.append(next()) }
}
