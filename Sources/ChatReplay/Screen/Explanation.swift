/// Why a value of a state is what it is.
///
/// The layout's rule, its formula with the state's numbers, and the paths it read; `why PATH`
/// prints it and finds the step of each input.
public struct Explanation: Equatable, Sendable {
  /// The rule in words, naming the code it models.
  public var rule: String
  /// `inputBar.frame.maxY = H − safeArea.bottom − visibleHeight = 852 − 34 − 336 = 482`; several
  /// for a value made of several fields, none for a rule without arithmetic.
  public var formulas: [String]
  /// The paths the rule read.
  public var inputs: [Input]

  /// A value a rule read: its symbol in the formula and its path in the state.
  public struct Input: Equatable, Sendable {
    public var symbol: String
    public var path: StatePath

    public init(_ symbol: String, _ path: String) {
      self.symbol = symbol
      self.path = StatePath(parsing: path) ?? StatePath([.key(path)])
    }
  }

  public init(rule: String, formulas: [String] = [], inputs: [Input] = []) {
    self.rule = rule
    self.formulas = formulas
    self.inputs = inputs
  }

  /// `name = A − B − C = 852 − 34 − 336 = 482`: a formula with its numbers and result, negative
  /// numbers in parentheses.
  public static func formula(
    _ name: String, _ symbols: String, _ numbers: [Double], operators: [String], result: Double
  ) -> String {
    var filled = ""
    for (index, number) in numbers.enumerated() {
      if index > 0 { filled += " \(operators[index - 1]) " }
      filled += number < 0 ? "(−\(JSONWriter.format(-number)))" : JSONWriter.format(number)
    }
    let value = result < 0 ? "−" + JSONWriter.format(-result) : JSONWriter.format(result)
    return "\(name) = \(symbols) = \(filled) = \(value)"
  }
}
