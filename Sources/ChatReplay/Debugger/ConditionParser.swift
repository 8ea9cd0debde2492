/// Parses ``Condition``s; errors are one line with a hint.
enum ConditionParser {
  private enum Token: Equatable {
    case word(String)
    case number(Double)
    case string(String)
    case symbol(String)
  }

  static func parse(_ text: String) -> Result<Condition, DebuggerError> {
    let tokens: [Token]
    switch tokenize(text) {
    case .success(let result): tokens = result
    case .failure(let error): return .failure(error)
    }
    var parser = Parser(tokens: tokens)
    do throws(DebuggerError) {
      let condition = try parser.orExpression()
      if parser.position < tokens.count {
        throw DebuggerError.badExpression(.trailingToken(describe(tokens[parser.position])))
      }
      return .success(condition)
    } catch {
      return .failure(error)
    }
  }

  /// Parses `EXPR ["MESSAGE"]`, where a string after a complete expression is a message.
  ///
  /// Gives the condition, its text without the message, and the message.
  static func parse(_ text: String, allowingMessage: Bool)
    -> Result<(Condition, String, String?), DebuggerError>
  {
    let whole = parse(text)
    guard allowingMessage, case .failure = whole, text.hasSuffix("\""),
      let close = text.indices.last,
      let open = text[..<close].lastIndex(of: "\"")
    else { return whole.map { ($0, text, nil) } }
    let source = text[..<open].trimmingSpaces()
    let message = String(text[text.index(after: open)..<close])
    guard !source.isEmpty, case .success(let condition) = parse(source) else {
      return whole.map { ($0, text, nil) }
    }
    return .success((condition, source, message))
  }

  private static func describe(_ token: Token) -> String {
    switch token {
    case .word(let word): word
    case .number(let number): JSONWriter.format(number)
    case .string(let string): "\"\(string)\""
    case .symbol(let symbol): symbol
    }
  }

