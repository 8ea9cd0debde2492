package import ChatReplay
import Foundation
package import Testing

/// What a property found: the failing case's seed, the shrunk value and its failure.
package struct PropertyFailure<Value> {
  package var seed: UInt64
  package var caseIndex: Int
  /// The value as first generated, and after shrinking.
  package var original: Value
  package var shrunk: Value
  /// The property's message for the shrunk value.
  package var message: String
  package var shrinkAttempts: Int
}

/// Runs properties over generated cases: `REPLAY_PBT_CASES` sets the number of cases per
/// property, `REPLAY_PBT_SEED` runs only the case with that seed, and `REPLAY_PBT_TRACE`
/// prints each case's seed before it runs (to name the case that crashes the process).
package enum PropertyRunner {
  /// `REPLAY_PBT_CASES`, when set.
  package static var casesOverride: Int? {
    ProcessInfo.processInfo.environment["REPLAY_PBT_CASES"].flatMap { Int($0) }
  }

  /// `REPLAY_PBT_SEED`, when set.
  package static var seedOverride: UInt64? {
    ProcessInfo.processInfo.environment["REPLAY_PBT_SEED"].flatMap { UInt64($0) }
  }

  /// The seeds of a property's cases: fixed, so `swift test` is reproducible, and different
  /// per property.
  package static func seeds(for name: String, count: Int, honoringEnvironment: Bool = true)
    -> [UInt64]
  {
    if honoringEnvironment, let seed = seedOverride { return [seed] }
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
  package static func run<Value>(
    _ name: String, _ generator: Gen<Value>, cases: Int, shrinkBudget: Int = 3_000,
    honoringEnvironment: Bool = true, _ property: (Value) -> String?
  ) -> PropertyFailure<Value>? {
    let count = honoringEnvironment ? casesOverride ?? cases : cases
    let seeds = seeds(for: name, count: count, honoringEnvironment: honoringEnvironment)
    let traces =
      honoringEnvironment && ProcessInfo.processInfo.environment["REPLAY_PBT_TRACE"] != nil
    for (index, seed) in seeds.enumerated() {
      // A crash ends the process before any report: the last seed traced is the culprit.
      if traces { FileHandle.standardError.write(Data("\(name) seed \(seed)\n".utf8)) }
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

/// The running test's name as `--filter` takes it, `Suite/function` (what it seeds its cases
/// from, so a renamed test gets new cases and a hint that still finds it).
package func currentTestName() -> String {
  guard let test = Test.current else { return "property" }
  return test.id.nameComponents.map { String($0.prefix { $0 != "(" }) }.joined(separator: "/")
}

/// Expects `property` to hold for generated recordings, reporting the first failure shrunk to a
/// minimal recording that `replay` can open, with the seed that reruns it.
///
/// The cases' seeds come from the test's name (``currentTestName()``); `REPLAY_PBT_CASES`
/// replaces `cases`.
package func expectProperty(
  _ generator: Gen<GeneratedRecording>, cases: Int,
  sourceLocation: SourceLocation = #_sourceLocation, _ property: (GeneratedRecording) -> String?
) {
  let name = currentTestName()
  guard let failure = PropertyRunner.run(name, generator, cases: cases, property) else { return }
  let report = """
    Property '\(name)' failed at case \(failure.caseIndex), seed \(failure.seed); shrunk from \
    \(failure.original.events.count) to \(failure.shrunk.events.count) events \
    (\(failure.shrinkAttempts) candidates tried).
    \(failure.message)
    The case as first generated: replay \(failure.original.generateArguments(seed: failure.seed).joined(separator: " "))
    Rerun this case: REPLAY_PBT_SEED=\(failure.seed) swift test --filter '\(name)'
    Minimal recording (save it and run `replay FILE --summary`):
    \(failure.shrunk.text)
    """
  Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
}
