/// A line of a recording that cannot be replayed, with where it is and what is wrong.
///
/// All wording lives in this file: ``RecordingError/Problem/message`` and the phrases it is built
/// from. ``rendered(file:)`` is the one place that lays an error out for a terminal:
///
/// ```text
/// chat.jsonl:3:37: error: unknown keyboard notification 'willSho'; did you mean 'willShow'?
///     {"t":1.0,"type":"keyboard","name":"willSho"}
///                                         ^
/// ```
public struct RecordingError: Error, Hashable, Sendable {
  /// The 1-based line number.
  public var line: Int
  /// The 1-based column, counted in Unicode scalars.
  public var column: Int
  public var problem: Problem
  /// The offending line (or the part of it around the column), as text.
  public var excerpt: String
  /// The column of the error within ``excerpt``, 1-based.
  public var excerptColumn: Int

  public init(line: Int, column: Int, problem: Problem, excerpt: String, excerptColumn: Int) {
    self.line = line
    self.column = column
    self.problem = problem
    self.excerpt = excerpt
    self.excerptColumn = excerptColumn
  }

  /// What is wrong with a line.
  public enum Problem: Hashable, Sendable {
    case byteOrderMark
    case controlCharacterInString(UInt8)
    case duplicateField(String)
    case emptyFile
    case headerNotFirst(firstLine: Int)
    case invalidEscape(String)
    case invalidNumber(String)
    case invalidUTF8(UInt8)
    /// A layout option the header or `--option` sets cannot be set.
    case layoutOption(LayoutOptionError, fromCommandLine: Bool)
    case lineTooLong(length: Int, limit: Int)
    case loneSurrogate(String)
    case missingField(String, in: FieldOwner, suggestion: String?)
    case negativeValue(field: String, value: String)
    case nestingTooDeep(limit: Int)
    case notAnInteger(field: String, value: String)
    case notAnObject(found: JSONValueKind)
    case numberOutOfRange(String)
    case timeWentBackwards(t: String, previous: String)
    case trailingCharacters(String)
    case unexpectedEnd(expected: Expectation)
    case unexpectedToken(found: String, expected: Expectation)
    case unknownField(String, suggestion: String)
    case unknownValue(String, of: NameList, suggestion: String?)
    case unsupportedVersion(Int)
    case wrongType(field: String, expected: ValueShape, found: JSONValueKind)

    /// The one-line message, in lowercase after `error:` as compilers word theirs, with the
    /// offending text in single quotes.
    public var message: String {
      switch self {
      case .byteOrderMark:
        "the file starts with a UTF-8 byte-order mark (EF BB BF); recordings are UTF-8 without one"
      case .controlCharacterInString(let byte):
        "control character 0x\(hex(byte)) inside a string; write it as an escape such as '\\n'"
      case .duplicateField(let name):
        "field '\(name)' appears twice"
      case .emptyFile:
        "the recording is empty: it has neither a header nor any event"
      case .headerNotFirst(let firstLine):
        "the session header must be the first line, but line \(firstLine) came before it"
      case .invalidEscape(let text):
        "invalid escape '\(text)' in a string"
      case .invalidNumber(let text):
        "'\(text)' is not a JSON number"
      case .invalidUTF8(let byte):
        "invalid UTF-8 byte 0x\(hex(byte))"
      case .layoutOption(let error, let fromCommandLine):
        (fromCommandLine ? "--option: " : "") + error.message
      case .lineTooLong(let length, let limit):
        "line is \(length) bytes long; the limit is \(limit) bytes"
      case .loneSurrogate(let text):
        "'\(text)' is half of a UTF-16 surrogate pair"
      case .missingField(let name, let owner, let suggestion):
        "missing field '\(name)' in \(owner.phrase)"
          + (suggestion.map { " (found '\($0)'; a misspelling?)" } ?? "")
      case .negativeValue(let field, let value):
        "'\(field)' is \(value), but it cannot be negative"
      case .nestingTooDeep(let limit):
        "arrays and objects nest more than \(limit) deep"
      case .notAnInteger(let field, let value):
        "'\(field)' must be an integer, not \(value)"
      case .notAnObject(let found):
        "each line must be a JSON object, but this one is \(found.phrase)"
      case .numberOutOfRange(let text):
        "'\(text)' is out of range; numbers in a recording lie within ±1e9"
      case .timeWentBackwards(let t, let previous):
        "'t' goes backwards: \(t) comes after \(previous)"
      case .trailingCharacters(let text):
        "unexpected '\(text)' after the end of the object"
      case .unexpectedEnd(let expected):
        "the line ends early; expected \(expected.phrase)"
      case .unexpectedToken(let found, let expected):
        "expected \(expected.phrase), found '\(found)'"
      case .unknownField(let name, let suggestion):
        "unknown field '\(name)'; did you mean '\(suggestion)'?"
      case .unknownValue(let value, let of, let suggestion):
        "unknown \(of.phrase) '\(value)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
      case .unsupportedVersion(let version):
        "unsupported format version \(version); this replayer reads version 1"
      case .wrongType(let field, let expected, let found):
        "'\(field)' must be \(expected.phrase), not \(found.phrase)"
      }
    }

    /// The kind of JSON value found where something else was expected.
    public enum JSONValueKind: Hashable, Sendable {
      case array
      case boolean
      /// The line ended where a value should be.
      case nothing
      case null
      case number
      case object
      case string
      /// Text that starts no JSON value, quoted from the line.
      case token(String)
    }

