/// What a key asks of the terminal besides redrawing the line.
public enum EditorEffect: Hashable, Sendable {
  /// Enter (or a line break in pasted text): run this line.
  case submit(String)
  /// Ctrl-C: the line is dropped.
  case cancel
  /// Ctrl-D on an empty line.
  case endOfInput
  /// Ctrl-L.
  case clearScreen
  /// Lines to print above the prompt (the candidates of a second Tab).
  case show([String])
  /// Nothing to do for that key.
  case bell
}

/// What Tab can put in place of the word before the cursor.
public struct Completion: Hashable, Sendable {
  /// Where the word starts, in characters from the start of the line.
  public var start: Int
  /// The words that could replace it, each in full.
  public var candidates: [String]

  public init(start: Int, candidates: [String]) {
    self.start = start
    self.candidates = candidates
  }

  /// No candidates.
  public static let none = Completion(start: 0, candidates: [])
}

/// An emacs-style line editor as a pure state machine: bytes in; line, cursor, display out.
///
/// The terminal around it reads the bytes, draws ``display`` with a ``ScreenRenderer`` and acts
/// on the effects.
///
/// ```swift
/// var editor = LineEditor(prompt: "> ")
/// for byte in Array("hi\u{1B}[D!".utf8) { _ = editor.feed(byte) }
/// // editor.line == ["h", "!", "i"], editor.cursor == 2
/// ```
public struct LineEditor: Sendable {
  /// What is drawn before the line.
  public var prompt: String
  /// The line being edited, one grapheme cluster per element.
  public internal(set) var line: [Character] = []
  /// The cursor, as an index into ``line``.
  public internal(set) var cursor = 0
  /// The lines entered, to walk with Up and Down and search with Ctrl-R.
  public internal(set) var history: History
  /// The terminal's width, for listing completions in columns.
  public var width = 80
  /// Whether pasted text is arriving (between `ESC [ 200 ~` and `ESC [ 201 ~`).
  public internal(set) var isPasting = false

  private var decoder = KeyDecoder()
  /// The history entry shown; `history.entries.count` for the new line.
  var historyIndex: Int
  /// The new line, kept while history entries are shown.
  var draft: [Character] = []
  private var killed: [Character] = []
  var lastAction = LastAction.other
  var search: Search?
  /// Whether the line was just submitted or dropped; the next key starts a new one.
  private var isFinished = false

  enum LastAction {
    case other
    case kill
    case tab
  }

  struct Search: Sendable {
    var query: [Character] = []
    var isReverse: Bool
    /// The matching entry and where the query starts in it.
    var match: (entry: Int, offset: Int)?
    var isFailing = false
    var savedLine: [Character]
    var savedCursor: Int
  }

  /// An empty line after `prompt`, with `history` to walk.
  public init(prompt: String, history: History = History()) {
    self.prompt = prompt
    self.history = history
    historyIndex = history.entries.count
  }

  /// The line as text.
  public var text: String { String(line) }

  /// Whether the line was just submitted or dropped (until the next key).
  public var hasFinishedLine: Bool { isFinished }

  /// What to draw: the prompt and the line, or the search prompt and the match.
  public var display: Display {
    guard let search else {
      return Display(text: Array(prompt) + line, cursor: prompt.count + cursor)
    }
    let name = search.isReverse ? "reverse-i-search" : "i-search"
    let label = "(\(search.isFailing ? "failed " : "")\(name))'\(String(search.query))': "
    guard let match = search.match else {
      return Display(
        text: Array(label) + search.savedLine, cursor: label.count + search.savedCursor)
    }
    return Display(
      text: Array(label) + Array(history.entries[match.entry]), cursor: label.count + match.offset)
  }

  /// The display with the cursor after the end, to leave it below.
  public var finalDisplay: Display {
    let shown = display
    return Display(text: shown.text, cursor: shown.text.count)
  }

  /// Feeds one byte from the terminal; `completer` is asked on Tab with the line up to the cursor.
  public mutating func feed(
    _ byte: UInt8, completer: (String) -> Completion = { _ in .none }
  ) -> [EditorEffect] {
    guard let key = decoder.decode(byte) else { return [] }
    return handle(key, completer: completer)
  }

  /// Whether the bytes of an unfinished key are held (a lone `ESC`, which may be Esc or the
  /// start of a sequence).
  public var isHoldingKey: Bool { decoder.isHolding }

  /// Ends a held key when the terminal sent nothing after it: a lone `ESC` is dropped.
  public mutating func flushHeldKey() -> [EditorEffect] {
    guard let key = decoder.flush() else { return [] }
    return handle(key)
  }

