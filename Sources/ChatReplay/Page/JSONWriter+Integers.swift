extension JSONWriter {
  /// Writes `value` as ``number(_:)`` writes `Double(value)` (every integer a page writes is
  /// far below 10^15), without the double's formatting.
  @inline(__always)
  mutating func integer(_ value: Int) {
    let storage = reserve(22)
    if needsComma { storage.append(UInt8(ascii: ",")) }
    if value < 0 { storage.append(UInt8(ascii: "-")) }
    SummaryText.appendDigits(UInt64(value.magnitude), to: storage)
    needsComma = true
  }

  /// Writes `value` as ``number(_:)`` writes it, with one multiplication for the page's most
  /// common numbers: those below 10^9 with at most three decimals (times, points).
  ///
  /// A value with at most three decimals is its count of thousandths over 1,000 exactly, and
  /// that count is its product with 1,000 rounded (the product is within far less than half a
  /// unit of it); below 10^9 one text of at most three decimals at most reads back to the value,
  /// so the one with the trailing zeros dropped is the shortest, the one ``number(_:)`` writes.
  @inline(__always)
  mutating func pageNumber(_ value: Double) {
    let magnitude = value.magnitude
    guard magnitude < 1e9 else { return number(value) }
    let thousandths = UInt64(magnitude * 1000 + 0.5)
    guard Double(thousandths) / 1000 == magnitude else { return number(value) }
    let storage = reserve(15)
    if needsComma { storage.append(UInt8(ascii: ",")) }
    needsComma = true
    if value < 0 && thousandths != 0 { storage.append(UInt8(ascii: "-")) }
    SummaryText.appendDigits(thousandths / 1000, to: storage)
    var fraction = thousandths % 1000
    guard fraction != 0 else { return }
    storage.append(UInt8(ascii: "."))
    var places = 3
    while fraction % 10 == 0 {
      fraction /= 10
      places -= 1
    }
    var divisor: UInt64 = places == 3 ? 100 : places == 2 ? 10 : 1
    while divisor > 0 {
      storage.append(UInt8(truncatingIfNeeded: fraction / divisor % 10) &+ 48)
      divisor /= 10
    }
  }

  /// Writes the UTF-8 text `utf8` as ``string(_:)`` writes a `String` of it.
  mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
    let storage = reserve(utf8.count + 3)
    if needsComma { storage.append(UInt8(ascii: ",")) }
    StringText.append(utf8, to: storage)
    needsComma = true
  }
}

/// A diagnostic's message written as its UTF-8 bytes into `storage`, as ``Diagnostic/message``
/// words it, without making a `String`.
struct PageMessageBytes: MessageWriter {
  let storage: ByteStorage

  mutating func text(_ text: StaticString) {
    storage.reserve(text.utf8CodeUnitCount)
    storage.append(text.utf8Start, count: text.utf8CodeUnitCount)
  }

  mutating func text(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      storage.reserve(utf8.count)
      storage.append(utf8.baseAddress, count: utf8.count)
    }
  }

  mutating func number(_ value: Double) {
    NumberText.append(value, to: storage)
  }

  mutating func integer(_ value: Int) {
    storage.reserve(21)
    if value < 0 { storage.append(UInt8(ascii: "-")) }
    NumberText.appendDigits(UInt64(value.magnitude), to: storage)
  }
}
