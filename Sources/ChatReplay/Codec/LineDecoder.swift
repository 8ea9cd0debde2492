/// What one non-blank line of a recording holds.
enum DecodedLine: Sendable {
  case header(SessionHeader)
  case event(TimedEvent)
}

/// The fields a line may carry, and what their values must be.
private enum Field: Int, CaseIterable {
  case t, type, name, frameBegin, frameEnd, duration, curve, isLocal, text, insets, y, state
  case offsetY, screen, safeArea, version, layout, device, messages

  var key: String { String(describing: self) }

  /// Matches a key's bytes without making a `String`.
  static func match(_ bytes: UnsafeBufferPointer<UInt8>) -> Field? {
    guard let first = bytes.first else { return nil }
    let candidate: Field
    switch (bytes.count, first) {
    case (1, UInt8(ascii: "t")): return .t
    case (1, UInt8(ascii: "y")): return .y
    case (4, UInt8(ascii: "t")): candidate = bytes[1] == UInt8(ascii: "y") ? .type : .text
    case (4, UInt8(ascii: "n")): candidate = .name
    case (5, UInt8(ascii: "c")): candidate = .curve
    case (5, UInt8(ascii: "s")): candidate = .state
    case (6, UInt8(ascii: "i")): candidate = .insets
    case (6, UInt8(ascii: "s")): candidate = .screen
    case (6, UInt8(ascii: "l")): candidate = .layout
    case (6, UInt8(ascii: "d")): candidate = .device
    case (7, UInt8(ascii: "o")): candidate = .offsetY
    case (7, UInt8(ascii: "i")): candidate = .isLocal
    case (7, UInt8(ascii: "v")): candidate = .version
    case (8, UInt8(ascii: "f")): candidate = .frameEnd
    case (8, UInt8(ascii: "d")): candidate = .duration
    case (8, UInt8(ascii: "s")): candidate = .safeArea
    case (8, UInt8(ascii: "m")): candidate = .messages
    case (10, UInt8(ascii: "f")): candidate = .frameBegin
    default: return nil
    }
    return bytesEqual(candidate.staticKey, bytes) ? candidate : nil
  }

  /// The key, without the reference counting of a `String` or an array.
  private var staticKey: StaticString {
    switch self {
    case .t: "t"
    case .type: "type"
    case .name: "name"
    case .frameBegin: "frameBegin"
    case .frameEnd: "frameEnd"
    case .duration: "duration"
    case .curve: "curve"
    case .isLocal: "isLocal"
    case .text: "text"
    case .insets: "insets"
    case .y: "y"
    case .state: "state"
    case .offsetY: "offsetY"
    case .screen: "screen"
    case .safeArea: "safeArea"
    case .version: "version"
    case .layout: "layout"
    case .device: "device"
    case .messages: "messages"
    }
  }
}

/// Whether `bytes` are exactly `expected`: a plain loop, faster than `elementsEqual` on the
/// short keys and names of a recording.
@inline(__always)
private func bytesEqual(_ expected: StaticString, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  let count = expected.utf8CodeUnitCount
  guard count == bytes.count else { return false }
  let start = expected.utf8Start
  for index in 0..<count where start[index] != bytes[index] { return false }
  return true
}

/// The `type` of a line: the header or one of the event types.
private enum LineType: Int {
  case session, keyboard, textChange, sendTap, safeArea, pan, scroll, receive, returnKey, doneTap
  case viewport, appear, disappear

  static let names = [
    "session", "keyboard", "textChange", "sendTap", "safeArea", "pan", "scroll", "receive",
    "returnKey", "doneTap", "viewport", "appear", "disappear",
  ]

