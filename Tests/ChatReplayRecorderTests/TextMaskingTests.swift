import ChatReplayRecorder
import Testing

struct TextMaskingTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var text: String
    var masked: String
    var testDescription: String { text.debugDescription }
  }

  @Test(arguments: [
    Case(text: "Hello, World!", masked: "Xxxxx. Xxxxx."),
    Case(text: "Call 555-0199", masked: "Xxxx 000.0000"),
    Case(text: "今日は 3時に\n会おう", masked: "字字字 0字字\n字字字"),
    Case(text: "안녕 カタカナ", masked: "字字 字字字字"),
    Case(text: "ok 👍🏽 🎉🇯🇵 👨‍👩‍👧 ❤️", masked: "xx 🙂 🙂🙂 🙂 🙂"),
    Case(text: "tab\there\r\nnbsp\u{A0}x", masked: "xxx\txxxx\r\nxxxx\u{A0}x"),
    Case(text: "Ünïcödé Привет", masked: "Xxxxxxx Xxxxxx"),
    Case(text: "１２３ＡＢ", masked: "字字字字字"),
    Case(text: "#1 © ∑", masked: ".0 . ."),
  ])
  func eachCharacterBecomesOneOfItsClass(_ test: Case) {
    let masked = TextMasking.mask(test.text)
    #expect(masked == test.masked)
    #expect(masked.count == test.text.count)
  }

  @Test func maskedRecordingsSayThatTheyAreMasked() {
    var header = iPhone15
    header.messages = [.init(isFromMe: false, text: "Hi Taro"), .init(isFromMe: true, text: "やあ")]
    let (recorder, _, sink) = makeRecorder(header: header, options: .init(masksText: true))
    recorder.messageReceived("Lunch at 12?")
    // "😀" is two UTF-16 units and "字" one, so the marked range moves: the marked 「かん」
    // starts after "😀a" (3 units) and, masked, after "🙂x" (3 units); "👨‍👩‍👧" (8 units) before
    // it would shrink to "🙂" (2).
    recorder.textChanged("😀aかん", markedRange: .init(location: 3, length: 2))
    recorder.textChanged("👨‍👩‍👧かん", markedRange: .init(location: 8, length: 2))
    recorder.flush()
    expectLines(
      sink.lines,
      [
        #"{"type":"session","version":1,"device":{"model":"iPhone15,4","#
          + #""screen":{"width":393,"height":852},"safeArea":{"top":59,"left":0,"bottom":34,"right":0}},"#
          + #""masked":true,"recorder":{"name":"ChatReplayRecorder","version":"1.0"},"#
          + #""messages":[{"from":"other","text":"Xx Xxxx"},{"from":"me","text":"字字"}]}"#,
        #"{"t":0,"type":"receive","text":"Xxxxx xx 00."}"#,
        #"{"t":0,"type":"textChange","text":"🙂x字字","marked":{"location":3,"length":2}}"#,
        #"{"t":0,"type":"textChange","text":"🙂字字","marked":{"location":2,"length":2}}"#,
      ])
  }
}
