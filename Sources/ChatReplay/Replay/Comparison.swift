/// One recording replayed through several layouts, step by step, for `replay compare`.
///
/// Each step keeps, per layout, what a reader compares: the input bar's frame, the effective
/// (adjusted) bottom inset, the offset and the diagnostics. A step *diverges* when the layouts
/// disagree on any of them.
///
/// ```text
/// $ replay compare Recordings/basic-chat.jsonl --layouts rxkeyboard,growing
/// step        t  event                                          layout           input bar              inset.b  offset.y  diagnostics
///    1    1.000  keyboard willChangeFrame → (0, 516, 393×336) ≠ rxkeyboard       (0, 438, 393×44)           414       808  keyboard-gap
///                                                               growing          (0, 802, 393×50)             0         0  unsafe-input
/// ```
public struct Comparison: Sendable {
  /// What one layout shows at one step.
  public struct Cell: Hashable, Sendable {
    public var inputBarFrame: Rect
    /// `adjustedContentInset.bottom`.
    public var bottomInset: Double
    /// `contentOffset.y`.
    public var offsetY: Double
    public var diagnostics: [Diagnostic]

    /// The cell of `state`.
    public init(_ state: ChatState) {
      inputBarFrame = state.inputBar.frame
      bottomInset = state.adjustedContentInset.bottom
      offsetY = state.list.contentOffsetY
      diagnostics = state.diagnostics
    }
  }

  /// A layout to compare, with the RxKeyboard release when it is `rxkeyboard`.
  public struct Column: Hashable, Sendable {
    public var layout: LayoutID
    public var rxKeyboardVersion: RxKeyboardLayout.Version

    public init(_ layout: LayoutID, rxKeyboardVersion: RxKeyboardLayout.Version = .v1) {
      self.layout = layout
      self.rxKeyboardVersion = rxKeyboardVersion
    }

    /// Every available layout, `rxkeyboard` following `rxKeyboardVersion`.
    public static func every(rxKeyboardVersion: RxKeyboardLayout.Version = .v1) -> [Column] {
      LayoutID.allCases.map { Column($0, rxKeyboardVersion: rxKeyboardVersion) }
    }

    /// `growing`, `rxkeyboard`, or `rxkeyboard@2.0.1` when the release is not the sample's (1.0.0).
    public var name: String {
      guard layout == .rxkeyboard, rxKeyboardVersion != .v1 else { return layout.rawValue }
      return "\(layout.rawValue)@\(rxKeyboardVersion.rawValue)"
    }

    /// Reads a ``name``; `rxkeyboard@1.0.0` is accepted too.
    public init?(name: String) {
      let parts = name.split(separator: "@", maxSplits: 1).map(String.init)
      guard let first = parts.first, let layout = LayoutID(rawValue: first) else { return nil }
      var version = RxKeyboardLayout.Version.v1
      if parts.count == 2 {
        guard layout == .rxkeyboard, let given = RxKeyboardLayout.Version(rawValue: parts[1]) else {
          return nil
        }
        version = given
      }
      self.init(layout, rxKeyboardVersion: version)
    }
  }

  /// One step: the event and one cell per column, in the order of ``columns``.
  public struct Row: Sendable {
    public var step: Int
    public var t: Double
    /// The event that made the step; `nil` for step 0.
    public var event: Event?
    public var cells: [Cell]

    /// Whether the layouts disagree here.
    public var diverges: Bool {
      guard let first = cells.first else { return false }
      return cells.contains { $0 != first }
    }
  }

  /// The header the recording starts with (the default one if it has none).
  public var header: SessionHeader
  /// The layouts compared, in order.
  public var columns: [Column]
  public var rows: [Row]
  /// The lines that could not be replayed; the rows stop at the first.
  public var errors: [RecordingError]

  /// Replays the whole recording in `bytes` through each of `columns` (the header's own layout,
  /// `options.layout` and `options.rxKeyboardVersion` are ignored), stopping at the first bad
  /// line.
  public init(
    replaying bytes: UnsafeBufferPointer<UInt8>, columns: [Column] = Column.every(),
    options: Replayer.Options = Replayer.Options()
  ) {
    self.columns = columns
    var comparator = Comparator(columns: columns, options: options)
    var rows: [Row] = []
    func take(_ output: Comparator.Output) -> Bool {
      if case .row(let row) = output { rows.append(row) }
      return true
    }
    if comparator.read(bytes, take) { comparator.finish(take) }
    self.rows = rows
    header = comparator.header ?? .default
    errors = comparator.error.map { [$0] } ?? []
  }

