import Testing

@testable import ChatReplay

/// The fast writers' numbers (`NumberText`: integers, and decimals below 10^9 with at most three
/// decimals, written without `description`) are the general writer's.
struct NumberTextTests {
  /// What `NumberText` writes for `value`.
  private func fast(_ value: Double) -> String {
    let storage = ByteStorage(capacity: 64)
    NumberText.append(value, to: storage)
    return String(decoding: storage.buffer, as: UTF8.self)
  }

  /// What the general writer writes for `value`.
  private func general(_ value: Double) -> String {
    var bytes: [UInt8] = []
    JSONWriter.appendNumber(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Times and frames as recordings hold them, written by hand.
  @Test func decimalsAreWrittenWithTheirFewestDecimals() {
    // 17.75 is 17 and 750 thousandths: the last zero goes. 1.611: three decimals. 0.5, 0.05 and
    // 0.005: one, two and three decimals below 1, each with its leading "0.".
    #expect(fast(17.75) == "17.75")
    #expect(fast(1.611) == "1.611")
    #expect(fast(0.5) == "0.5")
    #expect(fast(0.05) == "0.05")
    #expect(fast(0.005) == "0.005")
    #expect(fast(-3.2) == "-3.2")
    #expect(fast(-0.25) == "-0.25")
    // 999,999,999.999 is just below 10^9, the last value with three decimals written fast.
    #expect(fast(999_999_999.999) == "999999999.999")
    // Integers, and zero of either sign, have no point.
    #expect(fast(852) == "852")
    #expect(fast(-59) == "-59")
    #expect(fast(-0.0) == "0")
    // 0.1 + 0.2 is not 0.3 (it is 0.30000000000000004): it has no text with three decimals, so
    // it goes to `description`.
    #expect(fast(0.1 + 0.2) == "0.30000000000000004")
  }

  /// Seeded values of every shape the fast path takes or declines (`n / 10^k` for k up to 4,
  /// integers past 10^15, values around 10^-3 and 10^9, any finite bit pattern, both signs):
  /// the fast text is the general one.
  @Test func everyValueIsWrittenAsTheGeneralWriterWritesIt() {
    var random = SplitMix64(seed: 18)
    let scales: [Double] = [1, 10, 100, 1000, 10000]
    for round in 0..<40_000 {
      let value: Double
      switch round % 5 {
      case 0, 1:
        // A decimal of up to four places, from tiny to past the fast path's limit.
        let digits = random.next() % (round % 2 == 0 ? 1_000_000 : 10_000_000_000_000)
        value = Double(digits) / scales[Int(random.next() % 5)]
      case 2:
        // Around 10^-3 and 10^9, where the fast path starts and stops.
        let base: Double = random.next() % 2 == 0 ? 1e-3 : 1e9
        value = base + Double(Int64(random.next() % 2001) - 1000) * base * 1e-6
      case 3:
        // Integers up to 2^60, past 10^15 where the fast path hands them on.
        value = Double(random.next() >> 4)
      default:
        // Any finite double.
        let bits = Double(bitPattern: random.next())
        value = bits.isFinite ? bits : 1.5
      }
      let signed = random.next() % 2 == 0 ? value : -value
      #expect(fast(signed) == general(signed), "\(signed)")
    }
  }
}
