/// A growing list of non-negative integers, one byte each while every one is below 256, then two
/// bytes while below 65,536, then four: the change index's per-step codes, which are small.
struct PackedIndices: Sendable {
  /// Bytes per element: 1, 2 or 4; only the array of that width holds elements.
  private var width = 1
  private var narrow: [UInt8] = []
  private var wide: [UInt16] = []
  private var full: [UInt32] = []

  var count: Int {
    switch width {
    case 1: narrow.count
    case 2: wide.count
    default: full.count
    }
  }

  var isEmpty: Bool { count == 0 }

  subscript(position: Int) -> Int {
    switch width {
    case 1: Int(narrow[position])
    case 2: Int(wide[position])
    default: Int(full[position])
    }
  }

  @inline(__always)
  mutating func append(_ value: Int) {
    if width == 1 && value >= 0 && value <= Int(UInt8.max) {
      narrow.append(UInt8(truncatingIfNeeded: value))
      return
    }
    appendWidening(value)
  }

  /// ``append(_:)`` for a value that may not fit the current width.
  private mutating func appendWidening(_ value: Int) {
    precondition(value >= 0 && value <= Int(UInt32.max), "\(value) does not fit four bytes")
    if width == 1 && value > Int(UInt8.max) {
      wide.append(contentsOf: narrow.lazy.map { UInt16($0) })
      narrow = []
      width = 2
    }
    if width == 2 && value > Int(UInt16.max) {
      full.append(contentsOf: wide.lazy.map { UInt32($0) })
      wide = []
      width = 4
    }
    switch width {
    case 1: narrow.append(UInt8(value))
    case 2: wide.append(UInt16(value))
    default: full.append(UInt32(value))
    }
  }
}
