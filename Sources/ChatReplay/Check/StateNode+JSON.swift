extension StateNode {
  /// The tree of one JSON line as `replay --json` writes it (objects, arrays, strings, numbers,
  /// booleans); `nil` for text that is not such JSON (a `null` included).
  ///
  /// A reference file of golden states is read back through this, so that a mismatch is shown
  /// with the debugger's diff.
  public init?(json text: String) {
    var parser = JSONTreeParser(bytes: Array(text.utf8))
    guard let node = parser.value(), parser.isAtEnd else { return nil }
    self = node
  }
}

/// A small recursive-descent JSON reader into ``StateNode``.
private struct JSONTreeParser {
  let bytes: [UInt8]
  var index = 0
  /// Nesting allowed, so that hostile input cannot exhaust the stack.
  var depth = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  var isAtEnd: Bool {
    mutating get {
      skipSpace()
      return index == bytes.count
    }
  }

  mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  mutating func value() -> StateNode? {
    skipSpace()
    guard index < bytes.count, depth < 64 else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "{"): return object()
    case UInt8(ascii: "["): return array()
    case UInt8(ascii: "\""): return string().map(StateNode.string)
    case UInt8(ascii: "t"): return literal("true", .bool(true))
    case UInt8(ascii: "f"): return literal("false", .bool(false))
    default: return number()
    }
  }

  mutating func literal(_ word: String, _ node: StateNode) -> StateNode? {
    let word = Array(word.utf8)
    guard bytes.count - index >= word.count, Array(bytes[index..<index + word.count]) == word
    else { return nil }
    index += word.count
    return node
  }

  mutating func object() -> StateNode? {
    index += 1
    depth += 1
    defer { depth -= 1 }
    var members: [StateNode.Member] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else {
        return nil
      }
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
      index += 1
      guard let value = value() else { return nil }
      members.append(StateNode.Member(key: key, value: value))
      skipSpace()
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        return nil
      }
    }
  }

  mutating func array() -> StateNode? {
    index += 1
    depth += 1
    defer { depth -= 1 }
    var elements: [StateNode] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      guard let element = value() else { return nil }
      elements.append(element)
      skipSpace()
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      } else {
        return nil
      }
    }
  }

  /// A string, its escapes decoded (a `\u` escape outside the BMP pairs up as UTF-16 does).
  mutating func string() -> String? {
    index += 1
    var units: [UInt16] = []
    var raw: [UInt8] = []
    func flushRaw() {
      units += String(decoding: raw, as: UTF8.self).utf16
      raw.removeAll()
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        flushRaw()
        return String(decoding: units, as: UTF16.self)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { return nil }
        let escape = bytes[index]
        index += 1
        flushRaw()
        switch escape {
        case UInt8(ascii: "n"): units.append(0x0A)
        case UInt8(ascii: "t"): units.append(0x09)
        case UInt8(ascii: "r"): units.append(0x0D)
        case UInt8(ascii: "b"): units.append(0x08)
        case UInt8(ascii: "f"): units.append(0x0C)
        case UInt8(ascii: "u"):
          guard bytes.count - index >= 4,
            let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
          else { return nil }
          index += 4
          units.append(unit)
        default: units.append(UInt16(escape))
        }
      default:
        raw.append(byte)
      }
    }
    return nil
  }

  mutating func number() -> StateNode? {
    let start = index
    while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
    guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self))
    else { return nil }
    return .number(value)
  }
}
