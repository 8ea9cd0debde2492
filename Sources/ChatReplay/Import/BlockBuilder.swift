/// Splits a printout's lines into ``PrintedBlock``s, one per notification.
///
/// A block starts at a notification's opening (`NSConcreteNotification`, `name = …`), at a
/// dictionary's opening after the previous block closed (`{`, `userInfo = {`, `[`,
/// `Optional([`), at a log line whose text opens one, and at a first keyboard key after a block
/// closed. Keyboard notification names outside any description are labels that name the next
/// block (several of them name it several times: a condensed log). lldb's Mirror dump belongs
/// to the notification above it.
struct BlockBuilder {
  /// The key for rects printed without one (`--key`).
  var rectKey: PrintedKey?
  private(set) var blocks: [PrintedBlock] = []
  private(set) var messages: [ImportMessage] = []

  private var source = 0
  private var current: PrintedBlock?
  private var state = State.closed
  private var pendingLabels: [PrintedBlock.Label] = []
  private var pendingStamp: LogStamp?
  /// The key of the Mirror dump's current element, and whether its `- value : "KEY"` echo has
  /// been read.
  private var mirrorKey: String?
  private var mirrorKeyEchoed = false
  /// The expression of the last debugger command, and a gdb struct being read.
  private var lastExpression: String?
  private var gdb: GDBStruct?
  private var reportedIgnoredKey = false

  /// Where the current block is.
  private enum State: Equatable {
    /// Inside a description or dictionary, `depth` brackets deep.
    case container(depth: Int)
    /// Pairs printed without brackets.
    case bare
    /// Closed, or rects without a key (which no later pair joins).
    case closed
  }

  init(rectKey: PrintedKey?) {
    self.rectKey = rectKey
  }

  /// Starts reading the source with index `source`.
  mutating func begin(source: Int) {
    finishSource()
    self.source = source
  }

  /// Reads line `number` (1-based) of the current source; `printed` is the line as printed.
  mutating func take(_ line: CleanedLine, number: Int, printed: [Unicode.Scalar]) {
    let context = Context(source: source, line: number, cleaned: line, printed: printed)
    if let gdb {
      // `$2 = {` before anything but a struct's fields is a debugger's header line: skipped.
      guard gdb.hasFields || GDBStruct.isField(line.content) else {
        self.gdb = nil
        take(line, number: number, printed: printed)
        return
      }
      takeGDB(line, context)
      return
    }
    if case .command(let expression) = line.role {
      lastExpression = expression
      if let stamp = line.stamp { pendingStamp = stamp }
      return
    }
    if GDBStruct.isOpening(line.content) {
      gdb = GDBStruct(line: number, variable: lastExpression)
      return
    }
    let (items, _) = LineScanner.items(in: line.content)
    if let stamp = line.stamp {
      // A new log line that opens a description starts a new block, closed or not.
      if let first = items.first, first.isOpening, current?.line != number {
        close()
      }
      pendingStamp = stamp
    }
    for item in items {
      take(item, context)
    }
  }

  /// Ends the current source: the open block is finished, reporting it if it was never closed.
  mutating func finishSource() {
    if let gdb {
      report(.warning, .incompleteGDBStruct, line: gdb.line, column: nil, printed: nil)
      self.gdb = nil
    }
    if let block = current, case .container(let depth) = state, depth > 0, block.isKeyboard {
      report(
        .warning, .unterminatedBlock(startLine: block.line), line: block.line, column: nil,
        printed: nil)
    }
    emitCurrent()
    for label in pendingLabels {
      report(
        .warning, .nameWithoutUserInfo(label.name), line: label.line, column: nil, printed: nil)
    }
    pendingLabels = []
    pendingStamp = nil
    lastExpression = nil
  }

  // MARK: Items

  /// A line's source, number and text, for blocks and messages.
  private struct Context {
    var source: Int
    var line: Int
    var cleaned: CleanedLine
    var printed: [Unicode.Scalar]
  }

