extension JSONWriter {
  /// Writes `value` as ``number(_:)`` writes `Double(value)` (every integer a page writes is
  /// far below 10^15), without the double's formatting.
  @inline(__always)
  mutating func integer(_ value: Int) {
    let storage = reserve(22)
    if needsComma { storage.append(UInt8(ascii: ",")) }
    if value < 0 { storage.append(UInt8(ascii: "-")) }
    // Two digits at a time (most of a page's integers are below 10: one byte).
    if value >= 0 && value < 10 {
      storage.append(UInt8(truncatingIfNeeded: value) &+ 48)
    } else {
      NumberText.appendDigits(UInt64(value.magnitude), to: storage)
    }
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
    NumberText.appendDigits(thousandths / 1000, to: storage)
    let fraction = thousandths % 1000
    guard fraction != 0 else { return }
    storage.append(UInt8(ascii: "."))
    // The three decimals, without the trailing zeros.
    storage.append(UInt8(truncatingIfNeeded: fraction / 100) &+ 48)
    let rest = fraction % 100
    guard rest != 0 else { return }
    storage.append(UInt8(truncatingIfNeeded: rest / 10) &+ 48)
    guard rest % 10 != 0 else { return }
    storage.append(UInt8(truncatingIfNeeded: rest % 10) &+ 48)
  }

  /// The text ``number(_:)`` wrote for a value, kept with the value's bits.
  struct NumberMemory {
    fileprivate var bits: UInt64 = 0
    fileprivate var text: [UInt8] = []
  }

  /// Writes `value` as ``pageNumber(_:)`` writes it; a value that needs ``number(_:)``'s
  /// general formatting is written from `memory` when it is the value `memory` holds, and
  /// becomes the value `memory` holds when it is not.
  @inline(__always)
  mutating func pageNumber(_ value: Double, memory: inout NumberMemory) {
    let magnitude = value.magnitude
    if magnitude < 1e9 {
      let thousandths = UInt64(magnitude * 1000 + 0.5)
      if Double(thousandths) / 1000 == magnitude { return pageNumber(value) }
    }
    number(value, memory: &memory)
  }

  @inline(never)
  private mutating func number(_ value: Double, memory: inout NumberMemory) {
    if !memory.text.isEmpty && memory.bits == value.bitPattern {
      let storage = reserve(1 + memory.text.count)
      if needsComma { storage.append(UInt8(ascii: ",")) }
      memory.text.withUnsafeBufferPointer { storage.append($0.baseAddress, count: $0.count) }
      needsComma = true
      return
    }
    let start = storage.count + (needsComma ? 1 : 0)
    number(value)
    memory.bits = value.bitPattern
    memory.text = Array(UnsafeBufferPointer(rebasing: storage.buffer[start...]))
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
