/// Where a generator's random decisions come from: a seeded generator, or a list of earlier
/// decisions being replayed.
///
/// Every decision is one number `draw(below:)` returns, and generators are written so that a
/// smaller number means a simpler value (0 stops a list, picks the first alternative, the
/// lower bound, the plainest number). Shrinking works on these numbers, not on the values: a
/// shorter or smaller list of choices, replayed through the same generator, gives a simpler
/// value that is still well formed (Hypothesis's design).
///
/// ```swift
/// var choices = Choices(seed: 7, recording: true)
/// let events = generator.generate(&choices)
/// var again = Choices(replaying: choices.recorded)   // the same events
/// ```
public struct Choices: Sendable {
  private var random: SplitMix64
  private let replayed: [UInt64]?
  private var index = 0
  private let isRecording: Bool
  /// The decisions made so far, when recording (each already reduced below its bound).
  public private(set) var recorded: [UInt64] = []
  /// Whether a replay ran out of decisions (the rest were taken as 0).
  public private(set) var isExhausted = false

  /// Decisions from a generator seeded with `seed`; `recording` keeps them in ``recorded``.
  public init(seed: UInt64, recording: Bool = false) {
    random = SplitMix64(seed: seed)
    replayed = nil
    isRecording = recording
  }

  /// Decisions taken from `replaying`, in order; a value too large for its bound is taken as
  /// the largest allowed, and once the list runs out every decision is 0.
  public init(replaying: [UInt64]) {
    random = SplitMix64(seed: 0)
    replayed = replaying
    isRecording = true
    recorded.reserveCapacity(replaying.count)
  }

  /// How many decisions have been made.
  public var count: Int { isRecording ? recorded.count : index }

  /// A decision in `0..<bound` (`bound` > 0).
  public mutating func draw(below bound: UInt64) -> UInt64 {
    precondition(bound > 0, "draw(below: 0)")
    let value: UInt64
    if let replayed {
      if index < replayed.count {
        value = min(replayed[index], bound - 1)
      } else {
        value = 0
        isExhausted = true
      }
    } else {
      value = random.next().multipliedFullWidth(by: bound).high
    }
    index += 1
    if isRecording { recorded.append(value) }
    return value
  }

  /// A decision in `0..<bound` as an `Int` (`bound` > 0).
  public mutating func draw(below bound: Int) -> Int {
    Int(draw(below: UInt64(bound)))
  }

  /// `true` with probability `1 / oneIn`; a 0 decision gives `false`.
  public mutating func chance(oneIn: Int) -> Bool {
    draw(below: oneIn) == oneIn - 1
  }
}
