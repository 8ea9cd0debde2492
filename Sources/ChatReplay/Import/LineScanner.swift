/// Reads a cleaned line into ``LineItem``s, left to right.
///
/// Text before the first item is a label (its keyboard notification names become
/// ``LineItem/labelName(_:at:)``); text after an item that reads as nothing is an annotation
/// and ends the line.
struct LineScanner {
  private let reader: ValueReader
  private var index = 0
  private(set) var items: [LineItem] = []
  /// Where an annotation that ended the line starts, if one did.
  private(set) var annotationIndex: Int?
  /// Whether anything but a label has been read.
  private var sawData = false

  /// What reading at an index gave.
  private enum Found {
    case item(LineItem)
    /// Something read past that is no item: an address, an `object`, RxSwift's `next(`.
    case skipped
  }

  /// The items on `content`.
  static func items(in content: [Unicode.Scalar]) -> (items: [LineItem], annotation: Int?) {
    var scanner = LineScanner(reader: ValueReader(scalars: content))
    scanner.scan()
    return (scanner.items, scanner.annotationIndex)
  }

  private init(reader: ValueReader) {
    self.reader = reader
  }

  private mutating func scan() {
    if let mirror = mirrorLine() {
      items.append(mirror)
      return
    }
    if reader.matches("▿ ", at: 0) || reader.matches("- ", at: 0) { index = 2 }
    while true {
      index = reader.skipSpaces(index)
      while let scalar = reader.at(index), scalar == "," || scalar == ";" {
        index = reader.skipSpaces(index + 1)
      }
      guard index < reader.count else { return }
      let start = index
      switch item() {
      case .item(let item):
        items.append(item)
        if case .labelName = item {} else { sawData = true }
        continue
      case .skipped:
        sawData = true
        continue
      case nil:
        break
      }
      if sawData {
        annotationIndex = start
        return
      }
      // A label: skip a whole word at a time, so a long line costs one pass.
      index = start + 1
      if let scalar = reader.at(start), ValueReader.isIdentifier(scalar) {
        while let next = reader.at(index), ValueReader.isIdentifier(next) { index += 1 }
      }
    }
  }

  /// The item at `index`, advancing past it; `nil` (and no advance) when there is none.
  private mutating func item() -> Found? {
    let start = index
    guard let scalar = reader.at(start) else { return nil }
    switch scalar {
    case "{":
      if let (rect, end) = reader.bracedRect(at: start) {
        index = end
        return .item(.rect(rect, style: .bareRect, at: start))
      }
      index += 1
      return .item(.open(at: start))
    case "[":
      index += 1
      return .item(.open(at: start))
    case "}", "]", ")":
      index += 1
      return .item(.close(at: start))
    case "(":
      if let (rect, end) = reader.swiftRect(at: start) {
        index = end
        return .item(.rect(rect, style: .swiftRect, at: start))
      }
      if reader.at(reader.skipSpaces(start + 1)) == "[" {
        index += 1
        return .item(.open(at: start))
      }
      return nil
    case "\"":
      guard let (key, end) = quoted(at: start), let separator = separator(at: end) else {
        return nil
      }
      return pair(key: key, keyIndex: start + 1, valueStart: separator, syntax: .quotedKey)
        .map(Found.item)
    case "0":
      // An object's address (`0x7f84584d1000 {name = …`) is not an identity; skip it.
      guard reader.at(start + 1) == "x" else { return nil }
      var end = start + 2
      while let next = reader.at(end), next.properties.isASCIIHexDigit { end += 1 }
      guard end > start + 2 else { return nil }
      index = end
      return .skipped
    default:
      return word(at: start)
    }
  }

  /// An item that starts with a word: a notification's opening or name, a key, a label name.
  private mutating func word(at start: Int) -> Found? {
    guard let first = reader.at(start), ValueReader.isIdentifier(first) else { return nil }
    if reader.matches("NSConcreteNotification", at: start) {
      index = start + 22
      return .item(.notificationOpening(at: start))
    }
    if reader.matches("Optional(", at: start) {
      index = start + 9
      return .item(.open(at: start))
    }
    if reader.matches("next(", at: start) {
      index = start + 5
      return .skipped
    }
    if reader.matches("AnyHashable(", at: start) {
      guard let (key, end) = quoted(at: start + 12), reader.at(end) == ")",
        let separator = separator(at: end + 1)
      else { return nil }
      return pair(key: key, keyIndex: start + 13, valueStart: separator, syntax: .anyHashable)
        .map(Found.item)
    }
    var end = start
    var lastWordEnd = start
    while true {
      while let scalar = reader.at(end), ValueReader.isIdentifier(scalar) { end += 1 }
      lastWordEnd = end
      // One space may join words of a key (`UIKeyboard FrameEnd UserInfoKey`).
      guard reader.at(end) == " ", let next = reader.at(end + 1), ValueReader.isIdentifier(next)
      else { break }
      end += 1
    }
    var firstWordEnd = start
    while let scalar = reader.at(firstWordEnd), ValueReader.isIdentifier(scalar) {
      firstWordEnd += 1
    }
    if let separatorEnd = separator(at: lastWordEnd) {
      let words = reader.text(start..<lastWordEnd)
      switch words {
      case "name":
        return notificationName(at: separatorEnd).map(Found.item)
      case "object":
        index = skipObject(at: separatorEnd)
        return .skipped
      case "userInfo":
        let valueStart = reader.skipSpaces(separatorEnd)
        if reader.matches("nil", at: valueStart) {
          index = valueStart + 3
          return .item(.userInfoNil(at: start))
        }
        index = separatorEnd
        return .item(.userInfo(at: start))
      default:
        let syntax: PrintedPair.Syntax =
          reader.at(reader.skipSpaces(lastWordEnd)) == "=" ? .equals : .bareKey
        if let pair = pair(key: words, keyIndex: start, valueStart: separatorEnd, syntax: syntax) {
          return .item(pair)
        }
      }
    }
    // Only `UIKeyboard…Notification` words (29 to 37 letters) can be a name.
    guard first == "U", (29...37).contains(firstWordEnd - start) else { return nil }
    if let name = KeyboardNotification.Name(printedName: reader.text(start..<firstWordEnd)) {
      index = firstWordEnd
      return .item(.labelName(name, at: start))
    }
    return nil
  }

