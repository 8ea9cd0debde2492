/// Receives a value's structure, key by key, so that one description of a state's shape can feed
/// both the fast JSON output and the debugger's tree of paths.
public protocol StructuredWriter {
  mutating func beginObject()
  mutating func endObject()
  mutating func beginArray()
  mutating func endArray()
  /// The key of the next member of the current object.
  mutating func key(_ name: StaticString)
  mutating func number(_ value: Double)
  mutating func string(_ value: String)
  mutating func bool(_ value: Bool)
  /// The key of the next member, when it is not known in advance (a ``JSONValue``'s).
  mutating func key(dynamic name: String)
  /// A JSON `null` (in a ``JSONValue``).
  mutating func null()
  /// A diagnostic, as ``Diagnostic/write(to:)`` writes it; a writer may reuse what it wrote for
  /// an equal diagnostic.
  mutating func diagnostic(_ diagnostic: Diagnostic)
  /// A small object of `kind` written by `body`, whose bytes depend on nothing but `numbers`; a
  /// writer may reuse what it wrote for the same kind and numbers.
  mutating func object(
    _ kind: SmallObject, numbers: SIMD4<Double>, _ body: (inout Self) -> Void)
  /// A diagnostic's ``Diagnostic/message``, as a string value; a writer may write it without
  /// building the `String`.
  mutating func message(of diagnostic: Diagnostic)
  /// A rect, `{"x":…,"y":…,"width":…,"height":…}`; a writer may write it in one piece rather
  /// than token by token.
  mutating func rect(_ rect: Rect)
}

/// The kinds of small objects a state writes through ``StructuredWriter/object(_:numbers:_:)``.
public enum SmallObject: UInt8, Sendable {
  /// `{"top":…,"left":…,"bottom":…,"right":…}`.
  case edgeInsets
  /// `{"x":…,"y":…,"width":…,"height":…}`.
  case rect
  /// `{"width":…,"height":…}`.
  case size
  /// `{"top":…,"bottom":…}`.
  case verticalInsets
}

extension StructuredWriter {
  /// Writers of states, which hold no free-form values, ignore dynamic keys.
  public mutating func key(dynamic name: String) {}
  /// Writers of states, which hold no free-form values, ignore `null`.
  public mutating func null() {}
  /// Writes the diagnostic's members one by one.
  public mutating func diagnostic(_ diagnostic: Diagnostic) { diagnostic.write(to: &self) }
  /// Writes the message as a string.
  public mutating func message(of diagnostic: Diagnostic) { string(diagnostic.message) }
  /// Writes the object with `body`.
  public mutating func object(
    _ kind: SmallObject, numbers: SIMD4<Double>, _ body: (inout Self) -> Void
  ) {
    body(&self)
  }
  /// Writes the rect's members one by one.
  public mutating func rect(_ rect: Rect) {
    beginObject()
    key(RectKey.x)
    number(rect.x)
    key(RectKey.y)
    number(rect.y)
    key(RectKey.width)
    number(rect.width)
    key(RectKey.height)
    number(rect.height)
    endObject()
  }
}

/// Writes compact JSON into a byte buffer, keys in the order given.
///
/// Numbers are written as integers when they are integral (`852`, not `852.0`), otherwise in the
/// shortest form that reads back to the same `Double`.
///
/// The bytes live in storage the writer owns and writes through a pointer: each token checks
/// once that the storage is not shared and has room, then writes its bytes without the
/// per-byte checks of `Array.append`.
public struct JSONWriter: StructuredWriter, Sendable {
  var storage: ByteStorage
  /// Whether the next value or key needs a comma before it.
  var needsComma = false
  /// What ``write(_:includeMessages:includeOptions:)`` wrote for the last state's diagnostics
  /// and small objects.
  var memo = RecordMemo()

  public init() {
    storage = ByteStorage(capacity: 1024)
  }

  /// The bytes written so far.
  public var bytes: [UInt8] { Array(storage.buffer) }

  /// The number of bytes written so far.
  public var count: Int { storage.count }