  static func match(_ bytes: UnsafeBufferPointer<UInt8>) -> LineType? {
    guard let first = bytes.first else { return nil }
    let candidate: LineType
    switch (bytes.count, first) {
    case (10, UInt8(ascii: "t")): candidate = .textChange
    case (8, UInt8(ascii: "k")): candidate = .keyboard
    case (3, UInt8(ascii: "p")): candidate = .pan
    case (7, UInt8(ascii: "s")): candidate = bytes[2] == UInt8(ascii: "n") ? .sendTap : .session
    case (6, UInt8(ascii: "s")): candidate = .scroll
    case (7, UInt8(ascii: "r")): candidate = .receive
    case (8, UInt8(ascii: "s")): candidate = .safeArea
    case (9, UInt8(ascii: "r")): candidate = .returnKey
    case (7, UInt8(ascii: "d")): candidate = .doneTap
    case (8, UInt8(ascii: "v")): candidate = .viewport
    case (6, UInt8(ascii: "a")): candidate = .appear
    case (9, UInt8(ascii: "d")): candidate = .disappear
    default: return nil
    }
    return bytesEqual(candidate.staticName, bytes) ? candidate : nil
  }

  var name: String { Self.names[rawValue] }

  private var staticName: StaticString {
    switch self {
    case .session: "session"
    case .keyboard: "keyboard"
    case .textChange: "textChange"
    case .sendTap: "sendTap"
    case .safeArea: "safeArea"
    case .pan: "pan"
    case .scroll: "scroll"
    case .receive: "receive"
    case .returnKey: "returnKey"
    case .doneTap: "doneTap"
    case .viewport: "viewport"
    case .appear: "appear"
    case .disappear: "disappear"
    }
  }

  /// The fields this type reads; misspellings of these are reported.
  var fields: [String] {
    switch self {
    case .session: ["type", "version", "layout", "device", "messages"]
    case .keyboard: ["t", "type", "name", "frameBegin", "frameEnd", "duration", "curve", "isLocal"]
    case .textChange, .receive: ["t", "type", "text"]
    case .safeArea: ["t", "type", "insets"]
    case .pan: ["t", "type", "y", "state"]
    case .scroll: ["t", "type", "offsetY"]
    case .viewport: ["t", "type", "screen", "safeArea"]
    case .sendTap, .returnKey, .doneTap, .appear, .disappear: ["t", "type"]
    }
  }
}

/// The values read from one line's object, before its type decides what they mean.
private struct Slots {
  var seen: UInt32 = 0
  var t: Double?
  var type: LineType?
  var name: KeyboardNotification.Name?
  var frameBegin: Rect?
  var frameEnd: Rect?
  var duration: Double?
  var curve: Int?
  var isLocal: Bool?
  var text: String?
  var insets: EdgeInsets?
  var y: Double?
  var state: PanState?
  var offsetY: Double?
  var screen: Size?
  var safeArea: EdgeInsets?
  var version: Int?
  var layout: LayoutID?
  var device: Device?
  var messages: [InitialMessage]?
  /// Keys the replayer does not read, with their offsets, to catch misspellings.
  var unknownKeys: [(String, Int)] = []
  /// Where the object started, for errors about a missing field.
  var objectStart = 0
}

/// Decodes one line of a recording into a header or an event.
struct LineDecoder {
  /// Decodes `line` (without its line break); `lineNumber` is used in errors.
  static func decode(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) throws(RecordingError)
    -> DecodedLine
  {
    if let event = decodeCanonical(line) { return .event(event) }
    return try decodeGeneral(line, lineNumber: lineNumber)
  }

  /// Decodes `line` with the general decoder alone, without the canonical fast path.
  static func decodeGeneral(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int)
    throws(RecordingError) -> DecodedLine
  {
    var scanner = JSONScanner(line)
    do {
      return try decode(&scanner)
    } catch {
      throw RecordingError.at(
        offset: error.offset, in: line, lineNumber: lineNumber, problem: error.problem)
    }
  }

