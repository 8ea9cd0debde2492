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

  /// Opens a layout's object and writes its members up to the opened `diagnostics` array, the
  /// same for the plain writer and for the one that copies what it wrote before.
  @inline(__always)
  static func writeCellHead(_ cell: Cell, column: Column, to writer: inout some StructuredWriter) {
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
      writeCellHead(cell, column: column, to: &writer)
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

extension Comparison {
  /// Writes the steps of a comparison as `replay compare --json` prints them, byte for byte as
  /// ``write(_:columns:to:)`` does, copying what it wrote before wherever it can.
  ///
  /// A layout's object is copied from the step before while its cell is the same, and each of
  /// its diagnostics from the last one written at the same place in that layout's list while it
  /// is the same: their bytes depend on nothing else. The rest is written by the writer of
  /// `replay FILE --json`'s states, which takes the buffer once per row.
  public struct JSONPrinter: Sendable {
    /// The layouts compared, in order.
    public let columns: [Column]
    /// Each column's last cell and its object's bytes.
    private var cells: [Memo<Cell>]
    /// Each column's last diagnostics and their bytes, by position in its list.
    private var diagnostics: [[Memo<Diagnostic>]]

    /// What was written for a value, to copy while the value is the same.
    private struct Memo<Value: Equatable & Sendable>: Sendable {
      var value: Value?
      var bytes: [UInt8] = []

      /// Keeps the bytes written into `storage` from `start` on as those of `value`.
      mutating func keep(_ value: Value, _ storage: ByteStorage, from start: Int) {
        self.value = value
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: storage.buffer[start...]))
      }
    }

    /// A printer for a comparison of `columns`.
    public init(columns: [Column]) {
      self.columns = columns
      cells = Array(repeating: Memo(), count: columns.count)
      diagnostics = Array(repeating: [], count: columns.count)
    }

    /// Writes `row`, without the newline that ends its record.
    public mutating func write(_ row: Row, to writer: inout JSONWriter) {
      let storage = writer.reserve(0)
      var tokens = StateBytesWriter(
        storage: storage, needsComma: writer.needsComma, memo: RecordMemo())
      tokens.beginObject()
      tokens.key("step")
      tokens.number(Double(row.step))
      tokens.key("t")
      tokens.number(row.t)
      if let event = row.event {
        tokens.key("event")
        EventEncoder.write(TimedEvent(t: row.t, event: event), to: &tokens)
      }
      tokens.key("diverges")
      tokens.bool(row.diverges)
      tokens.key("layouts")
      tokens.beginArray()
      for index in 0..<min(columns.count, row.cells.count) {
        let cell = row.cells[index]
        Self.separate(&tokens)
        if cells[index].value == cell {
          Self.copy(cells[index].bytes, to: &tokens)
          continue
        }
        let start = storage.count
        writeCell(cell, column: index, to: &tokens)
        cells[index].keep(cell, storage, from: start)
      }
      tokens.endArray()
      tokens.endObject()
      writer.needsComma = tokens.needsComma
    }

    private mutating func writeCell(
      _ cell: Cell, column index: Int, to tokens: inout StateBytesWriter
    ) {
      Comparison.writeCellHead(cell, column: columns[index], to: &tokens)
      for (position, diagnostic) in cell.diagnostics.enumerated() {
        Self.separate(&tokens)
        if position < diagnostics[index].count {
          if diagnostics[index][position].value == diagnostic {
            Self.copy(diagnostics[index][position].bytes, to: &tokens)
            continue
          }
        } else {
          diagnostics[index].append(Memo())
        }
        let start = tokens.storage.count
        diagnostic.write(to: &tokens)
        diagnostics[index][position].keep(diagnostic, tokens.storage, from: start)
      }
      tokens.endArray()
      tokens.endObject()
    }

    /// Writes the comma before the next value, if one is due, so that what follows starts the
    /// value itself.
    @inline(__always)
    private static func separate(_ tokens: inout StateBytesWriter) {
      tokens.storage.reserve(1)
      if tokens.needsComma { tokens.storage.append(UInt8(ascii: ",")) }
      tokens.needsComma = false
    }

    /// Writes a value's bytes, written before.
    @inline(__always)
    private static func copy(_ bytes: [UInt8], to tokens: inout StateBytesWriter) {
      bytes.withUnsafeBufferPointer { bytes in
        tokens.storage.reserve(bytes.count)
        tokens.storage.append(bytes.baseAddress, count: bytes.count)
      }
      tokens.needsComma = true
    }
  }
}
