/// Receives a value's structure, key by key, so that one description of a state's shape can feed
/// both the fast JSON output and the debugger's tree of paths.
public protocol StructuredWriter {
  mutating func beginObject()
  mutating func endObject()
  mutating func beginArray()
  mutating func endArray()
  /// The key of the next member of the current object.
  mutating func key(_ name: StaticString)
  mutating func number(_ value: Double)
  mutating func string(_ value: String)
  mutating func bool(_ value: Bool)
}

/// Writes compact JSON into a byte buffer, keys in the order given.
///
/// Numbers are written as integers when they are integral (`852`, not `852.0`), otherwise in the
/// shortest form that reads back to the same `Double`.
public struct JSONWriter: StructuredWriter, Sendable {
  public var bytes: [UInt8] = []
  /// Whether the next value or key needs a comma before it.
  private var needsComma = false

  public init() {
    bytes.reserveCapacity(1024)
  }

  public mutating func beginObject() {
    comma()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  public mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  public mutating func beginArray() {
    comma()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  public mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  public mutating func key(_ name: StaticString) {
    comma()
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  public mutating func number(_ value: Double) {
    comma()
    Self.appendNumber(value, to: &bytes)
    needsComma = true
  }

  public mutating func bool(_ value: Bool) {
    comma()
    if value {
      bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
    } else {
      bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
    }
    needsComma = true
  }

  public mutating func string(_ value: String) {
    comma()
    Self.appendString(value, to: &bytes)
    needsComma = true
  }

  /// Empties the buffer, keeping its capacity, to write the next record.
  public mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    needsComma = false
  }

  /// Ends a JSON Lines record.
  public mutating func newline() {
    bytes.append(0x0A)
    needsComma = false
  }

  private mutating func comma() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  // MARK: Scalars

  /// A number as this writer writes it, as text.
  public static func format(_ value: Double) -> String {
    var bytes: [UInt8] = []
    appendNumber(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
    if value.magnitude < 1e15, value == value.rounded(.towardZero) {
      var integer = Int64(value)
      if integer < 0 {
        bytes.append(UInt8(ascii: "-"))
        integer = -integer
      }
      if integer == 0 {
        bytes.append(UInt8(ascii: "0"))
        return
      }
      var digits: (UInt64, UInt64) = (0, 0)
      var count = 0
      withUnsafeMutableBytes(of: &digits) { buffer in
        var rest = integer
        while rest > 0 {
          buffer[15 - count] = UInt8(truncatingIfNeeded: rest % 10) + 48
          rest /= 10
          count += 1
        }
        bytes.append(contentsOf: buffer[(16 - count)...])
      }
    } else if value.isFinite {
      bytes.append(contentsOf: value.description.utf8)
    } else {
      // Never produced from a valid recording (numbers are bounded); JSON has no infinity.
      bytes.append(contentsOf: "null".utf8)
    }
  }

  static func appendString(_ value: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case UInt8(ascii: "\\"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case 0x0A:
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "n"))
      case 0x0D:
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "r"))
      case 0x09:
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "t"))
      case ..<0x20, 0x7F:
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30])
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      default:
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
