extension Comparison {
  /// The column headings of ``lines(file:onlyDiverging:)``.
  public static let heading =
    "step        t  event                                          layout           input bar              inset.b  offset.y  diagnostics"

  /// The comparison as text, as `replay compare` prints it: a title, the heading, one line per
  /// layout per step (a `≠` marks the steps that diverge), and a closing count.
  public func lines(file: String, onlyDiverging: Bool = false) -> [String] {
    var printer = TextPrinter(file: file, columns: columns, onlyDiverging: onlyDiverging)
    var lines = printer.lines(for: .start(header))
    for row in rows { lines += printer.lines(for: .row(row)) }
    return lines + printer.closingLines
  }

  /// Words a comparison as its steps arrive from a ``Comparator``, counting the steps and the
  /// diverging ones for the closing line.
  public struct TextPrinter: Sendable {
    /// The recording's name, for the title.
    public let file: String
    public let columns: [Column]
    /// Whether only the diverging steps are printed (all are counted).
    public let onlyDiverging: Bool
    private var stepCount = 0
    private var divergingCount = 0
    private var firstDiverging: Int?

    /// A printer for a comparison of `columns`.
    public init(file: String, columns: [Column], onlyDiverging: Bool = false) {
      self.file = file
      self.columns = columns
      self.onlyDiverging = onlyDiverging
    }

    /// The lines for `item`: the title and heading at the start, a step's lines for a row.
    public mutating func lines(for item: Comparator.Output) -> [String] {
      switch item {
      case .start(let header):
        return [
          Comparison.title(file: file, header: header, columns: columns), "",
          Comparison.heading(columns: columns),
        ]
      case .row(let row):
        stepCount += 1
        if row.diverges {
          divergingCount += 1
          if firstDiverging == nil { firstDiverging = row.step }
        }
        guard row.diverges || !onlyDiverging else { return [] }
        return Comparison.lines(for: row, columns: columns)
      }
    }

    /// A blank line and `42 steps, 9 diverging (first at step 12)`; nothing when no step was
    /// compared.
    public var closingLines: [String] {
      guard stepCount > 0 else { return [] }
      return [
        "",
        Comparison.closing(stepCount: stepCount, diverging: divergingCount, first: firstDiverging),
      ]
    }
  }

  /// The width of the layout column: 16, or the longest name (`keyboard-layout-guide`) in it.
  static func nameWidth(_ columns: [Column]) -> Int {
    max(16, columns.map(\.name.count).max() ?? 0)
  }

  /// ``heading`` with the layout column as wide as `columns`' names.
  public static func heading(columns: [Column]) -> String {
    let extra = nameWidth(columns) - 16
    guard extra > 0 else { return heading }
    return heading.replacingFirst("layout ", with: "layout " + String(repeating: " ", count: extra))
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
      line += Summary.pad(column.name, nameWidth(columns)) + " "
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
}
