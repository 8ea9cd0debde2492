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

  @Test func shapeIsWrittenAsOneArrayWithNonFiniteNumbersAsZero() {
    let shape = Scene.Shape(
      kind: .text, frame: Rect(x: 1.5, y: -2, width: .nan, height: .infinity), style: "field-text",
      text: "Hi <3", fontSize: 17, cornerRadius: 0, isCentred: true,
      clip: Rect(x: 0, y: 10, width: 393, height: 44))
    var bytes: [UInt8] = []
    PageBytes.appendShape(shape, to: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"["text","field-text",1.5,-2,0,0,"Hi \u003c3",17,0,1,[0,10,393,44]]"#)
  }
}
