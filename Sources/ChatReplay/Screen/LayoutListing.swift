/// The text `replay layouts` prints: every built-in layout with what it models and its options.
///
/// ```text
/// rxkeyboard (the default)
///   A Messages-like chat whose input bar and list insets follow RxKeyboard's visibleHeight.
///   navigationBar.height  44 pt  (0…200 pt)  The navigation bar's height, added to the list's …
/// ```
public enum LayoutListing {
  /// Every built-in layout, the default first, each followed by its options with their defaults.
  public static var lines: [String] {
    var lines: [String] = []
    for (index, id) in LayoutID.allCases.enumerated() {
      guard let layout = id.builtInLayout() else { continue }
      if index > 0 { lines.append("") }
      lines.append(id.rawValue + (index == 0 ? " (the default)" : ""))
      lines.append("  " + type(of: layout).summary)
      let options = layout.optionValues
      let nameWidth = options.map(\.name.count).max() ?? 0
      let rows = options.map { option -> (String, String, String) in
        switch option.value {
        case .number(let number):
          let range = option.range.map {
            "(\(JSONWriter.format($0.lowerBound))…\(JSONWriter.format($0.upperBound)) pt)"
          }
          return (option.name, "\(JSONWriter.format(number)) pt", range ?? "")
        case .flag(let flag):
          return (option.name, flag ? "true" : "false", "(true or false)")
        }
      }
      let valueWidth = rows.map(\.1.count).max() ?? 0
      let rangeWidth = rows.map(\.2.count).max() ?? 0
      for (row, option) in zip(rows, options) {
        lines.append(
          "  " + pad(row.0, nameWidth) + "  " + pad(row.1, valueWidth) + "  "
            + pad(row.2, rangeWidth) + "  " + option.summary)
      }
    }
    return lines
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(width - text.count, 0))
  }
}
