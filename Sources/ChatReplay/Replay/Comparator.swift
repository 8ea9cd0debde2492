/// Replays one recording through several layouts as its bytes arrive, and hands out the header
/// and then each step's ``Comparison/Row``: the streaming side of `replay compare`.
///
/// Each line is decoded once and its event reduced by every column's layout, built-in or written
/// outside the library. Memory stays bounded by one state per column, whatever the length of the
/// recording.
///
/// ```swift
/// var comparator = Comparator(columns: Comparison.Column.every())
/// comparator.read(chunk) { output in … return true }   // false stops the comparison
/// comparator.finish { output in … return true }
/// ```
public struct Comparator: Sendable {
  /// What the comparison produced.
  public enum Output: Sendable {
    /// The comparison begins: the header (the default one if the file has none).
    case start(SessionHeader)
    /// One step, through every column.
    case row(Comparison.Row)
  }

  /// The layouts compared, in order.
  public let columns: [Comparison.Column]
  private var replay: SideBySideReplay
  /// The recording's header, once read (the default one if the file has none).
  public var header: SessionHeader? { replay.header }
  /// The first line that could not be replayed; the rows stop before it.
  public private(set) var error: RecordingError?
  private var isStopped = false
  /// The row handed out last, whose cells are overwritten in place for the next.
  private var row = Comparison.Row(step: 0, t: 0, event: nil, cells: [])

  /// Compares `columns`; `options` gives the measurer, the line limit and the command line's
  /// layout options (its layouts and RxKeyboard release are the columns').
  ///
  /// The header's and `options`' layout options go to every column whose layout declares them.
  public init(columns: [Comparison.Column], options: Replayer.Options = Replayer.Options()) {
    self.columns = columns
    replay = SideBySideReplay(layouts: columns.map(\.layout), options: options)
  }

  /// Compares the steps of the next chunk; returns `false` once stopped.
  ///
  /// `decoded` is the same chunk decoded ahead of time (perhaps on another thread), which saves
  /// decoding its lines here.
  @discardableResult
  public mutating func read(
    _ chunk: UnsafeBufferPointer<UInt8>, decoded: DecodedChunk? = nil,
    _ body: (Output) -> Bool
  ) -> Bool {
    guard !isStopped, !columns.isEmpty else { return false }
    var failure: RecordingError?
    var row = takeRow()
    defer { self.row = row }
    let going = replay.read(
      chunk, decoded: decoded, start: { body(.start($0)) },
      step: { Self.hand($0, $1, into: &row, body) },
      error: {
        failure = $0
        return false
      })
    return settle(going, failure)
  }

  /// Compares the last line and ends the comparison.
  @discardableResult
  public mutating func finish(_ body: (Output) -> Bool) -> Bool {
    guard !isStopped, !columns.isEmpty else { return false }
    var failure: RecordingError?
    var row = takeRow()
    defer { self.row = row }
    let going = replay.finish(
      start: { body(.start($0)) }, step: { Self.hand($0, $1, into: &row, body) },
      error: {
        failure = $0
        return false
      })
    return settle(going, failure)
  }

  /// Moves the row out, so that its cells stay uniquely referenced while they are overwritten.
  private mutating func takeRow() -> Comparison.Row {
    let row = self.row
    self.row = Comparison.Row(step: 0, t: 0, event: nil, cells: [])
    return row
  }

  /// Hands out the step of `states` in `row`, overwritten in place: a closure that keeps the row
  /// keeps a copy.
  private static func hand(
    _ event: TimedEvent?, _ states: [ChatState], into row: inout Comparison.Row,
    _ body: (Output) -> Bool
  ) -> Bool {
    row.step = states[0].step
    row.t = states[0].t
    row.event = event?.event
    // Read through a pointer, so that no state is copied for the few values a cell takes.
    states.withUnsafeBufferPointer { states in
      guard row.cells.count == states.count else {
        row.cells = states.map(Comparison.Cell.init)
        return
      }
      for index in states.indices {
        row.cells[index].inputBarFrame = states[index].inputBar.frame
        row.cells[index].bottomInset = states[index].adjustedContentInset.bottom
        row.cells[index].offsetY = states[index].list.contentOffsetY
        // The cell's diagnostics are copied into its own buffer rather than sharing the state's,
        // which the next reduce would then have to copy before clearing it.
        row.cells[index].diagnostics.removeAll(keepingCapacity: true)
        row.cells[index].diagnostics.append(contentsOf: states[index].diagnostics)
      }
    }
    return body(.row(row))
  }

  private mutating func settle(_ going: Bool, _ failure: RecordingError?) -> Bool {
    if let failure, error == nil { error = failure }
    if !going || failure != nil { isStopped = true }
    return !isStopped
  }
}
