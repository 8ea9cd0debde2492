import ChatReplay
import ReplayTestSupport
import Testing

/// Nothing is lost in silence and nothing crashes: bad bytes, long lines and endless input get
/// a clear message and bounded memory.
struct ImportRobustnessTests {
  static let willShow = """
    {name = UIKeyboardWillShowNotification; userInfo = {
        UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
    }}
    """

  @Test func binaryInputIsAnError() {
    let result = importPrintout(Array(Self.willShow.utf8) + [0x0A, 0x00, 0x01, 0x0A], named())
    #expect(!result.isImported)
    expectNoDifference(
      result.messages,
      "log.txt:4: error: the input holds a NUL byte: it is binary data, not a console printout")
  }

  // The first bytes are looked at however the reads cut them (`nil`: in one read): a pipe can
  // hand them over a byte or two at a time. Found by the fuzzer: a byte order mark cut by the
  // first read was taken as text, and UTF-16 so cut was not told.

  @Test(arguments: [1, 2, 3, nil] as [Int?])
  func utf16InputIsAnErrorThatSaysHowToConvertIt(chunkSize: Int?) {
    for bytes: [UInt8] in [[0xFF, 0xFE, 0x7B, 0x00], [0xFE, 0xFF, 0x00, 0x7B], [0xFF, 0xFE]] {
      let result = importPrintout(bytes, named(), chunkSize: chunkSize)
      expectNoDifference(
        result.messages,
        "log.txt:1: error: the input is UTF-16 text; convert it to UTF-8 (iconv -f UTF-16 -t UTF-8)"
      )
    }
  }

  @Test(arguments: [1, 2, 3, nil] as [Int?])
  func aByteOrderMarkIsSkipped(chunkSize: Int?) {
    var options = named()
    options.lineLimit = 100
    // A first line over the limit, whose warning counts its bytes: 3 + 250 = 253, the mark not
    // among them.
    let text = "// " + String(repeating: "x", count: 250) + "\n" + Self.willShow
    let marked = importPrintout(
      [0xEF, 0xBB, 0xBF] + Array(text.utf8), options, chunkSize: chunkSize)
    #expect(marked.isImported)
    expectNoDifference(
      marked.events,
      #"{"t":0,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":521,"width":375,"height":291}}"#
    )
    expectNoDifference(
      problems(marked),
      "log.txt:1: warning: the line is 253 bytes long, more than the 100 a printout line may have; not imported"
    )
  }

  @Test func invalidUTF8LinesAreReportedAndSkipped() {
    var bytes = Array("{name = UIKeyboardWillShowNotification; userInfo = {\n".utf8)
    bytes += [0x2F, 0x2F, 0x20, 0xC3, 0x28, 0x0A]  // "// " then a broken two-byte sequence
    bytes += Array(
      "    UIKeyboardFrameEndUserInfoKey = \"NSRect: {{0, 521}, {375, 291}}\";\n}}\n".utf8)
    let result = importPrintout(bytes, named())
    expectNoDifference(
      result.events,
      #"{"t":0,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":521,"width":375,"height":291}}"#
    )
    expectNoDifference(
      problems(result), "log.txt:2: warning: the line is not valid UTF-8; not imported")
  }

  @Test func aLineOverTheLimitIsReportedWithoutBeingHeld() {
    var options = named()
    options.lineLimit = 100
    let long = "// " + String(repeating: "x", count: 250) + "\n"
    let result = importPrintout(long + Self.willShow, options, chunkSize: 7)
    #expect(result.isImported)
    expectNoDifference(
      problems(result),
      "log.txt:1: warning: the line is 253 bytes long, more than the 100 a printout line may have; not imported"
    )
  }

  @Test func warningsBeyondTheLimitAreCounted() {
    var options = named()
    options.messageLimit = 2
    let printout = """
      {name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboardAKey = 1;
          UIKeyboardBKey = 1;
          UIKeyboardCKey = 1;
          UIKeyboardDKey = 1;
      }}
      """
    let result = importPrintout(printout, options)
    #expect(result.messages.contains("note: 2 more messages like the ones above not shown"))
    #expect(result.header.contains(#""warnings":4"#), "\(result.header)")
  }

  @Test func tooManyEventsStopTheImport() {
    var options = named()
    options.eventLimit = 2
    let result = importPrintout(
      Array(repeating: Self.willShow, count: 4).joined(separator: "\n"), options)
    #expect(!result.isImported)
    #expect(
      result.messages.hasSuffix(
        "error: more than 2 keyboard notifications; split the printout"))
  }

  @Test func aPrintoutWithoutKeyboardNotifications() {
    let result = importPrintout(
      """
      2016-05-02 10:11:10.000 Chat[1:2] will rotate
      {name = UITextFieldTextDidBeginEditingNotification; object = <UITextField: 0x189f10>}
      """, named())
    expectNoDifference(
      result.messages, "error: no keyboard notification found in the input; nothing to import")
    #expect(importPrintout("", named()).messages.contains("no keyboard notification found"))
  }

  @Test func aCutOffLastLine() {
    let result = importPrintout(Self.willShow + "\n2018-1", named())
    #expect(result.isImported)
    expectNoDifference(
      problems(result),
      """
      log.txt:4:1: warning: the printout ends in the middle of a line; the line is not imported
          2018-1
          ^
      """)
  }

  @Test func strictMakesWarningsErrors() {
    var options = named()
    options.isStrict = true
    let result = importPrintout(
      "{name = UIKeyboardWillShowNotification; UIKeyboardFooKey = 1}", options)
    #expect(!result.isImported)
    expectNoDifference(
      problems(result),
      """
      log.txt:1:41: error: unknown key 'UIKeyboardFooKey'; not imported (an error with --strict)
          {name = UIKeyboardWillShowNotification; UIKeyboardFooKey = 1}
                                                  ^
      """)
  }

  @Test(arguments: [1, 2, 3, 7, 64])
  func chunkBoundariesDoNotMatter(_ chunkSize: Int) {
    let printout =
      "2018-12-19 21:05:51.338401+0800 App[1:2] " + Self.willShow
      + "\r\n日本語 ❌ UIKeyboardDidShowNotification:\r\n{ UIKeyboardIsLocalUserInfoKey = 1; }"
    let whole = importPrintout(printout, named())
    let chunked = importPrintout(printout, named(), chunkSize: chunkSize)
    expectNoDifference(chunked.events, whole.events)
    expectNoDifference(chunked.messages, whole.messages)
    expectNoDifference(
      whole.events,
      """
      {"t":0,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":521,"width":375,"height":291}}
      {"t":0,"type":"keyboard","name":"didShow","isLocal":true}
      """)
  }

  @Test func aLongLineOfLabelTextIsReadInOnePass() {
    // 64 KiB of words and brackets that are no data: quadratic work would take minutes.
    let noise = String(repeating: "word ( x: [ y = ", count: 4_096)
    let result = importPrintout(noise + "\n" + Self.willShow, named())
    #expect(result.isImported)
  }
}
