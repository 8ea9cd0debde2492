import ChatReplay
import Foundation
import Testing

/// What a property found: the failing case's seed, the shrunk value and its failure.
struct PropertyFailure<Value> {
  var seed: UInt64
  var caseIndex: Int
  /// The value as first generated, and after shrinking.
  var original: Value
  var shrunk: Value
  /// The property's message for the shrunk value.
  var message: String
  var shrinkAttempts: Int
}

/// Runs properties over generated cases: `REPLAY_PBT_CASES` sets the number of cases per
/// property, `REPLAY_PBT_SEED` runs only the case with that seed.
enum PropertyRunner {
  /// `REPLAY_PBT_CASES`, when set.
  static var casesOverride: Int? {
    ProcessInfo.processInfo.environment["REPLAY_PBT_CASES"].flatMap { Int($0) }
  }

  /// `REPLAY_PBT_SEED`, when set.
  static var seedOverride: UInt64? {
    ProcessInfo.processInfo.environment["REPLAY_PBT_SEED"].flatMap { UInt64($0) }
  }

  /// The seeds of a property's cases: fixed, so `swift test` is reproducible, and different
  /// per property.
  static func seeds(for name: String, count: Int) -> [UInt64] {
    if let seed = seedOverride { return [seed] }
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in name.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    var random = SplitMix64(seed: hash)
    return (0..<count).map { _ in random.next() }
  }

  /// Checks `property` on `cases` values of `generator`; returns the first failure, shrunk.
  ///
  /// `property` returns `nil` when it holds, or what is wrong. The environment variables
  /// replace `cases`, or run one seed.
  static func run<Value>(
    _ name: String, _ generator: Gen<Value>, cases: Int, shrinkBudget: Int = 3_000,
    _ property: (Value) -> String?
  ) -> PropertyFailure<Value>? {
    let seeds = seeds(for: name, count: casesOverride ?? cases)
    for (index, seed) in seeds.enumerated() {
      var choices = Choices(seed: seed)
      let value = generator.generate(&choices)
      guard property(value) != nil else { continue }
      var recording = Choices(seed: seed, recording: true)
      let original = generator.generate(&recording)
      let (simplest, attempts) = withoutActuallyEscaping(property) { property in
        var shrinker = Shrinker(budget: shrinkBudget) { candidate in
          var replay = Choices(replaying: candidate)
          let value = generator.generate(&replay)
          return property(value) == nil ? nil : Shrinker.trimmed(replay.recorded)
        }
        return (shrinker.shrink(recording.recorded), shrinker.attempts)
      }
      var replay = Choices(replaying: simplest)
      let shrunk = generator.generate(&replay)
      return PropertyFailure(
        seed: seed, caseIndex: index, original: original, shrunk: shrunk,
        message: property(shrunk) ?? "(the shrunk case passed; shrinking is not deterministic)",
        shrinkAttempts: attempts)
    }
    return nil
  }
}

/// Expects `property` to hold for generated recordings, reporting the first failure shrunk to a
/// minimal recording that `replay` can open, with the seed that reruns it.
func expectProperty(
  _ name: String, _ generator: Gen<GeneratedRecording>, cases: Int,
  sourceLocation: SourceLocation = #_sourceLocation, _ property: (GeneratedRecording) -> String?
) {
  guard let failure = PropertyRunner.run(name, generator, cases: cases, property) else { return }
  let report = """
    Property '\(name)' failed at case \(failure.caseIndex), seed \(failure.seed); shrunk from \
    \(failure.original.events.count) to \(failure.shrunk.events.count) events \
    (\(failure.shrinkAttempts) candidates tried).
    \(failure.message)
    Rerun this case: REPLAY_PBT_SEED=\(failure.seed) swift test --filter '\(name)'
    Minimal recording (save it and run `replay FILE --summary`):
    \(failure.shrunk.text)
    """
  Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
}
