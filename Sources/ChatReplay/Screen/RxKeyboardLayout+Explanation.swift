extension RxKeyboardLayout {
  /// The layout's rules as `why` explains them, with this layout's constants and `state`'s numbers.
  public func explain(_ path: StatePath, in state: ChatState, memory: Memory) -> Explanation? {
    let h = state.screen.height
    let w = state.screen.width
    let bottom = state.safeArea.bottom
    let k = state.keyboard.visibleHeight
    let bar = inputBarHeight
    let barText = JSONWriter.format(bar)
    let navigationBar = navigationBarHeight(in: state)
    let section = sectionInset
    let sectionText = JSONWriter.format(section)
    let minus = ["−", "−", "−"]
    let barInputs = [
      Explanation.Input("H", "screen.height"),
      Explanation.Input("safeArea.bottom", "safeArea.bottom"),
      Explanation.Input("visibleHeight", "keyboard.visibleHeight"),
    ]
    let barRule =
      "RxKeyboard's visibleHeight drives the input bar's bottom constraint: its bottom edge sits at "
      + "H − safeArea.bottom − visibleHeight. visibleHeight is not reduced by the safe area, so with "
      + "a home indicator the bar floats safeArea.bottom above a shown keyboard."
    switch path.description {
    case "inputBar.frame.maxY":
      return Explanation(
        rule: barRule,
        formulas: [
          Explanation.formula(
            "inputBar.frame.maxY", "H − safeArea.bottom − visibleHeight", [h, bottom, k],
            operators: minus, result: h - bottom - k)
        ], inputs: barInputs)
    case "inputBar.frame.y", "inputBar.frame.minY", "inputBar.frame":
      var formulas = [
        Explanation.formula(
          "inputBar.frame.y", "H − safeArea.bottom − visibleHeight − inputBarHeight",
          [h, bottom, k, bar],
          operators: minus, result: h - bottom - k - bar)
      ]
      if path.description == "inputBar.frame" {
        formulas.append("inputBar.frame.x = 0")
        formulas.append("inputBar.frame.width = W = \(JSONWriter.format(w))")
        formulas.append(
          "inputBar.frame.height = inputBarHeight = \(barText) (MessageInputBar's intrinsic height)"
        )
      }
      return Explanation(
        rule: barRule
          + " The bar is inputBarHeight = \(barText) high (MessageInputBar.intrinsicContentSize).",
        formulas: formulas, inputs: barInputs + [Explanation.Input("W", "screen.width")])
    case "inputBar.frame.height":
      return Explanation(
        rule: "MessageInputBar.intrinsicContentSize.height is inputBarHeight.",
        formulas: ["inputBar.frame.height = inputBarHeight = \(barText)"])
    case "inputBar.frame.width", "inputBar.frame.maxX":
      return Explanation(
        rule: "The input bar spans the window's width.",
        formulas: ["\(path) = W = \(JSONWriter.format(w))"],
        inputs: [Explanation.Input("W", "screen.width")])
    case "keyboard.visibleHeight":
      return visibleHeight(state)
    case "keyboard.frame", "keyboard.frame.y", "keyboard.frame.minY", "keyboard.frame.height":
      return Explanation(
        rule:
          "RxKeyboard keeps one frame: frameEnd of the last willChangeFrame or willHide (its default "
          + "(0, H0, W0, 0) when frameEnd is missing; y < 0 becomes H − height, or H on willHide), "
          + "or, on a pan 'changed' while y < H, y = max(panY, H − height). An equal frame emits "
          + "nothing.")
    case "list.contentInset.bottom":
      return Explanation(
        rule:
          "On every visibleHeight RxKeyboard emits, the sample sets contentInset.bottom = "
          + "visibleHeight + inputBarHeight (the bar's height); viewDidLayoutSubviews puts back "
          + "inputBarHeight when that is 0.",
        formulas: [
          Explanation.formula(
            "list.contentInset.bottom", "visibleHeight + inputBarHeight", [k, bar],
            operators: ["+"], result: k + bar)
        ],
        inputs: [Explanation.Input("visibleHeight", "keyboard.visibleHeight")])
    case "list.adjustedContentInset.bottom":
      let inset = state.list.contentInset.bottom
      return Explanation(
        rule: "Automatic inset adjustment adds the bottom safe area to contentInset.bottom.",
        formulas: [
          Explanation.formula(
            "list.adjustedContentInset.bottom", "contentInset.bottom + safeArea.bottom",
            [inset, bottom], operators: ["+"], result: inset + bottom)
        ],
        inputs: [
          Explanation.Input("contentInset.bottom", "list.contentInset.bottom"),
          Explanation.Input("safeArea.bottom", "safeArea.bottom"),
        ])
    case "list.adjustedContentInset.top":
      let top = state.list.contentInset.top
      let safeTop = state.safeArea.top
      return Explanation(
        rule:
          "Automatic inset adjustment adds the top safe area and the navigation bar "
          + "(navigationBar.height, or navigationBar.compactHeight when the window's height is "
          + "compact: an iPhone in landscape) to contentInset.top.",
        formulas: [
          Explanation.formula(
            "list.adjustedContentInset.top",
            "contentInset.top + safeArea.top + navigationBarHeight",
            [top, safeTop, navigationBar], operators: ["+", "+"],
            result: top + safeTop + navigationBar)
        ],
        inputs: [
          Explanation.Input("contentInset.top", "list.contentInset.top"),
          Explanation.Input("safeArea.top", "safeArea.top"),
        ])
    case "list.contentOffset.y":
      return Explanation.offsetAfterScrollToLast(
        in: state,
        rule:
          "Set at step 0 by scrolling to the last message; on RxKeyboard's \"will show\" (the "
          + "previous visibleHeight was exactly 0) the sample adds visibleHeight, unclamped; sendTap "
          + "scrolls the least that shows the new message (scrollToItem); a scroll event sets it.")
    case "list.contentSize.height":
      guard let last = state.messages.last else {
        return Explanation(
          rule: "An empty flow-layout section still has its section insets.",
          formulas: [
            Explanation.formula(
              "list.contentSize.height", "sectionInset + sectionInset", [section, section],
              operators: ["+"], result: 2 * section)
          ])
      }
      return Explanation(
        rule:
          "The last cell's bottom plus the section's bottom inset (sectionInset = \(sectionText)).",
        formulas: [
          Explanation.formula(
            "list.contentSize.height",
            "messages[-1].frame.y + messages[-1].frame.height + sectionInset",
            [last.y, last.height, section], operators: ["+", "+"],
            result: last.y + last.height + section)
        ],
        inputs: [
          Explanation.Input("messages[-1].frame.y", "messages[-1].frame.y"),
          Explanation.Input("messages[-1].frame.height", "messages[-1].frame.height"),
        ])
    case "inputBar.sendEnabled":
      return Explanation(
        rule: "textView.rx.text.map { $0?.isEmpty == false } enables the send button.",
        formulas: [
          "inputBar.sendEnabled = !inputBar.text.isEmpty = \(!state.inputBar.text.isEmpty)"
        ],
        inputs: [Explanation.Input("inputBar.text", "inputBar.text")])
    default:
      return nil
    }
  }

  private func visibleHeight(_ state: ChatState) -> Explanation {
    let h = state.screen.height
    let frame = state.keyboard.frame
    guard version == .v2 else {
      var formulas = [
        Explanation.formula(
          "keyboard.visibleHeight", "H − keyboard.frame.y", [h, frame.y], operators: ["−"],
          result: h - frame.y)
      ]
      if h - frame.y != state.keyboard.visibleHeight {
        formulas.append(
          "(but it is \(JSONWriter.format(state.keyboard.visibleHeight)): H changed after the last "
            + "emission, and RxKeyboard recomputes only when the frame changes)")
      }
      return Explanation(
        rule:
          "RxKeyboard 1.0.0 emits visibleHeight = H − keyboardFrame.y, unclamped (negative, or "
          + "taller than the keyboard, for odd frames), and only when the frame changed.",
        formulas: formulas,
        inputs: [
          Explanation.Input("H", "screen.height"),
          Explanation.Input("keyboard.frame.y", "keyboard.frame.y"),
        ])
    }
    return Explanation(
      rule:
        "RxKeyboard 2.0.1 emits the height of the keyboard frame's part inside the window, and "
        + "only when the frame changed.",
      formulas: [
        "keyboard.visibleHeight = height of keyboard.frame ∩ screen = \(JSONWriter.format(state.keyboard.visibleHeight))"
      ],
      inputs: [
        Explanation.Input("keyboard.frame", "keyboard.frame"),
        Explanation.Input("screen", "screen"),
      ])
  }
}