  private static func decode(_ scanner: inout JSONScanner) throws(ScanError) -> DecodedLine {
    scanner.skipWhitespace()
    guard scanner.peek == UInt8(ascii: "{") else {
      if scanner.isAtEnd { throw scanner.fail(.unexpectedEnd(expected: "a JSON object")) }
      let start = scanner.position
      let kind = scanner.valueKind()
      // Report a syntax error inside the value first; otherwise say it is not an object.
      try scanner.skipValue()
      throw scanner.fail(.notAnObject(found: kind), at: start)
    }
    var slots = Slots()
    slots.objectStart = scanner.position
    try readObject(&scanner) { (scanner, key, keyOffset) throws(ScanError) in
      guard let field = Field.match(key) else {
        slots.unknownKeys.append((String(decoding: key, as: UTF8.self), keyOffset))
        try scanner.skipValue()
        return
      }
      let bit: UInt32 = 1 << UInt32(field.rawValue)
      guard slots.seen & bit == 0 else {
        throw scanner.fail(.duplicateField(field.key), at: keyOffset)
      }
      slots.seen |= bit
      try read(field, into: &slots, &scanner)
    }
    scanner.skipWhitespace()
    if !scanner.isAtEnd {
      throw scanner.fail(.trailingCharacters(scanner.tokenText(at: scanner.position)))
    }
    return try build(slots, &scanner)
  }

  /// Reads an object's members, calling `member` with each key; the value is left to it.
  private static func readObject(
    _ scanner: inout JSONScanner,
    _ member: (inout JSONScanner, UnsafeBufferPointer<UInt8>, Int) throws(ScanError) -> Void
  ) throws(ScanError) {
    try scanner.expect(UInt8(ascii: "{"), "'{'")
    scanner.skipWhitespace()
    if scanner.peek == UInt8(ascii: "}") {
      scanner.position += 1
      return
    }
    while true {
      scanner.skipWhitespace()
      let keyOffset = scanner.position
      // A key without escapes is read where it is in the line; one with escapes is resolved in
      // the scanner's scratch space, so it is copied out (keys are short) to keep the scanner
      // free for the value.
      let inPlace = scanner.base + keyOffset + 1
      var isInPlace = false
      var keyBytes: (UInt64, UInt64, UInt64) = (0, 0, 0)
      let keyCount: Int? = try scanner.withString { bytes in
        if bytes.baseAddress == inPlace || bytes.isEmpty {
          isInPlace = true
          return bytes.count
        }
        guard bytes.count <= 24 else { return bytes.count }
        withUnsafeMutableBytes(of: &keyBytes) { raw in
          raw.copyMemory(from: UnsafeRawBufferPointer(bytes))
        }
        return bytes.count
      }
      guard let keyCount else { throw scanner.unexpected("a field name in quotes") }
      try scanner.expect(UInt8(ascii: ":"), "':' after a field name")
      if isInPlace {
        try member(&scanner, UnsafeBufferPointer(start: inPlace, count: keyCount), keyOffset)
      } else if keyCount > 24 {
        // No known field is this long: read the key again as text for the misspelling check.
        var rescan = JSONScanner(
          UnsafeBufferPointer(start: scanner.base + keyOffset, count: scanner.count - keyOffset))
        let long = try rescan.readString() ?? ""
        try Array(long.utf8).withUnsafeBufferPointer { (bytes) throws(ScanError) in
          try member(&scanner, bytes, keyOffset)
        }
      } else {
        try withUnsafeBytes(of: keyBytes) { (raw) throws(ScanError) in
          let bytes = UnsafeBufferPointer(
            start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: keyCount)
          try member(&scanner, bytes, keyOffset)
        }
      }
      scanner.skipWhitespace()
      guard let next = scanner.peek else {
        throw scanner.fail(.unexpectedEnd(expected: "',' or '}'"))
      }
      if next == UInt8(ascii: "}") {
        scanner.position += 1
        return
      }
      guard next == UInt8(ascii: ",") else { throw scanner.unexpected("',' or '}'") }
      scanner.position += 1
    }
  }

