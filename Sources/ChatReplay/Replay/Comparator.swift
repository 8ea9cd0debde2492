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

  /// Compares `columns`; `options` gives the measurer, the line limit and the command line's
  /// layout options (its layouts and RxKeyboard release are the columns').
  ///
  /// The header's and `options`' layout options go to every column whose layout declares them.
  public init(columns: [Comparison.Column], options: Replayer.Options = Replayer.Options()) {
    self.columns = columns
    replay = SideBySideReplay(layouts: columns.map(\.layout), options: options)
  }

  /// Compares the steps of the next chunk; returns `false` once stopped.
  @discardableResult
  public mutating func read(_ chunk: UnsafeBufferPointer<UInt8>, _ body: (Output) -> Bool)
    -> Bool
  {
    guard !isStopped, !columns.isEmpty else { return false }
    var failure: RecordingError?
    let going = replay.read(
      chunk, start: { body(.start($0)) }, step: { Self.hand($0, $1, body) },
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
    let going = replay.finish(
      start: { body(.start($0)) }, step: { Self.hand($0, $1, body) },
      error: {
        failure = $0
        return false
      })
    return settle(going, failure)
  }

  private static func hand(
    _ event: TimedEvent?, _ states: [ChatState], _ body: (Output) -> Bool
  ) -> Bool {
    var cells: [Comparison.Cell] = []
    cells.reserveCapacity(states.count)
    for state in states { cells.append(Comparison.Cell(state)) }
    let first = states[0]
    return body(
      .row(Comparison.Row(step: first.step, t: first.t, event: event?.event, cells: cells)))
  }

  private mutating func settle(_ going: Bool, _ failure: RecordingError?) -> Bool {
    if let failure, error == nil { error = failure }
    if !going || failure != nil { isStopped = true }
    return !isStopped
  }
}
