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
  /// ``write(_:to:)`` writes the text as bytes, the fast path `replay compare` takes: each line
  /// is written through a pointer into one buffer, and a layout's part of a line is worded again
  /// only when what it shows changed since the step before.
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
    private var cellTexts: [CellText]
    /// The lines written and not yet handed out.
    private var storage = ByteStorage(capacity: 1 << 17)

    /// A cell and its words in the table.
    private struct CellText: Sendable {
      var cell: Cell?
      var text: [UInt8] = []

      /// Whether `cell` reads the same as ``cell``: the table shows its diagnostics' ids alone.
      @inline(__always)
      func isWorded(like cell: Cell) -> Bool {
        guard let old = self.cell else { return false }
        guard
          old.inputBarFrame == cell.inputBarFrame
            && old.bottomInset == cell.bottomInset && old.offsetY == cell.offsetY
            && old.diagnostics.count == cell.diagnostics.count
        else { return false }
        for (old, new) in zip(old.diagnostics, cell.diagnostics) where old.kind != new.kind {
          return false
        }
        return true
      }
    }

    /// A printer for a comparison of `columns`.
    public init(file: String, columns: [Column], onlyDiverging: Bool = false) {
      self.file = file
      self.columns = columns
      self.onlyDiverging = onlyDiverging
      names = columns.indices.map { Comparison.paddedName(columns, column: $0) }
      cellTexts = Array(repeating: CellText(), count: columns.count)
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
      write(item)
      flush { bytes.append(contentsOf: $0) }
    }

    /// Writes the lines for `item` after those written before, to be handed out by
    /// ``flush(_:)``.
    public mutating func write(_ item: Comparator.Output) {
      if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
      let storage = self.storage
      switch item {
      case .start(let header):
        for line in [
          Comparison.title(file: file, header: header, columns: columns), "",
          Comparison.heading(columns: columns),
        ] {
          var line = line
          line.withUTF8 { utf8 in
            storage.reserve(utf8.count + 1)
            storage.append(utf8.baseAddress, count: utf8.count)
            storage.append(0x0A)
          }
        }
      case .row(let row):
        stepCount += 1
        let diverges = row.diverges
        if diverges {
          divergingCount += 1
          if firstDiverging == nil { firstDiverging = row.step }
        }
        guard diverges || !onlyDiverging else { return }
        writeRow(row, diverges: diverges, to: storage)
      }
    }

    /// The number of bytes written and not yet handed out.
    public var unflushedCount: Int { storage.count }

    /// Hands out the bytes written since the last flush, and forgets them.
    public mutating func flush(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
      if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
      body(storage.buffer)
      storage.count = 0
    }

    /// Writes the rows of `batch`, whose lanes wrote the words of the table, and hands out the
    /// bytes whenever 64 KiB are written: the same text as ``write(_:)`` for each of its rows.
    ///
    /// Each step's line starts with its number, time and event as the steps' lane wrote them,
    /// and each layout's line holds the words its lane wrote: only the `≠`, the indents and the
    /// newlines are written here.
    public mutating func write(
      _ batch: Batch, flushing output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
      precondition(batch.wording == .text, "the lanes did not word the batch as text")
      if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
      let storage = self.storage
      let onlyDiverging = self.onlyDiverging
      let columnCount = batch.columnCount
      batch.withWritten { written in
        // Where the lines of the step before start after its step's words, up to the end of its
        // last line, while they are in the storage: a step with the same words in every layout,
        // the same mark and the same indent copies them. `nil` when they are not.
        var lastLines: Range<Int>?
        var lastDiverges = false
        for index in 0..<written.count {
          stepCount += 1
          let diverges = written.diverges(index)
          if diverges {
            divergingCount += 1
            if firstDiverging == nil { firstDiverging = batch.firstStep + index }
          }
          guard diverges || !onlyDiverging else {
            lastLines = nil
            continue
          }
          let step = written.stepWords(index)
          storage.reserve(step.count)
          storage.append(step.baseAddress, count: step.count)
          let start = storage.count
          if let lines = lastLines, diverges == lastDiverges, written.repeatsWords(index),
            written.indents[index] == written.indents[index - 1]
          {
            storage.reserve(lines.count)
            storage.append(storage.base + lines.lowerBound, count: lines.count)
          } else {
            TextBytes.append(diverges ? " ≠ " : "   ", to: storage)
            for column in 0..<columnCount {
              if column > 0 { TextBytes.appendSpaces(written.indents[index], to: storage) }
              let words = written.words(index, column: column)
              storage.reserve(words.count + 1)
              storage.append(words.baseAddress, count: words.count)
              storage.append(0x0A)
            }
          }
          lastLines = start..<storage.count
          lastDiverges = diverges
          if storage.count >= 1 << 16 {
            output(storage.buffer)
            storage.count = 0
            lastLines = nil
          }
        }
      }
    }

    private mutating func writeRow(_ row: Row, diverges: Bool, to storage: ByteStorage) {
      let prefixCount = Self.appendStep(row.step, t: row.t, event: row.event, to: storage)
      TextBytes.append(diverges ? " ≠ " : "   ", to: storage)
      for (index, cell) in row.cells.enumerated() {
        if index > 0 { TextBytes.appendSpaces(prefixCount, to: storage) }
        if cellTexts[index].isWorded(like: cell) {
          cellTexts[index].text.withUnsafeBufferPointer { text in
            storage.reserve(text.count + 1)
            storage.append(text.baseAddress, count: text.count)
          }
        } else {
          let cellStart = storage.count
          names[index].withUnsafeBufferPointer { name in
            storage.reserve(name.count)
            storage.append(name.baseAddress, count: name.count)
          }
          cell.diagnostics.withUnsafeBufferPointer { diagnostics in
            Self.appendCell(
              cell.inputBarFrame, cell.bottomInset, cell.offsetY, diagnostics, to: storage)
          }
          cellTexts[index].cell = cell
          cellTexts[index].text.removeAll(keepingCapacity: true)
          cellTexts[index].text.append(
            contentsOf: UnsafeBufferPointer(
              start: storage.base + cellStart, count: storage.count - cellStart))
          storage.reserve(1)
        }
        storage.append(0x0A)
      }
    }

    /// `   1    1.000  keyboard willChangeFrame → (0, 516, 393×336) `: a step's number, time
    /// and event (cut to 44 characters), up to the `≠` column; returns how many characters come
    /// before the layout column, which the step's other lines are indented by.
    static func appendStep(_ step: Int, t: Double, event: Event?, to storage: ByteStorage) -> Int {
      var keystrokes = KeystrokeSummary()
      return appendStep(step, t: t, event: event, to: storage, keystrokes: &keystrokes)
    }

    /// Writes a step's number, time and event as ``appendStep(_:t:event:to:)`` does, taking the
    /// summary of a keystroke from `keystrokes` when it is the last one's.
    @inline(__always)
    static func appendStep(
      _ step: Int, t: Double, event: Event?, to storage: ByteStorage,
      keystrokes: inout KeystrokeSummary
    ) -> Int {
      let rowStart = storage.count
      var start = rowStart
      TextBytes.appendDigits(UInt64(step), to: storage)
      TextBytes.alignRight(from: start, width: 4, in: storage)
      TextBytes.append("  ", to: storage)
      start = storage.count
      TextBytes.appendFixed3(t, to: storage)
      TextBytes.alignRight(from: start, width: 7, in: storage)
      TextBytes.append("  ", to: storage)
      start = storage.count
      var characters = 7
      if let event {
        characters = keystrokes.append(event, width: 44, to: storage)
      } else {
        TextBytes.append("(start)", to: storage)
      }
      TextBytes.appendSpaces(44 - characters, to: storage)
      return start - rowStart + max(characters, 44) + 3
    }

    /// ` (0, 438, 393×44)          414       808  keyboard-gap`: a cell after its name.
    static func appendCell(
      _ inputBarFrame: Rect, _ bottomInset: Double, _ offsetY: Double,
      _ diagnostics: UnsafeBufferPointer<Diagnostic>, to storage: ByteStorage
    ) {
      appendCellFrame(inputBarFrame, to: storage)
      appendCellNumbers(bottomInset, offsetY, to: storage)
      appendCellDiagnostics(diagnostics, to: storage)
    }

    /// ` (0, 438, 393×44)          `: the first part of ``appendCell(_:_:_:_:to:)``, which
    /// depends on the frame alone.
    @inline(__always)
    static func appendCellFrame(_ inputBarFrame: Rect, to storage: ByteStorage) {
      TextBytes.append(" ", to: storage)
      let start = storage.count
      SummaryText.append(inputBarFrame, to: storage)
      // "×" is two bytes and one character; every other byte here is ASCII.
      TextBytes.appendSpaces(22 - (storage.count - start - 1), to: storage)
    }

    /// `     414       808`: the inset and the offset, after ``appendCellFrame(_:to:)``.
    @inline(__always)
    static func appendCellNumbers(_ bottomInset: Double, _ offsetY: Double, to storage: ByteStorage)
    {
      TextBytes.append(" ", to: storage)
      var numberStart = storage.count
      SummaryText.appendNumber(bottomInset, to: storage)
      TextBytes.alignRight(from: numberStart, width: 7, in: storage)
      TextBytes.append("  ", to: storage)
      numberStart = storage.count
      SummaryText.appendNumber(offsetY, to: storage)
      TextBytes.alignRight(from: numberStart, width: 8, in: storage)
    }

    /// `  keyboard-gap`: the diagnostics' ids, after ``appendCellNumbers(_:_:to:)``.
    @inline(__always)
    static func appendCellDiagnostics(
      _ diagnostics: UnsafeBufferPointer<Diagnostic>, to storage: ByteStorage
    ) {
      if !diagnostics.isEmpty {
        TextBytes.append(" ", to: storage)
        for diagnostic in diagnostics {
          TextBytes.append(" ", to: storage)
          var id = diagnostic.id
          id.withUTF8 { id in
            storage.reserve(id.count)
            storage.append(id.baseAddress, count: id.count)
          }
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

  /// The name of `columns`' column `column`, padded with spaces to the layout column's width.
  static func paddedName(_ columns: [Column], column: Int) -> [UInt8] {
    let name = columns[column].name
    return Array(name.utf8)
      + Array(repeating: 0x20, count: max(nameWidth(columns) - name.count, 0))
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

/// The summary of the last keystroke whose text was shortened, kept with the bytes that alone
/// make it: its text's first 25 scalars when each is a character of its own, else its first 26
/// characters (see ``SummaryText/appendKeystroke(_:to:decisiveCount:)``).
///
/// Typing at the end of a long draft changes none of them, so that the keystrokes after it have
/// the same summary, copied rather than quoted and counted again.
struct KeystrokeSummary: Sendable {
  /// The first bytes of the last shortened text; empty when there is none.
  private var decisive: [UInt8] = []
  /// The summary of that text as written, cut to the width, and its number of characters.
  private var summary: [UInt8] = []
  private var characters = 0

  /// Appends `event`'s summary cut to `width` characters, as ``TextBytes/appendSummary(_:width:to:)``
  /// does: the number of characters written.
  @inline(__always)
  mutating func append(_ event: Event, width: Int, to storage: ByteStorage) -> Int {
    guard case .textChange(let original) = event else {
      return TextBytes.appendSummary(event, width: width, to: storage)
    }
    var text = original
    return text.withUTF8 { utf8 in
      if startsAsDecisive(utf8) {
        summary.withUnsafeBufferPointer { summary in
          storage.reserve(summary.count)
          storage.append(summary.baseAddress, count: summary.count)
        }
        return characters
      }
      // Most texts: printable ASCII, written as they are, one character a byte but the
      // ellipsis (three bytes) of a shortened one; at most 37 characters, so cut only in a
      // narrower column.
      let start = storage.count
      if let isShortened = SummaryText.appendPlainKeystroke(utf8, to: storage) {
        let characters = storage.count - start - (isShortened ? 2 : 0)
        guard characters > width else { return characters }
        return TextBytes.cutSummary(from: start, width: width, isPlain: true, in: storage)
      }
      return appendNew(utf8, original, width: width, to: storage)
    }
  }

  /// Whether `utf8` starts with the decisive bytes of the last shortened text.
  @inline(__always)
  private func startsAsDecisive(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = decisive.count
    guard count > 0, utf8.count >= count, let text = utf8.baseAddress else { return false }
    return decisive.withUnsafeBufferPointer { decisive in
      decisive.baseAddress.map { bytesEqual(text, $0, count: count) } ?? false
    }
  }

  /// Writes the summary of a keystroke of `text` (whose bytes are `utf8`) and keeps it when the
  /// text is shortened.
  private mutating func appendNew(
    _ utf8: UnsafeBufferPointer<UInt8>, _ text: String, width: Int, to storage: ByteStorage
  ) -> Int {
    let start = storage.count
    var decisiveCount = 0
    let isPlain = SummaryText.appendKeystroke(text, to: storage, decisiveCount: &decisiveCount)
    let characters = TextBytes.cutSummary(
      from: start, width: width, isPlain: isPlain, in: storage)
    decisive.removeAll(keepingCapacity: true)
    guard decisiveCount > 0 else { return characters }
    decisive.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<decisiveCount]))
    summary.removeAll(keepingCapacity: true)
    summary.append(
      contentsOf: UnsafeBufferPointer(start: storage.base + start, count: storage.count - start))
    self.characters = characters
    return characters
  }
}

/// Text for the comparison table, written as bytes into a buffer.
enum TextBytes {
  /// Sixty-four spaces, copied in runs.
  private static let spaces: StaticString =
    "                                                                "

  /// Appends `count` spaces (none when `count` is not positive).
  @inline(__always)
  static func appendSpaces(_ count: Int, to storage: ByteStorage) {
    guard count > 0 else { return }
    storage.reserve(count)
    var rest = count
    while rest > 0 {
      let run = min(rest, spaces.utf8CodeUnitCount)
      storage.append(spaces.utf8Start, count: run)
      rest -= run
    }
  }

  @inline(__always)
  static func append(_ text: StaticString, to storage: ByteStorage) {
    storage.reserve(text.utf8CodeUnitCount)
    storage.append(text.utf8Start, count: text.utf8CodeUnitCount)
  }

  /// Moves the ASCII text written since `start` right, behind spaces, to fill `width` columns.
  @inline(__always)
  static func alignRight(from start: Int, width: Int, in storage: ByteStorage) {
    let length = storage.count - start
    guard length < width else { return }
    let padding = width - length
    storage.reserve(padding)
    let base = storage.base + start
    var index = length
    while index > 0 {
      index -= 1
      base[index + padding] = base[index]
    }
    base.update(repeating: 0x20, count: padding)
    storage.count += padding
  }

  /// The decimal digits of `value`.
  @inline(__always)
  static func appendDigits(_ value: UInt64, to storage: ByteStorage) {
    storage.reserve(20)
    SummaryText.appendDigits(value, to: storage)
  }

  /// `event`'s summary, cut to `width` characters: the number of characters written.
  static func appendSummary(_ event: Event, width: Int, to storage: ByteStorage) -> Int {
    let start = storage.count
    return cutSummary(
      from: start, width: width, isPlain: SummaryText.append(event, to: storage), in: storage)
  }

  /// Cuts the summary written since `start` to `width` characters; returns how many are left.
  ///
  /// As ``appendSummary(_:width:to:)`` does; `isPlain` is what ``SummaryText/append(_:to:)``
  /// returned.
  static func cutSummary(from start: Int, width: Int, isPlain: Bool, in storage: ByteStorage)
    -> Int
  {
    if isPlain {
      // One character per scalar: the bytes that do not continue one (10xxxxxx), eight at a time.
      let base = storage.base + start
      let count = storage.count - start
      var continuing = 0
      var index = 0
      while index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        continuing += (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
        index += 8
      }
      while index < count {
        if base[index] & 0xC0 == 0x80 { continuing += 1 }
        index += 1
      }
      let characters = count - continuing
      guard characters > width else { return characters }
      // Cut before the scalar past `width`.
      var kept = 0
      index = 0
      while kept < width || base[index] & 0xC0 == 0x80 {
        if base[index] & 0xC0 != 0x80 { kept += 1 }
        index += 1
      }
      storage.count = start + index
      return width
    }
    // Its first `width` characters, in one walk: they are as many characters on their own.
    let text = String(
      decoding: UnsafeBufferPointer(start: storage.base + start, count: storage.count - start),
      as: UTF8.self)
    let walk = text.firstCharacters(width, markingAfter: width)
    storage.count = start + text.utf8.distance(from: text.startIndex, to: walk.end)
    return walk.count
  }

  /// `t` with three decimals, as ``Summary`` writes it.
  static func appendFixed3(_ value: Double, to storage: ByteStorage) {
    let thousandths = (value * 1000).rounded()
    guard thousandths.magnitude < 1e15 else {
      SummaryText.appendNumber(value, to: storage)
      return
    }
    let integer = Int64(thousandths)
    storage.reserve(24)
    if integer < 0 { storage.append(UInt8(ascii: "-")) }
    let magnitude = integer.magnitude
    SummaryText.appendDigits(magnitude / 1000, to: storage)
    storage.append(UInt8(ascii: "."))
    let fraction = magnitude % 1000
    storage.append(UInt8(truncatingIfNeeded: fraction / 100) &+ 48)
    storage.append(UInt8(truncatingIfNeeded: fraction / 10 % 10) &+ 48)
    storage.append(UInt8(truncatingIfNeeded: fraction % 10) &+ 48)
  }
}