  // MARK: Field values

  private static func read(_ field: Field, into slots: inout Slots, _ scanner: inout JSONScanner)
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
  private static func optional<T>(
    _ scanner: inout JSONScanner, _ read: (inout JSONScanner) throws(ScanError) -> T
  ) throws(ScanError) -> T? {
    if try scanner.consumeNull() { return nil }
    return try read(&scanner)
  }

  private static func number(
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

  private static func integer(_ scanner: inout JSONScanner, _ path: String) throws(ScanError) -> Int
  {
    scanner.skipWhitespace()
    let start = scanner.position
    let value = try number(&scanner, path, nonNegative: false)
    guard value.rounded() == value else {
      throw scanner.fail(.notAnInteger(field: path, value: scanner.tokenText(at: start)), at: start)
    }
    return Int(value)
  }

  private static func string(_ scanner: inout JSONScanner, _ path: String) throws(ScanError)
    -> String
  {
    guard let value = try scanner.readString() else {
      let kind = scanner.valueKind()
      throw scanner.fail(.wrongType(field: path, expected: "a string", found: kind))
    }
    return value
  }

  /// Reads a string naming one of `names`, with a did-you-mean when it names none.
  private static func enumeration<T>(
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
  private static func numbers<let n: Int>(
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

  private static let rectKeys = ["x", "y", "width", "height"]
  private static let sizeKeys = ["width", "height"]
  private static let insetKeys = ["top", "left", "bottom", "right"]

  /// Matches one of `cases`, whose names are `names` in the same order.
  @inline(__always)
  private static func match<T>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ names: (StaticString, StaticString, StaticString),
    _ cases: (T, T, T)
  ) -> T? {
    if bytesEqual(names.0, bytes) { return cases.0 }
    if bytesEqual(names.1, bytes) { return cases.1 }
    if bytesEqual(names.2, bytes) { return cases.2 }
    return nil
  }

  private static func notificationName(_ bytes: UnsafeBufferPointer<UInt8>)
    -> KeyboardNotification.Name?
  {
    match(bytes, ("willShow", "didShow", "willHide"), (.willShow, .didShow, .willHide))
      ?? match(
        bytes, ("didHide", "willChangeFrame", "didChangeFrame"),
        (.didHide, .willChangeFrame, .didChangeFrame))
  }

  private static func panState(_ bytes: UnsafeBufferPointer<UInt8>) -> PanState? {
    match(bytes, ("began", "changed", "ended"), (.began, .changed, .ended))
      ?? (bytesEqual("cancelled", bytes) ? .cancelled : nil)
  }

  private static func rectIndex(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
    match(key, ("x", "y", "width"), (0, 1, 2)) ?? (bytesEqual("height", key) ? 3 : nil)
  }

  private static func sizeIndex(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
    bytesEqual("width", key) ? 0 : bytesEqual("height", key) ? 1 : nil
  }

  private static func insetIndex(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
    match(key, ("top", "left", "bottom"), (0, 1, 2)) ?? (bytesEqual("right", key) ? 3 : nil)
  }

  private static func rect(_ scanner: inout JSONScanner, _ path: String) throws(ScanError) -> Rect {
    let v: InlineArray<4, Double> = try numbers(
      &scanner, path, keys: rectKeys, index: rectIndex
    ) { $0 >= 2 }
    return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
  }

  private static func size(_ scanner: inout JSONScanner, _ path: String) throws(ScanError) -> Size {
    let v: InlineArray<2, Double> = try numbers(
      &scanner, path, keys: sizeKeys, index: sizeIndex
    ) { _ in
      true
    }
    return Size(width: v[0], height: v[1])
  }

  private static func insets(_ scanner: inout JSONScanner, _ path: String) throws(ScanError)
    -> EdgeInsets
  {
    let v: InlineArray<4, Double> = try numbers(
      &scanner, path, keys: insetKeys, index: insetIndex
    ) { _ in true }
    return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
  }

  private static func device(_ scanner: inout JSONScanner) throws(ScanError) -> Device {
    var device = Device.iPhone15
    let kind = scanner.valueKind()
    guard scanner.peek == UInt8(ascii: "{") else {
      throw scanner.fail(.wrongType(field: "device", expected: "an object", found: kind))
    }
    var unknown: [(String, Int)] = []
    var seen = Set<String>()
    try readObject(&scanner) { (scanner, key, keyOffset) throws(ScanError) in
      let name = String(decoding: key, as: UTF8.self)
      guard seen.insert(name).inserted else {
        throw scanner.fail(.duplicateField("device.\(name)"), at: keyOffset)
      }
      switch name {
      case "model": device.model = try string(&scanner, "device.model")
      case "screen": device.screen = try size(&scanner, "device.screen")
      case "safeArea": device.safeArea = try insets(&scanner, "device.safeArea")
      default:
        unknown.append((name, keyOffset))
        try scanner.skipValue()
      }
    }
    try checkMisspellings(unknown, of: ["model", "screen", "safeArea"], scanner)
    return device
  }

  private static func messages(_ scanner: inout JSONScanner) throws(ScanError) -> [InitialMessage] {
    let kind = scanner.valueKind()
    guard scanner.peek == UInt8(ascii: "[") else {
      throw scanner.fail(.wrongType(field: "messages", expected: "an array", found: kind))
    }
    scanner.position += 1
    var messages: [InitialMessage] = []
    scanner.skipWhitespace()
    if scanner.peek == UInt8(ascii: "]") {
      scanner.position += 1
      return messages
    }
    while true {
      let path = "messages[\(messages.count)]"
      scanner.skipWhitespace()
      let start = scanner.position
      let elementKind = scanner.valueKind()
      guard scanner.peek == UInt8(ascii: "{") else {
        throw scanner.fail(
          .wrongType(field: path, expected: "an object with from and text", found: elementKind))
      }
      var from: Sender?
      var text: String?
      var unknown: [(String, Int)] = []
      try readObject(&scanner) { (scanner, key, keyOffset) throws(ScanError) in
        switch String(decoding: key, as: UTF8.self) {
        case "from":
          guard from == nil else {
            throw scanner.fail(.duplicateField("\(path).from"), at: keyOffset)
          }
          from = try enumeration(
            &scanner, "\(path).from", of: "sender", names: Sender.allCases.map(\.rawValue)
          ) {
            Sender(rawValue: String(decoding: $0, as: UTF8.self))
          }
        case "text":
          guard text == nil else {
            throw scanner.fail(.duplicateField("\(path).text"), at: keyOffset)
          }
          text = try string(&scanner, "\(path).text")
        case let other:
          unknown.append((other, keyOffset))
          try scanner.skipValue()
        }
      }
      try checkMisspellings(unknown, of: ["from", "text"], scanner)
      guard let from else {
        throw scanner.fail(.missingField("from", in: "'\(path)'", suggestion: nil), at: start)
      }
      guard let text else {
        throw scanner.fail(.missingField("text", in: "'\(path)'", suggestion: nil), at: start)
      }
      messages.append(InitialMessage(from: from, text: text))
      scanner.skipWhitespace()
      guard let next = scanner.peek else {
        throw scanner.fail(.unexpectedEnd(expected: "',' or ']'"))
      }
      scanner.position += 1
      if next == UInt8(ascii: "]") { return messages }
      guard next == UInt8(ascii: ",") else {
        scanner.position -= 1
        throw scanner.unexpected("',' or ']'")
      }
    }
  }

  /// Extra keys are allowed, but one that is a near miss of a key this object reads is an error,
  /// so that a misspelt `frameEnd` is not silently replaced by a default.
  private static func checkMisspellings(
    _ unknown: [(String, Int)], of known: [String], _ scanner: borrowing JSONScanner
  ) throws(ScanError) {
    for (key, offset) in unknown {
      if let suggestion = Suggestion.nearest(to: key, in: known) {
        throw scanner.fail(.unknownField(key, suggestion: suggestion), at: offset)
      }
    }
  }

  // MARK: Building

  private static func build(_ slots: Slots, _ scanner: inout JSONScanner) throws(ScanError)
    -> DecodedLine
  {
    guard let type = slots.type else {
      let near = slots.unknownKeys.first { Suggestion.nearest(to: $0.0, in: ["type"]) != nil }
      throw scanner.fail(
        .missingField("type", in: "the line", suggestion: near?.0), at: slots.objectStart)
    }
    if !slots.unknownKeys.isEmpty {
      try checkMisspellings(slots.unknownKeys, of: type.fields, scanner)
    }
    func require<T>(_ value: T?, _ field: String) throws(ScanError) -> T {
      guard let value else {
        let near = slots.unknownKeys.first { Suggestion.nearest(to: $0.0, in: [field]) != nil }
        throw scanner.fail(
          .missingField(field, in: "a '\(type.name)' line", suggestion: near?.0),
          at: slots.objectStart)
      }
      return value
    }
    if type == .session {
      let version = try require(slots.version, "version")
      guard version == 1 else {
        throw scanner.fail(.unsupportedVersion(version), at: slots.objectStart)
      }
      return .header(
        SessionHeader(
          version: version, layout: slots.layout, device: slots.device ?? .iPhone15,
          messages: slots.messages))
    }
    let t = try require(slots.t, "t")
    let event: Event
    switch type {
    case .session: preconditionFailure("handled above")
    case .keyboard:
      event = .keyboard(
        KeyboardNotification(
          name: try require(slots.name, "name"), frameBegin: slots.frameBegin,
          frameEnd: slots.frameEnd,
          duration: slots.duration, curve: slots.curve, isLocal: slots.isLocal))
    case .textChange: event = .textChange(text: try require(slots.text, "text"))
    case .sendTap: event = .sendTap
    case .safeArea: event = .safeArea(try require(slots.insets, "insets"))
    case .pan: event = .pan(y: try require(slots.y, "y"), state: try require(slots.state, "state"))
    case .scroll: event = .scroll(offsetY: try require(slots.offsetY, "offsetY"))
    case .receive: event = .receive(text: try require(slots.text, "text"))
    case .returnKey: event = .returnKey
    case .doneTap: event = .doneTap
    case .viewport:
      event = .viewport(
        screen: try require(slots.screen, "screen"),
        safeArea: try require(slots.safeArea, "safeArea"))
    case .appear: event = .appear
    case .disappear: event = .disappear
    }
    return .event(TimedEvent(t: t, event: event))
  }
}

// MARK: The canonical fast path

extension LineDecoder {
  /// Decodes a line in the canonical shape, or returns `nil` for the general decoder to read it.
  ///
  /// The canonical shape is the one recorders and ``EventEncoder`` write: no whitespace, the
  /// fields in the format's order, every keyboard field present. Any other line, good or bad,
  /// is declined.
  ///
  /// The fast path reads values with the same scanner calls as the general decoder and applies
  /// the same checks (non-negative `t`, sizes and duration; integer curve), so it accepts a line
  /// only when the general decoder would give the same event; every error comes from the general
  /// decoder, worded as before.
  static func decodeCanonical(_ line: UnsafeBufferPointer<UInt8>) -> TimedEvent? {
    var scanner = JSONScanner(line)
    do {
      return try canonicalEvent(&scanner)
    } catch {
      return nil
    }
  }

  private static func canonicalEvent(_ s: inout JSONScanner) throws(ScanError) -> TimedEvent? {
    // The fast path has no whitespace, so short decimals are read without `readNumber`'s call.
    func number(_ s: inout JSONScanner) throws(ScanError) -> Double? {
      if let value = s.readShortDecimal() { return value }
      return try s.readNumber()
    }
    guard s.skip("{\"t\":"), let t = try number(&s), t >= 0, s.skip(",\"type\":"),
      let type = try s.withString({ LineType.match($0) }) ?? nil
    else { return nil }
    let event: Event
    switch type {
    case .textChange, .receive:
      guard s.skip(",\"text\":"), let text = try s.readString() else { return nil }
      event = type == .textChange ? .textChange(text: text) : .receive(text: text)
    case .sendTap: event = .sendTap
    case .returnKey: event = .returnKey
    case .doneTap: event = .doneTap
    case .appear: event = .appear
    case .disappear: event = .disappear
    case .pan:
      guard s.skip(",\"y\":"), let y = try number(&s), s.skip(",\"state\":"),
        let state = try s.withString({ panState($0) }) ?? nil
      else { return nil }
      event = .pan(y: y, state: state)
    case .scroll:
      guard s.skip(",\"offsetY\":"), let offsetY = try number(&s) else { return nil }
      event = .scroll(offsetY: offsetY)
    case .keyboard:
      guard s.skip(",\"name\":"), let name = try s.withString({ notificationName($0) }) ?? nil,
        s.skip(",\"frameBegin\":"), let frameBegin = try canonicalRect(&s),
        s.skip(",\"frameEnd\":"), let frameEnd = try canonicalRect(&s),
        s.skip(",\"duration\":"), let duration = try number(&s), duration >= 0,
        s.skip(",\"curve\":"), let curve = try number(&s), curve.rounded() == curve,
        s.skip(",\"isLocal\":"), let isLocal = try s.readBool()
      else { return nil }
      event = .keyboard(
        KeyboardNotification(
          name: name, frameBegin: frameBegin, frameEnd: frameEnd, duration: duration,
          curve: Int(curve), isLocal: isLocal))
    case .session, .safeArea, .viewport:
      return nil
    }
    guard s.skip("}"), s.isAtEnd else { return nil }
    return TimedEvent(t: t, event: event)
  }

  /// `{"x":…,"y":…,"width":…,"height":…}` with a non-negative size, or `nil`.
  private static func canonicalRect(_ s: inout JSONScanner) throws(ScanError) -> Rect? {
    func number(_ s: inout JSONScanner) throws(ScanError) -> Double? {
      if let value = s.readShortDecimal() { return value }
      return try s.readNumber()
    }
    guard s.skip("{\"x\":"), let x = try number(&s), s.skip(",\"y\":"),
      let y = try number(&s), s.skip(",\"width\":"), let width = try number(&s),
      width >= 0, s.skip(",\"height\":"), let height = try number(&s), height >= 0,
      s.skip("}")
    else { return nil }
    return Rect(x: x, y: y, width: width, height: height)
  }
}

extension JSONScanner {
  /// Steps over `text` if the bytes at the current position are exactly it.
  @inline(__always)
  mutating func skip(_ text: StaticString) -> Bool {
    let length = text.utf8CodeUnitCount
    guard count - position >= length else { return false }
    let expected = UnsafeRawPointer(text.utf8Start)
    let here = UnsafeRawPointer(base + position)
    // Whole words, the last one overlapping the one before, instead of byte by byte.
    func equal<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Bool {
      here.loadUnaligned(fromByteOffset: offset, as: Word.self)
        == expected.loadUnaligned(fromByteOffset: offset, as: Word.self)
    }
    if length >= 8 {
      var offset = 0
      while offset + 8 < length {
        guard equal(UInt64.self, at: offset) else { return false }
        offset += 8
      }
      guard equal(UInt64.self, at: length - 8) else { return false }
    } else if length >= 4 {
      guard equal(UInt32.self, at: 0), equal(UInt32.self, at: length - 4) else { return false }
    } else {
      for index in 0..<length where base[position + index] != text.utf8Start[index] {
        return false
      }
    }
    position += length
    return true
  }
}