  /// Calls `body` with the bytes written so far, without copying them.
  public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try body(storage.buffer)
  }

  /// Room for `count` more bytes, in storage no other writer shares.
  @inline(__always)
  mutating func reserve(_ count: Int) -> ByteStorage {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    storage.reserve(count)
    return storage
  }

  public mutating func beginObject() {
    let storage = reserve(2)
    if needsComma { storage.append(UInt8(ascii: ",")) }
    storage.append(UInt8(ascii: "{"))
    needsComma = false
  }

  public mutating func endObject() {
    reserve(1).append(UInt8(ascii: "}"))
    needsComma = true
  }

  public mutating func beginArray() {
    let storage = reserve(2)
    if needsComma { storage.append(UInt8(ascii: ",")) }
    storage.append(UInt8(ascii: "["))
    needsComma = false
  }

  public mutating func endArray() {
    reserve(1).append(UInt8(ascii: "]"))
    needsComma = true
  }

  public mutating func key(_ name: StaticString) {
    let length = name.utf8CodeUnitCount
    let storage = reserve(length + 4)
    if needsComma { storage.append(UInt8(ascii: ",")) }
    storage.append(UInt8(ascii: "\""))
    storage.append(name.utf8Start, count: length)
    storage.append(UInt8(ascii: "\""))
    storage.append(UInt8(ascii: ":"))
    needsComma = false
  }

  public mutating func key(dynamic name: String) {
    string(name)
    reserve(1).append(UInt8(ascii: ":"))
    needsComma = false
  }

  public mutating func null() {
    let storage = reserve(5)
    if needsComma { storage.append(UInt8(ascii: ",")) }
    let text: StaticString = "null"
    storage.append(text.utf8Start, count: text.utf8CodeUnitCount)
    needsComma = true
  }

  public mutating func number(_ value: Double) {
    let storage = reserve(1 + NumberText.maximumFastLength)
    if needsComma { storage.append(UInt8(ascii: ",")) }
    if !NumberText.appendFast(value, to: storage) {
      var text: [UInt8] = []
      Self.appendNumber(value, to: &text)
      storage.reserve(text.count)
      text.withUnsafeBufferPointer { storage.append($0.baseAddress, count: $0.count) }
    }
    needsComma = true
  }

  public mutating func bool(_ value: Bool) {
    let storage = reserve(6)
    if needsComma { storage.append(UInt8(ascii: ",")) }
    let text: StaticString = value ? "true" : "false"
    storage.append(text.utf8Start, count: text.utf8CodeUnitCount)
    needsComma = true
  }

  public mutating func string(_ value: String) {
    var value = value
    let needsComma = self.needsComma
    value.withUTF8 { utf8 in
      let storage = reserve(utf8.count + 3)
      if needsComma { storage.append(UInt8(ascii: ",")) }
      StringText.append(utf8, to: storage)
    }
    self.needsComma = true
  }

  /// Reopens the object just ended, so that more members can follow its last.
  mutating func reopenObject() {
    let storage = reserve(0)
    precondition(storage.count > 0 && storage.base[storage.count - 1] == UInt8(ascii: "}"))
    storage.count -= 1
    needsComma = true
  }

  /// Empties the buffer, keeping its capacity, to write the next record.
  public mutating func reset() {
    _ = reserve(0)
    storage.count = 0
    needsComma = false
  }

  /// Ends a JSON Lines record.
  public mutating func newline() {
    reserve(1).append(0x0A)
    needsComma = false
  }

  // MARK: Scalars

  /// A number as this writer writes it, as text.
  public static func format(_ value: Double) -> String {
    var bytes: [UInt8] = []
    appendNumber(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
    if value.magnitude < 1e15, value == value.rounded(.towardZero) {
      var integer = Int64(value)
      if integer < 0 {
        bytes.append(UInt8(ascii: "-"))
        integer = -integer
      }
      if integer == 0 {
        bytes.append(UInt8(ascii: "0"))
        return
      }
      var digits: (UInt64, UInt64) = (0, 0)
      var count = 0
      withUnsafeMutableBytes(of: &digits) { buffer in
        var rest = integer
        while rest > 0 {
          buffer[15 - count] = UInt8(truncatingIfNeeded: rest % 10) + 48
          rest /= 10
          count += 1
        }
        bytes.append(contentsOf: buffer[(16 - count)...])
      }
    } else if value.isFinite {
      bytes.append(contentsOf: value.description.utf8)
    } else {
      // Never produced from a valid recording (numbers are bounded); JSON has no infinity.
      bytes.append(contentsOf: "null".utf8)
    }
  }

  static func appendString(_ value: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case UInt8(ascii: "\\"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case 0x0A:
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "n"))
      case 0x0D:
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "r"))
      case 0x09:
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "t"))
      case ..<0x20, 0x7F:
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30])
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      default:
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

