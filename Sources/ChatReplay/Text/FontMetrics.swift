/// The metrics of one font that text measurement needs, in font design units: the vertical
/// metrics from the `hhea` table and the advance width of each covered Unicode scalar.
///
/// Kerning and other shaping are not modelled: a run of text is as wide as the sum of its
/// advances.
public struct FontMetrics: Sendable {
  /// The number of design units in one em.
  public let unitsPerEm: Int

  /// The distance from the baseline to the top of the line (`hhea` ascender), positive.
  public let ascender: Int

  /// The distance from the baseline to the bottom of the line (`hhea` descender), negative.
  public let descender: Int

  /// The extra space between lines (`hhea` line gap).
  public let lineGap: Int

  /// The advance width of the font's `.notdef` glyph.
  public let notdefAdvance: Int

  /// Advances of scalars below `directLimit`, indexed by scalar value; `-1` means not covered.
  private let directAdvances: [Int32]

  /// Covered scalars at or above `directLimit`, sorted ascending.
  private let sparseScalars: [UInt32]

  /// The advances of `sparseScalars`, in the same order.
  private let sparseAdvances: [UInt16]

  /// Scalars below this value are looked up directly; it covers Latin, Greek and Cyrillic.
  private static let directLimit: UInt32 = 0x0530

  /// A run of consecutive code points and their advance widths, in design units.
  public struct AdvanceRun: Sendable {
    /// The code point of the first advance.
    public var firstCodePoint: UInt32

    /// The advances of `firstCodePoint`, `firstCodePoint + 1`, and so on.
    public var advances: [UInt16]

    /// Creates a run of advances starting at `firstCodePoint`.
    public init(firstCodePoint: UInt32, advances: [UInt16]) {
      self.firstCodePoint = firstCodePoint
      self.advances = advances
    }
  }

  /// Creates metrics from vertical metrics and runs of advances; later runs win where runs
  /// overlap.
  public init(
    unitsPerEm: Int,
    ascender: Int,
    descender: Int,
    lineGap: Int,
    notdefAdvance: Int,
    runs: [AdvanceRun]
  ) {
    self.unitsPerEm = unitsPerEm
    self.ascender = ascender
    self.descender = descender
    self.lineGap = lineGap
    self.notdefAdvance = notdefAdvance
    var direct = [Int32](repeating: -1, count: Int(Self.directLimit))
    var scalars: [UInt32] = []
    var advances: [UInt16] = []
    var isSorted = true
    for run in runs {
      for (offset, advance) in run.advances.enumerated() {
        let codePoint = run.firstCodePoint + UInt32(offset)
        if codePoint < Self.directLimit {
          direct[Int(codePoint)] = Int32(advance)
        } else {
          if let last = scalars.last, last >= codePoint { isSorted = false }
          scalars.append(codePoint)
          advances.append(advance)
        }
      }
    }
    if !isSorted {
      // Sort, keeping the last advance given for each code point.
      var byScalar: [UInt32: UInt16] = [:]
      for (scalar, advance) in zip(scalars, advances) {
        byScalar[scalar] = advance
      }
      let sorted = byScalar.sorted { $0.key < $1.key }
      scalars = sorted.map { $0.key }
      advances = sorted.map { $0.value }
    }
    directAdvances = direct
    sparseScalars = scalars
    sparseAdvances = advances
  }

  /// Creates metrics from advances packed as hexadecimal text, the form the generated font
  /// data uses because one string literal compiles far faster than a large array literal.
  ///
  /// `packedRuns` is a sequence of runs; each run is 6 hex digits of first code point, 4 hex
  /// digits of count, then 4 hex digits per advance. Characters other than hex digits (the
  /// literal's line breaks and indentation) are skipped.
  init(
    unitsPerEm: Int,
    ascender: Int,
    descender: Int,
    lineGap: Int,
    notdefAdvance: Int,
    packedRuns: String
  ) {
    var digits: [UInt8] = []
    digits.reserveCapacity(packedRuns.utf8.count)
    for byte in packedRuns.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(byte - UInt8(ascii: "A") + 10)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(byte - UInt8(ascii: "a") + 10)
      default: continue
      }
    }
    var position = 0
    func read(_ count: Int) -> UInt32? {
      guard position + count <= digits.count else { return nil }
      var value: UInt32 = 0
      for digit in digits[position..<(position + count)] {
        value = value << 4 | UInt32(digit)
      }
      position += count
      return value
    }
    var runs: [AdvanceRun] = []
    while let first = read(6), let count = read(4) {
      var advances: [UInt16] = []
      advances.reserveCapacity(Int(count))
      for _ in 0..<count {
        guard let advance = read(4) else { break }
        advances.append(UInt16(truncatingIfNeeded: advance))
      }
      runs.append(AdvanceRun(firstCodePoint: first, advances: advances))
    }
    self.init(
      unitsPerEm: unitsPerEm,
      ascender: ascender,
      descender: descender,
      lineGap: lineGap,
      notdefAdvance: notdefAdvance,
      runs: runs
    )
  }

  /// The advance width of `scalar` in design units, or `nil` when the font has no glyph for it.
  public func advance(of scalar: Unicode.Scalar) -> Int? {
    let value = scalar.value
    if value < Self.directLimit {
      let advance = directAdvances[Int(value)]
      return advance < 0 ? nil : Int(advance)
    }
    var low = 0
    var high = sparseScalars.count
    while low < high {
      let middle = (low + high) / 2
      if sparseScalars[middle] < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low < sparseScalars.count, sparseScalars[low] == value else { return nil }
    return Int(sparseAdvances[low])
  }

  /// The shipped stand-in for Apple's system font: Inter Regular (SIL Open Font License 1.1),
  /// a widely used stand-in for SF Pro with similar proportions.
  public static let systemFontSubstitute: FontMetrics = .interRegular
}
