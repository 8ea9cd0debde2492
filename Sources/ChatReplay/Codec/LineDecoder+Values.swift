// Reading a field's value: numbers, strings, names from a fixed list, and objects of numbers
// (rects, sizes, insets), each checked and worded as the format requires.

extension LineDecoder {
  static func read(_ field: Field, into slots: inout Slots, _ scanner: inout JSONScanner)
    throws(ScanError)
  {
    let path = field.name
    switch field {
    case .t: slots.t = try number(&scanner, path, nonNegative: true)
    case .type: slots.type = try enumeration(&scanner, path, of: .eventType, LineType.table)
    case .name:
      slots.name = try enumeration(
        &scanner, path, of: .keyboardNotification, RecordingNames.notification)
    case .frameBegin, .frameEnd:
      let frame = try optional(&scanner) { (s) throws(ScanError) in try rect(&s, path) }
      if field == .frameBegin { slots.frameBegin = frame } else { slots.frameEnd = frame }
    case .duration:
      slots.duration = try optional(&scanner) { (s) throws(ScanError) in
        try number(&s, path, nonNegative: true)
      }
    case .curve:
      slots.curve = try optional(&scanner) { (s) throws(ScanError) in try integer(&s, path) }
    case .isLocal:
      slots.isLocal = try optional(&scanner) { (s) throws(ScanError) in try bool(&s, path) }
    case .text: slots.text = try string(&scanner, path)
    case .insets: slots.insets = try insets(&scanner, path)
    case .y: slots.y = try number(&scanner, path, nonNegative: false)
    case .state:
      slots.state = try enumeration(&scanner, path, of: .panState, RecordingNames.panState)
    case .offsetY: slots.offsetY = try number(&scanner, path, nonNegative: false)
    case .screen: slots.screen = try size(&scanner, path)
    case .safeArea: slots.safeArea = try insets(&scanner, path)
    case .version: slots.version = try integer(&scanner, path)
    case .layout: slots.layout = try enumeration(&scanner, path, of: .layout, RecordingNames.layout)
    case .device: slots.device = try device(&scanner)
    case .messages: slots.messages = try messages(&scanner)
    case .options: slots.options = try options(&scanner)
    case .os: slots.os = try string(&scanner, path)
    case .idiom: slots.idiom = try string(&scanner, path)
    case .scale: slots.scale = try number(&scanner, path, nonNegative: true)
    case .windowFrameInScreen: slots.windowFrameInScreen = try rect(&scanner, path)
    case .hardwareKeyboard: slots.hardwareKeyboard = try bool(&scanner, path)
    case .masked: slots.masked = try bool(&scanner, path)
    case .recorder: slots.recorder = try recorder(&scanner)
    case .centerBegin, .centerEnd:
      let center = try optional(&scanner) { (s) throws(ScanError) in try point(&s, path) }
      if field == .centerBegin { slots.centerBegin = center } else { slots.centerEnd = center }
    case .bounds:
      slots.bounds = try optional(&scanner) { (s) throws(ScanError) in try rect(&s, path) }
    case .extra:
      scanner.skipWhitespace()
      let start = scanner.position
      slots.extra = (try jsonValue(&scanner, path, depth: 0), start)
    case .dropped:
      scanner.skipWhitespace()
      let start = scanner.position
      let dropped = try integer(&scanner, path)
      guard dropped >= 0 else {
        throw scanner.fail(
          .negativeValue(field: path, value: scanner.tokenText(at: start)), at: start)
      }
      slots.dropped = dropped
    case .keyboard, .inputBar, .list, .messageCount:
      try observed(field, into: &slots.observed, &scanner)
    }
  }

  /// `null` stands for a missing optional key, as a missing `userInfo` entry would.
  static func optional<T>(
    _ scanner: inout JSONScanner, _ read: (inout JSONScanner) throws(ScanError) -> T
  ) throws(ScanError) -> T? {
    if try scanner.consumeNull() { return nil }
    return try read(&scanner)
  }

  static func number(
    _ scanner: inout JSONScanner, _ path: @autoclosure () -> String, nonNegative: Bool
  ) throws(ScanError) -> Double {
    scanner.skipWhitespace()
    let start = scanner.position
    // `readNumber` consumes nothing when it returns nil, so the kind is read only on failure.
    guard let value = try scanner.readNumber() else {
      let kind = scanner.valueKind()
      throw scanner.fail(.wrongType(field: path(), expected: .number, found: kind))
    }
    if nonNegative && value < 0 {
      throw scanner.fail(
        .negativeValue(field: path(), value: scanner.tokenText(at: start)), at: start)
    }
    return value
  }

  static func integer(_ scanner: inout JSONScanner, _ path: String) throws(ScanError) -> Int {
    scanner.skipWhitespace()
    let start = scanner.position
    let value = try number(&scanner, path, nonNegative: false)
    guard value.rounded() == value else {
      throw scanner.fail(.notAnInteger(field: path, value: scanner.tokenText(at: start)), at: start)
    }
    return Int(value)
  }

