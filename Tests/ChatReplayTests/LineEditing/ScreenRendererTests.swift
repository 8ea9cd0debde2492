import LineEditing
import Testing

struct ScreenRendererTests {
  @Test func columnsCountWideCharactersAsTwo() {
    #expect(Columns.of("a" as Character) == 1)
    #expect(Columns.of("日" as Character) == 2)
    #expect(Columns.of("\u{FF71}" as Character) == 1)  // halfwidth katakana
    #expect(Columns.of("\u{FF21}" as Character) == 2)  // fullwidth A
    #expect(Columns.of("e\u{301}" as Character) == 1)
    #expect(Columns.of("😀" as Character) == 2)
    #expect(Columns.of("\u{2764}\u{FE0F}" as Character) == 2)
    #expect(Columns.of("\u{2764}" as Character) == 1)
    #expect(Columns.of("👨‍👩‍👧" as Character) == 2)
    #expect(Columns.of("\u{301}" as Character) == 0)
    #expect(Columns.of("こんにちは、world") == 17)  // 6 wide × 2 + 5
  }

  @Test func tablesFillDownThenAcross() {
    // The widest is 5, so cells are 7 wide; (20 + 2) / 7 = 3 per row, 2 rows.
    #expect(
      Columns.table(["next", "print", "goto", "help", "where"], width: 20) == [
        "next   goto   where",
        "print  help",
      ])
  }

  @Test func aShortLineIsDrawnAfterACarriageReturn() {
    var renderer = ScreenRenderer(width: 20)
    #expect(
      renderer.draw(Display(text: Array("(replay) next"), cursor: 11))
        == "\r\u{1B}[J(replay) next\r\u{1B}[11C")
    #expect(renderer.cursorRow == 0)
  }

  @Test func aLongLineWrapsAndTheNextDrawGoesBackUp() {
    var renderer = ScreenRenderer(width: 10)
    // 15 characters: row 0 holds 10, row 1 the last 5; the cursor at the end is at (1, 5).
    #expect(
      renderer.draw(Display(text: Array("(replay) abcdef"), cursor: 15))
        == "\r\u{1B}[J(replay) abcdef\r\u{1B}[5C")
    #expect(renderer.cursorRow == 1)
    // The cursor on the 'a' (index 9) is at (0, 9): up one row from the end.
    #expect(
      renderer.draw(Display(text: Array("(replay) abcdef"), cursor: 9))
        == "\u{1B}[1A\r\u{1B}[J(replay) abcdef\u{1B}[1A\r\u{1B}[9C")
    #expect(renderer.cursorRow == 0)
    #expect(renderer.finish(Display(text: Array("(replay) abcdef"), cursor: 9)) == "\u{1B}[1B\r\n")
  }

  @Test func aFullRowMovesTheCursorDown() {
    var renderer = ScreenRenderer(width: 10)
    // Exactly 10 columns: the terminal waits at the edge, so a line break goes to (1, 0).
    #expect(
      renderer.draw(Display(text: Array("(replay) a"), cursor: 10)) == "\r\u{1B}[J(replay) a\r\n\r")
    #expect(renderer.cursorRow == 1)
  }

  @Test func aWideCharacterThatDoesNotFitStartsTheNextRow() {
    var renderer = ScreenRenderer(width: 10)
    // "(replay) " takes 9 columns; "日" needs 2, so it goes to (1, 0) and the end is (1, 2).
    let layout = Layout(Array("(replay) 日"), width: 10)
    #expect(layout.positions[9] == Layout.Position(row: 1, column: 0))
    #expect(
      renderer.draw(Display(text: Array("(replay) 日"), cursor: 10))
        == "\r\u{1B}[J(replay) 日\r\u{1B}[2C")
    #expect(renderer.cursorRow == 1)
  }

  @Test func aResizeRecomputesTheCursorRow() {
    var renderer = ScreenRenderer(width: 10)
    let display = Display(text: Array("(replay) abcdef"), cursor: 15)
    _ = renderer.draw(display)
    renderer.resize(to: 20, showing: display)
    #expect(renderer.cursorRow == 0)
    renderer.resize(to: 5, showing: display)
    // 15 columns on rows of 5: the end is (3, 0).
    #expect(renderer.cursorRow == 3)
  }
}
