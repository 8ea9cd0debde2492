/// A state's scalars (its leaves) in writing order, as flat arrays, with a number that changes
/// when the state's shape (its keys and nesting) changes: what the page builder compares from one
/// step to the next without naming a path.
///
/// An empty array is a leaf of its own (kind 4), as `--json`'s paths have it (`diagnostics` is
/// `[]`). A diagnostic's message is a string kept as its UTF-8 bytes (kind 5), never made a
/// `String`: a page compares the messages of the diagnostics that change at every such step.
struct PageLeaves: StructuredWriter {
  /// 0 a number, 1 a Boolean, 2 a string, 3 null, 4 an empty array, 5 a diagnostic's message.
  private(set) var kinds: [UInt8] = []
  /// A number's or Boolean's value; a string's place in ``strings``; a message's in
  /// ``messageEnds``.
  private(set) var numbers: [Double] = []
  /// The strings' values, in writing order.
  private(set) var strings: [String] = []
  /// The messages' bytes, one after the other, and where each ends.
  private var messageBytes = ByteStorage(capacity: 256)
  private var messageEnds: [Int] = []
  /// Mixes the keys and the nesting; equal for two states of the same shape.
  private(set) var shape = 0
  /// The number of elements of each open container.
  private var counts: [Int] = []
  /// Whether a diagnostic's message that the page's script words as replay does, from the
  /// diagnostic's numbers, is left to it (``Diagnostic/isWordedByPage``): its leaf is then `true`,
  /// a Boolean, which never changes while the diagnostic stays of its kind.
  let leavesMessagesToScript: Bool

  init(leavesMessagesToScript: Bool = false) {
    self.leavesMessagesToScript = leavesMessagesToScript
  }

