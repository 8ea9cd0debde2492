/// A JSON value kept as a recording had it: what the replayer carries without reading, such as a
/// keyboard notification's unknown `userInfo` keys.
public indirect enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// An object's members in the order written (keys are unique).
  case object([Member])

  /// One member of an object.
  public struct Member: Hashable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// Writes the value, members in their order.
  public func write(to writer: inout some StructuredWriter) {
    switch self {
    case .null:
      writer.null()
    case .bool(let value):
      writer.bool(value)
    case .number(let value):
      writer.number(value)
    case .string(let value):
      writer.string(value)
    case .array(let values):
      writer.beginArray()
      for value in values { value.write(to: &writer) }
      writer.endArray()
    case .object(let members):
      writer.beginObject()
      for member in members {
        writer.key(dynamic: member.key)
        member.value.write(to: &writer)
      }
      writer.endObject()
    }
  }
}