  private static func tokenize(_ text: String) -> Result<[Token], DebuggerError> {
    var tokens: [Token] = []
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == " " || character == "\t" {
        index += 1
      } else if character == "\"" {
        var value = ""
        index += 1
        while index < characters.count && characters[index] != "\"" {
          value.append(characters[index])
          index += 1
        }
        guard index < characters.count else {
          return .failure(.badExpression(.unterminatedString))
        }
        index += 1
        tokens.append(.string(value))
      } else if character.isNumber
        || (character == "-" && index + 1 < characters.count && characters[index + 1].isNumber
          && !Self.endsOperand(tokens.last))
      {
        var end = index + 1
        while end < characters.count && (characters[end].isNumber || characters[end] == ".") {
          end += 1
        }
        let literal = String(characters[index..<end])
        guard let value = Double(literal) else {
          return .failure(.badExpression(.notANumber(literal)))
        }
        tokens.append(.number(value))
        index = end
      } else if character.isLetter || character == "_" {
        var end = index + 1
        while end < characters.count
          && (characters[end].isLetter || characters[end].isNumber
            || "_.-[]".contains(characters[end]))
        {
          end += 1
        }
        tokens.append(.word(String(characters[index..<end])))
        index = end
      } else {
        let two = index + 1 < characters.count ? String(characters[index...index + 1]) : ""
        if ["<=", ">=", "==", "!=", "&&", "||"].contains(two) {
          tokens.append(.symbol(two))
          index += 2
        } else if "<>()!=+-*/".contains(character) {
          tokens.append(.symbol(character == "=" ? "==" : String(character)))
          index += 1
        } else {
          return .failure(.badExpression(.unexpectedCharacter(character)))
        }
      }
    }
    return .success(tokens)
  }

  /// Whether `token` can end an operand, so that a `-` after it subtracts.
  private static func endsOperand(_ token: Token?) -> Bool {
    switch token {
    case .word?, .number?, .string?, .symbol(")")?: true
    case .symbol?, nil: false
    }
  }

  /// Parses `text` as a value when it is one, else as a condition.
  static func parseValue(_ text: String) -> Result<ValueExpression, DebuggerError> {
    let tokens: [Token]
    switch tokenize(text) {
    case .success(let result): tokens = result
    case .failure(let error): return .failure(error)
    }
    var parser = Parser(tokens: tokens)
    if let operand = try? parser.operand(), parser.position == tokens.count {
      return .success(.operand(operand))
    }
    return parse(text).map(ValueExpression.condition)
  }

  private struct Parser {
    let tokens: [Token]
    var position = 0

    var current: Token? { position < tokens.count ? tokens[position] : nil }

    mutating func orExpression() throws(DebuggerError) -> Condition {
      var result = try andExpression()
      while current == .word("or") || current == .symbol("||") {
        position += 1
        result = .or(result, try andExpression())
      }
      return result
    }

    mutating func andExpression() throws(DebuggerError) -> Condition {
      var result = try unary()
      while current == .word("and") || current == .symbol("&&") {
        position += 1
        result = .and(result, try unary())
      }
      return result
    }

    mutating func unary() throws(DebuggerError) -> Condition {
      if current == .word("not") || current == .symbol("!") {
        position += 1
        return .not(try unary())
      }
      if current == .symbol("(") {
        position += 1
        let inner = try orExpression()
        guard current == .symbol(")") else {
          throw .badExpression(.missingClosingParenthesis)
        }
        position += 1
        return inner
      }
      if current == .word("event") {
        position += 1
        return try eventTerm()
      }
      if current == .word("diagnostic") {
        position += 1
        guard case .word(let id)? = current else { throw .badExpression(.diagnosticWithoutID) }
        position += 1
        guard let kind = Diagnostic.Kind(rawValue: id) else {
          throw .unknownName(.diagnostic, id)
        }
        return .diagnostic(kind)
      }
      let left = try operand()
      guard case .symbol(let symbol)? = current, let op = ComparisonOperator(rawValue: symbol)
      else {
        guard case .path(let path) = left else {
          throw .badExpression(.literalAlone)
        }
        return .truth(path)
      }
      position += 1
      return .comparison(left, op, try operand())
    }

    mutating func eventTerm() throws(DebuggerError) -> Condition {
      guard case .word(let word)? = current else { throw .badExpression(.eventWithoutType) }
      position += 1
      if let name = KeyboardNotification.Name(rawValue: word) { return .event(.keyboard, name) }
      guard let kind = Event.Kind(rawValue: word) else { throw .unknownName(.eventType, word) }
      if kind == .keyboard, case .word(let text)? = current, !["and", "or"].contains(text) {
        position += 1
        guard let name = KeyboardNotification.Name(rawValue: text) else {
          throw .unknownName(.keyboardNotification, text)
        }
        return .event(kind, name)
      }
      return .event(kind, nil)
    }

    /// `TERM (+|- TERM)*`.
    mutating func operand() throws(DebuggerError) -> Condition.Operand {
      var result = try term()
      while case .symbol(let symbol)? = current, let op = ArithmeticOperator(rawValue: symbol),
        !op.isMultiplicative
      {
        position += 1
        result = .arithmetic(result, op, try term())
      }
      return result
    }

    /// `PRIMARY (*|/ PRIMARY)*`.
    mutating func term() throws(DebuggerError) -> Condition.Operand {
      var result = try primary()
      while case .symbol(let symbol)? = current, let op = ArithmeticOperator(rawValue: symbol),
        op.isMultiplicative
      {
        position += 1
        result = .arithmetic(result, op, try primary())
      }
      return result
    }

    mutating func primary() throws(DebuggerError) -> Condition.Operand {
      switch current {
      case .number(let value)?:
        position += 1
        return .literal(.number(value))
      case .string(let value)?:
        position += 1
        return .literal(.string(value))
      case .word("true")?, .word("false")?:
        defer { position += 1 }
        return .literal(.bool(current == .word("true")))
      case .word(let word)?:
        position += 1
        guard let path = StatePath(parsing: word) else {
          throw .badPath(word)
        }
        return .path(path)
      case .symbol(let symbol)?:
        throw .badExpression(.operandExpected(found: symbol))
      case nil:
        throw .badExpression(.endsEarly)
      }
    }
  }
}
