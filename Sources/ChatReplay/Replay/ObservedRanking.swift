/// Replays one recording through several layouts and counts, for each, how many of the
/// recording's observed values (what UIKit laid out on the device) its states match: which
/// layout the app's screen is closest to, and where each departs from it.
///
/// ```swift
/// var ranking = ObservedRanking(columns: Comparison.Column.every())
/// ranking.read(chunk); ranking.finish()
/// ranking.scores   // best first
/// ```
public struct ObservedRanking: Sendable {
  /// How one layout did.
  public struct Score: Hashable, Sendable {
    public var column: Comparison.Column
    /// The observed values within ``Observation/tolerance`` of the layout's.
    public var matched: Int
    /// Every observed value.
    public var observed: Int
    /// The first observed value the layout does not match.
    public var firstDeparture: Departure?
  }

  /// An observed value a layout does not match.
  public struct Departure: Hashable, Sendable {
    public var step: Int
    public var path: ObservedPath
    public var model: Double
    public var device: Double
  }

  public let columns: [Comparison.Column]
  private var replay: SideBySideReplay
  private var tallies: [Score]
  /// The number of `observed` events.
  public private(set) var observedEvents = 0
  /// The first line that could not be replayed; counting stops before it.
  public private(set) var error: RecordingError?

  /// Ranks `columns`, built-in layouts or ones written outside the library; `options` gives the
  /// measurer, the line limit and the layout options set on the command line (its layout and
  /// RxKeyboard release are the columns').
  ///
  /// The header's and `options`' layout options go to every column whose layout declares them,
  /// as in ``Comparator``.
  public init(columns: [Comparison.Column], options: Replayer.Options = Replayer.Options()) {
    self.columns = columns
    replay = SideBySideReplay(layouts: columns.map(\.layout), options: options)
    tallies = columns.map { Score(column: $0, matched: 0, observed: 0, firstDeparture: nil) }
  }

  /// The layouts, most matched values first; ties keep the columns' order.
  public var scores: [Score] {
    tallies.enumerated().sorted {
      ($1.element.matched, $0.offset) < ($0.element.matched, $1.offset)
    }
    .map(\.element)
  }

  /// Counts the observed values of the next chunk.
  public mutating func read(_ chunk: UnsafeBufferPointer<UInt8>) {
    guard error == nil, !columns.isEmpty else { return }
    var tallies = self.tallies
    var events = 0
    var failure: RecordingError?
    _ = replay.read(
      chunk, start: { _ in true }, step: { Self.count($0, $1, &tallies, &events) },
      error: {
        failure = $0
        return false
      })
    settle(tallies, events, failure)
  }

  /// Counts the last line.
  public mutating func finish() {
    guard error == nil, !columns.isEmpty else { return }
    var tallies = self.tallies
    var events = 0
    var failure: RecordingError?
    _ = replay.finish(
      start: { _ in true }, step: { Self.count($0, $1, &tallies, &events) },
      error: {
        failure = $0
        return false
      })
    settle(tallies, events, failure)
  }

  private mutating func settle(_ tallies: [Score], _ events: Int, _ failure: RecordingError?) {
    self.tallies = tallies
    observedEvents += events
    if let failure { error = failure }
  }

  private static func count(
    _ event: TimedEvent?, _ states: [ChatState], _ tallies: inout [Score], _ events: inout Int
  ) -> Bool {
    guard case .observed(let observation)? = event?.event else { return true }
    events += 1
    for (column, state) in states.enumerated() {
      for value in observation.values {
        let model = state.value(at: value.path)
        tallies[column].observed += 1
        if (model - value.value).magnitude <= Observation.tolerance {
          tallies[column].matched += 1
        } else if tallies[column].firstDeparture == nil {
          tallies[column].firstDeparture = Departure(
            step: state.step, path: value.path, model: model, device: value.value)
        }
      }
    }
    return true
  }
}
