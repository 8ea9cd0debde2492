extension Comparison {
  /// What the lanes of a comparison write for each step, besides the cells.
  public enum Wording: Hashable, Sendable {
    /// Nothing: the cells alone, made into rows by ``Comparator/hand(_:into:_:)``.
    case cells
    /// Each layout's part of `replay compare`'s table, and each step's number, time and event.
    case text
    /// Each layout's object of `replay compare --json`, and each step's number, time and event.
    case json
  }

  /// Steps of a comparison gathered to be reduced together: their events, then each column's
  /// cells, which the column's ``Lane`` fills, and the words the lanes write for them.
  ///
  /// The events are written once, by the ``Comparator`` that gathers them, before the batch is
  /// handed out, and only read after: the lanes may fill the same batch on different threads at
  /// once, each writing only its own part (a column's cells and words, or the steps' words).
  public final class Batch: @unchecked Sendable {
    /// The step of the first event.
    public let firstStep: Int
    /// Whether the batch begins with step 0, the initial states, which no event made.
    public let startsAtStepZero: Bool
    /// The events, in order: one per step, after step 0 if the batch holds it.
    public let events: [TimedEvent]
    /// What the lanes write besides the cells.
    public let wording: Wording
    /// The number of steps.
    public let count: Int
    /// The time of the initial states, when the batch holds step 0.
    let startTime: Double
    /// The number of columns.
    let columnCount: Int
    /// Every column's cells, column after column (``count`` of them each): a lane writes only
    /// its own column's run, so that two lanes never write the same cache line.
    fileprivate let cells: UnsafeMutablePointer<StoredCell>
    /// Where each cell's words start and end in its column's ``ColumnCells/words``, laid out as
    /// ``cells``: a cell that reads as the one before shares its words.
    fileprivate let wordStarts: UnsafeMutablePointer<Int>
    fileprivate let wordEnds: UnsafeMutablePointer<Int>
    /// Each column's diagnostics and words, written by its lane alone.
    fileprivate let columns: [ColumnCells]
    /// Each step's number, time and event, written by the steps' lane.
    fileprivate let steps = StepWords()

    init(
      firstStep: Int, startsAtStepZero: Bool, events: [TimedEvent], startTime: Double,
      columnCount: Int, wording: Wording
    ) {
      self.firstStep = firstStep
      self.startsAtStepZero = startsAtStepZero
      self.events = events
      self.startTime = startTime
      self.columnCount = columnCount
      self.wording = wording
      count = events.count + (startsAtStepZero ? 1 : 0)
      cells = .allocate(capacity: max(count * columnCount, 1))
      wordStarts = .allocate(capacity: max(count * columnCount, 1))
      wordEnds = .allocate(capacity: max(count * columnCount, 1))
      columns = (0..<columnCount).map { _ in ColumnCells() }
    }

    // The cells and word ends are plain values: nothing to deinitialize.
    deinit {
      cells.deallocate()
      wordStarts.deallocate()
      wordEnds.deallocate()
    }

    /// The event that made the batch's step `index`; `nil` for step 0.
    @inline(__always)
    public func event(_ index: Int) -> TimedEvent? {
      guard startsAtStepZero else { return events[index] }
      return index == 0 ? nil : events[index - 1]
    }

    /// The time of the batch's step `index`.
    @inline(__always)
    func time(_ index: Int) -> Double { event(index)?.t ?? startTime }

    /// Sets `cell` to the cell of `column` at the batch's step `index`.
    ///
    /// The column's lane must have reduced the batch, and `cell` must hold the cell of the step
    /// before: it keeps its diagnostics array while they are the same run as that step's.
    @inline(__always)
    func fill(_ cell: inout Cell, at index: Int, column: Int) {
      let stored = cells[column * count + index]
      cell.inputBarFrame = stored.inputBarFrame
      cell.bottomInset = stored.bottomInset
      cell.offsetY = stored.offsetY
      if index > 0 {
        let previous = cells[column * count + index - 1]
        if previous.diagnosticsStart == stored.diagnosticsStart
          && previous.diagnosticsCount == stored.diagnosticsCount
        {
          return
        }
      }
      cell.diagnostics = columns[column].diagnostics.withUnsafeBufferPointer {
        Array(UnsafeBufferPointer(rebasing: $0[stored.diagnostics]))
      }
    }

    /// Calls `body` with what the lanes wrote: every column's diagnostics and words, and the
    /// steps' words, as pointers valid inside `body`.
    func withWritten<R>(_ body: (Written) -> R) -> R {
      var diagnostics: [UnsafeBufferPointer<Diagnostic>] = []
      diagnostics.reserveCapacity(columnCount)
      func nest(_ column: Int) -> R {
        guard column < columnCount else {
          return steps.ends.withUnsafeBufferPointer { ends in
            steps.indents.withUnsafeBufferPointer { indents in
              body(
                Written(
                  count: count, cells: UnsafePointer(cells), diagnostics: diagnostics,
                  words: columns.map { UnsafePointer($0.words.base) },
                  wordStarts: UnsafePointer(wordStarts), wordEnds: UnsafePointer(wordEnds),
                  steps: UnsafePointer(steps.words.base), stepEnds: ends, indents: indents))
            }
          }
        }
        return columns[column].diagnostics.withUnsafeBufferPointer { pointer in
          diagnostics.append(pointer)
          return nest(column + 1)
        }
      }
      return nest(0)
    }
  }

  /// What the lanes wrote into a batch, read through pointers.
  struct Written {
    /// The number of steps.
    let count: Int
    fileprivate let cells: UnsafePointer<StoredCell>
    fileprivate let diagnostics: [UnsafeBufferPointer<Diagnostic>]
    let words: [UnsafePointer<UInt8>]
    fileprivate let wordStarts: UnsafePointer<Int>
    fileprivate let wordEnds: UnsafePointer<Int>
    let steps: UnsafePointer<UInt8>
    let stepEnds: UnsafeBufferPointer<Int>
    /// Text: how many characters of the step's first line come before its layout column.
    let indents: UnsafeBufferPointer<Int>

    /// Whether the layouts disagree at step `index`: as ``Row/diverges``.
    @inline(__always)
    func diverges(_ index: Int) -> Bool {
      let first = cells[index]
      for column in 1..<max(diagnostics.count, 1) {
        let cell = cells[column * count + index]
        guard
          cell.inputBarFrame == first.inputBarFrame && cell.bottomInset == first.bottomInset
            && cell.offsetY == first.offsetY
            && cell.diagnosticsCount == first.diagnosticsCount
        else { return true }
        if cell.diagnosticsCount > 0
          && !UnsafeBufferPointer(rebasing: diagnostics[column][cell.diagnostics]).elementsEqual(
            UnsafeBufferPointer(rebasing: diagnostics[0][first.diagnostics]))
        {
          return true
        }
      }
      return false
    }

    /// Whether every column's words at step `index` are the very words of the step before (in
    /// this batch): a step that changed no layout's cell, such as most keystrokes.
    @inline(__always)
    func repeatsWords(_ index: Int) -> Bool {
      guard index > 0 else { return false }
      for column in 0..<words.count {
        let place = column * count + index
        guard wordStarts[place] == wordStarts[place - 1] && wordEnds[place] == wordEnds[place - 1]
        else { return false }
      }
      return true
    }

    /// The bytes of the steps' words for step `index`.
    @inline(__always)
    func stepWords(_ index: Int) -> UnsafeBufferPointer<UInt8> {
      let start = index == 0 ? 0 : stepEnds[index - 1]
      return UnsafeBufferPointer(start: steps + start, count: stepEnds[index] - start)
    }

    /// The bytes of `column`'s words for step `index`.
    @inline(__always)
    func words(_ index: Int, column: Int) -> UnsafeBufferPointer<UInt8> {
      let start = wordStarts[column * count + index]
      return UnsafeBufferPointer(
        start: words[column] + start, count: wordEnds[column * count + index] - start)
    }
  }

  /// A cell as a batch keeps it: its diagnostics are a run of its column's list, so that it holds
  /// no reference (copying and freeing cells counts no references).
  fileprivate struct StoredCell {
    var inputBarFrame: Rect
    var bottomInset: Double
    var offsetY: Double
    /// Where the cell's diagnostics start in its column's list; a cell whose diagnostics equal
    /// the previous cell's shares its run.
    var diagnosticsStart: Int
    var diagnosticsCount: Int

    var diagnostics: Range<Int> { diagnosticsStart..<diagnosticsStart + diagnosticsCount }
  }

  /// One column's diagnostics and words in a batch: written by its lane alone.
  fileprivate final class ColumnCells: @unchecked Sendable {
    /// The runs of diagnostics of the column's cells.
    var diagnostics: [Diagnostic] = []
    /// The words of the column's cells, one after the other.
    var words = ByteStorage(capacity: 16)
  }

  /// The steps' own words in a batch: written by the steps' lane alone.
  fileprivate final class StepWords: @unchecked Sendable {
    var words = ByteStorage(capacity: 16)
    /// Where each step's words end.
    var ends: [Int] = []
    /// Text: how many characters of each step's first line come before its layout column.
    var indents: [Int] = []
  }

  /// A part of a comparison that fills its share of each batch, in order: one column's cells
  /// and words, or the steps' words.
  ///
  /// A lane holds only value types, so it can be handed to another thread between two batches.
  public struct Lane: Sendable {
    private var layout: LayoutLane?
    private var steps: StepLane?

    /// The lane of column `column` of `columns`, at `screen`'s initial state for `header`,
    /// writing what `wording` asks for.
    init(
      column: Int, of columns: [Column], screen: ChatScreen, header: SessionHeader,
      wording: Wording
    ) {
      layout = LayoutLane(
        column: column, screen: screen, header: header,
        words: CellWords(columns, column: column, wording: wording))
    }

    /// The lane of the steps' own words.
    init(steps wording: Wording) {
      self.steps = StepLane(wording: wording)
    }

    /// The time of the initial state: a column's lane's.
    var startTime: Double? { layout?.startTime }

    /// Fills the lane's part of `batch`, which must follow the last batch this lane filled.
    public mutating func reduce(_ batch: Batch) {
      layout?.reduce(batch)
      steps?.write(batch)
    }
  }

  /// One column's screen and latest state, reducing a comparison's batches in order into the
  /// column's cells, and wording them.
  fileprivate struct LayoutLane: Sendable {
    /// The column's position in the comparison.
    let column: Int
    /// The time of the initial state.
    let startTime: Double
    private let screen: ChatScreen
    private var state: ChatState
    /// The bottom of the system inset the layout gave the latest state.
    private var systemBottom: Double
    /// The cell of the latest state (its run of diagnostics is in the batch before's list).
    private var last: StoredCell
    /// The diagnostics of ``last``.
    private var lastDiagnostics: [Diagnostic]
    private var words: CellWords

    init(column: Int, screen: ChatScreen, header: SessionHeader, words: CellWords) {
      self.column = column
      self.screen = screen
      self.words = words
      state = screen.initialState(header: header)
      startTime = state.t
      systemBottom = state.systemInset.bottom
      let empty = StoredCell(
        inputBarFrame: .zero, bottomInset: 0, offsetY: 0, diagnosticsStart: 0,
        diagnosticsCount: 0)
      var diagnostics: [Diagnostic] = []
      last = Self.nextCell(state, systemBottom, after: empty, &diagnostics)
      lastDiagnostics = diagnostics
    }

    /// Reduces the events of `batch` into the column's cells, then words them.
    mutating func reduce(_ batch: Batch) {
      let cells = batch.cells + column * batch.count
      // The batch's list starts with the latest cell's run, so that its first cell can share it.
      var diagnostics = lastDiagnostics
      diagnostics.reserveCapacity(lastDiagnostics.count + 64)
      var last = self.last
      last.diagnosticsStart = 0
      last.diagnosticsCount = lastDiagnostics.count
      let seed = last
      var first = cells
      if batch.startsAtStepZero {
        cells.initialize(to: last)
        first += 1
      }
      // The screen in a local of its own: read from `self` while `state` changes, it would be
      // copied for every event.
      let screen = self.screen
      batch.events.withUnsafeBufferPointer { events in
        Self.reduce(events, screen, &state, &systemBottom, &last, into: first, &diagnostics)
      }
      // The latest cell's run is a new one unless it is the run the list began with: a new run
      // starts past that one, or at 0 when that one was empty, and then it is not empty.
      if last.diagnosticsStart != 0 || last.diagnosticsCount != seed.diagnosticsCount {
        lastDiagnostics = Array(diagnostics[last.diagnostics])
      }
      self.last = last
      let column = batch.columns[self.column]
      let place = self.column * batch.count
      words.write(
        cells, count: batch.count, after: seed, diagnostics, into: column.words,
        starts: batch.wordStarts + place, ends: batch.wordEnds + place)
      column.diagnostics = diagnostics
    }

    private static func reduce(
      _ events: UnsafeBufferPointer<TimedEvent>, _ screen: ChatScreen, _ state: inout ChatState,
      _ systemBottom: inout Double, _ last: inout StoredCell,
      into cells: UnsafeMutablePointer<StoredCell>, _ diagnostics: inout [Diagnostic]
    ) {
      // The last keystroke taken whose text is not yet the state's. A keystroke that leaves the
      // state settled changes only its step, time and text, and nothing reads the text before
      // the next event that is not such a keystroke (or the batch's end): a run of keystrokes
      // stores one text, its last, instead of retaining and releasing each (texts the other
      // lanes share, on the other core).
      var pending: Int?
      defer { if let pending { takeText(of: events[pending], into: &state) } }
      for index in events.indices {
        if case .textChange = events[index].event,
          screen.takeKeystrokeSettled(into: &state, t: events[index].t)
        {
          pending = index
          (cells + index).initialize(to: last)
          continue
        }
        if let taken = pending {
          pending = nil
          takeText(of: events[taken], into: &state)
        }
        // A step that changed at most the text leaves the geometry, the system inset and the
        // diagnostics as they were: its cell is the step before's.
        if !screen.reduceSettled(into: &state, events[index]) {
          if let system = screen.reduceFullyGivingSystemInset(into: &state, events[index]) {
            systemBottom = system.bottom
          }
          last = nextCell(state, systemBottom, after: last, &diagnostics)
        }
        (cells + index).initialize(to: last)
      }
    }

    /// Makes the text of `event`, a keystroke the lane took settled, the state's input text, as
    /// ``ChatScreen/reduceSettled(into:_:)`` would have.
    @inline(never)
    private static func takeText(of event: TimedEvent, into state: inout ChatState) {
      if case .textChange(let text) = event.event { ChatScreen.takeSettledText(text, into: &state) }
    }

    /// The cell of `state`, whose system inset's bottom is `systemBottom`: its
    /// `adjustedContentInset.bottom` from that, and its diagnostics `last`'s run while they are
    /// the same, else a new run at the end of `diagnostics` (the state's array stays unique, so
    /// the next reduce empties it in place).
    @inline(__always)
    private static func nextCell(
      _ state: ChatState, _ systemBottom: Double, after last: StoredCell,
      _ diagnostics: inout [Diagnostic]
    ) -> StoredCell {
      var cell = last
      cell.inputBarFrame = state.inputBar.frame
      cell.bottomInset = state.list.contentInset.bottom + systemBottom
      cell.offsetY = state.list.contentOffsetY
      let isSame = state.diagnostics.withUnsafeBufferPointer { new in
        guard new.count == last.diagnosticsCount else { return false }
        guard !new.isEmpty else { return true }
        return diagnostics.withUnsafeBufferPointer {
          new.elementsEqual(UnsafeBufferPointer(rebasing: $0[last.diagnostics]))
        }
      }
      if !isSame {
        cell.diagnosticsStart = diagnostics.count
        cell.diagnosticsCount = state.diagnostics.count
        diagnostics.append(contentsOf: state.diagnostics)
      }
      return cell
    }
  }

  /// What a column's lane writes for its cells: the table's words or the `--json` objects,
  /// each copied from the cell before while it reads the same.
  fileprivate struct CellWords: Sendable {
    private var text: TextCellWords?
    private var json: JSONCellWords?

    init(_ columns: [Column], column: Int, wording: Wording) {
      switch wording {
      case .cells:
        break
      case .text:
        text = TextCellWords(name: Comparison.paddedName(columns, column: column))
      case .json:
        json = JSONCellWords(column: columns[column])
      }
    }

    mutating func write(
      _ cells: UnsafeMutablePointer<StoredCell>, count: Int, after seed: StoredCell,
      _ diagnostics: [Diagnostic], into storage: ByteStorage,
      starts: UnsafeMutablePointer<Int>, ends: UnsafeMutablePointer<Int>
    ) {
      diagnostics.withUnsafeBufferPointer { diagnostics in
        text?.write(
          cells, count: count, after: seed, diagnostics, into: storage, starts: starts, ends: ends)
        json?.write(
          cells, count: count, after: seed, diagnostics, into: storage, starts: starts, ends: ends)
      }
    }
  }

  /// A column's words in the table, from its name to its diagnostics' ids.
  fileprivate struct TextCellWords: Sendable {
    /// The column's name, padded to the width of the layout column.
    let name: [UInt8]
    /// The words of the latest cell, from the batch before; empty before the first.
    private var memo: [UInt8] = []
    private var hasMemo = false
    /// The bytes a cell took in the batch before: what the next one reserves.
    private var bytesPerCell = 32
    /// Where the parts of the words of the cell before end, counted from their start: the name
    /// and the frame come first, then the inset and the offset, then the diagnostics' ids.
    private var frameEnd = 0
    private var numbersEnd = 0

    init(name: [UInt8]) {
      self.name = name
    }

    mutating func write(
      _ cells: UnsafeMutablePointer<StoredCell>, count: Int, after seed: StoredCell,
      _ diagnostics: UnsafeBufferPointer<Diagnostic>, into storage: ByteStorage,
      starts: UnsafeMutablePointer<Int>, ends: UnsafeMutablePointer<Int>
    ) {
      var sharing = WordSharing(
        memo: hasMemo ? memo : nil, storage: storage, count: count, bytesPerCell: bytesPerCell)
      var previous = seed
      for index in 0..<count {
        let cell = cells[index]
        if !sharing.share(index, when: Self.readsAlike(cell, previous, diagnostics)) {
          writeCell(
            cell, after: previous, at: index,
            UnsafeBufferPointer(rebasing: diagnostics[cell.diagnostics]), sharing)
        }
        sharing.end(index, starts: starts, ends: ends)
        previous = cell
      }
      bytesPerCell = sharing.bytesPerCell
      if let kept = sharing.kept() {
        memo = kept
        hasMemo = true
      }
    }

    /// Writes the words of `cell`, the cell at `index`, whose part that reads as the same part
    /// of `previous`' words (the name and the frame; the inset and the offset) is copied from
    /// them, as ``TextPrinter/appendCell(_:_:_:_:to:)`` writes it after the name otherwise.
    @inline(__always)
    private mutating func writeCell(
      _ cell: StoredCell, after previous: StoredCell, at index: Int,
      _ diagnostics: UnsafeBufferPointer<Diagnostic>, _ sharing: WordSharing
    ) {
      let storage = sharing.storage
      let start = storage.count
      let hasPrevious = sharing.hasPrevious(index)
      if hasPrevious && cell.inputBarFrame == previous.inputBarFrame {
        sharing.appendPrevious(0..<frameEnd, at: index)
      } else {
        name.withUnsafeBufferPointer { name in
          storage.reserve(name.count)
          storage.append(name.baseAddress, count: name.count)
        }
        TextPrinter.appendCellFrame(cell.inputBarFrame, to: storage)
      }
      let newFrameEnd = storage.count - start
      if hasPrevious && cell.bottomInset == previous.bottomInset
        && cell.offsetY == previous.offsetY
      {
        sharing.appendPrevious(frameEnd..<numbersEnd, at: index)
      } else {
        TextPrinter.appendCellNumbers(cell.bottomInset, cell.offsetY, to: storage)
      }
      numbersEnd = storage.count - start
      frameEnd = newFrameEnd
      TextPrinter.appendCellDiagnostics(diagnostics, to: storage)
    }

    /// Whether `cell` reads the same as `previous`: the table shows the diagnostics' ids alone.
    @inline(__always)
    private static func readsAlike(
      _ cell: StoredCell, _ previous: StoredCell, _ diagnostics: UnsafeBufferPointer<Diagnostic>
    ) -> Bool {
      guard
        cell.inputBarFrame == previous.inputBarFrame && cell.bottomInset == previous.bottomInset
          && cell.offsetY == previous.offsetY
          && cell.diagnosticsCount == previous.diagnosticsCount
      else { return false }
      guard cell.diagnosticsStart != previous.diagnosticsStart else { return true }
      for offset in 0..<cell.diagnosticsCount
      where diagnostics[cell.diagnosticsStart + offset].kind
        != diagnostics[previous.diagnosticsStart + offset].kind
      {
        return false
      }
      return true
    }
  }

  /// Where a lane's words for each cell of a batch are: a cell that reads as the one before
  /// shares its bytes, so that only the cells that changed are written (and the first cell of a
  /// batch, when it reads as the last of the batch before, is copied from that cell's words).
  fileprivate struct WordSharing {
    /// The words of the cell before the batch's first, when there is one.
    let memo: [UInt8]?
    let storage: ByteStorage
    /// Where the words of the cell before start and end.
    private var previousStart = 0
    private var previousEnd = 0
    /// Where the current cell's words start, when they are its own.
    private var start = 0
    private var isShared = false
    private let count: Int

    /// Sharing for `count` cells, whose words take about `bytesPerCell` bytes each.
    init(memo: [UInt8]?, storage: ByteStorage, count: Int, bytesPerCell: Int) {
      self.memo = memo
      self.storage = storage
      self.count = count
      storage.reserve(count * bytesPerCell)
    }

    /// How many bytes a batch's cells took each, for the next batch to reserve.
    var bytesPerCell: Int { storage.count / max(count, 1) + 16 }

    /// Takes the words of the cell before for cell `index` when `isSame` and there is such a
    /// cell; `false` when the cell's words are to be written next.
    @inline(__always)
    mutating func share(_ index: Int, when isSame: Bool) -> Bool {
      isShared = false
      start = storage.count
      guard isSame else { return false }
      if index > 0 {
        isShared = true
        return true
      }
      guard let memo else { return false }
      memo.withUnsafeBufferPointer { memo in
        storage.reserve(memo.count)
        storage.append(memo.baseAddress, count: memo.count)
      }
      return true
    }

    /// Records where cell `index`'s words are.
    @inline(__always)
    mutating func end(
      _ index: Int, starts: UnsafeMutablePointer<Int>, ends: UnsafeMutablePointer<Int>
    ) {
      if !isShared {
        previousStart = start
        previousEnd = storage.count
      }
      starts[index] = previousStart
      ends[index] = previousEnd
    }

    /// Whether cell `index` has a cell before it whose words are at hand.
    @inline(__always)
    func hasPrevious(_ index: Int) -> Bool { index > 0 || memo != nil }

    /// How many bytes the words of the cell before cell `index` take.
    @inline(__always)
    func previousCount(at index: Int) -> Int {
      index > 0 ? previousEnd - previousStart : memo?.count ?? 0
    }

    /// Appends the bytes `range` of the words of the cell before cell `index`.
    @inline(__always)
    func appendPrevious(_ range: Range<Int>, at index: Int) {
      storage.reserve(range.count)
      guard index == 0 else {
        storage.append(storage.base + previousStart + range.lowerBound, count: range.count)
        return
      }
      memo?.withUnsafeBufferPointer { memo in
        storage.append(memo.baseAddress.map { $0 + range.lowerBound }, count: range.count)
      }
    }

    /// The words of the batch's last cell, to share with the next batch's first; `nil` when the
    /// batch had no cell.
    func kept() -> [UInt8]? {
      guard count > 0 else { return nil }
      let length = previousEnd - previousStart
      return Array(UnsafeBufferPointer(start: storage.base + previousStart, count: length))
    }
  }

  /// A column's objects in `--json`.
  fileprivate struct JSONCellWords: Sendable {
    /// The object's bytes before the input bar's frame: its layout, the layout's release,
    /// `"inputBar":{"frame":`.
    let head: [UInt8]
    /// The object of the latest cell, from the batch before; empty before the first.
    private var memo: [UInt8] = []
    private var hasMemo = false
    /// The bytes a cell took in the batch before: what the next one reserves.
    private var bytesPerCell = 128
    /// The diagnostics written last at each place in the list, and their bytes.
    private var diagnosticMemo = RecordMemo()
    /// Where the parts of the words of the cell before end, counted from their start.
    ///
    /// The layout and the frame come first, then the inset and the offset up to the opened
    /// `diagnostics` array, then the diagnostics and the closing brackets.
    private var frameEnd = 0
    private var numbersEnd = 0

    init(column: Column) {
      let storage = ByteStorage(capacity: 128)
      var tokens = StateBytesWriter(storage: storage, needsComma: false, memo: RecordMemo())
      Comparison.writeCellLayout(column, to: &tokens)
      head = Array(storage.buffer)
    }

    mutating func write(
      _ cells: UnsafeMutablePointer<StoredCell>, count: Int, after seed: StoredCell,
      _ diagnostics: UnsafeBufferPointer<Diagnostic>, into storage: ByteStorage,
      starts: UnsafeMutablePointer<Int>, ends: UnsafeMutablePointer<Int>
    ) {
      var sharing = WordSharing(
        memo: hasMemo ? memo : nil, storage: storage, count: count, bytesPerCell: bytesPerCell)
      // One writer for the batch, which holds the memo of the diagnostics meanwhile (so that its
      // arrays stay uniquely held).
      var taken = RecordMemo()
      swap(&taken, &diagnosticMemo)
      var tokens = StateBytesWriter(storage: storage, needsComma: false, memo: consume taken)
      defer { diagnosticMemo = tokens.memo }
      var previous = seed
      for index in 0..<count {
        let cell = cells[index]
        // Two cells in a row have the same diagnostics when they share the run.
        let isSame =
          cell.inputBarFrame == previous.inputBarFrame
          && cell.bottomInset == previous.bottomInset && cell.offsetY == previous.offsetY
          && cell.diagnosticsStart == previous.diagnosticsStart
          && cell.diagnosticsCount == previous.diagnosticsCount
        if !sharing.share(index, when: isSame) {
          writeCell(
            cell, after: previous, at: index,
            UnsafeBufferPointer(rebasing: diagnostics[cell.diagnostics]), sharing, &tokens)
        }
        sharing.end(index, starts: starts, ends: ends)
        previous = cell
      }
      bytesPerCell = sharing.bytesPerCell
      if let kept = sharing.kept() {
        memo = kept
        hasMemo = true
      }
    }

    /// Writes the object of `cell`, the cell at `index`, whose part that reads as the same part
    /// of `previous`' object (the frame; the inset and offset; the diagnostics) is copied from it.
    private mutating func writeCell(
      _ cell: StoredCell, after previous: StoredCell, at index: Int,
      _ diagnostics: UnsafeBufferPointer<Diagnostic>, _ sharing: WordSharing,
      _ tokens: inout StateBytesWriter
    ) {
      let storage = sharing.storage
      let start = storage.count
      let hasPrevious = sharing.hasPrevious(index)
      tokens.startRecord()
      if hasPrevious && cell.inputBarFrame == previous.inputBarFrame {
        sharing.appendPrevious(0..<frameEnd, at: index)
      } else {
        head.withUnsafeBufferPointer { head in
          storage.reserve(head.count)
          storage.append(head.baseAddress, count: head.count)
        }
        Comparison.writeCellFrame(cell.inputBarFrame, to: &tokens)
      }
      let newFrameEnd = storage.count - start
      if hasPrevious && cell.bottomInset == previous.bottomInset
        && cell.offsetY == previous.offsetY
      {
        sharing.appendPrevious(frameEnd..<numbersEnd, at: index)
      } else {
        tokens.needsComma = true
        Comparison.writeCellNumbers(
          bottomInset: cell.bottomInset, offsetY: cell.offsetY, to: &tokens)
      }
      let newNumbersEnd = storage.count - start
      // Two cells in a row have the same diagnostics when they share the run.
      if hasPrevious && cell.diagnosticsStart == previous.diagnosticsStart
        && cell.diagnosticsCount == previous.diagnosticsCount
      {
        sharing.appendPrevious(numbersEnd..<sharing.previousCount(at: index), at: index)
      } else {
        tokens.needsComma = false
        // Each diagnostic is copied from the last one written at its place while it is the
        // same.
        for diagnostic in diagnostics { tokens.diagnostic(diagnostic) }
        tokens.endArray()
        tokens.endObject()
      }
      frameEnd = newFrameEnd
      numbersEnd = newNumbersEnd
    }
  }

  /// The lane of the steps' own words: each step's number, time and event.
  fileprivate struct StepLane: Sendable {
    let wording: Wording
    /// The bytes a step took in the batch before: what the next one reserves.
    private var bytesPerStep = 128
    /// Text: the summary of the last keystroke whose text was shortened.
    private var keystrokes = KeystrokeSummary()

    init(wording: Wording) {
      self.wording = wording
    }

    mutating func write(_ batch: Batch) {
      let steps = batch.steps
      let storage = steps.words
      // The ends and indents in locals, filled, then stored: appending to the class's arrays
      // would check for exclusive access at every step.
      var ends: [Int] = []
      ends.reserveCapacity(batch.count)
      storage.reserve(batch.count * bytesPerStep)
      switch wording {
      case .cells:
        return
      case .text:
        var indents: [Int] = []
        indents.reserveCapacity(batch.count)
        for index in 0..<batch.count {
          let indent = TextPrinter.appendStep(
            batch.firstStep + index, t: batch.time(index), event: batch.event(index)?.event,
            to: storage, keystrokes: &keystrokes)
          ends.append(storage.count)
          indents.append(indent)
        }
        steps.indents = indents
      case .json:
        var tokens = StateBytesWriter(storage: storage, needsComma: false, memo: RecordMemo())
        for index in 0..<batch.count {
          tokens.startRecord()
          let event = batch.event(index)?.event
          // Keystrokes, most of the steps, without the general encoder.
          if case .textChange(let text)? = event {
            Comparison.writeKeystrokeStepHead(
              step: batch.firstStep + index, t: batch.time(index), text: text, to: &tokens)
          } else {
            Comparison.writeStepHead(
              step: batch.firstStep + index, t: batch.time(index), event: event, to: &tokens)
          }
          ends.append(storage.count)
        }
      }
      steps.ends = ends
      bytesPerStep = storage.count / max(batch.count, 1) + 16
    }
  }
}
