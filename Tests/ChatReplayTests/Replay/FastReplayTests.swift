import ChatReplay
import ReplayTestSupport
import Testing

/// The fast paths `replay check` uses: the state-only replay and the diagnostic tally.
struct FastReplayTests {
  /// Two keyboard notifications and a bad line, without a header.
  static let recording = Array(
    """
    {"t":1,"type":"keyboard","name":"willChangeFrame","frameEnd":{"x":0,"y":516,"width":393,"height":336}}
    {"t":1.5,"type":"textChange","text":"Hi"}
    {"t":2,"type":"sendTap","extra":[1,{"deep":null}]}
    {"t":1,"type":"textChange","text":"late"}

    """.utf8)

  func state(step: Int, _ diagnostics: [Diagnostic]) -> ChatState {
    var state = ChatScreen(measurer: FixedWidthMeasurer()).initialState(header: .default)
    state.step = step
    state.diagnostics = diagnostics
    return state
  }

  @Test func stateOnlyReplayHandsOutTheSameStatesAsTheFullOne() {
    let options = Replayer.Options(measurer: FixedWidthMeasurer())
    var full: [ChatState] = []
    var fullErrors: [String] = []
    var replayer = Replayer(options: options)
    let body = { (output: Replayer.Output) -> Bool in
      switch output {
      case .start: break
      case .state(let state, _, _, _): full.append(state)
      case .error(let error): fullErrors.append(error.rendered(file: "r.jsonl"))
      }
      return true
    }
    Self.recording.withUnsafeBufferPointer { _ = replayer.read($0, body) }
    replayer.finish(body)

    var fast: [ChatState] = []
    var fastErrors: [String] = []
    var events = 0
    var fastReplayer = Replayer(options: options)
    let state = { (state: ChatState, event: TimedEvent?) -> Bool in
      fast.append(state)
      if event != nil { events += 1 }
      return true
    }
    let error = { (error: RecordingError) -> Bool in
      fastErrors.append(error.rendered(file: "r.jsonl"))
      return true
    }
    Self.recording.withUnsafeBufferPointer { _ = fastReplayer.read($0, state: state, error: error) }
    fastReplayer.finish(state: state, error: error)

    // Step 0 from the default header, then the three good events; line 4 goes back in time.
    #expect(fast.map(\.step) == [0, 1, 2, 3])
    #expect(events == 3)
    #expect(fast == full)
    #expect(fastErrors.count == 1)
    #expect(fastErrors == fullErrors)
    #expect(fast.last?.messages.count == 20)  // the seed's 19 messages and "Hi"
  }

  @Test func stateOnlyReplayStopsWhenAskedTo() {
    var replayer = Replayer(options: Replayer.Options(measurer: FixedWidthMeasurer()))
    var steps: [Int] = []
    let going = Self.recording.withUnsafeBufferPointer { bytes in
      replayer.read(
        bytes,
        state: { state, _ in
          steps.append(state.step)
          return state.step < 1
        },
        error: { _ in true })
    }
    #expect(!going)
    #expect(steps == [0, 1])
  }

  @Test func tallyCountsStepsAndRunsPerId() {
    let gap = Diagnostic.keyboardGap(gap: 10, inputBarMaxY: 500, keyboardMinY: 510)
    let hidden = Diagnostic.messageHidden(
      index: 3, messageMinY: 0, messageMaxY: 37, visibleMinY: 100, visibleMaxY: 400)
    var tally = Summary.Tally()
    // keyboard-gap shows at steps 0, 1 and 3: 3 steps in 2 runs (0–1 and 3);
    // message-hidden at step 1 only, counted once though it appears twice.
    tally.add(state(step: 0, [gap]))
    tally.add(state(step: 1, [hidden, gap, hidden]))
    tally.add(state(step: 2, []))
    tally.add(state(step: 3, [gap]))
    #expect(tally.steps == ["keyboard-gap": 3, "message-hidden": 1])
    #expect(tally.runs == ["keyboard-gap": 2, "message-hidden": 1])
    #expect(tally.description == "keyboard-gap ×2 (3 steps), message-hidden ×1 (1 step)")
  }

  @Test func emptyTallyReadsNone() {
    var tally = Summary.Tally()
    tally.add(state(step: 0, []))
    #expect(tally.description == "none")
    #expect(tally.steps.isEmpty)
  }

  /// Ordinals, ids and the tally's size all follow `Diagnostic.Kind.allCases`, so a new
  /// diagnostic is covered here without editing the test, and one the tally has no room for
  /// fails here rather than trapping in a replay.
  @Test func ordinalsAreThePositionsOfTheKinds() {
    let kinds = Diagnostic.Kind.allCases
    #expect(kinds.map(\.ordinal) == Array(kinds.indices))
    #expect(Summary.Tally.capacity == kinds.count)
    // The order summaries list the ids in: the layout rules' table.
    #expect(
      kinds.map(\.rawValue) == [
        "keyboard-overlap", "keyboard-gap", "message-hidden", "offset-out-of-range",
        "unsafe-input", "phantom-keyboard", "crash", "bad-index", "frame-mismatch",
        "outside-container", "duplicate-observer", "doubled-origin", "empty-message",
        "model-divergence",
      ])
  }
}
