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
}
