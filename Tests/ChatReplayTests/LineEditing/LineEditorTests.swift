import LineEditing
import Testing

/// What typing leaves: the line, the cursor and every effect, compared whole.
struct Typed: Equatable, CustomStringConvertible {
  var line: String
  var cursor: Int
  var effects: [EditorEffect] = []

  var description: String { "\(line.debugDescription) cursor \(cursor) \(effects)" }
}

/// Feeds `input`'s UTF-8 bytes to `editor` one at a time.
func type(
  _ input: String, into editor: inout LineEditor, completer: (String) -> Completion = { _ in .none }
)
  -> Typed
{
  var effects: [EditorEffect] = []
  for byte in Array(input.utf8) { effects += editor.feed(byte, completer: completer) }
  return Typed(line: editor.text, cursor: editor.cursor, effects: effects)
}

/// One row of a key table: bytes typed into an empty editor and what they leave.
struct KeyCase: CustomTestStringConvertible, Sendable {
  var name: String
  var input: String
  var line: String
  var cursor: Int
  var effects: [EditorEffect] = []

  var testDescription: String { name }
}

struct LineEditorTests {
  static let keyCases: [KeyCase] = [
    KeyCase(name: "typing", input: "abc", line: "abc", cursor: 3),
    KeyCase(name: "Left twice then insert", input: "abc\u{1B}[D\u{1B}[DX", line: "aXbc", cursor: 2),
    KeyCase(name: "Right", input: "abc\u{1B}[D\u{1B}[D\u{1B}[CX", line: "abXc", cursor: 3),
    KeyCase(name: "Ctrl-A", input: "bc\u{01}a", line: "abc", cursor: 1),
    KeyCase(name: "Ctrl-E", input: "abc\u{01}\u{05}d", line: "abcd", cursor: 4),
    KeyCase(name: "Ctrl-B and Ctrl-F", input: "abc\u{02}\u{02}\u{06}X", line: "abXc", cursor: 3),
    KeyCase(name: "Home and End (CSI)", input: "abc\u{1B}[Hx\u{1B}[Fy", line: "xabcy", cursor: 5),
    KeyCase(name: "Home and End (SS3)", input: "abc\u{1B}OHx\u{1B}OFy", line: "xabcy", cursor: 5),
    KeyCase(name: "Home and End (~)", input: "abc\u{1B}[1~x\u{1B}[4~y", line: "xabcy", cursor: 5),
    KeyCase(
      name: "Ctrl-D deletes under the cursor", input: "abc\u{01}\u{04}", line: "bc", cursor: 0),
    KeyCase(
      name: "Ctrl-D at the end of a partial line", input: "ab\u{04}", line: "ab", cursor: 2,
      effects: [.bell]),
    KeyCase(
      name: "Ctrl-D on an empty line", input: "\u{04}", line: "", cursor: 0, effects: [.endOfInput]),
    KeyCase(name: "Delete", input: "abc\u{01}\u{1B}[3~", line: "bc", cursor: 0),
    KeyCase(name: "Ctrl-H and Backspace", input: "abc\u{08}\u{7F}", line: "a", cursor: 1),
    KeyCase(
      name: "Backspace at the start", input: "a\u{01}\u{7F}", line: "a", cursor: 0, effects: [.bell]
    ),
    KeyCase(name: "Ctrl-K", input: "hello world\u{01}\u{1B}f\u{0B}", line: "hello", cursor: 5),
    KeyCase(name: "Ctrl-U", input: "hello world\u{1B}b\u{15}", line: "world", cursor: 0),
    KeyCase(
      name: "Ctrl-W kills a word up to a space", input: "print inputBar.frame\u{17}",
      line: "print ", cursor: 6),
    KeyCase(
      name: "Alt-Backspace kills a word up to a dot", input: "print inputBar.frame\u{1B}\u{7F}",
      line: "print inputBar.", cursor: 15),
    // "one two": Ctrl-W kills "two" (the line is "one "), Ctrl-A, Ctrl-Y puts "two" at 0.
    KeyCase(
      name: "Ctrl-Y yanks the kill", input: "one two\u{17}\u{01}\u{19}", line: "twoone ", cursor: 3),
    // Two Ctrl-W in a row kill "c" then "b ", kept together as "b c".
    KeyCase(
      name: "Kills in a row are yanked together", input: "a b c\u{17}\u{17}\u{19}", line: "a b c",
      cursor: 5),
    KeyCase(name: "Ctrl-T at the end swaps the last two", input: "ab\u{14}", line: "ba", cursor: 2),
    KeyCase(
      name: "Ctrl-T inside swaps around the cursor", input: "abc\u{02}\u{14}", line: "acb",
      cursor: 3),
    KeyCase(
      name: "Ctrl-T at the start", input: "ab\u{01}\u{14}", line: "ab", cursor: 0, effects: [.bell]),
    // From 13: Alt-B to 8 ("three"), Alt-B to 4 ("two"), Alt-F to 7 (after "two").
    KeyCase(
      name: "Alt-B and Alt-F", input: "one two three\u{1B}b\u{1B}b\u{1B}fX", line: "one twoX three",
      cursor: 8),
    KeyCase(
      name: "Ctrl-Left and Ctrl-Right", input: "one two\u{1B}[1;5D\u{1B}[1;5D\u{1B}[1;5CX",
      line: "oneX two", cursor: 4),
    KeyCase(name: "Alt-D", input: "one two three\u{01}\u{1B}d", line: " two three", cursor: 0),
    KeyCase(
      name: "Japanese moves by character", input: "こんにちは\u{1B}[D\u{1B}[DX", line: "こんにXちは",
      cursor: 4),
    KeyCase(
      name: "a combining accent joins its letter", input: "e\u{301}x\u{02}\u{02}",
      line: "e\u{301}x", cursor: 0),
    KeyCase(
      name: "an emoji family is one character", input: "👨‍👩‍👧!\u{02}\u{02}", line: "👨‍👩‍👧!", cursor: 0),
    KeyCase(
      name: "Ctrl-C drops the line", input: "abc\u{03}", line: "abc", cursor: 3, effects: [.cancel]),
    KeyCase(
      name: "Enter submits", input: "next\r", line: "next", cursor: 4, effects: [.submit("next")]),
    KeyCase(name: "Ctrl-L", input: "ab\u{0C}", line: "ab", cursor: 2, effects: [.clearScreen]),
    KeyCase(name: "an F key is ignored", input: "ab\u{1B}[15~", line: "ab", cursor: 2),
    KeyCase(
      name: "a pasted script runs line by line",
      input: "\u{1B}[200~next\rgoto 5\r\nprint\tinputBar\r\u{1B}[201~",
      line: "", cursor: 0,
      effects: [.submit("next"), .submit("goto 5"), .submit("print inputBar")]),
    KeyCase(
      name: "a paste without a final line break stays on the line",
      input: "\u{1B}[200~next\rgo\u{1B}[201~to", line: "goto", cursor: 4, effects: [.submit("next")]
    ),
  ]

