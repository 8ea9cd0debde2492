extension Comparison {
  /// Steps of a comparison gathered to be reduced together: their events, then each column's
  /// cells, which the column's ``Lane`` fills.
  ///
  /// The events are written once, by the ``Comparator`` that gathers them, before the batch is
  /// handed out, and only read after: the lanes of different columns may reduce the same batch
  /// on different threads at once, each writing only its own column's cells.
  public final class Batch: @unchecked Sendable {
    /// The step of the first event.
    public let firstStep: Int
    /// Whether the batch begins with step 0, the initial states, which no event made.
    public let startsAtStepZero: Bool
    /// The events, in order: one per step, after step 0 if the batch holds it.
    public let events: [TimedEvent]
    /// The time of the initial states, when the batch holds step 0.
    let startTime: Double
    /// Each column's cells, one per event, once the column's lane has reduced the batch.
    fileprivate let columns: [ColumnCells]

    init(
      firstStep: Int, startsAtStepZero: Bool, events: [TimedEvent], startTime: Double,
      columnCount: Int
    ) {
      self.firstStep = firstStep
      self.startsAtStepZero = startsAtStepZero
      self.events = events
      self.startTime = startTime
      columns = (0..<columnCount).map { _ in ColumnCells() }
    }

    /// The number of steps.
    public var count: Int { events.count + (startsAtStepZero ? 1 : 0) }

    /// The event that made the batch's step `index`; `nil` for step 0.
    @inline(__always)
    public func event(_ index: Int) -> TimedEvent? {
      guard startsAtStepZero else { return events[index] }
      return index == 0 ? nil : events[index - 1]
    }

    /// The number of columns.
    var columnCount: Int { columns.count }

    /// The cell of `column` at the batch's step `index`; its lane must have reduced the batch.
    @inline(__always)
    func cell(_ index: Int, column: Int) -> Cell { columns[column].cells[index] }
  }

  /// One column's cells in a batch: written by its lane alone.
  fileprivate final class ColumnCells: @unchecked Sendable {
    var cells: [Cell] = []
  }

  /// One column's screen and latest state, reducing a comparison's batches in order.
  ///
  /// A lane holds only value types, so it can be handed to another thread between two batches.
  public struct Lane: Sendable {
    /// The column's position in the comparison.
    public let column: Int
    /// The time of the initial state.
    let startTime: Double
    private let screen: ChatScreen
    private var state: ChatState
    /// The bottom of the system inset the layout gave the latest state.
    private var systemBottom: Double
    /// The cell of the latest state, whose diagnostics the next cell shares while they are equal.
    private var last: Cell

    /// The lane of column `column`, at `screen`'s initial state for `header`.
    init(column: Int, screen: ChatScreen, header: SessionHeader) {
      self.column = column
      self.screen = screen
      state = screen.initialState(header: header)
      startTime = state.t
      systemBottom = state.systemInset.bottom
      var first = Cell(state)
      first.diagnostics = []
      last = Self.nextCell(state, systemBottom, after: first)
    }

    /// Reduces the events of `batch`, which must follow the last batch this lane reduced, and
    /// fills the batch's cells of the lane's column.
    public mutating func reduce(_ batch: Batch) {
      let column = batch.columns[column]
      var cells = column.cells
      column.cells = []
      cells.removeAll(keepingCapacity: true)
      cells.reserveCapacity(batch.count)
      if batch.startsAtStepZero { cells.append(last) }
      // The screen in a local of its own: read from `self` while `state` changes, it would be
      // copied for every event.
      let screen = self.screen
      batch.events.withUnsafeBufferPointer { events in
        Self.reduce(events, screen, &state, &systemBottom, &last, into: &cells)
      }
      column.cells = cells
    }

    private static func reduce(
      _ events: UnsafeBufferPointer<TimedEvent>, _ screen: ChatScreen, _ state: inout ChatState,
      _ systemBottom: inout Double, _ last: inout Cell, into cells: inout [Cell]
    ) {
      for index in events.indices {
        if let system = screen.reduceGivingSystemInset(into: &state, events[index]) {
          systemBottom = system.bottom
        }
        last = nextCell(state, systemBottom, after: last)
        cells.append(last)
      }
    }

    /// The cell of `state`, whose system inset's bottom is `systemBottom`: its
    /// `adjustedContentInset.bottom` from that, and the diagnostics in an array of the cell's own
    /// (the state's stays unique, so the next reduce empties it in place), shared with `last`'s
    /// while they are the same.
    @inline(__always)
    private static func nextCell(_ state: ChatState, _ systemBottom: Double, after last: Cell)
      -> Cell
    {
      var cell = last
      cell.inputBarFrame = state.inputBar.frame
      cell.bottomInset = state.list.contentInset.bottom + systemBottom
      cell.offsetY = state.list.contentOffsetY
      if state.diagnostics != cell.diagnostics {
        cell.diagnostics = state.diagnostics.withUnsafeBufferPointer { Array($0) }
      }
      return cell
    }
  }
}