/// Growable bytes with a single owner, written through a pointer after one check for room.
final class ByteStorage: @unchecked Sendable {
  private(set) var base: UnsafeMutablePointer<UInt8>
  var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  func copy() -> ByteStorage {
    let copy = ByteStorage(capacity: capacity)
    copy.base.update(from: base, count: count)
    copy.count = count
    return copy
  }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  @inline(never)
  private func grow(to minimum: Int) {
    let newCapacity = max(minimum, capacity * 2)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// Appends a byte; room for it was reserved.
  @inline(__always)
  func append(_ byte: UInt8) {
    base[count] = byte
    count += 1
  }

  /// Appends `count` bytes; room for them was reserved.
  ///
  /// Up to 16 bytes (a key, a number, a piece of a message: most appends) are copied here, in
  /// two words that may overlap, rather than by a call to `memcpy`.
  @inline(__always)
  func append(_ bytes: UnsafePointer<UInt8>?, count length: Int) {
    guard let bytes, length > 0 else { return }
    let target = base + count
    if length <= 16 {
      Self.copySmall(bytes, to: target, count: length)
    } else {
      target.update(from: bytes, count: length)
    }
    count += length
  }

  /// Copies `length` bytes, 1 to 16: both ends are loaded before either is stored, so the ranges
  /// may even overlap.
  @inline(__always)
  private static func copySmall(
    _ bytes: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count length: Int
  ) {
    let source = UnsafeRawPointer(bytes)
    let destination = UnsafeMutableRawPointer(target)
    if length >= 8 {
      let head = source.loadUnaligned(as: UInt64.self)
      let tail = source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
      destination.storeBytes(of: head, as: UInt64.self)
      destination.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
    } else if length >= 4 {
      let head = source.loadUnaligned(as: UInt32.self)
      let tail = source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
      destination.storeBytes(of: head, as: UInt32.self)
      destination.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
    } else {
      // One to three bytes: the first, the middle one and the last (some the same).
      let first = bytes[0]
      let middle = bytes[length >> 1]
      let last = bytes[length - 1]
      target[0] = first
      target[length >> 1] = middle
      target[length - 1] = last
    }
  }
}

/// Numbers written straight into a writer's storage.
enum NumberText {
  /// The longest text ``appendFast(_:to:)`` writes: a sign, 15 digits, a point.
  static let maximumFastLength = 17

  /// Writes `value` as ``JSONWriter/appendNumber(_:to:)`` would: by ``appendFast(_:to:)`` when it
  /// can, through the general formatting otherwise.
  @inline(__always)
  static func append(_ value: Double, to storage: ByteStorage) {
    storage.reserve(maximumFastLength)
    guard !appendFast(value, to: storage) else { return }
    var text: [UInt8] = []
    JSONWriter.appendNumber(value, to: &text)
    storage.reserve(text.count)
    text.withUnsafeBufferPointer { storage.append($0.baseAddress, count: $0.count) }
  }

  /// Writes the integers below 10^15 and the decimals below ``JSONScanner/numberLimit`` with at
  /// most three decimals, as ``JSONWriter/appendNumber(_:to:)`` would; `false` for any other
  /// value, which is left to it.
  ///
  /// A decimal's text is the shortest that reads back to it: with the fewest decimals `k` for
  /// which `round(value × 10^k) / 10^k == value`. Both operands of that division are exact, so
  /// it rounds as reading the text does; below 10^9 one `k`-decimal text at most reads back to
  /// the value, so it is the one `description` prints.
  @inline(__always)
  static func appendFast(_ value: Double, to storage: ByteStorage) -> Bool {
    let magnitude = value.magnitude
    if magnitude < 1e15 {
      // Below 2^53 the conversion truncates exactly: the value is integral when it reads back.
      let integer = UInt64(magnitude)
      if Double(integer) == magnitude {
        if value < 0 && magnitude != 0 { storage.append(UInt8(ascii: "-")) }
        appendDigits(integer, to: storage)
        return true
      }
    }
    guard magnitude >= 1e-3, magnitude < JSONScanner.numberLimit else { return false }
    // `magnitude × 1000` lies below 2^52, where adding 0.5 is exact: truncating the sum rounds
    // half away from zero, as `rounded()` does, without calling the C library.
    let thousandths = UInt64(magnitude * 1000 + 0.5)
    guard Double(thousandths) / 1000 == magnitude else { return false }
    // The value is `thousandths / 1000` with one or two of its decimals possibly zero. Written
    // without them, it is the text with the fewest decimals that reads back to it: a value that
    // reads back from `n` tenths or hundredths is the same rational number as `n × 100` or
    // `n × 10` thousandths, and below 10^9 `magnitude × 1000` is within far less than 0.5 of
    // that integer, so `thousandths` is it. One division instead of one for each of up to three
    // numbers of decimals tried in turn.
    if value < 0 { storage.append(UInt8(ascii: "-")) }
    appendDigits(thousandths / 1000, to: storage)
    storage.append(UInt8(ascii: "."))
    // Not zero: the value is not an integer.
    let fraction = UInt16(truncatingIfNeeded: thousandths % 1000)
    if fraction % 10 != 0 {
      storage.append(UInt8(truncatingIfNeeded: fraction / 100) &+ 48)
      appendPair(UInt8(truncatingIfNeeded: fraction % 100), at: storage.base + storage.count)
      storage.count += 2
    } else if fraction % 100 != 0 {
      appendPair(UInt8(truncatingIfNeeded: fraction / 10), at: storage.base + storage.count)
      storage.count += 2
    } else {
      storage.append(UInt8(truncatingIfNeeded: fraction / 100) &+ 48)
    }
    return true
  }

