import LineEditing
import Testing

struct HistoryAndSearchTests {
  func editor() -> LineEditor {
    LineEditor(prompt: "> ", history: History(["next", "print keyboard", "goto 5"]))
  }

  @Test func upAndDownWalkTheHistoryAndKeepTheNewLine() {
    var a = editor()
    #expect(type("\u{1B}[A", into: &a) == Typed(line: "goto 5", cursor: 6))
    #expect(type("\u{1B}[A", into: &a) == Typed(line: "print keyboard", cursor: 14))
    var b = editor()
    #expect(type("par\u{1B}[A\u{1B}[B", into: &b) == Typed(line: "par", cursor: 3))
    var c = editor()
    #expect(
      type("\u{1B}[A\u{10}\u{10}\u{10}", into: &c)
        == Typed(line: "next", cursor: 4, effects: [.bell]))
    #expect(
      type("\u{0E}\u{0E}\u{0E}\u{0E}", into: &c) == Typed(line: "", cursor: 0, effects: [.bell]))
  }

  @Test func historyIsDeduplicatedAndCapped() {
    var history = History(["a", "b", "c"], capacity: 3)
    history.add("a")
    #expect(history.entries == ["b", "c", "a"])
    history.add("d")
    #expect(history.entries == ["c", "a", "d"])
    history.add("   ")
    #expect(history.entries == ["c", "a", "d"])
    #expect(history.fileText == "c\na\nd\n")
    #expect(History(fileText: "x\n\ny\nx\n").entries == ["y", "x"])
  }

  @Test func ctrlRFindsTheNewestMatchAndEnterRunsIt() {
    var a = editor()
    #expect(type("\u{12}pr", into: &a) == Typed(line: "", cursor: 0))
    #expect(a.display == Display(text: Array("(reverse-i-search)'pr': print keyboard"), cursor: 24))
    #expect(
      type("\r", into: &a)
        == Typed(line: "print keyboard", cursor: 14, effects: [.submit("print keyboard")]))
  }

  @Test func ctrlRAgainGoesOlderAndCtrlSNewer() {
    var a = editor()
    _ = type("\u{12}o", into: &a)
    // "goto 5" has its "o" at 1.
    #expect(a.display == Display(text: Array("(reverse-i-search)'o': goto 5"), cursor: 24))
    _ = type("\u{12}", into: &a)
    // "print keyboard": p r i n t ␣ k e y b o — the "o" is at 10.
    #expect(a.display == Display(text: Array("(reverse-i-search)'o': print keyboard"), cursor: 33))
    #expect(type("\u{12}", into: &a).effects == [.bell])
    #expect(
      a.display == Display(text: Array("(failed reverse-i-search)'o': print keyboard"), cursor: 40))
    _ = type("\u{13}", into: &a)
    #expect(a.display == Display(text: Array("(i-search)'o': goto 5"), cursor: 16))
  }

  @Test func aKeyLeavesTheSearchWithTheMatchAndCtrlGRestoresTheLine() {
    var a = editor()
    #expect(type("x\u{12}got\u{1B}[C", into: &a) == Typed(line: "goto 5", cursor: 1))
    var b = editor()
    #expect(type("x\u{12}got\u{07}", into: &b) == Typed(line: "x", cursor: 1))
    var c = editor()
    #expect(type("x\u{12}zz", into: &c).effects == [.bell, .bell])
    #expect(c.display == Display(text: Array("(failed reverse-i-search)'zz': x"), cursor: 32))
    #expect(type("\u{03}", into: &c) == Typed(line: "x", cursor: 1, effects: [.cancel]))
  }

  @Test func tabCompletesOneCandidateAndListsSeveralOnTheSecondTab() {
    let completer = { (prefix: String) -> Completion in
      if prefix.hasPrefix("print ") {
        let word = prefix.dropFirst(6)
        return Completion(
          start: 6,
          candidates: ["inputBar.frame", "inputBar.text", "keyboard."].filter { $0.hasPrefix(word) }
        )
      }
      return Completion(
        start: 0, candidates: ["next", "print", "help"].filter { $0.hasPrefix(prefix) })
    }
    var a = editor()
    #expect(type("ne\t", into: &a, completer: completer) == Typed(line: "next ", cursor: 5))
    var b = editor()
    #expect(
      type("print in\t", into: &b, completer: completer)
        == Typed(line: "print inputBar.", cursor: 15))
    #expect(
      type("\t", into: &b, completer: completer)
        == Typed(
          line: "print inputBar.", cursor: 15, effects: [.show(["inputBar.frame  inputBar.text"])]))
    var c = editor()
    #expect(
      type("print k\t", into: &c, completer: completer)
        == Typed(line: "print keyboard.", cursor: 15))
    var d = editor()
    #expect(
      type("zz\t", into: &d, completer: completer) == Typed(line: "zz", cursor: 2, effects: [.bell])
    )
  }
}
