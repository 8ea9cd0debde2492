/// Builds one line of compact JSON, keys in the order written.
///
/// Numbers are written as integers when they are integral (`852`, not `852.0`) and otherwise in
/// the shortest form that reads back to the same `Double` (`445.33333333333326`), which is what
/// the replayer writes too.
struct LineWriter {
  private(set) var bytes: [UInt8] = []
  private var needsComma = false

  mutating func beginObject() {
    comma()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  mutating func beginArray() {
    comma()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  mutating func key(_ name: String) {
    comma()
    appendString(name)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// A number, or `null` for one the replayer would not read (not finite, or beyond ±1e9).
  ///
  /// Callers check ``isWritableNumber(_:)`` first where a `null` would lose information.
  mutating func number(_ value: Double) {
    comma()
    bytes.append(contentsOf: Self.format(value).utf8)
    needsComma = true
  }

  mutating func bool(_ value: Bool) {
    comma()
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
    needsComma = true
  }

  mutating func null() {
    comma()
    bytes.append(contentsOf: "null".utf8)
    needsComma = true
  }

  mutating func string(_ value: String) {
    comma()
    appendString(value)
    needsComma = true
  }

  /// The finished line, ending in `\n`.
  var line: [UInt8] { bytes + [0x0A] }

  /// Whether the replayer reads `value` as a number: finite and within ±1e9.
  static func isWritableNumber(_ value: Double) -> Bool {
    value.isFinite && value.magnitude <= 1e9
  }

  /// `value` as this writer writes it.
  static func format(_ value: Double) -> String {
    guard isWritableNumber(value) else { return "null" }
    if value == value.rounded(.towardZero) {
      return String(Int64(value))
    }
    // Swift's description is the shortest decimal that reads back to the same Double.
    return value.description
  }

  private mutating func comma() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  private mutating func appendString(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case 0x0A:
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D:
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09:
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case ..<0x20, 0x7F:
        let hex = Array("0123456789abcdef".utf8)
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

extension LineWriter {
  mutating func point(_ point: SessionRecorder.Point) {
    beginObject()
    key("x")
    number(point.x)
    key("y")
    number(point.y)
    endObject()
  }

  mutating func size(_ size: SessionRecorder.Size) {
    beginObject()
    key("width")
    number(size.width)
    key("height")
    number(size.height)
    endObject()
  }

  mutating func rect(_ rect: SessionRecorder.Rect) {
    beginObject()
    key("x")
    number(rect.x)
    key("y")
    number(rect.y)
    key("width")
    number(rect.width)
    key("height")
    number(rect.height)
    endObject()
  }

  mutating func insets(_ insets: SessionRecorder.Insets) {
    beginObject()
    key("top")
    number(insets.top)
    key("left")
    number(insets.left)
    key("bottom")
    number(insets.bottom)
    key("right")
    number(insets.right)
    endObject()
  }

  /// `{"top":…,"bottom":…}`: the two insets the replayer's state keeps for a list.
  mutating func verticalInsets(_ insets: SessionRecorder.Insets) {
    beginObject()
    key("top")
    number(insets.top)
    key("bottom")
    number(insets.bottom)
    endObject()
  }
}
