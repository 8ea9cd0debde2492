/// A path into a state, named as `replay --json` names its fields: `inputBar.frame`,
/// `messages[3].text`, `list.contentOffset.y`.
///
/// Rectangles also answer `minX`, `minY`, `maxX` and `maxY`, as `CGRect` does, and a negative
/// index counts from the end (`messages[-1]` is the newest message).
public struct StatePath: Hashable, Sendable, CustomStringConvertible {
  /// One step down the tree.
  public enum Component: Hashable, Sendable {
    case key(String)
    case index(Int)
  }

  public var components: [Component]

  public init(_ components: [Component]) {
    self.components = components
  }

  /// Parses `a.b[2].c`; `nil` when the text is not a path.
  ///
  /// One `.` or `[` at the end is ignored: Tab completes a container as `inputBar.frame.`, and
  /// Enter then prints `inputBar.frame`.
  public init?(parsing text: String) {
    var text = text
    // An ASCII path (every path a state has) is read byte by byte: reading it by characters
    // took some 15,000 instructions, and a page's window reads tens of thousands of them.
    switch text.withUTF8(Self.parseASCII) {
    case .path(let components): self.init(components)
    case .notAPath: return nil
    case .notASCII: self.init(parsingCharacters: text)
    }
  }

  /// ``init(parsing:)`` read character by character, as any text must be.
  init?(parsingCharacters text: String) {
    var components: [Component] = []
    var rest = Substring(text)
    if rest.count > 1, let last = rest.last, last == "." || last == "[" { rest = rest.dropLast() }
    while !rest.isEmpty {
      if rest.first == "[" {
        guard let close = rest.firstIndex(of: "]"),
          let index = Int(rest[rest.index(after: rest.startIndex)..<close])
        else { return nil }
        components.append(.index(index))
        rest = rest[rest.index(after: close)...]
      } else {
        if !components.isEmpty {
          guard rest.first == "." else { return nil }
          rest = rest.dropFirst()
        }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !name.isEmpty, name.first?.isLetter == true else { return nil }
        components.append(.key(String(name)))
        rest = rest[name.endIndex...]
      }
    }
    guard !components.isEmpty else { return nil }
    self.init(components)
  }

  private enum ASCIIParse {
    case path([Component])
    case notAPath
    case notASCII
  }

