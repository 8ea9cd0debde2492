import Testing

@testable import ChatReplay

/// The fast writers' string values (`StringText`, eight bytes at a time, then the last one to seven
/// bytes one by one) are the general writer's.
struct StringEscapeTests {
  /// Characters that need an escape, their neighbours in the flag arithmetic (`#` after a quote,
  /// `]` after a backslash), and plain ASCII, Latin, CJK and emoji.
  static let alphabet: [Character] = [
    "a", " ", "\"", "#", "!", "\\", "]", "[", "\n", "\r", "\t", "\u{01}", "\u{1F}", "\u{7F}",
    "é", "漢", "😀",
  ]

  /// `text` as `StringText.append(_:to:)` writes it.
  static func fast(_ text: String) -> [UInt8] {
    let storage = ByteStorage(capacity: 16)
    var text = text
    text.withUTF8 { utf8 in
      storage.reserve(utf8.count + 2)
      StringText.append(utf8, to: storage)
    }
    return Array(storage.buffer)
  }

  @Test func stringsAreEscapedAsTheGeneralWriterEscapesThem() {
    // A fixed linear congruential sequence: the same texts at every run.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var texts: [String] = []
    // Every length up to 40, each character before and after every other at the end of a text.
    for length in 0...40 {
      texts.append(String(repeating: "a", count: length))
      for first in Self.alphabet {
        for second in Self.alphabet {
          texts.append(String(repeating: "a", count: length) + String(first) + String(second))
        }
      }
    }
    for _ in 0..<3_000 {
      texts.append(String((0..<next(40)).map { _ in Self.alphabet[next(Self.alphabet.count)] }))
    }
    var failures = 0
    for text in texts {
      var expected: [UInt8] = []
      JSONWriter.appendString(text, to: &expected)
      if Self.fast(text) != expected && failures < 5 {
        failures += 1
        Issue.record("\(text.debugDescription) is written otherwise")
      }
    }
    #expect(failures == 0)
  }
}
