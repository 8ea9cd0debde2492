/// One line of a printout with the decorations around its data removed: indentation, comment
/// markers, Markdown backticks, the `NSLog` prefix (whose time stamp is kept), XcodeColors
/// escapes and a second level of quote escaping.
struct CleanedLine: Sendable {
  /// The data left on the line.
  var content: [Unicode.Scalar]
  /// For each scalar of `content`, its 0-based column in the line as printed.
  var columns: [Int]
  /// The time stamp of the line's log prefix.
  var stamp: LogStamp?
  var role: Role
  /// Whether the line had `\"` quotes, escaped a second time.
  var hadEscapedQuotes = false

  /// What the line is, before its content is read.
  enum Role: Equatable, Sendable {
    /// Content to read (possibly empty).
    case content
    /// A debugger command (`(lldb) po notification`, `(gdb) print endFrame`), with the
    /// expression printed.
    case command(expression: String)
  }

  /// The column as printed of the content scalar at `index` (the line's end past the content).
  func column(at index: Int) -> Int {
    if index < columns.count { return columns[index] }
    return (columns.last ?? -1) + 1
  }

  init(_ line: [Unicode.Scalar]) {
    var start = 0
    var end = line.count
    let reader = ValueReader(scalars: line)
    func skipSpaces() {
      while start < end, Self.isSpace(line[start]) { start += 1 }
      while end > start, Self.isSpace(line[end - 1]) { end -= 1 }
    }
    func strip(prefix: String) -> Bool {
      guard reader.matches(prefix, at: start), start + prefix.unicodeScalars.count <= end else {
        return false
      }
      start += prefix.unicodeScalars.count
      return true
    }
    skipSpaces()
    // Source comments: `//`, `///`, `/*`, `/**`, ` * `, and a `*/` that ends the line.
    if strip(prefix: "///") || strip(prefix: "//") || strip(prefix: "/**") || strip(prefix: "/*") {
      skipSpaces()
    } else if end - start == 1 && line[start] == "*" {
      start = end
    } else if reader.matches("* ", at: start) {
      start += 2
    }
    if end - start >= 2 && line[end - 2] == "*" && line[end - 1] == "/" {
      end -= 2
      skipSpaces()
    }
    // Markdown: a fence, a quote, and one backtick at each end.
    if reader.matches("```", at: start) || reader.matches("~~~", at: start) {
      start = end
    }
    if strip(prefix: "> ") { skipSpaces() }
    if start < end && line[start] == "`" {
      start += 1
      if end > start && line[end - 1] == "`" { end -= 1 }
      skipSpaces()
    }
    if let (stamp, after) = LogStamp.prefix(in: reader, at: start), after <= end {
      self.stamp = stamp
      start = after
      skipSpaces()
    } else {
      self.stamp = nil
    }
    var content: [Unicode.Scalar] = []
    var columns: [Int] = []
    content.reserveCapacity(end - start)
    columns.reserveCapacity(end - start)
    var index = start
    while index < end {
      let scalar = line[index]
      if scalar == "\u{1B}" {
        index += 1
        continue
      }
      if let skipped = Self.xcodeColorsEscape(in: reader, at: index, end: end) {
        index = skipped
        continue
      }
      // `\"` is a quote that went through a second round of escaping.
      if scalar == "\\" && index + 1 < end && line[index + 1] == "\"" {
        hadEscapedQuotes = true
        index += 1
        continue
      }
      content.append(scalar)
      columns.append(index)
      index += 1
    }
    self.content = content
    self.columns = columns
    self.role = Self.command(in: content).map { .command(expression: $0) } ?? .content
  }

  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\u{A0}"
      || scalar == "\u{3000}" || scalar == "\u{FEFF}"
  }

  /// The end of an XcodeColors escape at `index` (`[fg255,0,255;`, `[;`, `fg…;`), if one is there.
  private static func xcodeColorsEscape(in reader: ValueReader, at index: Int, end: Int) -> Int? {
    var position = index
    if reader.at(position) == "[" {
      if reader.at(position + 1) == ";" { return position + 2 }
      for reset in ["fg;", "bg;"] where reader.matches(reset, at: position + 1) {
        return position + 4
      }
      position += 1
    }
    if reader.at(position) == "f" || reader.at(position) == "b" { position += 1 }
    guard reader.at(position) == "g" else { return nil }
    position += 1
    for component in 0..<3 {
      let digitsStart = position
      while let scalar = reader.at(position), ValueReader.isDigit(scalar), position < end {
        position += 1
      }
      guard position > digitsStart, position - digitsStart <= 3 else { return nil }
      guard reader.at(position) == (component < 2 ? "," : ";") else { return nil }
      position += 1
    }
    return position
  }

  /// The expression of a debugger command line, or `nil` when the line is not one.
  private static func command(in content: [Unicode.Scalar]) -> String? {
    // Every command starts with a prompt or a verb; most lines are not commands.
    guard let first = content.first, "(pePcf".unicodeScalars.contains(first) else { return nil }
    var text = Substring(String(String.UnicodeScalarView(content)))
    var prompted = false
    for prompt in ["(lldb)", "(gdb)"] where text.hasPrefix(prompt) {
      text = text.dropFirst(prompt.count).drop { $0 == " " }
      prompted = true
    }
    if text.hasPrefix("Printing description of ") && text.hasSuffix(":") {
      return String(text.dropFirst(24).dropLast())
    }
    for verb in ["po ", "p ", "print ", "expr ", "expression ", "e ", "call ", "frame variable "]
    where text.hasPrefix(verb) {
      let expression = text.dropFirst(verb.count).trimmingSpaces()
      let isExpression =
        !expression.isEmpty
        && expression.allSatisfy { $0.isLetter || $0.isNumber || "_.[]()$ ".contains($0) }
      let isMessage = expression.hasPrefix("[") && expression.hasSuffix("]")
      if isExpression && (prompted || isMessage || !expression.contains(" ")) {
        return String(expression)
      }
    }
    return prompted ? String(text) : nil
  }
}
