/// One key press (or pasted character), decoded from the bytes a terminal sends.
public enum Key: Hashable, Sendable {
  /// A printable character (one Unicode scalar; clusters form in the line).
  case text(Unicode.Scalar)
  /// Ctrl with a letter or one of `@[\]^_`: `control(0x01)` is Ctrl-A. Enter is `control(0x0D)`,
  /// Tab `control(0x09)`, Backspace `control(0x7F)`.
  case control(UInt8)
  /// Alt (or Esc, then) with a printable ASCII character: `meta("b")`.
  case meta(Character)
  /// Alt-Backspace.
  case metaBackspace
  case up
  case down
  case left
  case right
  case home
  case end
  case delete
  /// Ctrl-Left or Alt-Left.
  case wordLeft
  /// Ctrl-Right or Alt-Right.
  case wordRight
  /// `ESC [ 200 ~`: what follows is pasted text, up to ``pasteEnd``.
  case pasteStart
  /// `ESC [ 201 ~`.
  case pasteEnd
  /// A sequence the editor does not use (an F key, say); ignored.
  case unknown
}

/// Turns terminal bytes into ``Key``s: UTF-8, `ESC [` (CSI) and `ESC O` (SS3) sequences and
/// `ESC` + character for Alt.
///
/// Bytes may arrive in any split: a sequence cut across two reads is held until it completes.
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// A decoder holding nothing.
  public init() {}

  /// Whether bytes of an unfinished sequence are held (a lone `ESC`, say).
  public var isHolding: Bool { !pending.isEmpty }

  /// The key `byte` completes, if any.
  public mutating func decode(_ byte: UInt8) -> Key? {
    pending.append(byte)
    guard let first = pending.first else { return nil }
    if first == 0x1B { return escape() }
    if first < 0x80 {
      pending.removeAll()
      return first < 0x20 || first == 0x7F ? .control(first) : .text(Unicode.Scalar(first))
    }
    return utf8()
  }

  /// Ends a held sequence (the terminal sent nothing more): a lone `ESC` is dropped.
  public mutating func flush() -> Key? {
    defer { pending.removeAll() }
    guard let first = pending.first, first != 0x1B else { return nil }
    return .text("\u{FFFD}")
  }

  private mutating func utf8() -> Key? {
    guard let first = pending.first else { return nil }
    let length: Int
    switch first {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default:
      pending.removeAll()
      return .text("\u{FFFD}")
    }
    if pending.count > 1, let last = pending.last, last & 0xC0 != 0x80 {
      // A lead byte cut short: report the broken part and start again at this byte.
      pending.removeAll()
      let key = decode(last)
      return key ?? .text("\u{FFFD}")
    }
    guard pending.count == length else { return nil }
    defer { pending.removeAll() }
    var decoder = UTF8()
    var iterator = pending.makeIterator()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
      return .text("\u{FFFD}")
    }
    return .text(scalar)
  }

  private mutating func escape() -> Key? {
    guard pending.count >= 2 else { return nil }
    let second = pending[1]
    switch second {
    case UInt8(ascii: "["):
      return csi()
    case UInt8(ascii: "O"):
      guard pending.count >= 3 else { return nil }
      defer { pending.removeAll() }
      return Self.final(pending[2], parameters: [])
    case 0x7F, 0x08:
      pending.removeAll()
      return .metaBackspace
    case 0x20..<0x7F:
      pending.removeAll()
      return .meta(Character(Unicode.Scalar(second)))
    default:
      pending.removeAll()
      return .unknown
    }
  }

  private mutating func csi() -> Key? {
    guard let last = pending.last, pending.count >= 3 else { return nil }
    guard (0x40...0x7E).contains(last) else {
      // Parameters and intermediates; a runaway sequence is dropped.
      if pending.count > 32 {
        pending.removeAll()
        return .unknown
      }
      return nil
    }
    defer { pending.removeAll() }
    let text = String(decoding: pending[2..<(pending.count - 1)], as: UTF8.self)
    let parameters = text.split(separator: ";").map { Int($0) ?? 0 }
    return Self.final(last, parameters: parameters)
  }

  private static func final(_ byte: UInt8, parameters: [Int]) -> Key {
    let modifier = parameters.count >= 2 ? parameters[1] : 1
    switch byte {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return modifier == 1 ? .right : .wordRight
    case UInt8(ascii: "D"): return modifier == 1 ? .left : .wordLeft
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "~"):
      switch parameters.first {
      case 1, 7: return .home
      case 4, 8: return .end
      case 3: return .delete
      case 200: return .pasteStart
      case 201: return .pasteEnd
      default: return .unknown
      }
    default: return .unknown
    }
  }
}
