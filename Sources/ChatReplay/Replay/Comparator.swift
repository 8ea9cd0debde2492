/// Replays one recording through several layouts as its bytes arrive, and hands out the header
/// and then each step's ``Comparison/Row``: the streaming side of `replay compare`.
///
/// Each line is decoded once and its event reduced by every column's layout, built-in or written
/// outside the library. Memory stays bounded by one state per column and the steps of one chunk,
/// whatever the length of the recording.
///
/// ```swift
/// var comparator = Comparator(columns: Comparison.Column.every())
/// comparator.read(chunk) { output in … return true }   // false stops the comparison
/// comparator.finish { output in … return true }
/// ```
///
/// The layouts are independent of each other, so ``gather(_:decoded:_:)`` hands out the steps
/// of each chunk as a ``Comparison/Batch`` and each column's ``Comparison/Lane`` instead, for a
/// caller to reduce on several threads; ``hand(_:into:_:)`` then makes the rows of a reduced
/// batch. With a ``Comparison/Wording`` of text or JSON, the lanes also write the table's words
/// or the objects of `--json` (and a lane of its own each step's number, time and event), so
/// that ``Comparison/TextPrinter/write(_:flushing:)`` and
/// ``Comparison/JSONPrinter/write(_:flushing:)`` only join them.
public struct Comparator: Sendable {
  /// What the comparison produced.
  public enum Output: Sendable {
    /// The comparison begins: the header (the default one if the file has none).
    case start(SessionHeader)
    /// One step, through every column.
    case row(Comparison.Row)
  }

  /// What ``gather(_:decoded:_:)`` hands out.
  public enum Gathered: Sendable {
    /// The comparison begins: the header, and each column's lane at its initial state.
    case start(SessionHeader, lanes: [Comparison.Lane])
    /// The next steps, to be reduced by every lane, in order, before their rows are made.
    case batch(Comparison.Batch)
  }

  /// The layouts compared, in order.
  public let columns: [Comparison.Column]
  /// What the lanes of ``gather(_:decoded:_:)`` write besides the cells.
  public let wording: Comparison.Wording
  /// The measurer, the line limit and the command line's layout options (each layout takes those
  /// it declares).
  private let options: Replayer.Options
  private var reader: RecordingReader
  /// The recording's header, once read (the default one if the file has none).
  public private(set) var header: SessionHeader?
  /// The first line that could not be replayed; the rows stop before it.
  public private(set) var error: RecordingError?
  private var isStopped = false
  /// The step of the next event.
  private var nextStep = 0
  /// The time of step 0.
  private var startTime = 0.0
  /// The lanes of ``read(_:decoded:_:)``, which reduces the batches itself.
  private var lanes: [Comparison.Lane] = []
  /// The row handed out last, whose cells are overwritten in place for the next.
  private var row = Comparison.Row(step: 0, t: 0, event: nil, cells: [])
  /// The most events a chunk held so far: what the next chunk's batch reserves, so that its
  /// array is not grown (and copied) a dozen times as the events arrive.
  private var eventsPerChunk = 0

  /// Compares `columns`; `options` gives the measurer, the line limit and the command line's
  /// layout options (its layouts and RxKeyboard release are the columns').
  ///
  /// The header's and `options`' layout options go to every column whose layout declares them.
  /// The lanes of ``gather(_:decoded:_:)`` write what `wording` says; ``read(_:decoded:_:)``
  /// needs the cells alone.
  public init(
    columns: [Comparison.Column], options: Replayer.Options = Replayer.Options(),
    wording: Comparison.Wording = .cells
  ) {
    self.columns = columns
    self.options = options
    self.wording = wording
    reader = RecordingReader(lineLimit: options.lineLimit)
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
    var (lanes, row) = takeLanesAndRow()
    defer { (self.lanes, self.row) = (lanes, row) }
    return gather(chunk, decoded: decoded) { Self.reduce($0, &lanes, &row, body) }
  }

  /// Compares the last line and ends the comparison.
  @discardableResult
  public mutating func finish(_ body: (Output) -> Bool) -> Bool {
    var (lanes, row) = takeLanesAndRow()
    defer { (self.lanes, self.row) = (lanes, row) }
    return finishGathering { Self.reduce($0, &lanes, &row, body) }
  }

  /// Reads the next chunk and hands out its steps as one batch, not yet reduced (after the lanes,
  /// at the start); returns `false` once stopped.
  ///
  /// The batch holds the steps before a bad line, if the chunk has one; ``error`` is then set.
  @discardableResult
  public mutating func gather(
    _ chunk: UnsafeBufferPointer<UInt8>, decoded: DecodedChunk? = nil,
    _ body: (Gathered) -> Bool
  ) -> Bool {
    guard !isStopped, !columns.isEmpty else { return false }
    var reader = takeReader()
    var events: [TimedEvent] = []
    events.reserveCapacity(eventsPerChunk)
    var startsAtStepZero = false
    var failure: RecordingError?
    let going = reader.read(chunk, decoded: decoded) {
      collect($0, into: &events, &startsAtStepZero, &failure, body)
    }
    self.reader = reader
    eventsPerChunk = max(eventsPerChunk, events.count)
    return settle(going, events, startsAtStepZero, failure, body)
  }