  /// Handles one key.
  public mutating func handle(
    _ key: Key, completer: (String) -> Completion = { _ in .none }
  ) -> [EditorEffect] {
    if isFinished { startLine() }
    if isPasting { return paste(key) }
    if search != nil, let effects = searching(key) { return effects }
    let action = lastAction
    lastAction = .other
    switch key {
    case .text(let scalar): insert(scalar)
    case .control(0x01), .home: cursor = 0
    case .control(0x05), .end: cursor = line.count
    case .control(0x02), .left: cursor = max(cursor - 1, 0)
    case .control(0x06), .right: cursor = min(cursor + 1, line.count)
    case .control(0x04):
      if line.isEmpty { return finish(.endOfInput) }
      guard cursor < line.count else { return [.bell] }
      line.remove(at: cursor)
    case .delete:
      guard cursor < line.count else { return [.bell] }
      line.remove(at: cursor)
    case .control(0x08), .control(0x7F):
      guard cursor > 0 else { return [.bell] }
      cursor -= 1
      line.remove(at: cursor)
    case .control(0x0B): kill(cursor..<line.count, forwards: true, after: action)
    case .control(0x15): kill(0..<cursor, forwards: false, after: action)
    case .control(0x17):
      kill(
        start(ofWordBefore: cursor, isWord: { !$0.isWhitespace })..<cursor, forwards: false,
        after: action)
    case .metaBackspace:
      kill(
        start(ofWordBefore: cursor, isWord: Self.isWordCharacter)..<cursor, forwards: false,
        after: action)
    case .meta("d"), .meta("D"):
      kill(cursor..<end(ofWordAfter: cursor), forwards: true, after: action)
    case .meta("b"), .meta("B"), .wordLeft:
      cursor = start(ofWordBefore: cursor, isWord: Self.isWordCharacter)
    case .meta("f"), .meta("F"), .wordRight:
      cursor = end(ofWordAfter: cursor)
    case .control(0x19):
      line.insert(contentsOf: killed, at: cursor)
      cursor += killed.count
    case .control(0x14): return transpose()
    case .control(0x0C): return [.clearScreen]
    case .control(0x03): return finish(.cancel)
    case .control(0x0D), .control(0x0A): return submit()
    case .control(0x10), .up: return previousEntry()
    case .control(0x0E), .down: return nextEntry()
    case .control(0x12), .control(0x13):
      search = Search(isReverse: key == .control(0x12), savedLine: line, savedCursor: cursor)
    case .control(0x09): return complete(completer, after: action)
    case .pasteStart: isPasting = true
    case .control, .meta, .pasteEnd, .unknown: return key == .unknown ? [] : [.bell]
    }
    return []
  }

  /// Starts an empty line (after a submitted or dropped one).
  public mutating func startLine() {
    isFinished = false
    line = []
    cursor = 0
    draft = []
    search = nil
    historyIndex = history.entries.count
  }

  // MARK: Editing

  static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }

  mutating func insert(_ scalar: Unicode.Scalar) {
    let character = Character(scalar)
    if cursor > 0 {
      // A combining mark or a joiner belongs to the character before it.
      let merged = String(line[cursor - 1]) + String(character)
      if merged.count == 1, let single = merged.first {
        line[cursor - 1] = single
        return
      }
    }
    line.insert(character, at: cursor)
    cursor += 1
  }

  private mutating func kill(_ range: Range<Int>, forwards: Bool, after action: LastAction) {
    let text = Array(line[range])
    if action == .kill {
      killed = forwards ? killed + text : text + killed
    } else {
      killed = text
    }
    line.removeSubrange(range)
    cursor = range.lowerBound
    lastAction = .kill
  }

  private func start(ofWordBefore index: Int, isWord: (Character) -> Bool) -> Int {
    var index = index
    while index > 0 && !isWord(line[index - 1]) { index -= 1 }
    while index > 0 && isWord(line[index - 1]) { index -= 1 }
    return index
  }

  private func end(ofWordAfter index: Int) -> Int {
    var index = index
    while index < line.count && !Self.isWordCharacter(line[index]) { index += 1 }
    while index < line.count && Self.isWordCharacter(line[index]) { index += 1 }
    return index
  }

  private mutating func transpose() -> [EditorEffect] {
    guard cursor > 0, line.count >= 2 else { return [.bell] }
    let right = min(cursor, line.count - 1)
    line.swapAt(right - 1, right)
    cursor = right + 1
    return []
  }

  mutating func submit() -> [EditorEffect] {
    let text = String(line)
    history.add(text)
    return finish(.submit(text))
  }

  private mutating func finish(_ effect: EditorEffect) -> [EditorEffect] {
    isFinished = true
    cursor = line.count
    return [effect]
  }
}
