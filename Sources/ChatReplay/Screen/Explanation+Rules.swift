// Rules several layouts share, as `why` explains them with a state's numbers.

extension Explanation {
  /// `list.contentOffset.y` as `scrollToItem(…, at: [])` leaves it: the formula when the offset
  /// is the one that shows the last message at the bottom, the rule alone otherwise.
  static func offsetAfterScrollToLast(in state: ChatState, rule: String) -> Explanation {
    guard let last = state.messages.last else { return Explanation(rule: rule) }
    let adjusted = state.adjustedContentInset
    let bottom = last.y + last.height
    let height = state.list.frame.height
    let aligned = bottom + adjusted.bottom - height
    let inputs = [
      Explanation.Input("messages[-1].frame.maxY", "messages[-1].frame.maxY"),
      Explanation.Input("adjustedContentInset.bottom", "list.adjustedContentInset.bottom"),
      Explanation.Input("list.frame.height", "list.frame.height"),
    ]
    let range = state.offsetRange
    let kept = min(max(aligned, range.lowerBound), range.upperBound)
    guard abs(kept - state.list.contentOffsetY) < ChatState.tolerance else {
      return Explanation(rule: rule, inputs: inputs)
    }
    var formulas = [
      Explanation.formula(
        "list.contentOffset.y",
        "messages[-1].frame.maxY + adjustedContentInset.bottom − list.frame.height",
        [bottom, adjusted.bottom, height], operators: ["+", "−"], result: aligned)
    ]
    if kept != aligned {
      func f(_ number: Double) -> String {
        number < 0 ? "−" + JSONWriter.format(-number) : JSONWriter.format(number)
      }
      formulas.append(
        "list.contentOffset.y = min(max(\(f(aligned)), \(f(range.lowerBound))), "
          + "\(f(range.upperBound))) = \(f(kept)) (within the offsets the list can rest at)")
    }
    return Explanation(rule: rule, formulas: formulas, inputs: inputs)
  }

  /// `list.adjustedContentInset.top` or `.bottom` for a list that automatic adjustment gives the
  /// parts of the safe area its frame overlaps; `nil` for another path.
  static func safeAreaOverlap(_ path: String, in state: ChatState) -> Explanation? {
    let rule =
      "Automatic inset adjustment adds the part of the safe area the list's frame overlaps."
    switch path {
    case "list.adjustedContentInset.top":
      let inset = state.list.contentInset.top
      let overlap = max(0, state.safeArea.top - state.list.frame.minY)
      return Explanation(
        rule: rule,
        formulas: [
          Explanation.formula(
            path, "contentInset.top + max(0, safeArea.top − list.frame.minY)", [inset, overlap],
            operators: ["+"], result: inset + overlap)
        ],
        inputs: [
          Explanation.Input("contentInset.top", "list.contentInset.top"),
          Explanation.Input("safeArea.top", "safeArea.top"),
          Explanation.Input("list.frame.minY", "list.frame.minY"),
        ])
    case "list.adjustedContentInset.bottom":
      let inset = state.list.contentInset.bottom
      let overlap = max(0, state.list.frame.maxY - (state.screen.height - state.safeArea.bottom))
      return Explanation(
        rule: rule,
        formulas: [
          Explanation.formula(
            path, "contentInset.bottom + max(0, list.frame.maxY − (H − safeArea.bottom))",
            [inset, overlap], operators: ["+"], result: inset + overlap)
        ],
        inputs: [
          Explanation.Input("contentInset.bottom", "list.contentInset.bottom"),
          Explanation.Input("list.frame.maxY", "list.frame.maxY"),
          Explanation.Input("H", "screen.height"),
          Explanation.Input("safeArea.bottom", "safeArea.bottom"),
        ])
    default:
      return nil
    }
  }

  /// `list.contentSize.height` of plain rows `rowHeight` high, with `extra` below them.
  static func rowsHeight(
    in state: ChatState, rowHeight: Double, extra: (name: String, value: Double)? = nil
  ) -> Explanation {
    let count = Double(state.messages.count)
    let rows = count * rowHeight
    var symbols = "messages.count × rowHeight"
    var numbers = [count, rowHeight]
    var operators = ["×"]
    if let extra {
      symbols += " + " + extra.name
      numbers.append(extra.value)
      operators.append("+")
    }
    return Explanation(
      rule: "Plain rows of rowHeight (\(JSONWriter.format(rowHeight)) pt) from 0"
        + (extra.map { ", then the \($0.name)" } ?? "") + ".",
      formulas: [
        Explanation.formula(
          "list.contentSize.height", symbols, numbers, operators: operators,
          result: rows + (extra?.value ?? 0))
      ],
      inputs: [Explanation.Input("messages.count", "messageCount")])
  }
}