  /// The decimal digits of `value`, two at a time; room for them was reserved.
  @inline(__always)
  static func appendDigits(_ value: UInt64, to storage: ByteStorage) {
    let length = digitCount(value)
    var rest = value
    var cursor = storage.base + storage.count + length
    while rest >= 100 {
      cursor -= 2
      appendPair(UInt8(truncatingIfNeeded: rest % 100), at: cursor)
      rest /= 100
    }
    if rest >= 10 {
      cursor -= 2
      appendPair(UInt8(truncatingIfNeeded: rest), at: cursor)
    } else {
      cursor -= 1
      cursor.pointee = UInt8(truncatingIfNeeded: rest) &+ 48
    }
    storage.count += length
  }

  /// How many decimal digits `value` has.
  @inline(__always)
  static func digitCount(_ value: UInt64) -> Int {
    if value < 100_000 {
      if value < 100 { return value < 10 ? 1 : 2 }
      return value < 1000 ? 3 : (value < 10_000 ? 4 : 5)
    }
    var length = 6
    var limit: UInt64 = 1_000_000
    while value >= limit && length < 20 {
      length += 1
      limit &*= 10
    }
    return length
  }

  /// Writes the two digits of `pair` (below 100) at `cursor`.
  @inline(__always)
  static func appendPair(_ pair: UInt8, at cursor: UnsafeMutablePointer<UInt8>) {
    let digits: StaticString = """
      00010203040506070809101112131415161718192021222324252627282930313233343536373839\
      40414243444546474849505152535455565758596061626364656667686970717273747576777879\
      8081828384858687888990919293949596979899
      """
    let source = digits.utf8Start + Int(pair) &* 2
    cursor[0] = source[0]
    cursor[1] = source[1]
  }
}

/// Strings written straight into a writer's storage, quoted and escaped.
enum StringText {
  /// Writes `"…"`: runs of bytes that need no escape are copied whole, found eight at a time.
  @inline(__always)
  static func append(_ utf8: UnsafeBufferPointer<UInt8>, to storage: ByteStorage) {
    storage.append(UInt8(ascii: "\""))
    appendEscaped(utf8, to: storage)
    storage.append(UInt8(ascii: "\""))
  }

  /// Writes the bytes of a string's text, escaped, without the quotes; room for the bytes was
  /// reserved, one for one (escapes reserve their own, and the bytes after them again).
  @inline(__always)
  static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to storage: ByteStorage) {
    guard let base = utf8.baseAddress else { return }
    var start = 0
    var index = 0
    let count = utf8.count
    while index < count {
      index = plainRunEnd(base, from: index, count: count)
      guard index < count else { break }
      storage.append(base + start, count: index - start)
      // An escape takes up to six bytes for one, out of the room the caller reserved for the
      // bytes after it: room again for them (and a closing quote), before the escape.
      storage.reserve(6 + count - index)
      appendEscape(base[index], to: storage)
      index += 1
      start = index
    }
    storage.append(base + start, count: count - start)
  }

  /// The index of the first byte at or after `index` that needs an escape, or `count`.
  @inline(__always)
  private static func plainRunEnd(_ base: UnsafePointer<UInt8>, from index: Int, count: Int)
    -> Int
  {
    var index = index
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    while index + 8 <= count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      let delete = word ^ (ones &* 0x7F)
      // A flagged high bit: a quote, a backslash or DEL (a zero byte after the XOR), or a byte
      // below 0x20; bytes of 0x80 and above are left alone.
      let flags =
        (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
          | ((delete &- ones) & ~delete) | (word &- (ones &* 0x20))) & ~word & highs
      if flags != 0 { return index + flags.littleEndian.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < count && !needsEscape(base[index]) { index += 1 }
    return index
  }

  @inline(__always)
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
  }

  /// Writes the escape of `byte` (one that needs one), as ``JSONWriter/appendString(_:to:)``.
  private static func appendEscape(_ byte: UInt8, to storage: ByteStorage) {
    storage.reserve(6)
    storage.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): storage.append(byte)
    case 0x0A: storage.append(UInt8(ascii: "n"))
    case 0x0D: storage.append(UInt8(ascii: "r"))
    case 0x09: storage.append(UInt8(ascii: "t"))
    default:
      let hex: StaticString = "0123456789abcdef"
      storage.append(UInt8(ascii: "u"))
      storage.append(0x30)
      storage.append(0x30)
      storage.append(hex.utf8Start[Int(byte >> 4)])
      storage.append(hex.utf8Start[Int(byte & 0xF)])
    }
  }
}
