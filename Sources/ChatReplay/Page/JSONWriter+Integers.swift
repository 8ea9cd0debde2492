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
