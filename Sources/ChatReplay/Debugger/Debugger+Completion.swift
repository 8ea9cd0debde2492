extension Debugger {
  /// What Tab offers for the word before the cursor, from the tables `help` and did-you-mean use.
  ///
  /// `prefix` is the line up to the cursor. The result is where the word starts (in characters)
  /// and every word that could replace it, in full; containers end in `.` or `[`. `files` lists
  /// the file names that start with a partial one (the library reads no folders itself).
  ///
  /// ```text
  /// "wh"                  → "where", "why"
  /// "print inputBar.fr"   → "inputBar.frame."
  /// "break when event ke" → "keyboard"
  /// ```
  public mutating func completions(for prefix: String, files: (String) -> [String])
    -> (start: Int, candidates: [String])
  {
    let endsWithSpace = prefix.last.map { $0 == " " || $0 == "\t" } ?? true
    var words = CommandArguments.words(of: prefix)
    let word = endsWithSpace ? "" : words.popLast() ?? ""
    let start = prefix.count - word.count
    guard let name = words.first else {
      return (start, CommandSpec.all.map { $0.name }.filter { $0.hasPrefix(word) })
    }
    guard case .success(let spec) = CommandSpec.find(name), !spec.arguments.isEmpty else {
      return (start, [])
    }
    let before = Array(words.dropFirst())
    let kind: CommandSpec.ArgumentKind
    if let expression = spec.arguments.firstIndex(of: .expression), before.count >= expression {
      kind = .expression
    } else {
      kind = spec.arguments[min(before.count, spec.arguments.count - 1)]
    }
    let candidates: [String]
    switch kind {
    case .path: candidates = pathCompletions(word)
    case .expression: candidates = expressionCompletions(word, after: before)
    case .step:
      candidates = (["first", "last"] + marks.keys.sorted().map { ":" + $0 }).filter {
        $0.hasPrefix(word)
      }
    case .command: candidates = CommandSpec.all.map { $0.name }.filter { $0.hasPrefix(word) }
    case .breakpoint:
      candidates = breakpoints.map { String($0.number) }.filter { $0.hasPrefix(word) }
    case .display: candidates = displays.map { String($0.number) }.filter { $0.hasPrefix(word) }
    case .file: candidates = files(word)
    case .words(let list): candidates = list.filter { $0.hasPrefix(word) }
    }
    return (start, candidates)
  }

  private mutating func expressionCompletions(_ word: String, after words: [String]) -> [String] {
    let notifications = KeyboardNotification.Name.allCases.map { $0.rawValue }
    let previous = words.last
    if previous == "event" {
      return (Event.Kind.allCases.map { $0.rawValue } + notifications).filter { $0.hasPrefix(word) }
    }
    if previous == "keyboard" && words.dropLast().last == "event" {
      return notifications.filter { $0.hasPrefix(word) }
    }
    if previous == "diagnostic" {
      return Diagnostic.Kind.allCases.map { $0.rawValue }.filter { $0.hasPrefix(word) }
    }
    let keywords = ["event", "diagnostic", "and", "or", "not", "true", "false"]
    return keywords.filter { $0.hasPrefix(word) && !word.isEmpty } + pathCompletions(word)
  }

  /// The paths that start with `word`, one level at a time: `inputBar.` gives the fields of
  /// `inputBar`, `messages[` the indexes of the messages.
  mutating func pathCompletions(_ word: String) -> [String] {
    let current = state
    if let bracket = word.lastIndex(of: "["), !word[bracket...].contains(".") {
      let base = String(word[..<bracket])
      let count: Int
      if base == "messages" {
        count = current.messages.count
      } else if let path = StatePath(parsing: base),
        case .array(let elements)? = path.value(in: current)
      {
        count = elements.count
      } else {
        return []
      }
      let indexes = count <= 20 ? Array(0..<count) : [0, count - 1]
      return (indexes.map { "\(base)[\($0)]" } + (count > 0 ? ["\(base)[-1]"] : [])).filter {
        $0.hasPrefix(word)
      }
    }
    let parent: String
    let node: StateNode?
    if let dot = word.lastIndex(of: ".") {
      parent = String(word[...dot])
      node = StatePath(parsing: String(word[..<dot])).flatMap { $0.value(in: current) }
    } else {
      parent = ""
      var root = StateNode(state, includeMessages: false)
      if case .object(var members) = root {
        members.append(StateNode.Member(key: "messages", value: .array([])))
        root = .object(members)
      }
      node = root
    }
    guard case .object(let members)? = node, let node else { return [] }
    var names = members.map { member -> String in
      switch member.value {
      case .object: member.key + "."
      case .array: member.key + "["
      case .number, .string, .bool: member.key
      }
    }
    if StatePath.isRect(node) { names += StatePath.derivedRectKeys }
    return names.map { parent + $0 }.filter { $0.hasPrefix(word) }
  }
}
