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
  /// same for the plain writer and for the lanes that write each layout's objects.
  @inline(__always)
  static func writeCellHead(_ cell: Cell, column: Column, to writer: inout some StructuredWriter) {
    writeCellLayout(column, to: &writer)
    writeCellValues(
      cell.inputBarFrame, bottomInset: cell.bottomInset, offsetY: cell.offsetY, to: &writer)
  }

  /// Opens a layout's object and writes what depends on the column alone: the layout, its
  /// release, and the `inputBar` object's opened `frame` member.
  static func writeCellLayout(_ column: Column, to writer: inout some StructuredWriter) {
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
  }

  /// Writes a layout's values after ``writeCellLayout(_:to:)``, up to the opened `diagnostics`
  /// array.
  @inline(__always)
  static func writeCellValues(
    _ inputBarFrame: Rect, bottomInset: Double, offsetY: Double,
    to writer: inout some StructuredWriter
  ) {
    writeCellFrame(inputBarFrame, to: &writer)
    writeCellNumbers(bottomInset: bottomInset, offsetY: offsetY, to: &writer)
  }

  /// Writes the input bar's frame after ``writeCellLayout(_:to:)`` and closes `inputBar`.
  @inline(__always)
  static func writeCellFrame(_ inputBarFrame: Rect, to writer: inout some StructuredWriter) {
    EventEncoder.write(inputBarFrame, to: &writer)
    writer.endObject()
  }

  /// Writes a layout's inset and offset after ``writeCellFrame(_:to:)``, up to the opened
  /// `diagnostics` array.
  @inline(__always)
  static func writeCellNumbers(
    bottomInset: Double, offsetY: Double, to writer: inout some StructuredWriter
  ) {
    writer.key("bottomInset")
    writer.number(bottomInset)
    writer.key("offsetY")
    writer.number(offsetY)
    writer.key("diagnostics")
    writer.beginArray()
  }

  /// Opens a step's object and writes its number, time and event (`nil` for step 0).
  @inline(__always)
  static func writeStepHead(
    step: Int, t: Double, event: Event?, to writer: inout some StructuredWriter
  ) {
    writer.beginObject()
    writer.key("step")
    writer.number(Double(step))
    writer.key("t")
    writer.number(t)
    if let event {
      writer.key("event")
      EventEncoder.write(TimedEvent(t: t, event: event), to: &writer)
    }
  }

  /// Opens a keystroke step's object and writes its number, time and event, byte for byte as
  /// ``writeStepHead(step:t:event:to:)`` does for a `textChange` of `text`, without the general
  /// encoder: the event's members are fixed but for the text, and its time is the step's, whose
  /// bytes are copied.
  @inline(__always)
  static func writeKeystrokeStepHead(
    step: Int, t: Double, text: String, to tokens: inout StateBytesWriter
  ) {
    let storage = tokens.storage
    tokens.beginObject()
    tokens.key("step")
    tokens.number(Double(step))
    tokens.key("t")
    let start = storage.count
    tokens.number(t)
    let count = storage.count - start
    TextBytes.append(",\"event\":{\"t\":", to: storage)
    storage.reserve(count)
    storage.append(storage.base + start, count: count)
    TextBytes.append(",\"type\":\"textChange\",\"text\":", to: storage)
    tokens.needsComma = false
    tokens.string(text)
    tokens.endObject()
  }

  private static func writeGeneric(
    _ row: Row, columns: [Column], to writer: inout some StructuredWriter
  ) {
    writeStepHead(step: row.step, t: row.t, event: row.event, to: &writer)
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
  /// ``write(_:columns:to:)`` does, from the objects the lanes wrote.
  ///
  /// A batch's lanes write each step's number, time and event, and each layout's object
  /// (copied from the step before while its cell is the same, and each diagnostic from the last
  /// one written at its place in that layout's list while it is the same: their bytes depend on
  /// nothing else). Only whether the step diverges, the commas and the brackets are written
  /// here.
  public struct JSONPrinter: Sendable {
    /// Whether only the diverging steps are written.
    public let onlyDiverging: Bool
    /// The lines written and not yet handed out.
    private var storage = ByteStorage(capacity: 1 << 17)

    /// A printer of every step, or of the diverging ones only.
    public init(onlyDiverging: Bool = false) {
      self.onlyDiverging = onlyDiverging
    }

    /// Writes a line for each step of `batch`, whose lanes wrote its objects, and hands out the
    /// bytes whenever 64 KiB are written.
    public mutating func write(
      _ batch: Batch, flushing output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
      precondition(batch.wording == .json, "the lanes did not word the batch as JSON")
      if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
      let storage = self.storage
      let onlyDiverging = self.onlyDiverging
      let columnCount = batch.columnCount
      batch.withWritten { written in
        // Where the step before's bytes after its own words are, while they are in the storage:
        // a step with the same words in every layout that diverges as it did copies them. `nil`
        // when they are not.
        var lastLayouts: Range<Int>?
        var lastDiverges = false
        for index in 0..<written.count {
          let diverges = written.diverges(index)
          guard diverges || !onlyDiverging else {
            lastLayouts = nil
            continue
          }
          let step = written.stepWords(index)
          storage.reserve(step.count)
          storage.append(step.baseAddress, count: step.count)
          let start = storage.count
          if let layouts = lastLayouts, diverges == lastDiverges, written.repeatsWords(index) {
            storage.reserve(layouts.count)
            storage.append(storage.base + layouts.lowerBound, count: layouts.count)
          } else {
            TextBytes.append(
              diverges ? ",\"diverges\":true,\"layouts\":[" : ",\"diverges\":false,\"layouts\":[",
              to: storage)
            for column in 0..<columnCount {
              let words = written.words(index, column: column)
              storage.reserve(words.count + 1)
              if column > 0 { storage.append(UInt8(ascii: ",")) }
              storage.append(words.baseAddress, count: words.count)
            }
            TextBytes.append("]}\n", to: storage)
          }
          lastLayouts = start..<storage.count
          lastDiverges = diverges
          if storage.count >= 1 << 16 {
            output(storage.buffer)
            storage.count = 0
            lastLayouts = nil
          }
        }
      }
    }

    /// Hands out the bytes written since the last flush, and forgets them.
    public mutating func flush(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
      if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
      body(storage.buffer)
      storage.count = 0
    }
  }
}
