import ChatReplay
import ReplayTestSupport
import Testing

/// Replays `text` at once and returns its states and errors.
private func replay(_ text: String, version: RxKeyboardLayout.Version) -> (
  states: [ChatState], errors: [RecordingError]
) {
  var replayer = Replayer(options: .init(rxKeyboardVersion: version))
  var states: [ChatState] = []
  var errors: [RecordingError] = []
  func take(_ output: Replayer.Output) -> Bool {
    switch output {
    case .start: break
    case .state(let state, _, _, _): states.append(state)
    case .error(let error): errors.append(error)
    }
    return true
  }
  Array(text.utf8).withUnsafeBufferPointer { _ = replayer.read($0, take) }
  replayer.finish(take)
  return (states, errors)
}

/// The reducer under adversarial streams: run by `.ci/sanitizers.sh` under AddressSanitizer and
/// ThreadSanitizer as well as in the ordinary test run.
struct AdversarialReplayTests {
  /// 30 recordings, or `REPLAY_PBT_CASES` for a long run.
  static let seeds: Range<UInt64> = 0..<UInt64(max(PropertyRunner.casesOverride ?? 30, 1))
  static let eventCount = 100

  @Test func adversarialRecordingsReadBackAndGiveFiniteStates() {
    for seed in Self.seeds {
      let recording = AdversarialRecording(seed: seed, eventCount: Self.eventCount)
      let text = recording.text
      for version in RxKeyboardLayout.Version.allCases {
        let (states, errors) = replay(text, version: version)
        let context = Comment(rawValue: "seed \(seed), RxKeyboard \(version.rawValue):\n\(text)")
        // 100 events give steps 0...100.
        #expect(errors == [], context)
        #expect(states.count == 101, context)
        #expect(states.map(\.step) == Array(0...100), context)
        for state in states {
          #expect(
            nonFiniteNumberPaths(in: state, includeMessages: state.step == 100) == [], context)
          #expect(state.diagnostics.allSatisfy { !$0.message.isEmpty }, context)
        }
        guard errors.isEmpty && states.count == 101 else { return }
        // Replaying is a function of the recording.
        #expect(replay(text, version: version).states == states, context)
      }
    }
  }

  @Test func theTimelineAgreesWithTheStreamingReplay() throws {
    for seed in Self.seeds.prefix(20) {
      let text = AdversarialRecording(seed: seed, eventCount: 150).text
      let streamed = replay(text, version: .v1).states
      let timeline = try Timeline.load(Array(text.utf8)).get()
      // Steps around the checkpoints every 64 steps, and the last.
      for step in [0, 1, 63, 64, 65, 127, 128, 150] {
        #expect(timeline.state(at: step) == streamed[step], "seed \(seed), step \(step)")
      }
    }
  }

  /// States share their messages' storage; replays that branch from one state on many threads at
  /// once must give what they give one after another.
  @Test func concurrentBranchesFromOneStateAgreeWithSequentialOnes() async {
    let screen = ChatScreen()
    var base = screen.initialState(header: .default)
    for event in AdversarialRecording(seed: 1_000, eventCount: 50).events {
      screen.reduce(into: &base, event)
    }
    let branches = (0..<8).map { AdversarialRecording(seed: 2_000 + UInt64($0), eventCount: 200) }
    let start = base
    func run(_ branch: AdversarialRecording) -> [ChatState] {
      var state = start
      var states: [ChatState] = []
      for event in branch.events {
        screen.reduce(into: &state, event)
        states.append(state)
      }
      return states
    }
    let sequential = branches.map(run)
    let concurrent = await withTaskGroup(of: (Int, [ChatState]).self) { group in
      for (index, branch) in branches.enumerated() {
        group.addTask { (index, run(branch)) }
      }
      var results = [[ChatState]](repeating: [], count: branches.count)
      for await (index, states) in group { results[index] = states }
      return results
    }
    #expect(concurrent == sequential)
    // The base state is untouched by its branches.
    #expect(start == base)
  }
}
