// The values only the session header carries: the device and the initial messages.

extension LineDecoder {
  static func device(_ scanner: inout JSONScanner) throws(ScanError) -> Device {
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

  static func messages(_ scanner: inout JSONScanner) throws(ScanError) -> [InitialMessage] {
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
}
