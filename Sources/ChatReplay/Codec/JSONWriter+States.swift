extension JSONWriter {
  /// Writes `state` as ``ChatState/write(to:includeMessages:includeOptions:)`` does, byte for
  /// byte: the fast path of `replay FILE --json`.
  ///
  /// The storage is made the writer's own once per state rather than at every token, the tokens
  /// are written by a writer compiled for this one purpose, and a diagnostic or a small object
  /// (a frame, insets, a size) equal to the one at the same place in the previous state is
  /// copied from the bytes written for it then rather than written again: their bytes depend on
  /// nothing but their values.
  public mutating func write(
    _ state: ChatState, includeMessages: Bool = false, includeOptions: Bool = false
  ) {
    let storage = reserve(0)
    // The memo moves into the state's writer and back, so that its arrays stay uniquely held.
    var taken = RecordMemo()
    swap(&taken, &memo)
    var writer = StateBytesWriter(storage: storage, needsComma: needsComma, memo: consume taken)
    state.write(to: &writer, includeMessages: includeMessages, includeOptions: includeOptions)
    needsComma = writer.needsComma
    memo = writer.memo
  }
}

/// What a ``JSONWriter`` wrote for the diagnostics and small objects of the last state, by their
/// position in it.
struct RecordMemo: Sendable {
  var diagnostics: [Diagnostic?] = []
  var diagnosticBytes = PositionalBytes(stride: 512)
  /// Each small object's kind (`nil` when none is kept) and numbers.
  var objectKinds: [SmallObject?] = []
  var objectNumbers: [SIMD4<Double>] = []
  var objectBytes = PositionalBytes(stride: 128)
}

/// Byte strings kept by position, each in a slot of a fixed size (longer ones are not kept).
struct PositionalBytes: Sendable {
  let stride: Int
  private var slots: [UInt8] = []
  /// Each slot's length, or -1 when it holds nothing.
  private var lengths: [Int] = []

  init(stride: Int) {
    self.stride = stride
  }

  /// Appends the bytes kept at `position` to `storage`; `false` when nothing is kept there.
  @inline(__always)
  func append(at position: Int, to storage: ByteStorage) -> Bool {
    guard position < lengths.count, lengths[position] >= 0 else { return false }
    let length = lengths[position]
    storage.reserve(length)
    slots.withUnsafeBufferPointer { slots in
      storage.append(slots.baseAddress.map { $0 + position * stride }, count: length)
    }
    return true
  }

  /// Keeps `bytes` at `position`, or forgets what was there when they do not fit a slot.
  mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) {
    while lengths.count <= position {
      lengths.append(-1)
      slots.append(contentsOf: repeatElement(0, count: stride))
    }
    guard bytes.count <= stride, let base = bytes.baseAddress else {
      lengths[position] = -1
      return
    }
    let stride = stride
    slots.withUnsafeMutableBufferPointer { slots in
      if let slot = slots.baseAddress.map({ $0 + position * stride }) {
        slot.update(from: base, count: bytes.count)
      }
    }
    lengths[position] = bytes.count
  }
}

/// Writes a state's tokens into storage a ``JSONWriter`` has made its own, as the writer would,
/// without checking at each token that no other writer shares it.
struct StateBytesWriter: StructuredWriter {
  let storage: ByteStorage
  var needsComma: Bool
  var memo: RecordMemo
  /// The position of the next diagnostic in the state.
  private var diagnosticPosition = 0
  /// The position of the next small object in the state.
  private var objectPosition = 0

  init(storage: ByteStorage, needsComma: Bool, memo: RecordMemo) {
    self.storage = storage
    self.needsComma = needsComma
    self.memo = memo
  }

  /// Starts the next record, as a new writer with the same memo would: its diagnostics and
  /// small objects are compared with the memo's from the first place on.
  @inline(__always)
  mutating func startRecord() {
    needsComma = false
    diagnosticPosition = 0
    objectPosition = 0
  }

  @inline(__always)
  private func comma() {
    if needsComma { storage.append(UInt8(ascii: ",")) }
  }

  @inline(__always)
  mutating func beginObject() {
    storage.reserve(2)
    comma()
    storage.append(UInt8(ascii: "{"))
    needsComma = false
  }

  @inline(__always)
  mutating func endObject() {
    storage.reserve(1)
    storage.append(UInt8(ascii: "}"))
    needsComma = true
  }

  @inline(__always)
  mutating func beginArray() {
    storage.reserve(2)
    comma()
    storage.append(UInt8(ascii: "["))
    needsComma = false
  }

  @inline(__always)
  mutating func endArray() {
    storage.reserve(1)
    storage.append(UInt8(ascii: "]"))
    needsComma = true
  }

  @inline(__always)
  mutating func key(_ name: StaticString) {
    let length = name.utf8CodeUnitCount
    storage.reserve(length + 4)
    comma()
    storage.append(UInt8(ascii: "\""))
    storage.append(name.utf8Start, count: length)
    storage.append(UInt8(ascii: "\""))
    storage.append(UInt8(ascii: ":"))
    needsComma = false
  }