  @Test(arguments: keyCases) func keys(_ row: KeyCase) {
    var editor = LineEditor(prompt: "(replay) ")
    let typed = type(row.input, into: &editor)
    #expect(typed == Typed(line: row.line, cursor: row.cursor, effects: row.effects))
  }

  @Test func bytesSplitAnywhereDecodeTheSame() {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for byte in Array("日\u{1B}[1;5D\u{1B}b".utf8) {
      if let key = decoder.decode(byte) { keys.append(key) }
    }
    #expect(keys == [.text("日"), .wordLeft, .meta("b")])
    #expect(!decoder.isHolding)
    #expect(decoder.decode(0x1B) == nil)
    #expect(decoder.isHolding)
    #expect(decoder.flush() == nil)
  }

  @Test func aNewLineStartsAfterASubmittedOne() {
    var editor = LineEditor(prompt: "> ")
    _ = type("next\r", into: &editor)
    #expect(editor.hasFinishedLine)
    #expect(type("p", into: &editor) == Typed(line: "p", cursor: 1))
    #expect(editor.history.entries == ["next"])
  }

  @Test func displayHasThePromptAndTheLine() {
    var editor = LineEditor(prompt: "(replay) ")
    _ = type("日本\u{1B}[D", into: &editor)
    #expect(editor.display == Display(text: Array("(replay) 日本"), cursor: 10))
    #expect(editor.finalDisplay == Display(text: Array("(replay) 日本"), cursor: 11))
  }
}