  /// A pair whose value starts at `valueStart`, or `nil` when an unknown key's value is not
  /// a value (`keyboard will show: see below`).
  private mutating func pair(
    key: String, keyIndex: Int, valueStart: Int, syntax: PrintedPair.Syntax
  ) -> LineItem? {
    if KeyboardNotification.Name(printedName: key) != nil { return nil }
    let isKnown = PrintedKey(printed: key) != nil || key.hasPrefix("UIKeyboard")
    if !isKnown && key.contains(" ") { return nil }
    let valueIndex = reader.skipSpaces(valueStart)
    let (value, end) = reader.value(at: valueIndex)
    if case .text = value, !isKnown { return nil }
    if !isKnown, value == .null { return nil }
    var after = reader.skipSpaces(end)
    var separator: Unicode.Scalar?
    if let scalar = reader.at(after), scalar == ";" || scalar == "," {
      separator = scalar
      after += 1
    }
    index = after
    return .pair(
      PrintedPair(
        key: key, keyIndex: keyIndex, valueIndex: valueIndex, value: value, syntax: syntax,
        isQuoted: reader.at(valueIndex) == "\"", separator: separator))
  }

  /// The index after a key's `=`, `:` or ` : `, or `nil` when none follows `index`.
  private func separator(at index: Int) -> Int? {
    let position = reader.skipSpaces(index)
    guard let scalar = reader.at(position), scalar == "=" || scalar == ":" else { return nil }
    // `::` or `==` is code, not a pair.
    if let next = reader.at(position + 1), next == scalar { return nil }
    return position + 1
  }

  /// `"TEXT"` at `start`: the text and the index after the closing quote.
  private func quoted(at start: Int) -> (String, end: Int)? {
    guard reader.at(start) == "\"" else { return nil }
    var end = start + 1
    while let scalar = reader.at(end), scalar != "\"" {
      guard end - start < 200 else { return nil }
      end += 1
    }
    guard reader.at(end) == "\"" else { return nil }
    return (reader.text(start + 1..<end), end + 1)
  }

  /// The notification name after `name =`.
  private mutating func notificationName(at start: Int) -> LineItem? {
    var position = reader.skipSpaces(start)
    let quotedName = reader.at(position) == "\""
    if quotedName { position += 1 }
    let nameStart = position
    while let scalar = reader.at(position), ValueReader.isIdentifier(scalar) { position += 1 }
    guard position > nameStart else { return nil }
    let text = reader.text(nameStart..<position)
    if quotedName && reader.at(position) == "\"" { position += 1 }
    index = position
    let name = KeyboardNotification.Name(printedName: text).map(NotificationName.keyboard)
    return .name(name ?? .other(text), at: nameStart)
  }

  /// The index after an `object = …` value: `nil`, `<…>` or `Optional(<…>)`, else the rest of
  /// the pair.
  private func skipObject(at start: Int) -> Int {
    var position = reader.skipSpaces(start)
    var depth = 0
    while let scalar = reader.at(position) {
      switch scalar {
      case "<", "(": depth += 1
      case ">", ")": depth -= 1
      case ",", ";", "}", "]":
        if depth <= 0 { return position }
      default: break
      }
      position += 1
      if depth < 0 { return position - 1 }
    }
    return position
  }

  /// A line of lldb's Mirror dump: `- LABEL : REST` or `▿ LABEL : REST`.
  private func mirrorLine() -> LineItem? {
    guard reader.matches("▿ ", at: 0) || reader.matches("- ", at: 0) else { return nil }
    var labelEnd = 2
    while let scalar = reader.at(labelEnd), ValueReader.isIdentifier(scalar) { labelEnd += 1 }
    guard labelEnd > 2, reader.matches(" : ", at: labelEnd) || reader.matches(" :", at: labelEnd)
    else { return nil }
    let label = reader.text(2..<labelEnd)
    let rest = reader.skipSpaces(labelEnd + 2)
    switch label {
    case "name":
      guard let (text, _) = quoted(at: rest) else { return .mirror(.other, at: 0) }
      let name = KeyboardNotification.Name(printedName: text).map(NotificationName.keyboard)
      return .mirror(.name(name ?? .other(text)), at: rest)
    case "key":
      let keyStart = reader.matches("AnyHashable(", at: rest) ? rest + 12 : rest
      guard let (key, _) = quoted(at: keyStart) else { return .mirror(.other, at: 0) }
      return .mirror(.key(key), at: keyStart + 1)
    case "value":
      return .mirror(.value(reader.value(at: rest).0), at: rest)
    default:
      return .mirror(.other, at: 0)
    }
  }
}
