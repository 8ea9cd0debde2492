/// JSON text for a page's script: safe inside `<script>` (`<`, `>`, `&` and the line separators
/// are escaped), with numbers as `replay --json` writes them.
struct PageJSON {
  private(set) var bytes: [UInt8] = []
  /// The JSON written so far.
  var text: String { String(decoding: bytes, as: UTF8.self) }
  private var needsComma = [false]

  private mutating func separate() {
    if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
    needsComma[needsComma.count - 1] = true
  }

  mutating func open() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma.append(false)
  }

  mutating func close() {
    bytes.append(UInt8(ascii: "}"))
    needsComma.removeLast()
  }

  mutating func openArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma.append(false)
  }

  mutating func closeArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma.removeLast()
  }

  mutating func keyName(_ name: String) {
    separate()
    PageBytes.appendQuoted(name, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    needsComma[needsComma.count - 1] = false
  }

  mutating func raw(_ json: String) {
    separate()
    bytes += json.utf8
  }

  /// Appends JSON text already written as bytes.
  mutating func raw(bytes json: [UInt8]) {
    separate()
    bytes += json
  }

  /// Appends the elements `json` (JSON text, comma-separated) as an array, straight to `output`
  /// after the bytes written so far, which go to `output` first: `json` is not copied.
  mutating func rawArray(
    _ json: UnsafeBufferPointer<UInt8>, through output: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    separate()
    bytes.append(UInt8(ascii: "["))
    bytes.withUnsafeBufferPointer { output($0) }
    bytes.removeAll(keepingCapacity: true)
    output(json)
    bytes.append(UInt8(ascii: "]"))
  }

  mutating func null() { raw("null") }
  mutating func element(_ value: Int) { raw(String(value)) }
  mutating func element(_ value: String) {
    separate()
    PageBytes.appendQuoted(value, to: &bytes)
  }

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
    openArray()
    for value in values { element(value) }
    closeArray()
  }

  mutating func key(_ name: String, _ values: [Int]) {
    keyName(name)
    raw("[" + values.map(String.init).joined(separator: ",") + "]")
  }

  /// `value` as a JSON string literal.
  static func quoted(_ value: String) -> String {
    var bytes: [UInt8] = []
    PageBytes.appendQuoted(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
