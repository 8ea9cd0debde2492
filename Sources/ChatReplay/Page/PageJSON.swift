/// JSON text for a page's script: safe inside `<script>` (`<`, `>`, `&` and the line separators
/// are escaped), with numbers as `replay --json` writes them.
struct PageJSON {
  private(set) var text = ""
  private var needsComma = [false]

  private mutating func separate() {
    if needsComma[needsComma.count - 1] { text += "," }
    needsComma[needsComma.count - 1] = true
  }

  mutating func open() {
    separate()
    text += "{"
    needsComma.append(false)
  }

  mutating func close() {
    text += "}"
    needsComma.removeLast()
  }

  mutating func openArray() {
    separate()
    text += "["
    needsComma.append(false)
  }

  mutating func closeArray() {
    text += "]"
    needsComma.removeLast()
  }

  mutating func keyName(_ name: String) {
    separate()
    text += Self.quoted(name) + ":"
    needsComma[needsComma.count - 1] = false
  }

  mutating func raw(_ json: String) {
    separate()
    text += json
  }

  mutating func null() { raw("null") }
  mutating func element(_ value: Int) { raw(String(value)) }
  mutating func element(_ value: String) { raw(Self.quoted(value)) }

  mutating func key(_ name: String, _ value: String) {
    keyName(name)
    element(value)
  }

  mutating func key(_ name: String, _ value: Int) {
    keyName(name)
    element(value)
  }

  mutating func key(_ name: String, _ value: Double) {
    keyName(name)
    raw(value.isFinite ? JSONWriter.format(value) : "null")
  }

  mutating func key(_ name: String, _ value: Bool) {
    keyName(name)
    raw(value ? "true" : "false")
  }

  mutating func key(_ name: String, _ values: [String]) {
    keyName(name)
    raw("[" + values.map(Self.quoted).joined(separator: ",") + "]")
  }

  mutating func key(_ name: String, _ values: [Int]) {
    keyName(name)
    raw("[" + values.map(String.init).joined(separator: ",") + "]")
  }

  /// A shape as `[kind, style, x, y, width, height, text, fontSize, radius, centred, clip]`.
  static func shape(_ shape: Scene.Shape) -> String {
    let f = { (value: Double) in value.isFinite ? JSONWriter.format(value) : "0" }
    let frame = shape.frame
    let clip = shape.clip.map { "[\(f($0.x)),\(f($0.y)),\(f($0.width)),\(f($0.height))]" } ?? "0"
    return
      "[\(quoted(shape.kind.rawValue)),\(quoted(shape.style)),\(f(frame.x)),\(f(frame.y)),"
      + "\(f(frame.width)),\(f(frame.height)),\(quoted(shape.text)),\(f(shape.fontSize)),"
      + "\(f(shape.cornerRadius)),\(shape.isCentred ? 1 : 0),\(clip)]"
  }

  /// `value` as a JSON string literal.
  static func quoted(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "<": out += "\\u003c"
      case ">": out += "\\u003e"
      case "&": out += "\\u0026"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
