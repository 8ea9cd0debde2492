import Testing

@testable import ChatReplay

struct PageBytesTests {
  private func quoted(_ value: String) -> String {
    var bytes: [UInt8] = []
    PageBytes.appendQuoted(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func quotingEscapesWhatCouldEndTheScriptOrTheString() {
    #expect(quoted(#"a"b\c"#) == #""a\"b\\c""#)
    #expect(quoted("</script> & >") == #""\u003c/script\u003e \u0026 \u003e""#)
    #expect(quoted("1\n2\r3\t4") == #""1\n2\r3\t4""#)
  }

  @Test func quotingWritesOtherControlsAndLineSeparatorsAsEscapes() {
    // U+0001 and U+001F as \u00XX in lower-case hex; U+2028 and U+2029 (E2 80 A8/A9) escaped,
    // but U+2020 (E2 80 A0) and other non-ASCII text kept as it is.
    #expect(quoted("\u{1}x\u{1F}") == #""\u0001x\u001f""#)
    #expect(quoted("a\u{2028}b\u{2029}c\u{2020}é😀") == "\"a\\u2028b\\u2029c\u{2020}é😀\"")
    #expect(quoted("") == #""""#)
  }

}
