import Testing

@testable import ChatReplay

/// `StatePath(parsing:)` reads an ASCII text byte by byte and any other text character by
/// character: the two readings must agree on every ASCII text.
struct PathParsingTests {
  /// Texts made of the bytes a path is made of and those that end or break one, the carriage
  /// return and line feed (one character together, two bytes) among them.
  @Test func bytesAndCharactersReadEveryASCIITextAlike() {
    let alphabet = Array("ab_Z09.[]-+ \r\n$".utf8)
    var random = SplitMix64(seed: 18)
    var paths = 0
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...12, using: &random)
      let bytes = (0..<length).map { _ in
        alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let parsed = StatePath(parsing: text)
      #expect(parsed == StatePath(parsingCharacters: text), "\(text.debugDescription)")
      if parsed != nil { paths += 1 }
    }
    // Enough of the texts are paths for the comparison to mean something.
    #expect(paths > 500)
  }

  /// Cases written out: a trailing `.` or `[` dropped, an index with a sign, a name that
  /// starts with a digit or an underscore, and a line break inside.
  @Test func edgeCasesReadAlike() {
    let cases: [(String, StatePath?)] = [
      ("inputBar.frame.", StatePath([.key("inputBar"), .key("frame")])),
      ("messages[", StatePath([.key("messages")])),
      ("messages[+2]", StatePath([.key("messages"), .index(2)])),
      ("messages[-1].text", StatePath([.key("messages"), .index(-1), .key("text")])),
      ("a_1.b2", StatePath([.key("a_1"), .key("b2")])),
      ("1a", nil),
      ("_a", nil),
      (".", nil),
      ("[3]", StatePath([.index(3)])),
      ("a\r\n", nil),
      ("a.\r\nb", nil),
      ("", nil),
    ]
    for (text, expected) in cases {
      #expect(StatePath(parsing: text) == expected, "\(text.debugDescription)")
      #expect(StatePath(parsingCharacters: text) == expected, "\(text.debugDescription)")
    }
  }

  /// A text past ASCII is read by characters: a letter of another script is a letter.
  @Test func aNameInAnotherScriptIsRead() {
    #expect(StatePath(parsing: "état.x") == StatePath([.key("état"), .key("x")]))
  }
}
