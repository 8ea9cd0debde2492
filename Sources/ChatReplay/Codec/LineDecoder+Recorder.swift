// The values recorders of real apps add: the header's `recorder`, a keyboard event's `extra`
// (free-form JSON, kept as it was), and the paths of an `observed` event.

extension LineDecoder {
  static func recorder(_ scanner: inout JSONScanner) throws(ScanError) -> RecorderInfo {
    let path = Field.recorder.name
    let kind = scanner.valueKind()
    let start = scanner.position
    guard scanner.peek == UInt8(ascii: "{") else {
      throw scanner.fail(.wrongType(field: path, expected: .object, found: kind))
    }
    var name: String?
    var version: String?
    var unknown: [(String, Int)] = []
    try readObject(&scanner) { (scanner, key, keyOffset) throws(ScanError) in
      let member = RecorderKey.match(key)
      let memberPath = member.map { "\(path).\($0.name)" } ?? ""
      switch member {
      case .name?:
        guard name == nil else { throw scanner.fail(.duplicateField(memberPath), at: keyOffset) }
        name = try string(&scanner, memberPath)
      case .version?:
        guard version == nil else {
          throw scanner.fail(.duplicateField(memberPath), at: keyOffset)
        }
        version = try string(&scanner, memberPath)
      case nil:
        unknown.append((String(decoding: key, as: UTF8.self), keyOffset))
        try scanner.skipValue()
      }
    }
    try checkMisspellings(unknown, of: RecorderKey.names, scanner)
    let owner = RecordingError.Problem.FieldOwner.object(path: path)
    guard let name else {
      throw scanner.fail(
        .missingField(RecorderKey.name.name, in: owner, suggestion: nil), at: start)
    }
    guard let version else {
      throw scanner.fail(
        .missingField(RecorderKey.version.name, in: owner, suggestion: nil), at: start)
    }
    return RecorderInfo(name: name, version: version)
  }

  /// Any JSON value, kept as it is; duplicate keys are errors, as everywhere.
  static func jsonValue(_ scanner: inout JSONScanner, _ path: String, depth: Int)
    throws(ScanError) -> JSONValue
  {
    let kind = scanner.valueKind()
    switch kind {
    case .object, .array:
      guard depth < JSONScanner.nestingLimit else {
        throw scanner.fail(.nestingTooDeep(limit: JSONScanner.nestingLimit))
      }
      if kind == .array { return .array(try jsonArray(&scanner, path, depth: depth)) }
      var members: [JSONValue.Member] = []
      var seen = Set<String>()
      try readObject(&scanner) { (scanner, key, keyOffset) throws(ScanError) in
        let name = String(decoding: key, as: UTF8.self)
        guard seen.insert(name).inserted else {
          throw scanner.fail(.duplicateField("\(path).\(name)"), at: keyOffset)
        }
        members.append(.init(name, try jsonValue(&scanner, "\(path).\(name)", depth: depth + 1)))
      }
      return .object(members)
    case .string:
      return .string(try string(&scanner, path))
    case .boolean:
      return .bool(try bool(&scanner, path))
    case .null:
      _ = try scanner.consumeNull()
      return .null
    case .number, .nothing, .token:
      return .number(try number(&scanner, path, nonNegative: false))
    }
  }

  private static func jsonArray(_ scanner: inout JSONScanner, _ path: String, depth: Int)
    throws(ScanError) -> [JSONValue]
  {
    scanner.position += 1
    var values: [JSONValue] = []
    scanner.skipWhitespace()
    if scanner.peek == UInt8(ascii: "]") {
      scanner.position += 1
      return values
    }
    while true {
      values.append(try jsonValue(&scanner, "\(path)[\(values.count)]", depth: depth + 1))
      scanner.skipWhitespace()
      guard let next = scanner.peek else {
        throw scanner.fail(.unexpectedEnd(expected: .commaOrEnd(.array)))
      }
      scanner.position += 1
      if next == UInt8(ascii: "]") { return values }
      guard next == UInt8(ascii: ",") else {
        scanner.position -= 1
        throw scanner.unexpected(.commaOrEnd(.array))
      }
    }
  }

  /// Reads the value of an `observed` event's top-level key (`keyboard`, `inputBar`, `list`,
  /// `messageCount`) as the observed paths it gives.
  static func observed(
    _ field: Field, into values: inout [Observation.Value], _ scanner: inout JSONScanner
  ) throws(ScanError) {
    guard let node = ObservedNode.root.children.first(where: { $0.name == field.name }) else {
      try scanner.skipValue()
      return
    }
    try observed(node, path: field.name, into: &values, &scanner)
  }

  private static func observed(
    _ node: ObservedNode, path: String, into values: inout [Observation.Value],
    _ scanner: inout JSONScanner
  ) throws(ScanError) {
    if let leaf = node.path {
      values.append(.init(leaf, try number(&scanner, path, nonNegative: false)))
      return
    }
    let kind = scanner.valueKind()
    guard scanner.peek == UInt8(ascii: "{") else {
      throw scanner.fail(.wrongType(field: path, expected: .object, found: kind))
    }
    var unknown: [(String, Int)] = []
    var seen = Set<String>()
    try readObject(&scanner) { (scanner, key, keyOffset) throws(ScanError) in
      let name = String(decoding: key, as: UTF8.self)
      guard let child = node.children.first(where: { $0.name == name }) else {
        unknown.append((name, keyOffset))
        try scanner.skipValue()
        return
      }
      guard seen.insert(name).inserted else {
        throw scanner.fail(.duplicateField("\(path).\(name)"), at: keyOffset)
      }
      try observed(child, path: "\(path).\(name)", into: &values, &scanner)
    }
    try checkMisspellings(unknown, of: node.children.map { $0.name }, scanner)
  }
}

/// The observable paths as a tree of keys: `list` › `contentInset` › `bottom`.
struct ObservedNode: Sendable {
  var name: String
  /// The path a leaf gives; `nil` for an object.
  var path: ObservedPath?
  var children: [ObservedNode]

  /// Every ``ObservedPath``, in its order, under one unnamed root.
  static let root: ObservedNode = {
    var root = ObservedNode(name: "", path: nil, children: [])
    for path in ObservedPath.allCases {
      root.insert(path, components: path.rawValue.split(separator: ".").map(String.init)[...])
    }
    return root
  }()

  /// Whether `observation` gives a value of this node's path or of one below it.
  func hasValue(in observation: Observation) -> Bool {
    if let path { return observation.value(at: path) != nil }
    return children.contains { $0.hasValue(in: observation) }
  }

  private mutating func insert(_ leaf: ObservedPath, components: ArraySlice<String>) {
    guard let first = components.first else { return }
    let index =
      children.firstIndex { $0.name == first }
      ?? {
        children.append(ObservedNode(name: first, path: nil, children: []))
        return children.count - 1
      }()
    if components.count == 1 {
      children[index].path = leaf
    } else {
      children[index].insert(leaf, components: components.dropFirst())
    }
  }
}
