/// gdb's print of a `CGRect`, read line by line.
///
/// The print looks like this:
///
/// ```text
/// (gdb) print beginFrame
/// $1 = {
///   origin = {
///     x = 0,
///     y = 480
///   },
///   size = {
///     width = 320,
///     height = 216
///   }
/// }
/// ```
struct GDBStruct: Sendable {
  /// The line of `$1 = {`.
  var line: Int
  /// The variable printed (`beginFrame`), from the command above.
  var variable: String?
  private var depth = 1
  private var values: [String: Double] = [:]
  private var lineCount = 0

  init(line: Int, variable: String?) {
    self.line = line
    self.variable = variable
  }

  /// Whether `content` is a gdb result's opening, `$N = {`.
  static func isOpening(_ content: [Unicode.Scalar]) -> Bool {
    let reader = ValueReader(scalars: content)
    guard reader.at(0) == "$" else { return false }
    var index = 1
    while let scalar = reader.at(index), ValueReader.isDigit(scalar) { index += 1 }
    guard index > 1, reader.matches(" = {", at: index) else { return false }
    return reader.skipSpaces(index + 4) == content.count
  }

  /// Whether a line of the struct has been read.
  var hasFields: Bool { lineCount > 0 }

  /// Whether `content` is a line of a `CGRect` struct (`origin = {`, `x = 0,` …).
  static func isField(_ content: [Unicode.Scalar]) -> Bool {
    let reader = ValueReader(scalars: content)
    return ["origin = {", "size = {", "x = ", "y = ", "width = ", "height = "].contains {
      reader.matches($0, at: 0)
    }
  }

  /// The rect, once x, y, width and height have all been read.
  var rect: PrintedValue? {
    guard let x = values["x"], let y = values["y"], let width = values["width"],
      let height = values["height"]
    else { return nil }
    return ValueReader.rect(x, y, width, height)
  }

  /// The key the variable's name says: `beginFrame` is the begin frame, `endFrame` the end.
  var variableKey: PrintedKey? {
    guard let name = variable?.lowercased() else { return nil }
    let begins = name.contains("begin")
    let ends = name.contains("end")
    if begins == ends { return nil }
    return begins ? .frameBegin : .frameEnd
  }

  /// Reads one line; whether the struct has ended (its braces closed, or 20 lines read).
  mutating func take(_ content: [Unicode.Scalar]) -> Bool {
    lineCount += 1
    let reader = ValueReader(scalars: content)
    var index = reader.skipSpaces(0)
    var nameEnd = index
    while let scalar = reader.at(nameEnd), ValueReader.isIdentifier(scalar) { nameEnd += 1 }
    if nameEnd > index, reader.matches(" = ", at: nameEnd) {
      let name = reader.text(index..<nameEnd)
      index = reader.skipSpaces(nameEnd + 3)
      if let (value, _) = reader.number(at: index) {
        values[name] = value
      }
    }
    for scalar in content {
      if scalar == "{" { depth += 1 }
      if scalar == "}" { depth -= 1 }
    }
    return depth <= 0 || lineCount >= 20
  }
}
