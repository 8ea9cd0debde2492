import ReplayTestSupport
import Testing

@testable import ChatReplay

/// The debugger's `screen` drawing of scenes, at full size and fitted to a terminal.
struct ScreenDrawingTests {
  static func lines(_ timeline: Timeline, at step: Int, terminal: TerminalSize? = nil) -> [String] {
    ScreenDrawing.draw(
      Scene(timeline.state(at: step), measurer: timeline.screen.measurer), usesColor: false,
      terminal: terminal)
  }

  @Test func fullSizeDrawingOfTheGapStep() {
    // 393 / 36 = 10.92 pt a column, 21.83 a row; 852 / 21.83 = 39.03, so 40 rows. A row is drawn
    // for a part when the row's middle, (r + 0.5) × 21.83, lies in the part: status 0…59 rows
    // 0–2, navigation 59…103 rows 3–4, bar 438…482 rows 20–21, gap 482…516 rows 22–23, the
    // keyboard 516…852 rows 24–39 (its edge, the four key rows once, then blank). The field
    // 8…317 is columns 1–28; the button 325…385 is columns 30–34, "Send" from 30.
    let blank = "│                                    │"
    let expected =
      [
        "screen at step 2: 393×852 pt; 1 column = 10.9 pt, 1 row = 21.8 pt",
        "╭────────────────────────────────────╮",
        "│ 9:41                               │ ← status bar 0…59",
        blank, blank,
        "│ ‹              Chat                │ ← navigation bar 59…103",
      ] + Array(repeating: blank, count: 16) + [
        "│ [Yo                        ] Send  │ ← inputBar 438…482",
        "│ [                          ]       │",
        "│░░░░░░░░░░░░ gap 34 pt ░░░░░░░░░░░░░│ ← GAP 482…516: 34 pt",
        "│░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░│",
        "│▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔│ ← keyboard 516…852",
        "│ q w e r t y u i o p                │",
        "│  a s d f g h j k l                 │",
        "│ ⇧ z x c v b n m ⌫                  │",
        "│ 123   space    return              │",
      ] + Array(repeating: blank, count: 11) + [
        "╰────────────────────────────────────╯",
        "( ) other  [ ] me  ░ gap  ▓ overlap  ! marked",
      ]
    expectNoDifference(
      Self.lines(DebuggerFixture.timeline(), at: 2).joined(separator: "\n"),
      expected.joined(separator: "\n"))
  }

  @Test func fitsAnEightyByTwentyFourTerminal() {
    let lines = Self.lines(
      DebuggerFixture.timeline(), at: 2, terminal: TerminalSize(columns: 80, rows: 24))
    // 24 rows less the title, two borders, the legend and the next prompt leave 19: at 17
    // columns a row is 2 × 393 / 17 = 46.2 pt and 852 / 46.2 = 18.4 rounds up to 19; at 18
    // it would be 19.5, so 20.
    #expect(lines.first == "screen at step 2: 393×852 pt; 1 column = 23.1 pt, 1 row = 46.2 pt")
    #expect(lines.count == 1 + 1 + 19 + 1 + 1)
    #expect(lines[1] == "╭" + String(repeating: "─", count: 17) + "╮")
    for line in lines { #expect(line.terminalWidth <= 80, "\(line)") }
    // The bar 438…482 holds the middle of row 9 (439.2); the gap 482…516 that of row 10
    // (485.4). The field 8…317 is columns 0–13 (317 / 23.1 = 13.7); the button 325…385 is
    // columns 14–16, too narrow for "Send": its initial, at 14 + (3 − 1) / 2 = 15.
    #expect(lines[2 + 9].hasPrefix("│[Yo          ] S │ ← inputBar 438…482"))
    #expect(lines[2 + 10].hasPrefix("│░░░ gap 34 pt ░░░│ ← GAP 482…516: 34 pt"))
  }

  @Test func wideCharactersKeepTheBordersAligned() {
    let text = """
      {"type":"session","version":1,"device":{"model":"Test","screen":{"width":393,"height":852},"safeArea":{"top":59,"left":0,"bottom":34,"right":0}},"messages":[{"from":"other","text":"日本語のテキスト"},{"from":"me","text":"😀👍🏽 ok"}]}

      """
    let lines = Self.lines(SceneTests.timeline(text), at: 0)
    let rows = lines.dropFirst(2).prefix(40)
    for row in rows {
      let drawing = String(row.split(separator: "←", maxSplits: 1)[0]).trimmingTrailingSpaces()
      #expect(drawing.terminalWidth == 38, "\(row)")
    }
    // Step 0: offset −103, so "日本語のテキスト" (8 × 10 = 80 pt, a 100 pt balloon at x 10…110,
    // columns 0–10 outward, 9 inside) is at window y 113…150, rows 5 (120.1) and 6 (141.9):
    // four ideographs of 2 columns and "…".
    #expect(rows.contains("│(日本語の…)                         │"))
  }

  @Test func crashIsDrawnAcrossTheMiddle() {
    let text = """
      {"type":"session","version":1,"layout":"growing","device":{"model":"Test","screen":{"width":393,"height":852},"safeArea":{"top":59,"left":0,"bottom":34,"right":0}}}
      {"t":1,"type":"textChange","text":"Y"}

      """
    let lines = Self.lines(SceneTests.timeline(text), at: 1)
    // 40 rows: the middle one is row 20.
    #expect(
      lines[2 + 20]
        == "│            ✖ CRASHED ✖             │ ← CRASH: the remembered keyboard frame is nil (textChange before any willShow)"
    )
  }

  @Test func growingSendButtonIsDrawnOutsideItsBox() {
    let lines = Self.lines(SceneTests.timeline(SceneTests.growingShown), at: 1)
    // The box 0…320 is columns 0–28 (320 / 10.92 = 29.3); the button 322…392 is columns 29–35,
    // its label from 29 + (7 − 4) / 2 = 30, flagged. The box 466…516 starts at row 21 (469.4).
    #expect(
      lines[2 + 21]
        == "│[                           ] !Send │ ← OUTSIDE: send x 322…392 beyond the box's 320 pt"
    )
  }
}
