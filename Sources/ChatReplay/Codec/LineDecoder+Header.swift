// The values only the session header carries: the device, the initial messages and the options.

extension LineDecoder {
  static func device(_ scanner: inout JSONScanner) throws(ScanError) -> Device {
    var device = Device.iPhone15
    let kind = scanner.valueKind()
    guard scanner.peek == UInt8(ascii: "{") else {
      throw scanner.fail(.wrongType(field: Field.device.name, expected: .object, found: kind))
    }
    var unknown: [(String, Int)] = []
    var seen = Set<String>()
    try readObject(&scanner) { (scanner, key, keyOffset) throws(ScanError) in
      let name = String(decoding: key, as: UTF8.self)
      guard seen.insert(name).inserted else {
        throw scanner.fail(.duplicateField("\(Field.device.name).\(name)"), at: keyOffset)
      }
      let path = "\(Field.device.name).\(name)"
      switch DeviceKey.match(key) {
      case .model?: device.model = try string(&scanner, path)
      case .screen?: device.screen = try size(&scanner, path)
      case .safeArea?: device.safeArea = try insets(&scanner, path)
      case nil:
        unknown.append((name, keyOffset))
        try scanner.skipValue()
      }
    }
    try checkMisspellings(unknown, of: DeviceKey.names, scanner)
    return device
  }

  static func messages(_ scanner: inout JSONScanner) throws(ScanError) -> [InitialMessage] {
    let kind = scanner.valueKind()
    guard scanner.peek == UInt8(ascii: "[") else {
      throw scanner.fail(.wrongType(field: Field.messages.name, expected: .array, found: kind))
    }
    scanner.position += 1
    var messages: [InitialMessage] = []
    scanner.skipWhitespace()
    if scanner.peek == UInt8(ascii: "]") {
      scanner.position += 1
      return messages
    }
    while true {
      let path = "\(Field.messages.name)[\(messages.count)]"
      scanner.skipWhitespace()
      let start = scanner.position
      let elementKind = scanner.valueKind()
      guard scanner.peek == UInt8(ascii: "{") else {
        throw scanner.fail(
          .wrongType(field: path, expected: .message, found: elementKind))
      }
      var from: Sender?
      var text: String?
      var unknown: [(String, Int)] = []
      try readObject(&scanner) { (scanner, key, keyOffset) throws(ScanError) in
        let member = MessageKey.match(key)
        let memberPath = member.map { "\(path).\($0.name)" } ?? ""
        switch member {
        case .from?:
          guard from == nil else { throw scanner.fail(.duplicateField(memberPath), at: keyOffset) }
          from = try enumeration(&scanner, memberPath, of: .sender, RecordingNames.sender)
        case .text?:
          guard text == nil else { throw scanner.fail(.duplicateField(memberPath), at: keyOffset) }
          text = try string(&scanner, memberPath)
        case nil:
          unknown.append((String(decoding: key, as: UTF8.self), keyOffset))
          try scanner.skipValue()
        }
      }
      try checkMisspellings(unknown, of: MessageKey.names, scanner)
      let owner = RecordingError.Problem.FieldOwner.object(path: path)
      guard let from else {
        throw scanner.fail(
          .missingField(MessageKey.from.name, in: owner, suggestion: nil), at: start)
      }
      guard let text else {
        throw scanner.fail(
          .missingField(MessageKey.text.name, in: owner, suggestion: nil), at: start)
      }
      messages.append(InitialMessage(from: from, text: text))
      scanner.skipWhitespace()
      guard let next = scanner.peek else {
        throw scanner.fail(.unexpectedEnd(expected: .commaOrEnd(.array)))
      }
      scanner.position += 1
      if next == UInt8(ascii: "]") { return messages }
      guard next == UInt8(ascii: ",") else {
        scanner.position -= 1
        throw scanner.unexpected(.commaOrEnd(.array))
      }
    }
  }

  /// `{"inputBar.height": 52, "usesBottomSafeArea": false}`: names are checked against the layout
  /// when the replay starts (the command line may pick another layout), values here.
  static func options(_ scanner: inout JSONScanner) throws(ScanError) -> [LayoutOptionSetting] {
    let kind = scanner.valueKind()
    guard scanner.peek == UInt8(ascii: "{") else {
      throw scanner.fail(.wrongType(field: Field.options.name, expected: .object, found: kind))
    }
    var settings: [LayoutOptionSetting] = []
    let line = UnsafeBufferPointer(start: scanner.base, count: scanner.count)
    try readObject(&scanner) { (scanner, key, keyOffset) throws(ScanError) in
      let name = String(decoding: key, as: UTF8.self)
      let path = "\(Field.options.name).\(name)"
      guard !settings.contains(where: { $0.name == name }) else {
        throw scanner.fail(.duplicateField(path), at: keyOffset)
      }
      scanner.skipWhitespace()
      let start = scanner.position
      let value: LayoutOptionValue
      if let flag = try scanner.readBool() {
        value = .flag(flag)
      } else if let number = try scanner.readNumber() {
        value = .number(number)
      } else {
        let found = scanner.valueKind()
        throw scanner.fail(.wrongType(field: path, expected: .numberOrBoolean, found: found))
      }
      let place = RecordingError.at(offset: start, in: line, lineNumber: 0, problem: .emptyFile)
      settings.append(
        LayoutOptionSetting(
          name: name, value: value,
          source: .header(
            column: place.column, excerpt: place.excerpt, excerptColumn: place.excerptColumn)))
    }
    return settings
  }
}
