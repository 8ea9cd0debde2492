extension ScrollToFieldLayout {
  /// The layout's rules as `why` explains them, with this layout's constants and `state`'s
  /// numbers.
  public func explain(_ path: StatePath, in state: ChatState, memory: Memory) -> Explanation? {
    let fieldY = fieldY(state)
    let offset = state.list.contentOffsetY
    switch path.description {
    case "inputBar.frame.y", "inputBar.frame.minY":
      return Explanation(
        rule:
          "The field is the scroll view's last row, below the messages; it shows at its row's "
          + "top less the offset.",
        formulas: [
          Explanation.formula(
            "inputBar.frame.y", "list.frame.minY + fieldY − contentOffset.y",
            [state.list.frame.minY, fieldY, offset], operators: ["+", "−"],
            result: state.list.frame.minY + fieldY - offset)
        ],
        inputs: [
          Explanation.Input("fieldY", "list.contentSize.height"),
          Explanation.Input("contentOffset.y", "list.contentOffset.y"),
        ])
    case "inputBar.frame.height":
      return Explanation(
        rule: "The field's row is inputBar.height high.",
        formulas: ["inputBar.frame.height = inputBar.height = \(JSONWriter.format(fieldHeight))"])
    case "list.contentInset.bottom", "list.contentOffset.y":
      let converted = 2 * fieldY + fieldHeight
      return Explanation(
        rule:
          "willShow (while the screen is visible) converts the field's frame from its own "
          + "coordinates, counting its origin twice: maxY = 2 × fieldY + inputBar.height; when "
          + "maxY − the keyboard's top in the scroll view is positive, it becomes both "
          + "contentInset.bottom and contentOffset.y. willHide puts the insets back to 0 and "
          + "keeps the offset; a scroll event sets the offset.",
        formulas: [
          Explanation.formula(
            "convertedMaxY", "2 × fieldY + inputBar.height", [2 * fieldY, fieldHeight],
            operators: ["+"], result: converted),
          "\(path) = \(JSONWriter.format(path.description == "list.contentOffset.y" ? offset : state.list.contentInset.bottom))",
        ],
        inputs: [Explanation.Input("keyboard.frame.y", "keyboard.frame.y")])
    case "keyboard.visibleHeight":
      let top = state.keyboard.frame.minY
      return Explanation(
        rule: "willShow sets H − the keyboard's top; willHide sets 0.",
        formulas: [
          Explanation.formula(
            "keyboard.visibleHeight", "H − keyboard.frame.minY", [state.screen.height, top],
            operators: ["−"], result: state.screen.height - top)
        ])
    case "list.contentSize.height":
      return Explanation.rowsHeight(
        in: state, rowHeight: rowHeight, extra: ("inputBar.height", fieldHeight))
    case "inputBar.sendEnabled":
      return Explanation(
        rule: "A chat's send button: enabled with text.",
        formulas: ["inputBar.sendEnabled = !inputBar.text.isEmpty = \(state.isSendEnabled)"])
    default:
      return Explanation.safeAreaOverlap(path.description, in: state)
    }
  }
}
