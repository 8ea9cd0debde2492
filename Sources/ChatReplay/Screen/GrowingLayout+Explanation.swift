extension GrowingLayout {
  /// The layout's rules as `why` explains them, with this layout's constants and `state`'s
  /// numbers.
  public func explain(_ path: StatePath, in state: ChatState, memory: Memory) -> Explanation? {
    let h = state.screen.height
    let top = state.safeArea.top
    let box = state.inputBar.frame
    let height = Explanation.Input("H", "screen.height")
    switch path.description {
    case "inputBar.frame.y", "inputBar.frame.minY":
      guard let keyboard = memory.keyboardFrame, box != memory.restingBoxFrame else {
        return Explanation(
          rule: "At rest the box sits on the window's bottom; the sample ignores the safe area.",
          formulas: [
            Explanation.formula(
              "inputBar.frame.y", "H − inputBar.height", [h, boxHeight], operators: ["−"],
              result: h - boxHeight)
          ], inputs: [height])
      }
      // drawBox places the box with the height it had before this draw.
      let old = h - keyboard.height - box.y
      return Explanation(
        rule:
          "drawBox() places the box above the remembered keyboard with the box's height from "
          + "before the draw (oldBoxHeight), so a growing box dips into the keyboard for one step.",
        formulas: [
          Explanation.formula(
            "inputBar.frame.y", "H − frKeyboard.height − oldBoxHeight", [h, keyboard.height, old],
            operators: ["−", "−"], result: box.y)
        ], inputs: [height, Explanation.Input("keyboard.frame", "keyboard.frame")])
    case "inputBar.frame.height":
      let range =
        "\(JSONWriter.format(textViewMinHeight))…\(JSONWriter.format(textViewMaxHeight))"
      return Explanation(
        rule:
          "drawBox() sets the text view's height to its fitting height for the text (font "
          + "\(JSONWriter.format(fontSize)), textContainerInset and lineFragmentPadding) clamped to "
          + "textView.minHeight…textView.maxHeight (\(range)), and gives the box that height; "
          + "willHide puts back the box's first frame, inputBar.height high.",
        formulas: ["inputBar.frame.height = \(JSONWriter.format(box.height))"],
        inputs: [Explanation.Input("inputBar.text", "inputBar.text")])
    case "inputBar.frame.width":
      let textView = memory.textViewFrame.width
      return Explanation(
        rule:
          "At rest the box is the window's width; drawBox() gives it the text view's width, "
          + "W − (3 × margin + sendButton.width), as the sample writes it.",
        formulas: [
          Explanation.formula(
            "textView.frame.width", "W − (3 × margin + sendButton.width)",
            [state.screen.width, 3 * margin + sendButtonWidth], operators: ["−"],
            result: textView),
          "inputBar.frame.width = \(JSONWriter.format(box.width))",
        ], inputs: [Explanation.Input("W", "screen.width")])
    case "list.frame.height":
      let keyboard = memory.keyboardFrame?.height ?? 0
      let atRest = box == memory.restingBoxFrame
      return Explanation(
        rule: atRest
          ? "At rest the table is H − (safeArea.top + inputBar.height) high."
          : "drawBox() sets the table's height to H − (safeArea.top + frKeyboard.height + box height).",
        formulas: [
          atRest
            ? Explanation.formula(
              "list.frame.height", "H − safeArea.top − inputBar.height", [h, top, boxHeight],
              operators: ["−", "−"], result: h - top - boxHeight)
            : Explanation.formula(
              "list.frame.height", "H − safeArea.top − frKeyboard.height − box.height",
              [h, top, keyboard, box.height], operators: ["−", "−", "−"],
              result: h - top - keyboard - box.height)
        ], inputs: [height, Explanation.Input("safeArea.top", "safeArea.top")])
    case "keyboard.visibleHeight":
      return Explanation(
        rule:
          "drawBox() takes the remembered willShow frame's height (the 40-pt Done bar included); "
          + "willHide sets 0.",
        formulas: [
          "keyboard.visibleHeight = frKeyboard.height = "
            + JSONWriter.format(state.keyboard.visibleHeight)
        ])
    case "keyboard.frame", "keyboard.frame.y", "keyboard.frame.minY", "keyboard.frame.height":
      return Explanation(
        rule:
          "The frameEnd of the last willShow or willHide: where the keyboard's animation ends.")
    case "list.contentSize.height":
      return Explanation.rowsHeight(in: state, rowHeight: rowHeight)
    case "inputBar.sendEnabled":
      return Explanation(
        rule: "The sample's send button is never disabled.",
        formulas: ["inputBar.sendEnabled = true"])
    default:
      return Explanation.safeAreaOverlap(path.description, in: state)
    }
  }
}
