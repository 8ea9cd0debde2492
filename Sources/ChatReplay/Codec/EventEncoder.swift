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
    writer.key(Field.type)
    writer.string(LineType.session.name)
    writer.key(Field.version)
    writer.number(Double(header.version))
    writer.member(Field.layout, header.layout?.rawValue)
    if !header.options.isEmpty {
      // In the order read: a header written again keeps its bytes.
      writer.key(Field.options)
      writer.beginObject()
      for setting in header.options {
        writer.key(dynamic: setting.name)
        setting.value.write(to: &writer)
      }
      writer.endObject()
    }
    writer.key(Field.device)
    writer.beginObject()
    writer.key(DeviceKey.model)
    writer.string(header.device.model)
    writer.key(DeviceKey.screen)
    write(header.device.screen, to: &writer)
    writer.key(DeviceKey.safeArea)
    write(header.device.safeArea, to: &writer)
    writer.endObject()
    if let messages = header.messages {
      writer.key(Field.messages)
      writer.beginArray()
      for message in messages {
        writer.beginObject()
        writer.key(MessageKey.from)
        writer.string(message.from.rawValue)
        writer.key(MessageKey.text)
        writer.string(message.text)
        writer.endObject()
      }
      writer.endArray()
    }
    writer.member(Field.os, header.os)
    writer.member(Field.idiom, header.idiom)
    writer.member(Field.scale, header.scale)
    writer.member(Field.windowFrameInScreen, header.windowFrameInScreen)
    writer.member(Field.hardwareKeyboard, header.hardwareKeyboard)
    writer.member(Field.masked, header.masked)
    if let recorder = header.recorder {
      writer.key(Field.recorder)
      writer.beginObject()
      writer.key(RecorderKey.name)
      writer.string(recorder.name)
      writer.key(RecorderKey.version)
      writer.string(recorder.version)
      writer.endObject()
    }
    writer.endObject()
  }

  public static func write(_ timed: TimedEvent, to writer: inout some StructuredWriter) {
    writer.beginObject()
    writer.key(Field.t)
    writer.number(timed.t)
    writer.key(Field.type)
    writer.string(timed.event.kind.rawValue)
    switch timed.event {
    case .keyboard(let notification):
      writer.key(Field.name)
      writer.string(notification.name.rawValue)
      writer.member(Field.frameBegin, notification.frameBegin)
      writer.member(Field.frameEnd, notification.frameEnd)
      writer.member(Field.duration, notification.duration)
      writer.member(Field.curve, notification.curve.map(Double.init))
      writer.member(Field.isLocal, notification.isLocal)
      writer.member(Field.centerBegin, notification.centerBegin)
      writer.member(Field.centerEnd, notification.centerEnd)
      writer.member(Field.bounds, notification.bounds)
      if !notification.extra.isEmpty {
        writer.key(Field.extra)
        JSONValue.object(notification.extra).write(to: &writer)
      }
    case .gap(let dropped):
      writer.key(Field.dropped)
      writer.number(Double(dropped))
    case .observed(let observation):
      write(observation, under: ObservedNode.root, to: &writer)
    case .textChange(let text), .receive(let text):
      writer.key(Field.text)
      writer.string(text)
    case .safeArea(let insets):
      writer.key(Field.insets)
      write(insets, to: &writer)
    case .pan(let y, let state):
      writer.key(Field.y)
      writer.number(y)
      writer.key(Field.state)
      writer.string(state.rawValue)
    case .scroll(let offsetY):
      writer.key(Field.offsetY)
      writer.number(offsetY)
    case .viewport(let screen, let safeArea, let windowFrameInScreen):
      writer.key(Field.screen)
      write(screen, to: &writer)
      writer.key(Field.safeArea)
      write(safeArea, to: &writer)
      writer.member(Field.windowFrameInScreen, windowFrameInScreen)
    case .appear, .disappear, .doneTap, .returnKey, .sendTap:
      break
    }
    writer.endObject()
  }

  /// Writes `rect` as `{"x":…,"y":…,"width":…,"height":…}` (see ``StructuredWriter/rect(_:)``).
  @inline(__always)
  static func write(_ rect: Rect, to writer: inout some StructuredWriter) {
    writer.rect(rect)
  }

  static func write(_ point: Point, to writer: inout some StructuredWriter) {
    writer.beginObject()
    writer.key(PointKey.x)
    writer.number(point.x)
    writer.key(PointKey.y)
    writer.number(point.y)
    writer.endObject()
  }

  /// Writes the members of `node` that `observation` gives a value under, nested as the paths are.
  private static func write(
    _ observation: Observation, under node: ObservedNode, to writer: inout some StructuredWriter
  ) {
    for child in node.children where child.hasValue(in: observation) {
      writer.key(dynamic: child.name)
      if let path = child.path, let value = observation.value(at: path) {
        writer.number(value)
      } else {
        writer.beginObject()
        write(observation, under: child, to: &writer)
        writer.endObject()
      }
    }
  }

  static func write(_ size: Size, to writer: inout some StructuredWriter) {
    writer.beginObject()
    writer.key(SizeKey.width)
    writer.number(size.width)
    writer.key(SizeKey.height)
    writer.number(size.height)
    writer.endObject()
  }

  static func write(_ insets: EdgeInsets, to writer: inout some StructuredWriter) {
    writer.beginObject()
    writer.key(InsetKey.top)
    writer.number(insets.top)
    writer.key(InsetKey.left)
    writer.number(insets.left)
    writer.key(InsetKey.bottom)
    writer.number(insets.bottom)
    writer.key(InsetKey.right)
    writer.number(insets.right)
    writer.endObject()
  }
}

/// A value an optional member of a line may hold.
private protocol MemberValue {
  /// Writes the value as the format spells it.
  func writeValue(to writer: inout some StructuredWriter)
}

extension String: MemberValue {
  fileprivate func writeValue(to writer: inout some StructuredWriter) { writer.string(self) }
}

extension Double: MemberValue {
  fileprivate func writeValue(to writer: inout some StructuredWriter) { writer.number(self) }
}

extension Bool: MemberValue {
  fileprivate func writeValue(to writer: inout some StructuredWriter) { writer.bool(self) }
}

extension Rect: MemberValue {
  fileprivate func writeValue(to writer: inout some StructuredWriter) {
    EventEncoder.write(self, to: &writer)
  }
}

extension Point: MemberValue {
  fileprivate func writeValue(to writer: inout some StructuredWriter) {
    EventEncoder.write(self, to: &writer)
  }
}

extension StructuredWriter {
  /// Writes the member `key` with `value` when it is set, and nothing for `nil`: the format leaves
  /// a missing value out rather than write `null`.
  fileprivate mutating func member(_ key: Field, _ value: (some MemberValue)?) {
    guard let value else { return }
    self.key(key)
    value.writeValue(to: &self)
  }
}