  static func bool(_ scanner: inout JSONScanner, _ path: String) throws(ScanError) -> Bool {
    let kind = scanner.valueKind()
    guard let value = try scanner.readBool() else {
      throw scanner.fail(.wrongType(field: path, expected: .boolean, found: kind))
    }
    return value
  }

  static func string(_ scanner: inout JSONScanner, _ path: String) throws(ScanError)
    -> String
  {
    guard let value = try scanner.readString() else {
      let kind = scanner.valueKind()
      throw scanner.fail(.wrongType(field: path, expected: .string, found: kind))
    }
    return value
  }

  /// Reads a string naming one of `table`'s names, with a did-you-mean when it names none.
  static func enumeration<T>(
    _ scanner: inout JSONScanner, _ path: String, of list: RecordingError.Problem.NameList,
    _ table: NameTable<T>
  ) throws(ScanError) -> T {
    scanner.skipWhitespace()
    let start = scanner.position
    // Only plain values pass through the string's closure, so nothing needs destroying on the
    // common path; the text of an unknown value is read again, on the error path only.
    let found: T?? = try scanner.withString { bytes in table.match(bytes) }
    switch found {
    case .some(.some(let value)):
      return value
    case .some(.none):
      var rescan = JSONScanner(
        UnsafeBufferPointer(start: scanner.base + start, count: scanner.count - start))
      let text = try rescan.readString() ?? ""
      let problem = RecordingError.Problem.unknownValue(
        text, of: list, suggestion: Suggestion.nearest(to: text, in: table.names))
      throw ScanError(offset: start, problem: problem)
    case .none:
      let kind = scanner.valueKind()
      throw scanner.fail(.wrongType(field: path, expected: .string, found: kind))
    }
  }

  /// Reads an object whose members are all numbers, one for each of `Key`'s cases, all required.
  static func numbers<let n: Int, Key: RecordingKey>(
    _ scanner: inout JSONScanner, _ path: String, _: Key.Type, nonNegative: (Key) -> Bool
  ) throws(ScanError) -> InlineArray<n, Double> {
    let keys = Key.names
    var values = InlineArray<n, Double>(repeating: 0)
    var seen = 0
    scanner.skipWhitespace()
    let start = scanner.position
    let kind = scanner.valueKind()
    guard scanner.peek == UInt8(ascii: "{") else {
      throw scanner.fail(
        .wrongType(field: path, expected: .numbers(keys: keys), found: kind))
    }
    var unknown: [(String, Int)] = []
    try readObject(&scanner) { (scanner, bytes, keyOffset) throws(ScanError) in
      guard let key = Key.match(bytes) else {
        unknown.append((String(decoding: bytes, as: UTF8.self), keyOffset))
        try scanner.skipValue()
        return
      }
      let index = key.rawValue
      guard seen & (1 << index) == 0 else {
        throw scanner.fail(.duplicateField("\(path).\(keys[index])"), at: keyOffset)
      }
      seen |= 1 << index
      values[index] = try number(
        &scanner, "\(path).\(keys[index])", nonNegative: nonNegative(key))
    }
    if !unknown.isEmpty { try checkMisspellings(unknown, of: keys, scanner) }
    for (index, key) in keys.enumerated() where seen & (1 << index) == 0 {
      throw scanner.fail(.missingField(key, in: .object(path: path), suggestion: nil), at: start)
    }
    return values
  }

  static func rect(_ scanner: inout JSONScanner, _ path: String) throws(ScanError) -> Rect {
    let v: InlineArray<4, Double> = try numbers(&scanner, path, RectKey.self) {
      $0 == .width || $0 == .height
    }
    return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
  }

  static func point(_ scanner: inout JSONScanner, _ path: String) throws(ScanError) -> Point {
    let v: InlineArray<2, Double> = try numbers(&scanner, path, PointKey.self) { _ in false }
    return Point(x: v[0], y: v[1])
  }

  static func size(_ scanner: inout JSONScanner, _ path: String) throws(ScanError) -> Size {
    let v: InlineArray<2, Double> = try numbers(&scanner, path, SizeKey.self) { _ in true }
    return Size(width: v[0], height: v[1])
  }

  static func insets(_ scanner: inout JSONScanner, _ path: String) throws(ScanError)
    -> EdgeInsets
  {
    let v: InlineArray<4, Double> = try numbers(&scanner, path, InsetKey.self) { _ in true }
    return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
  }

  /// Extra keys are allowed, but one that is a near miss of a key this object reads is an error,
  /// so that a misspelt `frameEnd` is not silently replaced by a default.
  static func checkMisspellings(
    _ unknown: [(String, Int)], of known: [String], _ scanner: borrowing JSONScanner
  ) throws(ScanError) {
    for (key, offset) in unknown {
      if let suggestion = Suggestion.nearest(to: key, in: known) {
        throw scanner.fail(.unknownField(key, suggestion: suggestion), at: offset)
      }
    }
  }
}
