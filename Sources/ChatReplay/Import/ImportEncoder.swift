/// Writes imported recordings: the header with its `import` object, and keyboard events with the
/// extra fields `bounds`, `centerBegin` and `centerEnd`, which readers of format 1 ignore.
enum ImportEncoder {
  static func write(header: SessionHeader, info: ImportInfo, to writer: inout JSONWriter) {
    EventEncoder.write(header, to: &writer)
    // Reopen the header's object to add `import`.
    writer.reopenObject()
    writer.key("import")
    writer.beginObject()
    writer.key("sources")
    writer.beginArray()
    for source in info.sources { writer.string(source) }
    writer.endArray()
    writer.key("styles")
    writer.beginArray()
    for style in info.styles { writer.string(style.rawValue) }
    writer.endArray()
    writer.key("screen")
    write(info.screen, sources: info.sources, to: &writer)
    writer.key("safeArea")
    write(info.safeArea, sources: info.sources, to: &writer)
    writer.key("times")
    write(info.times, sources: info.sources, to: &writer)
    writer.key("names")
    writer.beginObject()
    writer.key("printed")
    writer.number(Double(info.printedNames))
    writer.key("label")
    writer.number(Double(info.labelNames))
    writer.key("option")
    writer.number(Double(info.optionNames))
    writer.endObject()
    writer.key("warnings")
    writer.number(Double(info.warnings))
    writer.endObject()
    writer.endObject()
  }

  private static func write(
    _ origin: ImportInfo.Origin, sources: [String], to writer: inout JSONWriter
  ) {
    writer.beginObject()
    writer.key("from")
    switch origin {
    case .option(let option):
      writer.string("option")
      writer.key("option")
      writer.string(option)
    case .profile(let name):
      writer.string("profile")
      writer.key("profile")
      writer.string(name)
    case .printout(let source, let line):
      writer.string("printout")
      writer.key("source")
      writer.string(source < sources.count ? sources[source] : "")
      writer.key("line")
      writer.number(Double(line))
    case .rule:
      writer.string("rule")
    }
    writer.endObject()
  }

  static func write(_ event: ImportedEvent, to writer: inout JSONWriter) {
    EventEncoder.write(event.timedEvent, to: &writer)
    let fields = event.fields
    guard fields.bounds != nil || fields.centerBegin != nil || fields.centerEnd != nil else {
      return
    }
    writer.reopenObject()
    if let bounds = fields.bounds {
      writer.key("bounds")
      EventEncoder.write(bounds, to: &writer)
    }
    if let center = fields.centerBegin {
      writer.key("centerBegin")
      write(center, to: &writer)
    }
    if let center = fields.centerEnd {
      writer.key("centerEnd")
      write(center, to: &writer)
    }
    writer.endObject()
  }

  private static func write(_ point: KeyboardFields.Point, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("x")
    writer.number(point.x)
    writer.key("y")
    writer.number(point.y)
    writer.endObject()
  }
}