    /// What a field's value must be.
    public enum ValueShape: Hashable, Sendable {
      case array
      case boolean
      /// One of the header's initial messages: an object with `from` and `text`.
      case message
      case number
      /// A layout option's value: a number of points or a switch.
      case numberOrBoolean
      /// An object of numbers with these keys (a rect, a size, insets).
      case numbers(keys: [String])
      case object
      case string
    }

    /// What the JSON syntax expects next.
    public enum Expectation: Hashable, Sendable {
      case closingQuote
      case colonAfterFieldName
      case commaOrEnd(Container)
      case escape
      case fieldName
      case jsonObject
      case jsonValue
      case openingBrace
      /// Any value, where one must follow.
      case value
    }

    /// An object or an array.
    public enum Container: Hashable, Sendable {
      case array
      case object
    }

    /// The object that lacks a required field.
    public enum FieldOwner: Hashable, Sendable {
      /// An event line of this kind.
      case event(Event.Kind)
      /// The session header.
      case header
      /// A line whose type is unknown because it has none.
      case line
      /// An object inside a line, named by its path (`messages[0]`).
      case object(path: String)
    }

    /// The fixed list a name must come from.
    public enum NameList: Hashable, Sendable {
      case eventType
      case keyboardNotification
      case layout
      case panState
      case sender
    }
  }

  /// The error as compilers print one: `FILE:LINE:COLUMN: error: MESSAGE`, then the line and a
  /// caret under the column.
  public func rendered(file: String) -> String {
    let first = "\(file):\(line):\(column): error: \(problem.message)"
    // An error about no text of the file (an --option) has no excerpt to point into.
    if case .layoutOption(_, fromCommandLine: true) = problem { return first }
    let caret = String(repeating: " ", count: max(excerptColumn - 1, 0)) + "^"
    return "\(first)\n    \(excerpt)\n    \(caret)"
  }
}

// The phrases the messages are made of, each worded once.

extension RecordingError.Problem.JSONValueKind {
  var phrase: String {
    switch self {
    case .array: "an array"
    case .boolean: "a boolean"
    case .nothing: "nothing"
    case .null: "null"
    case .number: "a number"
    case .object: "an object"
    case .string: "a string"
    case .token(let text): "'\(text)'"
    }
  }
}

extension RecordingError.Problem.ValueShape {
  var phrase: String {
    switch self {
    case .array: "an array"
    case .boolean: "a boolean"
    case .message: "an object with from and text"
    case .number: "a number"
    case .numberOrBoolean: "a number or a boolean"
    case .numbers(let keys): "an object with " + keys.joined(separator: ", ")
    case .object: "an object"
    case .string: "a string"
    }
  }
}

extension RecordingError.Problem.Expectation {
  var phrase: String {
    switch self {
    case .closingQuote: "'\"' to end the string"
    case .colonAfterFieldName: "':' after a field name"
    case .commaOrEnd(.array): "',' or ']'"
    case .commaOrEnd(.object): "',' or '}'"
    case .escape: "an escape after '\\'"
    case .fieldName: "a field name in quotes"
    case .jsonObject: "a JSON object"
    case .jsonValue: "a JSON value"
    case .openingBrace: "'{'"
    case .value: "a value"
    }
  }
}

extension RecordingError.Problem.FieldOwner {
  var phrase: String {
    switch self {
    case .event(let kind): "a '\(kind.rawValue)' line"
    case .header: "a 'session' line"
    case .line: "the line"
    case .object(let path): "'\(path)'"
    }
  }
}

extension RecordingError.Problem.NameList {
  var phrase: String {
    switch self {
    case .eventType: "event type"
    case .keyboardNotification: "keyboard notification"
    case .layout: "layout"
    case .panState: "pan state"
    case .sender: "sender"
    }
  }
}

private func hex(_ byte: UInt8) -> String {
  let digits = Array("0123456789ABCDEF")
  return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}

extension RecordingError {
  /// How many columns of a long line an excerpt shows.
  static let excerptWidth = 72

  /// Builds an error for `offset` in `line`, with a column and an excerpt around it.
  static func at(
    offset: Int, in line: UnsafeBufferPointer<UInt8>, lineNumber: Int, problem: Problem
  ) -> RecordingError {
    let clamped = min(max(offset, 0), line.count)
    // Columns count Unicode scalars: every byte that does not continue a UTF-8 sequence.
    var column = 1
    for index in 0..<clamped where line[index] & 0xC0 != 0x80 { column += 1 }
    // Show a window of the line around the column.
    var start = 0
    var excerptColumn = column
    if column > excerptWidth - 12 {
      var skipped = 0
      let wanted = column - (excerptWidth - 24)
      while start < clamped && skipped < wanted {
        start += 1
        if start < line.count && line[start] & 0xC0 != 0x80 { skipped += 1 }
      }
      excerptColumn = column - skipped + 3
    }
    let window = UnsafeBufferPointer(rebasing: line[start..<line.count])
    var scalars = String.UnicodeScalarView()
    // Counted apart: `UnicodeScalarView.count` walks the view, which made this loop quadratic.
    var scalarCount = 0
    var isCut = false
    for scalar in String(decoding: window.prefix(excerptWidth * 4), as: UTF8.self).unicodeScalars {
      guard scalarCount < excerptWidth else {
        isCut = true
        break
      }
      // Control characters would move the caret; show them as the replacement character.
      scalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? "\u{FFFD}" : scalar)
      scalarCount += 1
    }
    if window.count > excerptWidth * 4 { isCut = true }
    let text = (start > 0 ? "..." : "") + String(scalars) + (isCut ? "..." : "")
    return RecordingError(
      line: lineNumber, column: column, problem: problem, excerpt: text,
      excerptColumn: excerptColumn)
  }
}