  private mutating func take(_ item: LineItem, _ context: Context) {
    switch item {
    case .notificationOpening:
      start(context, state: .container(depth: 0), style: .nsNotification)

    case .open:
      switch state {
      case .container(let depth) where current != nil:
        state = .container(depth: depth + 1)
      case .container, .bare, .closed:
        start(context, state: .container(depth: 1), style: nil)
      }

    case .close:
      switch state {
      case .container(let depth) where depth > 1:
        state = .container(depth: depth - 1)
      case .container, .bare:
        state = .closed
      case .closed:
        break
      }

    case .name(let name, _):
      if case .container = state, var block = current, block.name == nil, block.fields.keys.isEmpty
      {
        block.name = name
        // `{name = …; userInfo = …}`, with or without `NSConcreteNotification 0x…` before it.
        block.styles.insert(.nsNotification)
        current = block
      } else {
        start(context, state: .container(depth: 0), style: .swiftNotification)
        current?.name = name
      }

    case .userInfo:
      if case .container = state, current != nil { return }
      start(context, state: .container(depth: 0), style: nil)

    case .userInfoNil:
      if case .container = state { state = .closed }

    case .labelName(let name, _):
      let label = PrintedBlock.Label(name: name, line: context.line, stamp: context.cleaned.stamp)
      if case .container = state, current?.name == nil {
        current?.labels.append(label)
      } else {
        if state == .bare { close() }
        pendingLabels.append(label)
      }

    case .pair(let pair):
      take(pair, context)

    case .rect(let value, let style, let index):
      take(rect: value, style: style, key: rectKey, at: index, context)

    case .mirror(let line, let index):
      take(mirror: line, at: index, context)
    }
  }

  private mutating func take(_ pair: PrintedPair, _ context: Context) {
    switch state {
    case .container where current != nil:
      break
    case .bare:
      if let key = pair.printedKey, current?.fields.keys.contains(key) == true {
        start(context, state: .bare, style: nil)
      }
    case .container, .closed:
      guard pair.isKeyboardKey else { return }
      start(context, state: .bare, style: nil)
    }
    current?.styles.insert(pair.style(escaped: context.cleaned.hadEscapedQuotes))
    guard let key = pair.printedKey else {
      let message = makeMessage(.warning, .unknownKey(pair.key), context, at: pair.keyIndex)
      current?.unknownKeys.append(message)
      if pair.isKeyboardKey { current?.hasUnknownKeyboardKey = true }
      return
    }
    if key == .changedByUserInteraction {
      current?.fields.keys.insert(key)
      if !reportedIgnoredKey {
        reportedIgnoredKey = true
        messages.append(makeMessage(.note, .ignoredKey(key.rawValue), context, at: pair.keyIndex))
      }
      return
    }
    if let problem = current?.fields.set(key, pair.value) {
      messages.append(makeMessage(.warning, problem, context, at: pair.valueIndex))
    }
  }

  private mutating func take(
    rect value: PrintedValue, style: PrintStyle, key: PrintedKey?, at index: Int,
    _ context: Context
  ) {
    if case .container(let depth) = state, depth > 0, current != nil {
      messages.append(makeMessage(.warning, .rectInsideNotification, context, at: index))
      return
    }
    guard let key else {
      messages.append(makeMessage(.warning, .rectWithoutKey, context, at: index))
      return
    }
    // gdb prints a notification's begin and end frames one after the other: one block.
    let joins =
      style == .gdbStruct && current?.styles == [.gdbStruct] && state == .closed
      && current?.fields.keys.contains(key) == false
    if !joins {
      start(context, state: .closed, style: style)
    }
    if let problem = current?.fields.set(key, value) {
      messages.append(makeMessage(.warning, problem, context, at: index))
    }
  }

  private mutating func take(mirror line: MirrorLine, at index: Int, _ context: Context) {
    if current == nil {
      start(context, state: .closed, style: nil)
    }
    current?.styles.insert(.lldbMirror)
    switch line {
    case .name(let name):
      if current?.name == nil {
        current?.name = name
      } else if current?.name != name {
        start(context, state: .closed, style: .lldbMirror)
        current?.name = name
      }
    case .key(let key):
      mirrorKey = key
      mirrorKeyEchoed = false
    case .value(let value):
      guard let key = mirrorKey else { return }
      if !mirrorKeyEchoed, case .text(let text) = value, text == key {
        mirrorKeyEchoed = true
        return
      }
      mirrorKey = nil
      // The description above the dump printed the same pairs; the dump only fills gaps.
      let printedKey = PrintedKey(printed: key)
      if let printedKey, current?.fields.keys.contains(printedKey) == true { return }
      let pair = PrintedPair(
        key: key, keyIndex: index, valueIndex: index, value: value, syntax: .anyHashable,
        isQuoted: false, separator: nil)
      let saved = state
      state = .container(depth: 1)
      take(pair, context)
      state = saved
    case .other:
      break
    }
  }

