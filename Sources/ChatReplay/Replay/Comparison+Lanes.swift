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
    /// The events, in order; `nil` for step 0 (the initial states).
    public let events: [TimedEvent?]
    /// The time of the initial states, when the batch holds step 0.
    let startTime: Double
    /// Each column's cells, one per event, once the column's lane has reduced the batch.
    fileprivate let columns: [ColumnCells]

    init(firstStep: Int, events: [TimedEvent?], startTime: Double, columnCount: Int) {
      self.firstStep = firstStep
      self.events = events
      self.startTime = startTime
      columns = (0..<columnCount).map { _ in ColumnCells() }
    }

    /// The number of steps.
    public var count: Int { events.count }

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
      last = Cell(state)
      last.diagnostics = []
      last = nextCell()
    }

    /// Reduces the events of `batch`, which must follow the last batch this lane reduced, and
    /// fills the batch's cells of the lane's column.
    public mutating func reduce(_ batch: Batch) {
      let column = batch.columns[column]
      var cells = column.cells
      column.cells = []
      cells.removeAll(keepingCapacity: true)
      cells.reserveCapacity(batch.count)
      batch.events.withUnsafeBufferPointer { events in
        for event in events {
          if let event {
            if let system = screen.reduceGivingSystemInset(into: &state, event) {
              systemBottom = system.bottom
            }
            last = nextCell()
          }
          cells.append(last)
        }
      }
      column.cells = cells
    }

    /// The cell of ``state``: `adjustedContentInset.bottom` from the system inset at hand, and
    /// the diagnostics in an array of the cell's own (the state's stays unique, so the next
    /// reduce empties it in place), shared with the previous cell while they are the same.
    @inline(__always)
    private func nextCell() -> Cell {
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
