/// A value as a printout shows it, parsed.
enum PrintedValue: Hashable, Sendable {
  case rect(Rect)
  /// A rect with `inf` or `nan` in it (`CGRectNull`), which no recording can hold.
  case nonFiniteRect
  case point(x: Double, y: Double)
  case number(Double)
  case boolean(Bool)
  case null
  /// Anything else, as printed.
  case text(String)

  /// What a key expects.
  enum Kind {
    case rect
    case point
    case number
    case integer
    case boolean
  }

  /// The kind of value, in words, for messages.
  var description: String {
    switch self {
    case .rect, .nonFiniteRect: "a rect"
    case .point: "a point"
    case .number: "a number"
    case .boolean: "a boolean"
    case .null: "nil"
    case .text: "text"
    }
  }
}

/// Reads values, numbers and rects out of a line's scalars.
///
/// Every function takes the index to start at and returns the value with the index after it,
/// or `nil` (and reads nothing) when the text there is not one.
struct ValueReader {
  let scalars: [Unicode.Scalar]

  var count: Int { scalars.count }

  func at(_ index: Int) -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  func skipSpaces(_ index: Int) -> Int {
    var index = index
    while let scalar = at(index), scalar == " " || scalar == "\t" { index += 1 }
    return index
  }

  /// Whether the text at `index` is `word` (case-sensitive).
  func matches(_ word: String, at index: Int) -> Bool {
    var position = index
    for scalar in word.unicodeScalars {
      guard at(position) == scalar else { return false }
      position += 1
    }
    return true
  }