  // MARK: gdb

  private mutating func takeGDB(_ line: CleanedLine, _ context: Context) {
    guard var gdb else { return }
    let finished = gdb.take(line.content)
    self.gdb = gdb
    guard finished else { return }
    self.gdb = nil
    guard let rect = gdb.rect else {
      report(.warning, .incompleteGDBStruct, line: gdb.line, column: nil, printed: nil)
      return
    }
    let key = gdb.variableKey ?? rectKey
    take(rect: rect, style: .gdbStruct, key: key, at: 0, context)
  }

  // MARK: Blocks

  /// Finishes the current block and starts a new one on this line.
  private mutating func start(_ context: Context, state: State, style: PrintStyle?) {
    emitCurrent()
    var block = PrintedBlock(
      source: source, line: context.line, stamp: context.cleaned.stamp ?? pendingStamp)
    if let style { block.styles.insert(style) }
    block.labels = pendingLabels
    pendingLabels = []
    pendingStamp = nil
    current = block
    self.state = state
    mirrorKey = nil
  }

  /// Closes the current block; it stays current, so a Mirror dump can still fill it.
  private mutating func close() {
    state = .closed
  }

  private mutating func emitCurrent() {
    if let block = current, block.isKeyboard {
      messages.append(contentsOf: block.unknownKeys)
      blocks.append(block)
    }
    current = nil
    state = .closed
  }

  // MARK: Messages

  private func makeMessage(
    _ severity: ImportMessage.Severity, _ problem: ImportMessage.Problem, _ context: Context,
    at index: Int
  ) -> ImportMessage {
    let column = context.cleaned.column(at: index)
    let (excerpt, excerptColumn) = Excerpt.make(context.printed, column: column)
    return ImportMessage(
      severity, problem, source: context.source, line: context.line, column: column + 1,
      excerpt: excerpt, excerptColumn: excerptColumn)
  }

  private mutating func report(
    _ severity: ImportMessage.Severity, _ problem: ImportMessage.Problem, line: Int,
    column: Int?, printed: [Unicode.Scalar]?
  ) {
    messages.append(ImportMessage(severity, problem, source: source, line: line, column: column))
  }

  /// Hands out the messages so far and forgets them (the importer keeps a bounded number).
  mutating func takeMessages() -> [ImportMessage] {
    defer { messages = [] }
    return messages
  }

  /// Hands out the finished blocks so far and forgets them.
  mutating func takeBlocks() -> [PrintedBlock] {
    defer { blocks = [] }
    return blocks
  }
}

extension LineItem {
  /// Whether the item opens a description or a dictionary.
  fileprivate var isOpening: Bool {
    switch self {
    case .notificationOpening, .open, .name, .userInfo: true
    case .close, .labelName, .userInfoNil, .pair, .rect, .mirror: false
    }
  }
}

extension PrintedPair {
  /// The print style the pair's syntax shows.
  fileprivate func style(escaped: Bool) -> PrintStyle {
    switch syntax {
    case .anyHashable: return escaped ? .escapedSwiftDictionary : .swiftDictionary
    case .quotedKey: return .swiftStringDictionary
    case .bareKey: return .swift2Dictionary
    case .equals:
      if separator == "," { return .nsDictionaryCommas }
      switch value {
      case .rect, .point, .nonFiniteRect: return isQuoted ? .nsDictionary : .nsDictionaryUnquoted
      case .number(let number) where number != number.rounded():
        return isQuoted ? .nsDictionary : .nsDictionaryUnquoted
      case .number, .boolean, .null, .text: return .nsDictionary
      }
    }
  }
}
