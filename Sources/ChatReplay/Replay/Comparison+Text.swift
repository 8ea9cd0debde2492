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
  ///
  /// ``write(_:to:)`` writes the text as bytes, the fast path `replay compare` takes: a layout's
  /// part of a line is worded again only when its cell changed since the step before.
  public struct TextPrinter: Sendable {
    /// The recording's name, for the title.
    public let file: String
    public let columns: [Column]
    /// Whether only the diverging steps are printed (all are counted).
    public let onlyDiverging: Bool
    private var stepCount = 0
    private var divergingCount = 0
    private var firstDiverging: Int?
    private let names: [[UInt8]]
    /// Each column's last cell and its words, from the name to the diagnostics.
    private var cellTexts: [(cell: Cell, text: [UInt8])?]

    /// A printer for a comparison of `columns`.
    public init(file: String, columns: [Column], onlyDiverging: Bool = false) {
      self.file = file
      self.columns = columns
      self.onlyDiverging = onlyDiverging
      let width = Comparison.nameWidth(columns)
      names = columns.map { column in
        Array(column.name.utf8) + Array(repeating: 0x20, count: max(width - column.name.count, 0))
      }
      cellTexts = Array(repeating: nil, count: columns.count)
    }

    /// The lines for `item`: the title and heading at the start, a step's lines for a row.
    public mutating func lines(for item: Comparator.Output) -> [String] {
      var bytes: [UInt8] = []
      write(item, to: &bytes)
      guard !bytes.isEmpty else { return [] }
      bytes.removeLast()
      return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
    }

    /// Appends the lines for `item` to `bytes`, each ending in a newline: the text of
    /// ``lines(for:)``.
    public mutating func write(_ item: Comparator.Output, to bytes: inout [UInt8]) {
      switch item {
      case .start(let header):
        for line in [
          Comparison.title(file: file, header: header, columns: columns), "",
          Comparison.heading(columns: columns),
        ] {
          bytes.append(contentsOf: line.utf8)
          bytes.append(0x0A)
        }
      case .row(let row):
        stepCount += 1
        let diverges = row.diverges
        if diverges {
          divergingCount += 1
          if firstDiverging == nil { firstDiverging = row.step }
        }
        guard diverges || !onlyDiverging else { return }
        writeRow(row, diverges: diverges, to: &bytes)
      }
    }

    private mutating func writeRow(_ row: Row, diverges: Bool, to bytes: inout [UInt8]) {
      let start = bytes.count
      TextBytes.append(UInt64(row.step), width: 4, to: &bytes)
      bytes.append(contentsOf: [0x20, 0x20])
      var t: [UInt8] = []
      TextBytes.appendFixed3(row.t, to: &t)
      TextBytes.pad(t, count: t.count, width: 7, right: true, to: &bytes)
      bytes.append(contentsOf: [0x20, 0x20])
      var prefixCount = bytes.count - start
      if let event = row.event {
        let summary = event.summary
        let count: Int
        if summary.utf8.count <= 44 && summary.utf8.allSatisfy({ $0 < 0x80 }) {
          // ASCII: a byte is a character.
          count = summary.utf8.count
          TextBytes.pad(Array(summary.utf8), count: count, width: 44, right: false, to: &bytes)
        } else {
          let text = summary.prefix(44)
          count = text.count
          TextBytes.pad(Array(text.utf8), count: count, width: 44, right: false, to: &bytes)
        }
        prefixCount += max(count, 44)
      } else {
        TextBytes.pad(Array("(start)".utf8), count: 7, width: 44, right: false, to: &bytes)
        prefixCount += 44
      }
      bytes.append(0x20)
      if diverges { bytes.append(contentsOf: "≠".utf8) } else { bytes.append(0x20) }
      bytes.append(0x20)
      prefixCount += 3
      for (index, cell) in row.cells.enumerated() {
        if index > 0 { bytes.append(contentsOf: repeatElement(0x20, count: prefixCount)) }
        if let cached = cellTexts[index], cached.cell == cell {
          bytes.append(contentsOf: cached.text)
        } else {
          var text = names[index]
          Self.appendCell(cell, to: &text)
          bytes.append(contentsOf: text)
          cellTexts[index] = (cell, text)
        }
        bytes.append(0x0A)
      }
    }

    /// ` (0, 438, 393×44)          414       808  keyboard-gap`: the cell after its name.
    private static func appendCell(_ cell: Cell, to bytes: inout [UInt8]) {
      bytes.append(0x20)
      var frame: [UInt8] = [UInt8(ascii: "(")]
      let rect = cell.inputBarFrame
      JSONWriter.appendNumber(rect.x, to: &frame)
      frame.append(contentsOf: [UInt8(ascii: ","), 0x20])
      JSONWriter.appendNumber(rect.y, to: &frame)
      frame.append(contentsOf: [UInt8(ascii: ","), 0x20])
      JSONWriter.appendNumber(rect.width, to: &frame)
      frame.append(contentsOf: "×".utf8)
      JSONWriter.appendNumber(rect.height, to: &frame)
      frame.append(UInt8(ascii: ")"))
      // "×" is two bytes and one character; every other byte here is ASCII.
      TextBytes.pad(frame, count: frame.count - 1, width: 22, right: false, to: &bytes)
      bytes.append(0x20)
      var number: [UInt8] = []
      JSONWriter.appendNumber(cell.bottomInset, to: &number)
      TextBytes.pad(number, count: number.count, width: 7, right: true, to: &bytes)
      bytes.append(contentsOf: [0x20, 0x20])
      number.removeAll(keepingCapacity: true)
      JSONWriter.appendNumber(cell.offsetY, to: &number)
      TextBytes.pad(number, count: number.count, width: 8, right: true, to: &bytes)
      if !cell.diagnostics.isEmpty {
        bytes.append(0x20)
        for diagnostic in cell.diagnostics {
          bytes.append(0x20)
          bytes.append(contentsOf: diagnostic.id.utf8)
        }
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
    var printer = TextPrinter(file: "", columns: columns)
    return printer.lines(for: .row(row))
  }

  /// `42 steps, 9 diverging (first at step 12)`.
  public static func closing(stepCount: Int, diverging: Int, first: Int?) -> String {
    var closing = "\(stepCount) step\(stepCount == 1 ? "" : "s"), \(diverging) diverging"
    if let first { closing += " (first at step \(first))" }
    return closing
  }
}

/// Text for the comparison table, written as bytes.
enum TextBytes {
  /// `text`, which shows as `count` characters, padded with spaces to `width` characters.
  static func pad(_ text: [UInt8], count: Int, width: Int, right: Bool, to bytes: inout [UInt8]) {
    let padding = max(width - count, 0)
    if right { bytes.append(contentsOf: repeatElement(0x20, count: padding)) }
    bytes.append(contentsOf: text)
    if !right { bytes.append(contentsOf: repeatElement(0x20, count: padding)) }
  }

  /// `value`'s digits, right-aligned in `width` characters.
  static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
    var digits: [UInt8] = []
    appendDigits(value, to: &digits)
    pad(digits, count: digits.count, width: width, right: true, to: &bytes)
  }

  static func appendDigits(_ value: UInt64, to bytes: inout [UInt8]) {
    let start = bytes.count
    var rest = value
    repeat {
      bytes.append(UInt8(truncatingIfNeeded: rest % 10) &+ 48)
      rest /= 10
    } while rest > 0
    bytes[start...].reverse()
  }

  /// `t` with three decimals, as ``Summary`` writes it.
  static func appendFixed3(_ value: Double, to bytes: inout [UInt8]) {
    let thousandths = (value * 1000).rounded()
    guard thousandths.magnitude < 1e15 else {
      JSONWriter.appendNumber(value, to: &bytes)
      return
    }
    let integer = Int64(thousandths)
    if integer < 0 { bytes.append(UInt8(ascii: "-")) }
    let magnitude = integer.magnitude
    appendDigits(magnitude / 1000, to: &bytes)
    bytes.append(UInt8(ascii: "."))
    let fraction = magnitude % 1000
    bytes.append(UInt8(truncatingIfNeeded: fraction / 100) &+ 48)
    bytes.append(UInt8(truncatingIfNeeded: fraction / 10 % 10) &+ 48)
    bytes.append(UInt8(truncatingIfNeeded: fraction % 10) &+ 48)
  }
}
