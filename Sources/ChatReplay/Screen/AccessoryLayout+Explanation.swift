extension AccessoryLayout {
  /// The layout's rules as `why` explains them, with this layout's constants and `state`'s
  /// numbers.
  public func explain(_ path: StatePath, in state: ChatState, memory: Memory) -> Explanation? {
    let h = state.screen.height
    let bottom = state.safeArea.bottom
    let bar = state.inputBar.frame
    let docked = memory.shownFrame == nil
    switch path.description {
    case "inputBar.frame.y", "inputBar.frame.minY":
      guard !docked else {
        return Explanation(
          rule: "Docked, the container sits on the window's bottom, the safe area inside it.",
          formulas: [
            Explanation.formula(
              "inputBar.frame.y", "H − (textField.height + 2 × inputBar.padding + safeArea.bottom)",
              [h, containerHeight + bottom], operators: ["−"], result: h - containerHeight - bottom)
          ],
          inputs: [
            Explanation.Input("H", "screen.height"),
            Explanation.Input("safeArea.bottom", "safeArea.bottom"),
          ])
      }
      return Explanation(
        rule:
          "iOS moves the accessory: it rides on the keyboard, at the top of the frame iOS posts "
          + "(which includes it), or follows the finger during an interactive dismissal.",
        formulas: ["inputBar.frame.y = \(JSONWriter.format(bar.y))"])
    case "inputBar.frame.height":
      let height = docked ? containerHeight + bottom : containerHeight
      return Explanation(
        rule: "The text field with its padding above and below, plus the safe area while docked.",
        formulas: [
          docked
            ? Explanation.formula(
              "inputBar.frame.height", "textField.height + 2 × inputBar.padding + safeArea.bottom",
              [textFieldHeight, 2 * containerPadding, bottom], operators: ["+", "+"],
              result: height)
            : Explanation.formula(
              "inputBar.frame.height", "textField.height + 2 × inputBar.padding",
              [textFieldHeight, 2 * containerPadding], operators: ["+"], result: height)
        ])
    case "keyboard.frame.y", "keyboard.frame.minY":
      return Explanation(
        rule: "The keyboard is the posted frame below the container.",
        formulas: docked
          ? ["keyboard.frame.y = H = \(JSONWriter.format(h)) (docked: no keyboard on screen)"]
          : [
            Explanation.formula(
              "keyboard.frame.y", "inputBar.frame.y + container height",
              [bar.y, containerHeight], operators: ["+"], result: bar.y + containerHeight)
          ])
    case "keyboard.visibleHeight":
      return Explanation(
        rule: "The height of the keyboard's part inside the window.",
        formulas: [
          "keyboard.visibleHeight = height of keyboard.frame ∩ screen = "
            + JSONWriter.format(state.keyboard.visibleHeight)
        ], inputs: [Explanation.Input("keyboard.frame", "keyboard.frame")])
    case "list.contentInset.bottom":
      return Explanation(
        rule: "The sample never changes the table's insets.",
        formulas: ["list.contentInset.bottom = 0"])
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
