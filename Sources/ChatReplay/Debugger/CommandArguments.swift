/// The words after a command's name, with the checks the parsers share; errors name the command
/// and give its usage.
struct CommandArguments {
  let spec: CommandSpec
  let words: [String]
  /// The text after the command's name, spaces trimmed.
  let rest: String

  /// The words of `line`, split at spaces and tabs.
  static func words(of line: String) -> [String] {
    line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
  }

  /// The text of `line` after its first word.
  static func rest(of line: String) -> String {
    let isSpace = { (character: Character) in character == " " || character == "\t" }
    return line.drop(while: isSpace).drop(while: { !isSpace($0) }).trimmingSpaces()
  }

  /// The text after the first `count` words, spaces trimmed.
  func text(after count: Int) -> String {
    var text = rest
    for _ in 0..<count { text = Self.rest(of: text) }
    return text
  }

  func bad(_ text: String) -> DebuggerError {
    .badArgument(command: spec.name, text: text, usage: spec.usage)
  }

  var missing: DebuggerError { .missingArgument(command: spec.name, usage: spec.usage) }

  func atMost(_ count: Int) throws(DebuggerError) {
    if words.count > count { throw bad(words[count]) }
  }

  /// `[N]`: a count of 1 or more, 1 when absent.
  func count() throws(DebuggerError) -> Int {
    try atMost(1)
    guard let text = words.first else { return 1 }
    guard let value = Int(text), value >= 1 else { throw bad(text) }
    return value
  }

  func reference(_ index: Int) throws(DebuggerError) -> StepReference? {
    guard index < words.count else { return nil }
    guard let reference = StepReference(parsing: words[index]) else { throw bad(words[index]) }
    return reference
  }

  func requiredReference() throws(DebuggerError) -> StepReference {
    try atMost(1)
    guard let reference = try reference(0) else { throw missing }
    return reference
  }

  func path(_ index: Int) throws(DebuggerError) -> StatePath? {
    guard index < words.count else { return nil }
    guard let path = StatePath(parsing: words[index]) else { throw .badPath(words[index]) }
    return path
  }

  func requiredPath() throws(DebuggerError) -> StatePath {
    guard let path = try path(0) else { throw missing }
    return path
  }

  /// What stands for the newest breakpoint's number (as in gdb), in saved breakpoints.
  static let newestBreakpoint = "$bpnum"
  /// The number ``newestBreakpoint`` parses to.
  static let newest = -1

  func number(_ index: Int) throws(DebuggerError) -> Int? {
    guard index < words.count else { return nil }
    if words[index] == Self.newestBreakpoint { return Self.newest }
    guard let value = Int(words[index]), value >= 0 else { throw bad(words[index]) }
    return value
  }

  func requiredNumber(_ index: Int) throws(DebuggerError) -> Int {
    guard let value = try number(index) else { throw missing }
    return value
  }

  /// `[N…]`: breakpoint numbers.
  func numbers() throws(DebuggerError) -> [Int] {
    var result: [Int] = []
    for index in words.indices {
      guard let value = try number(index) else { continue }
      result.append(value)
    }
    return result
  }

  /// The condition in `text`, or the parser's error.
  static func condition(_ text: String) throws(DebuggerError) -> Condition {
    switch ConditionParser.parse(text) {
    case .success(let condition): return condition
    case .failure(let error): throw error
    }
  }
}