  /// A number: optional `-`, digits, optional fraction and exponent; `inf` and `nan` too.
  ///
  /// The number keeps every digit printed: `445.33333333333326` reads as the `Double` nearest
  /// to it, which prints back the same.
  func number(at start: Int) -> (value: Double, end: Int)? {
    var index = start
    if at(index) == "-" || at(index) == "+" { index += 1 }
    for word in ["inf", "nan"] where matches(word, at: index) {
      let end = index + 3
      if let next = at(end), Self.isIdentifier(next) { return nil }
      return (word == "inf" ? (at(start) == "-" ? -.infinity : .infinity) : .nan, end)
    }
    let digitsStart = index
    while let scalar = at(index), Self.isDigit(scalar) { index += 1 }
    var digitCount = index - digitsStart
    if at(index) == ".", let next = at(index + 1), Self.isDigit(next) {
      index += 1
      while let scalar = at(index), Self.isDigit(scalar) {
        index += 1
        digitCount += 1
      }
    }
    guard digitCount > 0, digitCount <= 40 else { return nil }
    if at(index) == "e" || at(index) == "E" {
      var exponent = index + 1
      if at(exponent) == "-" || at(exponent) == "+" { exponent += 1 }
      let exponentStart = exponent
      while let scalar = at(exponent), Self.isDigit(scalar) { exponent += 1 }
      if exponent > exponentStart && exponent - exponentStart <= 4 { index = exponent }
    }
    if let next = at(index), Self.isIdentifier(next) { return nil }
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars[start..<index])
    guard let value = Double(String(text)) else { return nil }
    return (value, index)
  }

  /// `a, b` with any spaces, the inside of `{a, b}` and of a point.
  func numberPair(at start: Int) -> (Double, Double, end: Int)? {
    guard let first = number(at: skipSpaces(start)) else { return nil }
    var index = skipSpaces(first.end)
    guard at(index) == "," else { return nil }
    index += 1
    guard let second = number(at: skipSpaces(index)) else { return nil }
    return (first.value, second.value, skipSpaces(second.end))
  }

  /// `{a, b}`.
  func bracedPair(at start: Int) -> (Double, Double, end: Int)? {
    guard at(start) == "{", let pair = numberPair(at: start + 1), at(pair.end) == "}" else {
      return nil
    }
    return (pair.0, pair.1, pair.end + 1)
  }

  /// `{{x, y}, {width, height}}`, as `NSStringFromCGRect` and `NSValue` print a rect.
  func bracedRect(at start: Int) -> (PrintedValue, end: Int)? {
    guard at(start) == "{", let origin = bracedPair(at: skipSpaces(start + 1)) else { return nil }
    var index = skipSpaces(origin.end)
    guard at(index) == "," else { return nil }
    index = skipSpaces(index + 1)
    guard let size = bracedPair(at: index) else { return nil }
    index = skipSpaces(size.end)
    guard at(index) == "}" else { return nil }
    return (Self.rect(origin.0, origin.1, size.0, size.1), index + 1)
  }

  /// `(x, y, width, height)`, as Swift prints a `CGRect`.
  func swiftRect(at start: Int) -> (PrintedValue, end: Int)? {
    guard at(start) == "(" else { return nil }
    var numbers: [Double] = []
    var index = start + 1
    while numbers.count < 4 {
      guard let value = number(at: skipSpaces(index)) else { return nil }
      numbers.append(value.value)
      index = skipSpaces(value.end)
      if numbers.count < 4 {
        guard at(index) == "," else { return nil }
        index += 1
      }
    }
    guard at(index) == ")" else { return nil }
    return (Self.rect(numbers[0], numbers[1], numbers[2], numbers[3]), index + 1)
  }

  static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> PrintedValue {
    guard x.isFinite, y.isFinite, width.isFinite, height.isFinite else { return .nonFiniteRect }
    return .rect(Rect(x: x, y: y, width: width, height: height))
  }

  /// A value after a key's separator: `NSRect: {{…}}`, `NSPoint: {…}`, a bare rect, a Swift
  /// rect, a number, a boolean, `nil`, each possibly in double quotes; else the text up to
  /// the pair's end.
  func value(at start: Int) -> (PrintedValue, end: Int) {
    let index = skipSpaces(start)
    if at(index) == "\"" {
      if let (inner, end) = unquotedValue(at: index + 1), at(end) == "\"" {
        return (inner, end + 1)
      }
      var end = index + 1
      while let scalar = at(end), scalar != "\"" { end += 1 }
      return (.text(text(index + 1..<end)), min(end + 1, count))
    }
    if let parsed = unquotedValue(at: index) {
      return parsed
    }
    var end = index
    while let scalar = at(end), !";,]})".unicodeScalars.contains(scalar) { end += 1 }
    var trimmed = end
    while trimmed > index, at(trimmed - 1) == " " { trimmed -= 1 }
    return (.text(text(index..<trimmed)), end)
  }

  private func unquotedValue(at start: Int) -> (PrintedValue, end: Int)? {
    var index = skipSpaces(start)
    for prefix in ["NSRect:", "CGRect:"] where matches(prefix, at: index) {
      return bracedRect(at: skipSpaces(index + prefix.unicodeScalars.count))
    }
    for prefix in ["NSPoint:", "CGPoint:"] where matches(prefix, at: index) {
      index = skipSpaces(index + prefix.unicodeScalars.count)
      guard let pair = bracedPair(at: index) else { return nil }
      return (.point(x: pair.0, y: pair.1), pair.end)
    }
    if let rect = bracedRect(at: index) ?? swiftRect(at: index) { return rect }
    for (word, value) in [("true", true), ("false", false), ("YES", true), ("NO", false)]
    where matches(word, at: index) && !(at(index + word.count).map(Self.isIdentifier) ?? false) {
      return (.boolean(value), index + word.count)
    }
    if matches("nil", at: index) && !(at(index + 3).map(Self.isIdentifier) ?? false) {
      return (.null, index + 3)
    }
    if let number = number(at: index) {
      return (.number(number.value), number.end)
    }
    return nil
  }

  func text(_ range: Range<Int>) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars[range.clamped(to: 0..<count)])
    return String(view)
  }

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 48 && scalar.value <= 57 }

  static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return (value >= 65 && value <= 90) || (value >= 97 && value <= 122) || isDigit(scalar)
      || value == 95
  }
}
