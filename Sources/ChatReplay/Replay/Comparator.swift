/// Replays one recording through several layouts as its bytes arrive, and hands out the header
/// and then each step's ``Comparison/Row``: the streaming side of `replay compare`.
///
/// Every chunk goes to each layout's ``Replayer`` in turn; all of them see the same complete
/// lines, so they yield the same steps, which are then joined into rows. Memory stays bounded by
/// one chunk's rows, whatever the length of the recording.
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
  private var replayers: [Replayer]
  /// The recording's header, once read (the default one if the file has none).
  public private(set) var header: SessionHeader?
  /// The first line that could not be replayed; the rows stop before it.
  public private(set) var error: RecordingError?
  private var isStopped = false

  /// Compares `columns`; `options` gives the measurer and the line limit (its layout and
  /// RxKeyboard release are the columns').
  public init(columns: [Comparison.Column], options: Replayer.Options = Replayer.Options()) {
    self.columns = columns
    replayers = columns.map { column in
      var layoutOptions = options
      layoutOptions.layout = column.layout
      layoutOptions.rxKeyboardVersion = column.rxKeyboardVersion
      // The header's and the command line's options are for whichever layouts have them.
      layoutOptions.skipsUndeclaredOptions = true
      return Replayer(options: layoutOptions)
    }
  }

  /// Compares the steps of the next chunk; returns `false` once stopped.
  @discardableResult
  public mutating func read(_ chunk: UnsafeBufferPointer<UInt8>, _ body: (Output) -> Bool)
    -> Bool
  {
    advance(body) { replayer, take in replayer.read(chunk, take) }
  }

  /// Compares the last line and ends the comparison.
  @discardableResult
  public mutating func finish(_ body: (Output) -> Bool) -> Bool {
    advance(body) { replayer, take in replayer.finish(take) }
  }

  private mutating func advance(
    _ body: (Output) -> Bool,
    _ feed: (inout Replayer, (Replayer.Output) -> Bool) -> Bool
  ) -> Bool {
    guard !isStopped, !columns.isEmpty else { return false }
    var rows: [Comparison.Row] = []
    var start: SessionHeader?
    var failed = false
    for column in columns.indices {
      var index = 0
      var replayer = replayers[column]
      _ = feed(&replayer) { output in
        switch output {
        case .start(let header, _):
          if column == 0 {
            self.header = header
            start = header
          }
          return true
        case .state(let state, let event, _, _):
          if column == 0 {
            rows.append(
              Comparison.Row(step: state.step, t: state.t, event: event?.event, cells: []))
          }
          guard index < rows.count else { return false }
          rows[index].cells.append(Comparison.Cell(state))
          index += 1
          return true
        case .error(let error):
          // Every layout reads the same bytes and so meets the same bad line; report it once.
          if column == 0 { self.error = error }
          failed = true
          return false
        }
      }
      replayers[column] = replayer
    }
    // The rows before a bad line are complete: hand them out, then stop.
    if let start, !body(.start(start)) { isStopped = true }
    for row in rows where !isStopped && !body(.row(row)) {
      isStopped = true
    }
    if failed { isStopped = true }
    return !isStopped
  }
}
