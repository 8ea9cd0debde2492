extension Comparison {
  /// Writes one step as `replay compare --json` prints it.
  ///
  /// ```text
  /// {"step":1,"t":0.7,"event":{"t":0.7,"type":"keyboard",…},"diverges":true,
  ///  "layouts":[{"layout":"rxkeyboard","rxKeyboardVersion":"1.0.0","inputBar":{"frame":{…}},"bottomInset":414,
  ///              "offsetY":1038,"diagnostics":[…]},…]}
  /// ```
  public func write(_ row: Row, to writer: inout some StructuredWriter) {
    Self.writeGeneric(row, columns: columns, to: &writer)
  }

  /// Writes one step of a comparison of `columns` into `writer`: the entry point for callers in
  /// other modules, so that the writing is specialized for ``JSONWriter`` here.
  public static func write(_ row: Row, columns: [Column], to writer: inout JSONWriter) {
    writeGeneric(row, columns: columns, to: &writer)
  }

  /// Writes one step of a comparison of `columns`.
  public static func write(_ row: Row, columns: [Column], to writer: inout some StructuredWriter) {
    writeGeneric(row, columns: columns, to: &writer)
  }

  private static func writeGeneric(
    _ row: Row, columns: [Column], to writer: inout some StructuredWriter
  ) {
    writer.beginObject()
    writer.key("step")
    writer.number(Double(row.step))
    writer.key("t")
    writer.number(row.t)
    if let event = row.event {
      writer.key("event")
      EventEncoder.write(TimedEvent(t: row.t, event: event), to: &writer)
    }
    writer.key("diverges")
    writer.bool(row.diverges)
    writer.key("layouts")
    writer.beginArray()
    for (column, cell) in zip(columns, row.cells) {
      writer.beginObject()
      writer.key("layout")
      writer.string(column.id.rawValue)
      if let version = column.rxKeyboardVersion {
        writer.key("rxKeyboardVersion")
        writer.string(version.rawValue)
      }
      writer.key("inputBar")
      writer.beginObject()
      writer.key("frame")
      EventEncoder.write(cell.inputBarFrame, to: &writer)
      writer.endObject()
      writer.key("bottomInset")
      writer.number(cell.bottomInset)
      writer.key("offsetY")
      writer.number(cell.offsetY)
      writer.key("diagnostics")
      writer.beginArray()
      for diagnostic in cell.diagnostics {
        diagnostic.write(to: &writer)
      }
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }
}
