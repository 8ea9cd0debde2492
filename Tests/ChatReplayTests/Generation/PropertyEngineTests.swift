import ChatReplay
import ReplayTestSupport
import Testing

/// The property engine itself: seeded numbers, replayed decisions, shrinking, and a planted bug
/// that it must find and shrink.
struct PropertyEngineTests {
  @Test func aPropertyIsNamedAsFilterTakesIt() {
    // The suite and the function without its parentheses: what the rerun hint passes to
    // `swift test --filter`, and what the cases' seeds come from.
    #expect(currentTestName() == "PropertyEngineTests/aPropertyIsNamedAsFilterTakesIt")
  }

  @Test func splitMix64MatchesTheReferenceSequence() {
    // The first outputs of the reference C implementation (Vigna, splitmix64.c) for seed 0.
    var random = SplitMix64(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(random.next() == 0x06C4_5D18_8009_454F)
  }

  @Test func replayedDecisionsAreClampedAndRunOutAsZeros() {
    var choices = Choices(replaying: [5, 100])
    #expect(choices.draw(below: 10) == 5)
    // 100 is too large for a bound of 10: the largest allowed, 9.
    #expect(choices.draw(below: 10) == 9)
    #expect(choices.isExhausted == false)
    #expect(choices.draw(below: 10) == 0)
    #expect(choices.isExhausted)
    #expect(choices.recorded == [5, 9, 0])
  }

  @Test func shrinkingAnArrayKeepsTheFewestSmallestFailingElements() {
    // Fails when three elements are 50 or more: the simplest such array is [50, 50, 50].
    let arrays = Gen.int(in: 0...100).array(count: 0...20)
    let failure = PropertyRunner.run(
      "engine.arrays", arrays, cases: 200, honoringEnvironment: false
    ) { values in
      values.filter { $0 >= 50 }.count >= 3 ? "three large elements" : nil
    }
    #expect(failure?.shrunk == [50, 50, 50])
  }

  @Test func shrinkingADoubleFindsTheSimplestFailingValue() {
    // Fails from 0.75 up. Decision 0 gives 0 (passes); decision 1 picks an awkward value, of
    // which the first that fails is the upper bound 1 (the list is 0, 0, 1, …).
    let failure = PropertyRunner.run(
      "engine.doubles", Gen.double(in: 0...1), cases: 200, honoringEnvironment: false
    ) {
      $0 >= 0.75 ? "large" : nil
    }
    #expect(failure?.shrunk == 1)
  }

  @Test func aPlantedBugIsFoundAndShrunkToAtMostFiveEvents() throws {
    let failure = PropertyRunner.run(
      "engine.plantedBug", PropertyDefaults.adversarial, cases: 500, honoringEnvironment: false
    ) { recording in
      let states = recording.states(layout: .rxkeyboard)
      var copy = BuggyKeyboardRule(screen: recording.header.device.screen)
      for (timed, state) in zip(recording.events, states.dropFirst()) {
        copy.apply(timed.event, screenHeight: state.screen.height)
        if copy.visibleHeight != state.keyboard.visibleHeight {
          return
            "step \(state.step): the copy has k = \(copy.visibleHeight), the layout \(state.keyboard.visibleHeight)"
        }
      }
      return nil
    }
    let found = try #require(failure)
    #expect(found.shrunk.events.count <= 5)
    // The shrunk recording still shows the bug: a willHide whose frameEnd has y < 0.
    let hides = found.shrunk.events.filter {
      guard case .keyboard(let notification) = $0.event else { return false }
      return notification.name == .willHide && (notification.frameEnd?.y ?? 0) < 0
    }
    #expect(hides.count == 1)
  }

  @Test func generateWithTheDrawnProfileAndCountGivesThePropertyCase() throws {
    for seed: UInt64 in [3, 4, 5] {
      let recording = PropertyDefaults.realistic.generate(seed: seed)
      let profile = try #require(DeviceProfile.all.first { $0.device == recording.header.device })
      var choices = Choices(seed: seed)
      var generator = RecordingGenerator(
        .realistic, choices: &choices, maxEvents: 5_000_000,
        profile: profile,
        eventCount: recording.events.count)
      var events: [TimedEvent] = []
      while events.count < generator.eventCount {
        generator.appendEvents(&choices, to: &events)
      }
      #expect(Array(events.prefix(recording.events.count)) == recording.events)
    }
  }

  @Test func realisticStreamsPostKeyboardNotificationsInQuartets() {
    for seed: UInt64 in 0..<300 {
      let events = PropertyDefaults.realistic.generate(seed: seed).events
      let notifications = events.compactMap { timed -> KeyboardNotification? in
        guard case .keyboard(let notification) = timed.event else { return nil }
        return notification
      }
      // Whole quartets only (the last may be cut by the event count).
      for start in stride(from: 0, to: notifications.count - 3, by: 4) {
        let quartet = Array(notifications[start..<start + 4])
        let names = quartet.map(\.name)
        let isShow = names == [.willChangeFrame, .willShow, .didChangeFrame, .didShow]
        let isHide = names == [.willChangeFrame, .willHide, .didChangeFrame, .didHide]
        #expect(isShow || isHide, "seed \(seed): \(names)")
        #expect(quartet[0].frameBegin == quartet[2].frameBegin, "seed \(seed)")
        #expect(quartet[0].frameEnd == quartet[2].frameEnd, "seed \(seed)")
      }
    }
  }
}

/// A copy of the `rxkeyboard` keyboard rules (the RxKeyboard screen's DocC article), with one planted bug: `willHide`
/// corrects a frame with `y < 0` to `H - height`, as `willChangeFrame` does, instead of `H`.
private struct BuggyKeyboardRule {
  let defaultFrame: Rect
  var frame: Rect
  var visibleHeight = 0.0

  init(screen: Size) {
    defaultFrame = Rect(x: 0, y: screen.height, width: screen.width, height: 0)
    frame = defaultFrame
  }

  mutating func apply(_ event: Event, screenHeight height: Double) {
    var next = frame
    switch event {
    case .keyboard(let notification) where notification.name == .willChangeFrame:
      next = notification.frameEnd ?? defaultFrame
      if next.y < 0 { next.y = height - next.height }
    case .keyboard(let notification) where notification.name == .willHide:
      next = notification.frameEnd ?? defaultFrame
      if next.y < 0 { next.y = height - next.height }  // the planted bug: should be `height`
    case .pan(let y, .changed) where frame.y < height:
      next.y = max(y, height - frame.height)
    default:
      return
    }
    guard next != frame else { return }
    frame = next
    visibleHeight = height - next.y
  }
}
