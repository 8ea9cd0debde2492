// Reading a field's value: numbers, strings, names from a fixed list, and objects of numbers
// (rects, sizes, insets), each checked and worded as the format requires.

extension LineDecoder {
  static func read(_ field: Field, into slots: inout Slots, _ scanner: inout JSONScanner)
    throws(ScanError)
  {
    switch field {
    case .t: slots.t = try number(&scanner, "t", nonNegative: true)
    case .type:
      slots.type = try enumeration(&scanner, "type", of: "event type", names: LineType.names) {
        LineType.match($0)
      }
    case .name:
      slots.name = try enumeration(
        &scanner, "name", of: "keyboard notification",
        names: KeyboardNotification.Name.allCases.map(\.rawValue)
      ) {
        notificationName($0)
      }
    case .frameBegin:
      slots.frameBegin = try optional(&scanner) { (s) throws(ScanError) in
        try rect(&s, "frameBegin")
      }
    case .frameEnd:
      slots.frameEnd = try optional(&scanner) { (s) throws(ScanError) in try rect(&s, "frameEnd") }
    case .duration:
      slots.duration = try optional(&scanner) { (s) throws(ScanError) in
        try number(&s, "duration", nonNegative: true)
      }
    case .curve:
      slots.curve = try optional(&scanner) { (s) throws(ScanError) in try integer(&s, "curve") }
    case .isLocal:
      slots.isLocal = try optional(&scanner) { (s) throws(ScanError) in
        let kind = s.valueKind()
        guard let value = try s.readBool() else {
          throw s.fail(.wrongType(field: "isLocal", expected: "a boolean", found: kind))
        }
        return value
      }
    case .text: slots.text = try string(&scanner, "text")
    case .insets: slots.insets = try insets(&scanner, "insets")
    case .y: slots.y = try number(&scanner, "y", nonNegative: false)
    case .state:
      slots.state = try enumeration(
        &scanner, "state", of: "pan state", names: PanState.allCases.map(\.rawValue)
      ) {
        panState($0)
      }
    case .offsetY: slots.offsetY = try number(&scanner, "offsetY", nonNegative: false)
    case .screen: slots.screen = try size(&scanner, "screen")
    case .safeArea: slots.safeArea = try insets(&scanner, "safeArea")
    case .version: slots.version = try integer(&scanner, "version")
    case .layout:
      slots.layout = try enumeration(
        &scanner, "layout", of: "layout", names: LayoutID.allCases.map(\.rawValue)
      ) {
        LayoutID(rawValue: String(decoding: $0, as: UTF8.self))
      }
    case .device: slots.device = try device(&scanner)
    case .messages: slots.messages = try messages(&scanner)
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
      throw scanner.fail(.wrongType(field: path(), expected: "a number", found: kind))
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

  static func string(_ scanner: inout JSONScanner, _ path: String) throws(ScanError)
    -> String
  {
    guard let value = try scanner.readString() else {
      let kind = scanner.valueKind()
      throw scanner.fail(.wrongType(field: path, expected: "a string", found: kind))
    }
    return value
  }

  /// Reads a string naming one of `names`, with a did-you-mean when it names none.
  static func enumeration<T>(
    _ scanner: inout JSONScanner, _ path: String, of what: String,
    names: @autoclosure () -> [String],
    _ match: (UnsafeBufferPointer<UInt8>) -> T?
  ) throws(ScanError) -> T {
    scanner.skipWhitespace()
    let start = scanner.position
    // Only plain values pass through the string's closure, so nothing needs destroying on the
    // common path; the text of an unknown value is read again, on the error path only.
    let found: T?? = try scanner.withString { bytes in match(bytes) }
    switch found {
    case .some(.some(let value)):
      return value
    case .some(.none):
      var rescan = JSONScanner(
        UnsafeBufferPointer(start: scanner.base + start, count: scanner.count - start))
      let text = try rescan.readString() ?? ""
      let problem = RecordingError.Problem.unknownValue(
        text, of: what, suggestion: Suggestion.nearest(to: text, in: names()))
      throw ScanError(offset: start, problem: problem)
    case .none:
      let kind = scanner.valueKind()
      throw scanner.fail(.wrongType(field: path, expected: "a string", found: kind))
    }
  }

  /// Reads an object whose members are all numbers, in the order of `keys`; all are required.
  static func numbers<let n: Int>(
    _ scanner: inout JSONScanner, _ path: String, keys: [String],
    index: (UnsafeBufferPointer<UInt8>) -> Int?, nonNegative: (Int) -> Bool
  ) throws(ScanError) -> InlineArray<n, Double> {
    var values = InlineArray<n, Double>(repeating: 0)
    var seen = 0
    scanner.skipWhitespace()
    let start = scanner.position
    let kind = scanner.valueKind()
    guard scanner.peek == UInt8(ascii: "{") else {
      throw scanner.fail(
        .wrongType(
          field: path, expected: "an object with \(keys.joined(separator: ", "))", found: kind))
    }
    var unknown: [(String, Int)] = []
    try readObject(&scanner) { (scanner, key, keyOffset) throws(ScanError) in
      guard let index = index(key) else {
        unknown.append((String(decoding: key, as: UTF8.self), keyOffset))
        try scanner.skipValue()
        return
      }
      guard seen & (1 << index) == 0 else {
        throw scanner.fail(.duplicateField("\(path).\(keys[index])"), at: keyOffset)
      }
      seen |= 1 << index
      values[index] = try number(
        &scanner, "\(path).\(keys[index])", nonNegative: nonNegative(index))
    }
    if !unknown.isEmpty { try checkMisspellings(unknown, of: keys, scanner) }
    for (index, key) in keys.enumerated() where seen & (1 << index) == 0 {
      throw scanner.fail(.missingField(key, in: "'\(path)'", suggestion: nil), at: start)
    }
    return values
  }

  static let rectKeys = ["x", "y", "width", "height"]
  static let sizeKeys = ["width", "height"]
  static let insetKeys = ["top", "left", "bottom", "right"]

  /// Matches one of `cases`, whose names are `names` in the same order.
  @inline(__always)
  static func match<T>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ names: (StaticString, StaticString, StaticString),
    _ cases: (T, T, T)
  ) -> T? {
    if bytesEqual(names.0, bytes) { return cases.0 }
    if bytesEqual(names.1, bytes) { return cases.1 }
    if bytesEqual(names.2, bytes) { return cases.2 }
    return nil
  }

  static func notificationName(_ bytes: UnsafeBufferPointer<UInt8>)
    -> KeyboardNotification.Name?
  {
    match(bytes, ("willShow", "didShow", "willHide"), (.willShow, .didShow, .willHide))
      ?? match(
        bytes, ("didHide", "willChangeFrame", "didChangeFrame"),
        (.didHide, .willChangeFrame, .didChangeFrame))
  }

  static func panState(_ bytes: UnsafeBufferPointer<UInt8>) -> PanState? {
    match(bytes, ("began", "changed", "ended"), (.began, .changed, .ended))
      ?? (bytesEqual("cancelled", bytes) ? .cancelled : nil)
  }

  static func rectIndex(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
    match(key, ("x", "y", "width"), (0, 1, 2)) ?? (bytesEqual("height", key) ? 3 : nil)
  }

  static func sizeIndex(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
    bytesEqual("width", key) ? 0 : bytesEqual("height", key) ? 1 : nil
  }

  static func insetIndex(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
    match(key, ("top", "left", "bottom"), (0, 1, 2)) ?? (bytesEqual("right", key) ? 3 : nil)
  }

  static func rect(_ scanner: inout JSONScanner, _ path: String) throws(ScanError) -> Rect {
    let v: InlineArray<4, Double> = try numbers(
      &scanner, path, keys: rectKeys, index: rectIndex
    ) { $0 >= 2 }
    return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
  }

  static func size(_ scanner: inout JSONScanner, _ path: String) throws(ScanError) -> Size {
    let v: InlineArray<2, Double> = try numbers(
      &scanner, path, keys: sizeKeys, index: sizeIndex
    ) { _ in
      true
    }
    return Size(width: v[0], height: v[1])
  }

  static func insets(_ scanner: inout JSONScanner, _ path: String) throws(ScanError)
    -> EdgeInsets
  {
    let v: InlineArray<4, Double> = try numbers(
      &scanner, path, keys: insetKeys, index: insetIndex
    ) { _ in true }
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