  mutating func reset() {
    // Only the arrays that hold something: emptying one costs a call even when it is empty.
    if !kinds.isEmpty {
      kinds.removeAll(keepingCapacity: true)
      numbers.removeAll(keepingCapacity: true)
    }
    if !strings.isEmpty { strings.removeAll(keepingCapacity: true) }
    if !counts.isEmpty { counts.removeAll(keepingCapacity: true) }
    if !messageEnds.isEmpty { messageEnds.removeAll(keepingCapacity: true) }
    if !isKnownUniquelyReferenced(&messageBytes) { messageBytes = ByteStorage(capacity: 256) }
    messageBytes.count = 0
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

  mutating func message(of diagnostic: Diagnostic) {
    if leavesMessagesToScript && diagnostic.isWordedByPage {
      bool(true)
      return
    }
    if !isKnownUniquelyReferenced(&messageBytes) { messageBytes = messageBytes.copy() }
    var text = PageMessageBytes(storage: messageBytes)
    diagnostic.writeMessage(to: &text)
    leaf(5, Double(messageEnds.count))
    messageEnds.append(messageBytes.count)
  }

  /// The bytes of message `place` (its place in ``messageEnds``).
  private func message(_ place: Int) -> UnsafeBufferPointer<UInt8> {
    let start = place == 0 ? 0 : messageEnds[place - 1]
    return UnsafeBufferPointer(rebasing: messageBytes.buffer[start..<messageEnds[place]])
  }

  /// Whether leaf `index` holds the same value as `other`'s leaf `otherIndex`.
  func isSame(_ index: Int, as other: PageLeaves, _ otherIndex: Int) -> Bool {
    guard kinds[index] == other.kinds[otherIndex] else { return false }
    switch kinds[index] {
    case 2: return strings[Int(numbers[index])] == other.strings[Int(other.numbers[otherIndex])]
    case 5:
      let mine = message(Int(numbers[index]))
      let theirs = other.message(Int(other.numbers[otherIndex]))
      guard mine.count == theirs.count else { return false }
      guard let base = mine.baseAddress, let otherBase = theirs.baseAddress else { return true }
      return bytesEqual(base, otherBase, count: mine.count)
    default: return numbers[index] == other.numbers[otherIndex]
    }
  }

  /// Writes leaf `index` as a JSON value: a number, a Boolean, a string, `null` or `[]`.
  func write(_ index: Int, to writer: inout JSONWriter) {
    switch kinds[index] {
    case 0: writer.pageNumber(numbers[index])
    case 1: writer.bool(numbers[index] != 0)
    case 2: writer.string(strings[Int(numbers[index])])
    case 4:
      writer.beginArray()
      writer.endArray()
    case 5: writer.string(utf8: message(Int(numbers[index])))
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

/// A state's leaves (but its messages', diagnostics' and options') read straight from its fields,
/// in the order ``ChatState/write(to:includeMessages:includeOptions:)`` writes them: how the page
/// builder finds what changed from one step to the next without writing the whole state.
///
/// The numbers (and the Boolean, as 0 or 1) sit in one array, compared with the previous step's
/// one by one; the two strings (the layout and the input bar's text) are read apart. The page
/// builder checks these against the ``PageLeaves`` of a state written the generic way before it
/// trusts them, so a change to the state's encoding cannot change a page.
enum PageStateLeaves {
  /// How many leaves: `diagnostics`, written apart, is not one of them.
  static let count = 31
  /// The place of the layout's name, a string.
  static let layoutPosition = 2
  /// The place of the input bar's text, a string.
  static let textPosition = 18
  /// The place of `sendEnabled`, a Boolean.
  static let sendEnabledPosition = 19

  /// The leaves of `state` by place: numbers, the Boolean as 0 or 1, the strings' places 0.
  static func numbers(of state: ChatState) -> [Double] {
    var numbers = Array(repeating: 0.0, count: count)
    read(state, into: &numbers)
    return numbers
  }

  /// Reads ``numbers(of:)`` into `numbers`, ``count`` of them.
  static func read(_ state: ChatState, into array: inout [Double]) {
    precondition(array.count == count)
    array.withUnsafeMutableBufferPointer { numbers in
      numbers[0] = Double(state.step)
      numbers[1] = state.t
      numbers[3] = state.screen.width
      numbers[4] = state.screen.height
      numbers[5] = state.safeArea.top
      numbers[6] = state.safeArea.left
      numbers[7] = state.safeArea.bottom
      numbers[8] = state.safeArea.right
      numbers[9] = state.keyboard.frame.x
      numbers[10] = state.keyboard.frame.y
      numbers[11] = state.keyboard.frame.width
      numbers[12] = state.keyboard.frame.height
      numbers[13] = state.keyboard.visibleHeight
      numbers[14] = state.inputBar.frame.x
      numbers[15] = state.inputBar.frame.y
      numbers[16] = state.inputBar.frame.width
      numbers[17] = state.inputBar.frame.height
      numbers[19] = state.isSendEnabled ? 1 : 0
      numbers[20] = state.list.frame.x
      numbers[21] = state.list.frame.y
      numbers[22] = state.list.frame.width
      numbers[23] = state.list.frame.height
      numbers[24] = state.list.contentInset.top
      numbers[25] = state.list.contentInset.bottom
      let adjusted = state.adjustedContentInset
      numbers[26] = adjusted.top
      numbers[27] = adjusted.bottom
      numbers[28] = state.list.contentOffsetY
      numbers[29] = state.list.contentHeight
      numbers[30] = Double(state.messages.count)
    }
  }

  /// Whether `leaves` (a state written without its messages and diagnostics) are `state`'s
  /// leaves as ``numbers(of:)`` reads them, followed by the empty `diagnostics`.
  static func agree(_ leaves: PageLeaves, with state: ChatState) -> Bool {
    guard leaves.kinds.count == count + 1, leaves.kinds[count] == 4 else { return false }
    let numbers = numbers(of: state)
    for position in 0..<count {
      let kind = leaves.kinds[position]
      let value = leaves.numbers[position]
      switch position {
      case layoutPosition:
        guard kind == 2, leaves.strings[Int(value)] == state.layout.rawValue else { return false }
      case textPosition:
        guard kind == 2, leaves.strings[Int(value)] == state.inputBar.text else { return false }
      case sendEnabledPosition:
        guard kind == 1, value == numbers[position] else { return false }
      default:
        guard kind == 0, value.bitPattern == numbers[position].bitPattern else { return false }
      }
    }
    return true
  }
}

/// Writes a value's leaves straight into a page's stream, one JSON value each, as
/// ``PageLeaves/write(_:to:)`` writes them one by one: keys and nesting are left out (an empty
/// array is the leaf `[]`).
struct PageValues: StructuredWriter {
  /// The stream written into.
  var stream: JSONWriter
  /// The number of elements of each open container.
  private var counts: [Int] = []

  init(_ stream: JSONWriter) {
    self.stream = stream
  }

  private mutating func count() {
    if !counts.isEmpty { counts[counts.count - 1] += 1 }
  }

  mutating func beginObject() {
    count()
    counts.append(0)
  }

  mutating func endObject() { counts.removeLast() }

  mutating func beginArray() {
    count()
    counts.append(0)
  }

  mutating func endArray() {
    if counts.removeLast() == 0 {
      stream.beginArray()
      stream.endArray()
    }
  }

  mutating func key(_ name: StaticString) {}

  mutating func number(_ value: Double) {
    count()
    stream.pageNumber(value)
  }

  mutating func bool(_ value: Bool) {
    count()
    stream.bool(value)
  }

  mutating func string(_ value: String) {
    count()
    stream.string(value)
  }

  mutating func null() {
    count()
    stream.null()
  }
}

extension Diagnostic {
  /// Whether a page's script words this diagnostic's message as replay does, from the numbers
  /// the page holds beside it: the three kinds a long recording shows at most steps
  /// (`keyboard-gap`, `offset-out-of-range`, `message-hidden`; the browser tests hold the
  /// script's wording of each to replay's), when each of their numbers is 0 or between 10^-4 and
  /// 10^15 in magnitude (not -0), where the script's number text is replay's.
  var isWordedByPage: Bool {
    func plain(_ value: Double) -> Bool {
      value == 0 ? value.sign == .plus : value.magnitude >= 1e-4 && value.magnitude < 1e15
    }
    switch self {
    case .keyboardGap(let first, let second, let third),
      .offsetOutOfRange(let first, let second, let third):
      return plain(first) && plain(second) && plain(third)
    case .messageHidden(let index, let minY, let maxY, let visibleMinY, let visibleMaxY):
      // The index an integer below 10^15, as the other numbers: exact as the field's `Double`.
      return UInt64(index.magnitude) < 1_000_000_000_000_000 && plain(minY) && plain(maxY)
        && plain(visibleMinY) && plain(visibleMaxY)
    default:
      return false
    }
  }
}