  /// The steps where the layouts disagree.
  public var divergingSteps: [Int] { rows.filter(\.diverges).map(\.step) }

  // MARK: Text

  /// The column headings of ``lines(file:onlyDiverging:)``.
  public static let heading =
    "step        t  event                                          layout           input bar              inset.b  offset.y  diagnostics"

  /// The comparison as text: a title, the heading, one line per layout per step (a `≠` marks
  /// the steps that diverge), and a closing count.
  public func lines(file: String, onlyDiverging: Bool = false) -> [String] {
    var lines = [Self.title(file: file, header: header, columns: columns), "", Self.heading]
    for row in rows where !onlyDiverging || row.diverges {
      lines += Self.lines(for: row, columns: columns)
    }
    let diverging = divergingSteps
    lines += [
      "", Self.closing(stepCount: rows.count, diverging: diverging.count, first: diverging.first),
    ]
    return lines
  }

  /// The first line: the layouts, the device, the header's own layout.
  public static func title(file: String, header: SessionHeader, columns: [Column]) -> String {
    let f = JSONWriter.format
    let device = header.device
    return "\(file): \(columns.map(\.name).joined(separator: ", ")) on \(device.model), "
      + "\(f(device.screen.width))×\(f(device.screen.height)) pt, safe area \(device.safeArea.summary)"
      + " (header layout: \((header.layout ?? .rxkeyboard).rawValue))"
  }

  /// One step: a line per column, the step, time, event and `≠` on the first.
  public static func lines(for row: Row, columns: [Column]) -> [String] {
    let f = JSONWriter.format
    let event = row.event.map { String($0.summary.prefix(44)) } ?? "(start)"
    let prefix =
      Summary.pad(String(row.step), 4, right: true) + "  "
      + Summary.pad(Summary.fixed3(row.t), 7, right: true)
      + "  " + Summary.pad(event, 44) + " " + (row.diverges ? "≠" : " ") + " "
    var lines: [String] = []
    for (column, cell) in zip(columns, row.cells) {
      var line = lines.isEmpty ? prefix : String(repeating: " ", count: prefix.count)
      line += Summary.pad(column.name, 16) + " "
      line += Summary.pad(cell.inputBarFrame.summary, 22) + " "
      line += Summary.pad(f(cell.bottomInset), 7, right: true) + "  "
      line += Summary.pad(f(cell.offsetY), 8, right: true)
      if !cell.diagnostics.isEmpty {
        line += "  " + cell.diagnostics.map(\.id).joined(separator: " ")
      }
      lines.append(line)
    }
    return lines
  }

  /// `42 steps, 9 diverging (first at step 12)`.
  public static func closing(stepCount: Int, diverging: Int, first: Int?) -> String {
    var closing = "\(stepCount) step\(stepCount == 1 ? "" : "s"), \(diverging) diverging"
    if let first { closing += " (first at step \(first))" }
    return closing
  }

  // MARK: JSON

  /// Writes one step as `replay compare --json` prints it.
  ///
  /// ```text
  /// {"step":1,"t":0.7,"event":{"t":0.7,"type":"keyboard",…},"diverges":true,
  ///  "layouts":[{"layout":"rxkeyboard","rxKeyboardVersion":"1.0.0","inputBar":{"frame":{…}},"bottomInset":414,
  ///              "offsetY":1038,"diagnostics":[…]},…]}
  /// ```
  public func write(_ row: Row, to writer: inout some StructuredWriter) {
    Self.write(row, columns: columns, to: &writer)
  }

  /// Writes one step of a comparison of `columns`.
  public static func write(
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
      writer.string(column.layout.rawValue)
      if column.layout == .rxkeyboard {
        writer.key("rxKeyboardVersion")
        writer.string(column.rxKeyboardVersion.rawValue)
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
