// Numbers: a one-pass reader for the short decimals recordings are made of, and the general
// RFC 8259 reader with Clinger's fast path behind it.

extension JSONScanner {
  /// Reads a number, or returns `nil` (consuming nothing) if the next value is not a number.
  mutating func readNumber() throws(ScanError) -> Double? {
    skipWhitespace()
    if let value = readShortDecimal() { return value }
    guard position < count else { return nil }
    let start = position
    var index = position
    var negative = false
    if base[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    guard index < count, Self.isDigit(base[index]) else {
      if negative { throw fail(.invalidNumber(tokenText(at: start)), at: start) }
      return nil
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    // Integer part; no leading zeros.
    if base[index] == UInt8(ascii: "0") {
      index += 1
      if index < count && Self.isDigit(base[index]) {
        throw fail(.invalidNumber(tokenText(at: start)), at: start)
      }
    } else {
      while index < count && Self.isDigit(base[index]) {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(base[index] &- 48)
          if mantissa != 0 { digits += 1 }
        } else {
          exponent += 1
        }
        index += 1
      }
    }
    if index < count && base[index] == UInt8(ascii: ".") {
      index += 1
      guard index < count, Self.isDigit(base[index]) else {
        throw fail(.invalidNumber(tokenText(at: start)), at: start)
      }
      while index < count && Self.isDigit(base[index]) {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(base[index] &- 48)
          if mantissa != 0 { digits += 1 }
          exponent -= 1
        }
        index += 1
      }
    }
    if index < count && (base[index] | 0x20) == UInt8(ascii: "e") {
      index += 1
      var exponentNegative = false
      if index < count && (base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-")) {
        exponentNegative = base[index] == UInt8(ascii: "-")
        index += 1
      }
      guard index < count, Self.isDigit(base[index]) else {
        throw fail(.invalidNumber(tokenText(at: start)), at: start)
      }
      var written = 0
      while index < count && Self.isDigit(base[index]) {
        if written < 100_000 { written = written * 10 + Int(base[index] &- 48) }
        index += 1
      }
      exponent += exponentNegative ? -written : written
    }
    position = index
    let value: Double
    if mantissa == 0 {
      value = 0
    } else if digits <= 15 && exponent >= -22 && exponent <= 22 {
      // Clinger's fast path: both operands are exact doubles, so one rounding gives the
      // correctly rounded result.
      let exact = Double(mantissa)
      value =
        exponent < 0 ? exact / Self.powersOfTen[-exponent] : exact * Self.powersOfTen[exponent]
    } else {
      let text = String(
        decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
      value = (Double(text) ?? .infinity).magnitude
    }
    guard value <= Self.numberLimit else {
      throw fail(.numberOutOfRange(tokenText(at: start)), at: start)
    }
    return negative ? -value : value
  }

  /// Reads the common case of ``readNumber()`` in one pass, or returns `nil` consuming nothing.
  ///
  /// The common case is `-?(0|[1-9][0-9]*)(\.[0-9]+)?` with at most 15 digits, within
  /// ``numberLimit``; the general path reads anything else. The value is the general path's: one
  /// exact division.
  @inline(__always)
  mutating func readShortDecimal() -> Double? {
    var index = position
    let negative = index < count && base[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let integerStart = index
    var mantissa: UInt64 = 0
    while index < count, Self.isDigit(base[index]) {
      mantissa = mantissa &* 10 &+ UInt64(base[index] &- 48)
      index += 1
    }
    let integerDigits = index - integerStart
    guard integerDigits > 0, integerDigits == 1 || base[integerStart] != UInt8(ascii: "0")
    else { return nil }
    var fractionDigits = 0
    if index < count && base[index] == UInt8(ascii: ".") {
      index += 1
      let fractionStart = index
      while index < count, Self.isDigit(base[index]) {
        mantissa = mantissa &* 10 &+ UInt64(base[index] &- 48)
        index += 1
      }
      fractionDigits = index - fractionStart
      guard fractionDigits > 0 else { return nil }
    }
    guard index == count || (base[index] | 0x20) != UInt8(ascii: "e") else { return nil }
    return finishShortDecimal(
      mantissa, integerDigits: integerDigits, fractionDigits: fractionDigits, negative: negative,
      end: index)
  }

  /// The value of a short decimal both readers have scanned up to `end` (before any exponent,
  /// which they decline): `mantissa` over 10^`fractionDigits`, or `nil` (consuming nothing) when
  /// it has more than 15 digits or passes ``numberLimit``.
  @inline(__always)
  mutating func finishShortDecimal(
    _ mantissa: UInt64, integerDigits: Int, fractionDigits: Int, negative: Bool, end: Int
  ) -> Double? {
    guard integerDigits &+ fractionDigits <= 15 else { return nil }
    // At most 15 digits: exact as an Int64, whose conversion is one instruction.
    let magnitude =
      Double(Int64(truncatingIfNeeded: mantissa)) / Self.exactPowerOfTen(fractionDigits)
    guard magnitude <= Self.numberLimit else { return nil }
    position = end
    return negative ? -magnitude : magnitude
  }

  /// ``readShortDecimal()`` in a line whose last byte is `}`, after a member's `:` (so at least
  /// that brace is left to read).
  ///
  /// A number of at most eight digits, as recordings' times, sizes and offsets are, is read a
  /// word at a time: each run of digits (the integer part, the fraction) is found in a word of
  /// the eight bytes where it starts, and the two are joined into one word of eight digits whose
  /// value is taken in three steps. One of more digits, with at most seven on each side of the
  /// point (a long recording's times), has each run's value taken apart and the two joined. A
  /// longer one is read byte by byte. The value and what is consumed are
  /// ``readShortDecimal()``'s.
  // Transparent, as `LineDecoder.canonicalNumber(_:)` is, to be inlined with it.
  @_transparent
  mutating func readShortDecimalBeforeBrace() -> Double? {
    // The sign, at most seven integer digits, the point and a word for the fraction: seventeen
    // bytes at most, with the brace still after them.
    guard count &- position >= 17 else { return readShortDecimalBeforeBraceByBytes() }
    var index = position
    let negative = base[index] == UInt8(ascii: "-")
    if negative { index &+= 1 }
    let integerWord = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
    let integerDigits = Self.leadingDigitCount(integerWord)
    guard integerDigits > 0 else { return nil }
    // Eight may go on: the byte reader reads them.
    guard integerDigits < 8 else { return readShortDecimalBeforeBraceByBytes() }
    guard integerDigits == 1 || base[index] != UInt8(ascii: "0") else { return nil }
    // The digits' values, the last in the word's last byte and zeros (leading zero digits)
    // before the first; a borrow from a byte after the digits is shifted out with it.
    let zeros: UInt64 = 0x3030_3030_3030_3030
    var digits = (integerWord &- zeros) &<< (64 &- 8 &* integerDigits)
    index &+= integerDigits
    var fractionDigits = 0
    if base[index] == UInt8(ascii: ".") {
      index &+= 1
      let fractionWord = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      fractionDigits = Self.leadingDigitCount(fractionWord)
      guard fractionDigits > 0 else { return nil }
      let fraction = (fractionWord &- zeros) &<< (64 &- 8 &* fractionDigits)
      guard integerDigits &+ fractionDigits <= 8 else {
        // Up to fifteen digits in all, the fraction's ending in its word (a long recording's
        // times, 123456.789): the two runs' values apart, joined exactly (below 10^14).
        guard fractionDigits < 8 else { return readShortDecimalBeforeBraceByBytes() }
        index &+= fractionDigits
        guard (base[index] | 0x20) != UInt8(ascii: "e") else { return nil }
        position = index
        let mantissa =
          Self.eightDigitsValue(digits) &* Self.integerPowerOfTen(fractionDigits)
          &+ Self.eightDigitsValue(fraction)
        // Within the fifteen digits and the number limit of
        // ``finishShortDecimal(_:integerDigits:fractionDigits:negative:end:)``, whose value this
        // is.
        let magnitude =
          Double(Int64(truncatingIfNeeded: mantissa)) / Self.exactPowerOfTen(fractionDigits)
        return negative ? -magnitude : magnitude
      }
      // The fraction's digits after the integer's.
      digits = (digits &>> (8 &* fractionDigits)) | fraction
      index &+= fractionDigits
    }
    guard (base[index] | 0x20) != UInt8(ascii: "e") else { return nil }
    position = index
    // At most eight digits: within the fifteen digits and the number limit of
    // ``finishShortDecimal(_:integerDigits:fractionDigits:negative:end:)``, whose value this is.
    let magnitude =
      Double(Int64(truncatingIfNeeded: Self.eightDigitsValue(digits)))
      / Self.exactPowerOfTen(fractionDigits)
    return negative ? -magnitude : magnitude
  }

  /// How many of the eight bytes of `word` (its first byte in its low bits) are ASCII digits
  /// before the first that is not: 0 to 8.
  @inline(__always)
  static func leadingDigitCount(_ word: UInt64) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highNibbles = ones &* 0xF0
    // A digit is 0x30...0x39: its high nibble is 3, and still 3 once 6 is added. A carry out of
    // a byte comes only from a byte of 0xFA or more, which is not a digit, and moves only to the
    // bytes after it, so every byte up to the first non-digit is judged exactly.
    let judged = (word & highNibbles) | (((word &+ ones &* 0x06) & highNibbles) &>> 4)
    return (judged ^ (ones &* 0x33)).trailingZeroBitCount &>> 3
  }

  /// The value of eight digit values (0 to 9), one a byte, the first (lowest) byte the most
  /// significant.
  @inline(__always)
  static func eightDigitsValue(_ digits: UInt64) -> UInt64 {
    // Pairs, then fours, then eight: each step joins neighbours, the lower the more significant.
    var value = ((digits &* 10) &+ (digits &>> 8)) & 0x00FF_00FF_00FF_00FF
    value = ((value &* 100) &+ (value &>> 16)) & 0x0000_FFFF_0000_FFFF
    return ((value &* 10_000) &+ (value &>> 32)) & 0xFFFF_FFFF
  }

  /// ``readShortDecimalBeforeBrace()`` a byte at a time: a digit, `-` or `.` is never the line's
  /// last byte, so each run of digits ends before the line does and is read without checking
  /// for its end.
  @inline(never)
  mutating func readShortDecimalBeforeBraceByBytes() -> Double? {
    var index = position
    let negative = base[index] == UInt8(ascii: "-")
    if negative { index &+= 1 }
    let integerStart = index
    var mantissa: UInt64 = 0
    while true {
      let digit = base[index] &- 48
      if digit >= 10 { break }
      mantissa = mantissa &* 10 &+ UInt64(digit)
      index &+= 1
    }
    let integerDigits = index &- integerStart
    guard integerDigits > 0, integerDigits == 1 || base[integerStart] != UInt8(ascii: "0")
    else { return nil }
    var fractionDigits = 0
    if base[index] == UInt8(ascii: ".") {
      index &+= 1
      let fractionStart = index
      while true {
        let digit = base[index] &- 48
        if digit >= 10 { break }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        index &+= 1
      }
      fractionDigits = index &- fractionStart
      guard fractionDigits > 0 else { return nil }
    }
    guard (base[index] | 0x20) != UInt8(ascii: "e") else { return nil }
    return finishShortDecimal(
      mantissa, integerDigits: integerDigits, fractionDigits: fractionDigits, negative: negative,
      end: index)
  }

  /// 10^`exponent` for 1...7, as an integer.
  @inline(__always)
  static func integerPowerOfTen(_ exponent: Int) -> UInt64 {
    switch exponent {
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    default: 10_000_000
    }
  }

  /// 10^`exponent` for 0...15, read from ``powersOfTen``.
  ///
  /// Not a `switch`: the compiler made that a jump to one of sixteen divisions, an indirect
  /// branch for every number with a fraction, where the array is one load. (What a number's
  /// reading waits on is the division itself, which stays; the load saved no time that could be
  /// measured here.)
  @inline(__always)
  static func exactPowerOfTen(_ exponent: Int) -> Double {
    powersOfTen[exponent]
  }

  static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }
}