  /// Reads the last line, as ``gather(_:decoded:_:)`` does, and ends the comparison.
  @discardableResult
  public mutating func finishGathering(_ body: (Gathered) -> Bool) -> Bool {
    guard !isStopped, !columns.isEmpty else { return false }
    var reader = takeReader()
    var events: [TimedEvent] = []
    var startsAtStepZero = false
    var failure: RecordingError?
    let going = reader.finish { collect($0, into: &events, &startsAtStepZero, &failure, body) }
    self.reader = reader
    return settle(going, events, startsAtStepZero, failure, body)
  }

  /// Hands out the rows of `batch`, which every lane has reduced, in `row`, overwritten in place
  /// (a closure that keeps the row keeps a copy); `false` when `body` asked to stop.
  public static func hand(
    _ batch: Comparison.Batch, into row: inout Comparison.Row, _ body: (Output) -> Bool
  ) -> Bool {
    let columnCount = batch.columnCount
    if row.cells.count != columnCount {
      let empty = Comparison.Cell(inputBarFrame: .zero, bottomInset: 0, offsetY: 0)
      row.cells = Array(repeating: empty, count: columnCount)
    }
    for index in 0..<batch.count {
      let event = batch.event(index)
      row.step = batch.firstStep + index
      row.t = event?.t ?? batch.startTime
      row.event = event?.event
      for column in 0..<columnCount { batch.fill(&row.cells[column], at: index, column: column) }
      guard body(.row(row)) else { return false }
    }
    return true
  }

  /// The lanes reduce `gathered` here, one after the other, and its rows are handed out.
  private static func reduce(
    _ gathered: Gathered, _ lanes: inout [Comparison.Lane], _ row: inout Comparison.Row,
    _ body: (Output) -> Bool
  ) -> Bool {
    switch gathered {
    case .start(let header, let started):
      lanes = started
      return body(.start(header))
    case .batch(let batch):
      for index in lanes.indices { lanes[index].reduce(batch) }
      return hand(batch, into: &row, body)
    }
  }

  private mutating func collect(
    _ item: RecordingReader.Item, into events: inout [TimedEvent], _ startsAtStepZero: inout Bool,
    _ failure: inout RecordingError?, _ body: (Gathered) -> Bool
  ) -> Bool {
    switch item {
    case .event(let event, _, _):
      events.append(event)
      return true
    case .header(let header, let line):
      self.header = header
      var lanes: [Comparison.Lane] = []
      for (index, column) in columns.enumerated() {
        var layoutOptions = options
        layoutOptions.customLayout = column.layout
        // The header's and the command line's options are for whichever layouts have them.
        layoutOptions.skipsUndeclaredOptions = true
        do {
          let screen = try layoutOptions.screen(for: header, line: line)
          lanes.append(
            Comparison.Lane(
              column: index, of: columns, screen: screen, header: header, wording: wording))
        } catch let error {
          failure = error
          return false
        }
      }
      startTime = lanes.first?.startTime ?? 0
      if wording != .cells { lanes.append(Comparison.Lane(steps: wording)) }
      guard body(.start(header, lanes: lanes)) else { return false }
      // Step 0, the initial states.
      startsAtStepZero = true
      return true
    case .error(let error):
      failure = error
      return false
    }
  }

  /// Hands out the batch of `events` (the steps before a bad line too), and stops at a bad line
  /// or when asked to.
  private mutating func settle(
    _ going: Bool, _ events: [TimedEvent], _ startsAtStepZero: Bool,
    _ failure: RecordingError?, _ body: (Gathered) -> Bool
  ) -> Bool {
    var going = going
    if !events.isEmpty || startsAtStepZero {
      let batch = Comparison.Batch(
        firstStep: nextStep, startsAtStepZero: startsAtStepZero, events: events,
        startTime: startTime, columnCount: columns.count, wording: wording)
      nextStep += batch.count
      going = body(.batch(batch)) && going
    }
    if let failure, error == nil { error = failure }
    if !going || failure != nil { isStopped = true }
    return !isStopped
  }

  /// Moves the reader out, so that its buffer stays uniquely referenced while it reads.
  private mutating func takeReader() -> RecordingReader {
    let reader = self.reader
    self.reader = RecordingReader(lineLimit: 0)
    return reader
  }

  /// Moves the lanes and the row out, so that they stay uniquely referenced while they change.
  private mutating func takeLanesAndRow() -> ([Comparison.Lane], Comparison.Row) {
    defer {
      lanes = []
      row = Comparison.Row(step: 0, t: 0, event: nil, cells: [])
    }
    return (lanes, row)
  }
}