  /// ``init(parsing:)`` of an ASCII text, from its bytes (where a character is a byte): as the
  /// characters are read, with ASCII's letters and digits for `isLetter` and `isNumber`.
  private static func parseASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> ASCIIParse {
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return .notASCII }
    func isLetter(_ byte: UInt8) -> Bool {
      (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
    func isNameByte(_ byte: UInt8) -> Bool {
      isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: "_")
    }
    var end = bytes.count
    if end > 1, bytes[end - 1] == UInt8(ascii: ".") || bytes[end - 1] == UInt8(ascii: "[") {
      end -= 1
    }
    var components: [Component] = []
    var index = 0
    while index < end {
      if bytes[index] == UInt8(ascii: "[") {
        guard let close = bytes[(index + 1)..<end].firstIndex(of: UInt8(ascii: "]")),
          let number = Int(
            String(
              decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<close]), as: UTF8.self))
        else { return .notAPath }
        components.append(.index(number))
        index = close + 1
      } else {
        if !components.isEmpty {
          guard bytes[index] == UInt8(ascii: ".") else { return .notAPath }
          index += 1
        }
        let start = index
        while index < end && isNameByte(bytes[index]) { index += 1 }
        guard index > start, isLetter(bytes[start]) else { return .notAPath }
        components.append(
          .key(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        )
      }
    }
    return components.isEmpty ? .notAPath : .path(components)
  }

  public var description: String {
    var text = ""
    for component in components {
      switch component {
      case .key(let name): text += text.isEmpty ? name : "." + name
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }

  /// The path's parent, or `nil` at the top.
  public var parent: StatePath? {
    components.count > 1 ? StatePath(Array(components.dropLast())) : nil
  }

  /// The name of the last component.
  var lastKey: String? {
    if case .key(let name) = components.last { return name }
    return nil
  }

  /// The keys a rectangle answers beyond its four fields.
  static let derivedRectKeys = ["minX", "minY", "maxX", "maxY"]

  /// Whether `node` is a rectangle `{x, y, width, height}`.
  static func isRect(_ node: StateNode) -> Bool {
    guard case .object(let members) = node else { return false }
    return members.map { $0.key } == ["x", "y", "width", "height"]
  }

  /// The value at this path in `node`, or `nil` when there is none.
  public func resolve(in node: StateNode) -> StateNode? {
    var current = node
    for (position, component) in components.enumerated() {
      switch (component, current) {
      case (.key(let name), .object):
        if let next = current[name] {
          current = next
        } else if position == components.count - 1, let derived = Self.derived(name, of: current) {
          return derived
        } else {
          return nil
        }
      case (.index(let index), .array(let elements)):
        let resolved = index < 0 ? elements.count + index : index
        guard elements.indices.contains(resolved) else { return nil }
        current = elements[resolved]
      default:
        return nil
      }
    }
    return current
  }

  /// The value at this path inside `diagnostic` (the path from the diagnostic down, `id` or
  /// `message`; empty for the whole diagnostic), `nil` for no diagnostic.
  func value(in diagnostic: Diagnostic?) -> StateNode? {
    guard let diagnostic else { return nil }
    if !components.isEmpty {
      var probe = PathProbe(path: self)
      // One member: probed for, the others (the message above all) not built.
      diagnostic.write(to: &probe)
      return probe.result
    }
    var builder = StateTreeBuilder()
    builder.diagnostic(diagnostic)
    guard let node = builder.root else { return nil }
    return resolve(in: node)
  }

  /// `minX`, `minY`, `maxX`, `maxY` of a rectangle node.
  static func derived(_ name: String, of node: StateNode) -> StateNode? {
    guard isRect(node), case .number(let x)? = node["x"], case .number(let y)? = node["y"],
      case .number(let width)? = node["width"], case .number(let height)? = node["height"]
    else { return nil }
    switch name {
    case "minX": return .number(x)
    case "minY": return .number(y)
    case "maxX": return .number(x + width)
    case "maxY": return .number(y + height)
    default: return nil
    }
  }

  /// The value at this path in `state`, writing only what the path needs.
  ///
  /// This is what scans of a whole recording call once per step: a path outside `messages` and
  /// `diagnostics` costs one pass of the state's writer without either.
  public func value(in state: ChatState) -> StateNode? {
    switch components.first {
    case .key("messages"):
      guard components.count >= 2, case .index(let index) = components[1] else {
        return resolve(in: StateNode(state, includeMessages: true))
      }
      let resolved = index < 0 ? state.messages.count + index : index
      guard state.messages.indices.contains(resolved) else { return nil }
      var builder = StateTreeBuilder()
      state.writeMessage(at: resolved, to: &builder)
      guard let message = builder.root else { return nil }
      return StatePath(Array(components.dropFirst(2))).resolve(in: message)
    case .key("diagnostics"):
      // One diagnostic's path reads that diagnostic alone, as a message's does: building the
      // whole state's tree made `blame` of a diagnostic's field slow on a long recording.
      guard components.count >= 2, case .index(let index) = components[1] else {
        return resolve(in: StateNode(state, includeMessages: false))
      }
      let resolved = index < 0 ? state.diagnostics.count + index : index
      guard state.diagnostics.indices.contains(resolved) else { return nil }
      return StatePath(Array(components.dropFirst(2))).value(in: state.diagnostics[resolved])
    default:
      if let name = lastKey, Self.derivedRectKeys.contains(name), let parent,
        let rect = parent.value(in: state), Self.isRect(rect)
      {
        return Self.derived(name, of: rect)
      }
      var plain = state
      plain.diagnostics = []
      var probe = PathProbe(path: self)
      plain.write(to: &probe, includeMessages: false)
      return probe.result
    }
  }
}
