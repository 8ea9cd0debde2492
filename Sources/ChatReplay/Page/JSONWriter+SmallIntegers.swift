extension JSONWriter {
  /// Writes `first`, `second`, `third` and `fourth` as ``integer(_:)`` writes each, with one
  /// check for room when all four are single digits (a settled step's draft part, most often).
  @inline(__always)
  mutating func integers(_ first: Int, _ second: Int, _ third: Int, _ fourth: Int) {
    guard UInt(first) < 10 && UInt(second) < 10 && UInt(third) < 10 && UInt(fourth) < 10 else {
      integer(first)
      integer(second)
      integer(third)
      integer(fourth)
      return
    }
    let storage = reserve(8)
    if needsComma { storage.append(UInt8(ascii: ",")) }
    storage.append(UInt8(truncatingIfNeeded: first) &+ 48)
    storage.append(UInt8(ascii: ","))
    storage.append(UInt8(truncatingIfNeeded: second) &+ 48)
    storage.append(UInt8(ascii: ","))
    storage.append(UInt8(truncatingIfNeeded: third) &+ 48)
    storage.append(UInt8(ascii: ","))
    storage.append(UInt8(truncatingIfNeeded: fourth) &+ 48)
    needsComma = true
  }
}