  mutating func key(dynamic name: String) {
    string(name)
    storage.reserve(1)
    storage.append(UInt8(ascii: ":"))
    needsComma = false
  }

  mutating func null() {
    storage.reserve(5)
    comma()
    let text: StaticString = "null"
    storage.append(text.utf8Start, count: text.utf8CodeUnitCount)
    needsComma = true
  }

  @inline(__always)
  mutating func number(_ value: Double) {
    storage.reserve(1 + NumberText.maximumFastLength)
    comma()
    if !NumberText.appendFast(value, to: storage) {
      var text: [UInt8] = []
      JSONWriter.appendNumber(value, to: &text)
      storage.reserve(text.count)
      text.withUnsafeBufferPointer { storage.append($0.baseAddress, count: $0.count) }
    }
    needsComma = true
  }

  /// Writes `rect` as the protocol's token by token writing does, in one piece: its keys and
  /// punctuation are copied as five-to-ten-byte runs around the numbers.
  @inline(__always)
  mutating func rect(_ rect: Rect) {
    storage.reserve(2)
    comma()
    append("{\"x\":")
    NumberText.append(rect.x, to: storage)
    append(",\"y\":")
    NumberText.append(rect.y, to: storage)
    append(",\"width\":")
    NumberText.append(rect.width, to: storage)
    append(",\"height\":")
    NumberText.append(rect.height, to: storage)
    storage.reserve(1)
    storage.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Appends `text`'s bytes as they are.
  @inline(__always)
  private func append(_ text: StaticString) {
    storage.reserve(text.utf8CodeUnitCount)
    storage.append(text.utf8Start, count: text.utf8CodeUnitCount)
  }

  @inline(__always)
  mutating func bool(_ value: Bool) {
    storage.reserve(6)
    comma()
    let text: StaticString = value ? "true" : "false"
    storage.append(text.utf8Start, count: text.utf8CodeUnitCount)
    needsComma = true
  }

  @inline(__always)
  mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      storage.reserve(utf8.count + 3)
      comma()
      StringText.append(utf8, to: storage)
    }
    needsComma = true
  }

  mutating func message(of diagnostic: Diagnostic) {
    storage.reserve(2)
    comma()
    storage.append(UInt8(ascii: "\""))
    var message = EscapedMessage(storage: storage)
    diagnostic.writeMessage(to: &message)
    storage.reserve(1)
    storage.append(UInt8(ascii: "\""))
    needsComma = true
  }

  mutating func diagnostic(_ diagnostic: Diagnostic) {
    let position = diagnosticPosition
    diagnosticPosition += 1
    storage.reserve(1)
    comma()
    needsComma = true
    if position < memo.diagnostics.count, memo.diagnostics[position] == diagnostic,
      memo.diagnosticBytes.append(at: position, to: storage)
    {
      return
    }
    needsComma = false
    let start = storage.count
    diagnostic.write(to: &self)
    while memo.diagnostics.count <= position { memo.diagnostics.append(nil) }
    memo.diagnostics[position] = diagnostic
    memo.diagnosticBytes.keep(
      UnsafeBufferPointer(start: storage.base + start, count: storage.count - start),
      at: position)
  }

  @inline(__always)
  mutating func object(
    _ kind: SmallObject, numbers: SIMD4<Double>, _ body: (inout Self) -> Void
  ) {
    let position = objectPosition
    objectPosition += 1
    storage.reserve(1)
    comma()
    needsComma = true
    if position < memo.objectKinds.count, memo.objectKinds[position] == kind,
      memo.objectNumbers[position] == numbers, memo.objectBytes.append(at: position, to: storage)
    {
      return
    }
    needsComma = false
    let start = storage.count
    body(&self)
    while memo.objectKinds.count <= position {
      memo.objectKinds.append(nil)
      memo.objectNumbers.append(.zero)
    }
    memo.objectKinds[position] = kind
    memo.objectNumbers[position] = numbers
    memo.objectBytes.keep(
      UnsafeBufferPointer(start: storage.base + start, count: storage.count - start),
      at: position)
  }
}

/// A diagnostic's message written straight into a string value's bytes, escaped as
/// ``StringText`` escapes them.
private struct EscapedMessage: MessageWriter {
  let storage: ByteStorage

  /// A fixed piece of the message, copied as it is: the literals ``Diagnostic`` words its
  /// messages with hold no byte that JSON escapes (`DiagnosticMessageTests` holds every kind's
  /// wording to that).
  @inline(__always)
  mutating func text(_ text: StaticString) {
    let count = text.utf8CodeUnitCount
    storage.reserve(count)
    storage.append(text.utf8Start, count: count)
  }

  mutating func text(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      storage.reserve(utf8.count)
      StringText.appendEscaped(utf8, to: storage)
    }
  }

  // Numbers' text has nothing to escape.
  @inline(__always)
  mutating func number(_ value: Double) {
    NumberText.append(value, to: storage)
  }

  @inline(__always)
  mutating func integer(_ value: Int) {
    storage.reserve(20)
    if value < 0 { storage.append(UInt8(ascii: "-")) }
    NumberText.appendDigits(UInt64(value.magnitude), to: storage)
  }
}
