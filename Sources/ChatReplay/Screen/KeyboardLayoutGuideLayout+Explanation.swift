extension KeyboardLayoutGuideLayout {
  /// The layout's rules as `why` explains them, with this layout's constants and `state`'s
  /// numbers.
  public func explain(_ path: StatePath, in state: ChatState, memory: Memory) -> Explanation? {
    let h = state.screen.height
    let bottom = state.safeArea.bottom
    let followed = followedTop(of: state.keyboard.frame, in: state)
    let guideTop = followed ?? restingGuideTop(of: state)
    let guideFormula =
      followed != nil
      ? "keyboardLayoutGuide.top = keyboard.frame.minY = \(JSONWriter.format(guideTop))"
      : Explanation.formula(
        "keyboardLayoutGuide.top", usesBottomSafeArea ? "H − safeArea.bottom" : "H − 0",
        [h, usesBottomSafeArea ? bottom : 0], operators: ["−"], result: guideTop)
    let guideRule =
      followed != nil
      ? "The guide's top is the docked (or followed) keyboard's top."
      : "No keyboard the guide follows: it rests on the "
        + (usesBottomSafeArea ? "safe area's bottom (usesBottomSafeArea)." : "view's bottom.")
    let inputs = [
      Explanation.Input("H", "screen.height"),
      Explanation.Input("safeArea.bottom", "safeArea.bottom"),
      Explanation.Input("keyboard.frame.y", "keyboard.frame.y"),
    ]
    switch path.description {
    case "inputBar.frame.maxY":
      return Explanation(
        rule: "The bar's bottom is pinned to view.keyboardLayoutGuide.topAnchor. " + guideRule,
        formulas: [guideFormula, "inputBar.frame.maxY = \(JSONWriter.format(guideTop))"],
        inputs: inputs)
    case "inputBar.frame.y", "inputBar.frame.minY", "inputBar.frame":
      return Explanation(
        rule: "The bar, inputBar.height high, sits on the guide's top. " + guideRule,
        formulas: [
          guideFormula,
          Explanation.formula(
            "inputBar.frame.y", "keyboardLayoutGuide.top − inputBar.height",
            [guideTop, inputBarHeight], operators: ["−"], result: guideTop - inputBarHeight),
        ], inputs: inputs)
    case "inputBar.frame.height":
      return Explanation(
        rule: "The input bar's height is the layout's constant.",
        formulas: ["inputBar.frame.height = inputBar.height = \(JSONWriter.format(inputBarHeight))"]
      )
    case "keyboard.visibleHeight":
      return Explanation(
        rule: "H − the guide's top while it follows a keyboard; 0 otherwise. " + guideRule,
        formulas: [
          followed.map {
            Explanation.formula(
              "keyboard.visibleHeight", "H − keyboardLayoutGuide.top", [h, $0], operators: ["−"],
              result: h - $0)
          } ?? "keyboard.visibleHeight = 0"
        ], inputs: inputs)
    case "list.contentInset.bottom":
      let barTop = state.inputBar.frame.minY
      return Explanation(
        rule:
          "The list's bottom inset follows the guide: it covers the bar and the keyboard, less the "
          + "safe area that automatic adjustment adds.",
        formulas: [
          Explanation.formula(
            "list.contentInset.bottom", "H − inputBar.frame.minY − safeArea.bottom",
            [h, barTop, bottom], operators: ["−", "−"], result: h - barTop - bottom)
        ], inputs: inputs)
    case "list.adjustedContentInset.bottom":
      let barTop = state.inputBar.frame.minY
      return Explanation(
        rule: "contentInset.bottom plus the bottom safe area: the part the bar and keyboard cover.",
        formulas: [
          Explanation.formula(
            "list.adjustedContentInset.bottom", "H − inputBar.frame.minY", [h, barTop],
            operators: ["−"], result: h - barTop)
        ])
    case "list.adjustedContentInset.top":
      let inset = state.list.contentInset.top
      let navigationBar = navigationBarHeight(in: state)
      return Explanation(
        rule:
          "Automatic inset adjustment adds the top safe area and the navigation bar "
          + "(navigationBar.compactHeight when the window's height is compact: an iPhone in "
          + "landscape).",
        formulas: [
          Explanation.formula(
            "list.adjustedContentInset.top",
            "contentInset.top + safeArea.top + navigationBar.height",
            [inset, state.safeArea.top, navigationBar], operators: ["+", "+"],
            result: inset + state.safeArea.top + navigationBar)
        ])
    case "list.contentOffset.y":
      return Explanation.offsetAfterScrollToLast(
        in: state,
        rule:
          "A send or receive scrolls the least that shows the new message; when the bottom inset "
          + "changes the offset moves by as much, kept within the offsets the list can rest at; a "
          + "scroll event sets it.")
    case "list.contentSize.height":
      guard let last = state.messages.last else {
        return Explanation(
          rule: "An empty section still has its section insets.",
          formulas: [
            Explanation.formula(
              "list.contentSize.height", "section.inset + section.inset",
              [sectionInset, sectionInset], operators: ["+"], result: 2 * sectionInset)
          ])
      }
      return Explanation(
        rule: "The last cell's bottom plus the section's bottom inset.",
        formulas: [
          Explanation.formula(
            "list.contentSize.height", "messages[-1].frame.maxY + section.inset",
            [last.y + last.height, sectionInset], operators: ["+"],
            result: last.y + last.height + sectionInset)
        ])
    case "inputBar.sendEnabled":
      return Explanation(
        rule: "Enabled with text.",
        formulas: ["inputBar.sendEnabled = !inputBar.text.isEmpty = \(state.isSendEnabled)"])
    default:
      return nil
    }
  }
}
