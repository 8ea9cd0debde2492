/// What one non-blank line of a recording holds.
enum DecodedLine: Sendable {
  case header(SessionHeader)
  case event(TimedEvent)
}

/// The values read from one line's object, before its type decides what they mean.
struct Slots {
  var seen: UInt64 = 0
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
  var options: [LayoutOptionSetting]?
  var os: String?
  var idiom: String?
  var scale: Double?
  var windowFrameInScreen: Rect?
  var hardwareKeyboard: Bool?
  var masked: Bool?
  var recorder: RecorderInfo?
  var centerBegin: Point?
  var centerEnd: Point?
  var bounds: Rect?
  /// `extra` as written, and where its value starts: free-form, so read whatever it holds, and
  /// only a keyboard event requires it to be an object.
  var extra: (value: JSONValue, offset: Int)?
  var dropped: Int?
  /// An `observed` event's values, from its `keyboard`, `inputBar`, `list` and `messageCount`.
  var observed: [Observation.Value] = []
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
      if scanner.isAtEnd { throw scanner.fail(.unexpectedEnd(expected: .jsonObject)) }
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
      let bit: UInt64 = 1 << UInt64(field.rawValue)
      guard slots.seen & bit == 0 else {
        throw scanner.fail(.duplicateField(field.name), at: keyOffset)
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
  static func readObject(
    _ scanner: inout JSONScanner,
    _ member: (inout JSONScanner, UnsafeBufferPointer<UInt8>, Int) throws(ScanError) -> Void
  ) throws(ScanError) {
    try scanner.expect(UInt8(ascii: "{"), .openingBrace)
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
      guard let keyCount else { throw scanner.unexpected(.fieldName) }
      try scanner.expect(UInt8(ascii: ":"), .colonAfterFieldName)
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
        throw scanner.fail(.unexpectedEnd(expected: .commaOrEnd(.object)))
      }
      if next == UInt8(ascii: "}") {
        scanner.position += 1
        return
      }
      guard next == UInt8(ascii: ",") else { throw scanner.unexpected(.commaOrEnd(.object)) }
      scanner.position += 1
    }
  }

  // MARK: Building

  static func build(_ slots: Slots, _ scanner: inout JSONScanner) throws(ScanError)
    -> DecodedLine
  {
    guard let type = slots.type else {
      let near = slots.unknownKeys.first { Suggestion.nearest(to: $0.0, in: ["type"]) != nil }
      throw scanner.fail(
        .missingField(Field.type.name, in: .line, suggestion: near?.0), at: slots.objectStart)
    }
    if !slots.unknownKeys.isEmpty {
      try checkMisspellings(slots.unknownKeys, of: type.fields.map { $0.name }, scanner)
    }
    let owner: RecordingError.Problem.FieldOwner
    switch type {
    case .session: owner = .header
    case .event(let kind): owner = .event(kind)
    }
    func require<T>(_ value: T?, _ field: Field) throws(ScanError) -> T {
      guard let value else {
        let near = slots.unknownKeys.first {
          Suggestion.nearest(to: $0.0, in: [field.name]) != nil
        }
        throw scanner.fail(
          .missingField(field.name, in: owner, suggestion: near?.0), at: slots.objectStart)
      }
      return value
    }
    let kind: Event.Kind
    switch type {
    case .session:
      let version = try require(slots.version, .version)
      guard version == 1 else {
        throw scanner.fail(.unsupportedVersion(version), at: slots.objectStart)
      }
      return .header(
        SessionHeader(
          version: version, layout: slots.layout, device: slots.device ?? .iPhone15,
          messages: slots.messages, options: slots.options ?? [], os: slots.os, idiom: slots.idiom,
          scale: slots.scale,
          windowFrameInScreen: slots.windowFrameInScreen, hardwareKeyboard: slots.hardwareKeyboard,
          masked: slots.masked, recorder: slots.recorder))
    case .event(let eventKind):
      kind = eventKind
    }
    let t = try require(slots.t, .t)
    let event: Event
    switch kind {
    case .keyboard:
      event = .keyboard(
        KeyboardNotification(
          name: try require(slots.name, .name), frameBegin: slots.frameBegin,
          frameEnd: slots.frameEnd,
          duration: slots.duration, curve: slots.curve, isLocal: slots.isLocal,
          centerBegin: slots.centerBegin, centerEnd: slots.centerEnd, bounds: slots.bounds,
          extra: try keyboardExtra(slots.extra, &scanner)))
    case .gap: event = .gap(dropped: try require(slots.dropped, .dropped))
    case .observed: event = .observed(Observation(slots.observed))
    case .textChange: event = .textChange(text: try require(slots.text, .text))
    case .sendTap: event = .sendTap
    case .safeArea: event = .safeArea(try require(slots.insets, .insets))
    case .pan: event = .pan(y: try require(slots.y, .y), state: try require(slots.state, .state))
    case .scroll: event = .scroll(offsetY: try require(slots.offsetY, .offsetY))
    case .receive: event = .receive(text: try require(slots.text, .text))
    case .returnKey: event = .returnKey
    case .doneTap: event = .doneTap
    case .viewport:
      event = .viewport(
        screen: try require(slots.screen, .screen),
        safeArea: try require(slots.safeArea, .safeArea),
        windowFrameInScreen: slots.windowFrameInScreen)
    case .appear: event = .appear
    case .disappear: event = .disappear
    }
    return .event(TimedEvent(t: t, event: event))
  }

  private static func keyboardExtra(
    _ extra: (value: JSONValue, offset: Int)?, _ scanner: inout JSONScanner
  ) throws(ScanError) -> [JSONValue.Member] {
    switch extra?.value {
    case nil: return []
    case .object(let members)?: return members
    case .array?, .bool?, .null?, .number?, .string?:
      let found: RecordingError.Problem.JSONValueKind =
        switch extra?.value {
        case .array?: .array
        case .bool?: .boolean
        case .number?: .number
        case .string?: .string
        case .null?, .object?, nil: .null
        }
      throw scanner.fail(
        .wrongType(field: Field.extra.name, expected: .object, found: found),
        at: extra?.offset ?? 0)
    }
  }
}
