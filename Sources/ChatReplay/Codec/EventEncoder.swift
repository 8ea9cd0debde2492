/// Writes headers and events as recording lines, the inverse of the decoder.
///
/// Keys come in a fixed order (`t`, `type`, then the event's fields as the format lists them), so
/// encoding the same events always gives the same bytes.
public enum EventEncoder {
  /// One event as a line of JSON, without the line break.
  public static func line(for event: TimedEvent) -> String {
    var writer = JSONWriter()
    write(event, to: &writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// The header as a line of JSON, without the line break.
  public static func line(for header: SessionHeader) -> String {
    var writer = JSONWriter()
    write(header, to: &writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// A whole recording: the header line, then one line per event, each ending in `\n`.
  public static func recording(header: SessionHeader, events: [TimedEvent]) -> String {
    var writer = JSONWriter()
    write(header, to: &writer)
    writer.newline()
    for event in events {
      write(event, to: &writer)
      writer.newline()
    }
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  public static func write(_ header: SessionHeader, to writer: inout some StructuredWriter) {
    writer.beginObject()
    writer.key("type")
    writer.string("session")
    writer.key("version")
    writer.number(Double(header.version))
    if let layout = header.layout {
      writer.key("layout")
      writer.string(layout.rawValue)
    }
    writer.key("device")
    writer.beginObject()
    writer.key("model")
    writer.string(header.device.model)
    writer.key("screen")
    write(header.device.screen, to: &writer)
    writer.key("safeArea")
    write(header.device.safeArea, to: &writer)
    writer.endObject()
    if let messages = header.messages {
      writer.key("messages")
      writer.beginArray()
      for message in messages {
        writer.beginObject()
        writer.key("from")
        writer.string(message.from.rawValue)
        writer.key("text")
        writer.string(message.text)
        writer.endObject()
      }
      writer.endArray()
    }
    writer.endObject()
  }

  public static func write(_ timed: TimedEvent, to writer: inout some StructuredWriter) {
    writer.beginObject()
    writer.key("t")
    writer.number(timed.t)
    writer.key("type")
    writer.string(timed.event.typeName)
    switch timed.event {
    case .keyboard(let notification):
      writer.key("name")
      writer.string(notification.name.rawValue)
      if let frame = notification.frameBegin {
        writer.key("frameBegin")
        write(frame, to: &writer)
      }
      if let frame = notification.frameEnd {
        writer.key("frameEnd")
        write(frame, to: &writer)
      }
      if let duration = notification.duration {
        writer.key("duration")
        writer.number(duration)
      }
      if let curve = notification.curve {
        writer.key("curve")
        writer.number(Double(curve))
      }
      if let isLocal = notification.isLocal {
        writer.key("isLocal")
        writer.bool(isLocal)
      }
    case .textChange(let text), .receive(let text):
      writer.key("text")
      writer.string(text)
    case .safeArea(let insets):
      writer.key("insets")
      write(insets, to: &writer)
    case .pan(let y, let state):
      writer.key("y")
      writer.number(y)
      writer.key("state")
      writer.string(state.rawValue)
    case .scroll(let offsetY):
      writer.key("offsetY")
      writer.number(offsetY)
    case .viewport(let screen, let safeArea):
      writer.key("screen")
      write(screen, to: &writer)
      writer.key("safeArea")
      write(safeArea, to: &writer)
    case .appear, .disappear, .doneTap, .returnKey, .sendTap:
      break
    }
    writer.endObject()
  }

  static func write(_ rect: Rect, to writer: inout some StructuredWriter) {
    writer.beginObject()
    writer.key("x")
    writer.number(rect.x)
    writer.key("y")
    writer.number(rect.y)
    writer.key("width")
    writer.number(rect.width)
    writer.key("height")
    writer.number(rect.height)
    writer.endObject()
  }

  static func write(_ size: Size, to writer: inout some StructuredWriter) {
    writer.beginObject()
    writer.key("width")
    writer.number(size.width)
    writer.key("height")
    writer.number(size.height)
    writer.endObject()
  }

  static func write(_ insets: EdgeInsets, to writer: inout some StructuredWriter) {
    writer.beginObject()
    writer.key("top")
    writer.number(insets.top)
    writer.key("left")
    writer.number(insets.left)
    writer.key("bottom")
    writer.number(insets.bottom)
    writer.key("right")
    writer.number(insets.right)
    writer.endObject()
  }
}
