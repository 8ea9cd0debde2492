public import ChatReplay

/// A chat screen under test: send it events and say how each one changes the state, as with
/// the Composable Architecture's `TestStore`.
///
/// Each ``send(_:at:_:fileID:filePath:line:column:)`` reduces one event and expects the new
/// state to be the previous one changed by the closure, and changed in no other way. A mismatch
/// fails the running test (Swift Testing or XCTest) at the line of the `send`, with a diff of
/// the state in the debugger's `diff` style:
///
/// ```swift
/// let screen = ChatScreen(layout: .rxkeyboard)
/// var store = ScreenStore(screen, header: SessionHeader(device: .iPhone15, messages: []))
/// let shown = Rect(x: 0, y: 516, width: 393, height: 336)
/// store.send(.keyboard(KeyboardNotification(name: .willChangeFrame, frameEnd: shown))) {
///   $0.keyboard.frame = shown
///   $0.keyboard.visibleHeight = 336
///   $0.list.contentInset.bottom = 380
///   $0.list.contentOffsetY = 233
///   $0.inputBar.frame.y = 482  // the bar's bottom, not its top (438): this `send` fails
///   $0.diagnostics = [
///     .keyboardGap(gap: 34, inputBarMaxY: 482, keyboardMinY: 516),
///     .offsetOutOfRange(offsetY: 233, minimum: -103, maximum: -103),
///   ]
/// }
/// ```
///
/// ```text
/// The state after step 1 is not the expected one (Expected: −, Actual: +):
///   received event:
///     keyboard willChangeFrame → (0, 516, 393×336)
///   ChatState(
///     … (6 unchanged)
///     inputBar: {
/// −     frame: (x: 0, y: 482, width: 393, height: 44)
/// +     frame: (x: 0, y: 438, width: 393, height: 44)
///       … (2 unchanged)
///     }
///     … (4 unchanged)
///   )
/// ```
public struct ScreenStore {
  /// Whether a `send` asserts the whole next state or only what its closure sets.
  public enum Exhaustivity: Sendable {
    /// The next state must be the previous one changed by the closure, and no more.
    case on
    /// The fields the closure sets must have those values; other changes pass.
    case off
  }

  /// The screen whose reducer the store runs.
  public let screen: ChatScreen
  /// The state after the last event sent (the initial state before any).
  public private(set) var state: ChatState
  /// Whether each `send` checks the whole next state (the default) or only what it sets.
  public var exhaustivity = Exhaustivity.on

  /// A store starting from `initialState`.
  public init(_ screen: ChatScreen, initialState: ChatState) {
    self.screen = screen
    self.state = initialState
  }

  /// A store starting from the screen's initial state for `header` (its device and messages).
  public init(_ screen: ChatScreen, header: SessionHeader) {
    self.init(screen, initialState: screen.initialState(header: header))
  }

  /// Reduces `event`, sent at `t` seconds (by default at the time of the previous event), and
  /// expects the new state to be the previous one changed by `update`: the step count and the
  /// time advance by themselves; without `update`, nothing else may change.
  public mutating func send(
    _ event: Event, at t: Double? = nil, _ update: ((inout ChatState) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    let previous = state
    let timed = TimedEvent(t: t ?? previous.t, event: event)
    screen.reduce(into: &state, timed)
    var expected: ChatState
    switch exhaustivity {
    case .on:
      expected = previous
      expected.step += 1
      expected.t = timed.t
    case .off:
      expected = state
    }
    update?(&expected)
    guard expected != state else { return }
    let header = [
      "The state after step \(state.step) is not the expected one (Expected: −, Actual: +):",
      "  received event:",
      "    " + event.summary,
    ]
    TestFailure.record(
      (header + StateDifference.lines(expected, state)).joined(separator: "\n"),
      at: SourceCode(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Reduces `event`, sent at `t` seconds (by default at the time of the previous event),
  /// without asserting the state it gives: for the steps that bring a test to the state it is
  /// about.
  public mutating func reduce(_ event: Event, at t: Double? = nil) {
    screen.reduce(into: &state, TimedEvent(t: t ?? state.t, event: event))
  }

  /// Expects the current state to be itself changed by `update`: the values `update` sets must
  /// be the state's already (for a check between two `send`s, or of the initial state).
  public func assert(
    _ update: (inout ChatState) -> Void, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    var expected = state
    update(&expected)
    guard expected != state else { return }
    TestFailure.record(
      (["The state at step \(state.step) is not the expected one (Expected: −, Actual: +):"]
        + StateDifference.lines(expected, state)).joined(separator: "\n"),
      at: SourceCode(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Expects the whole current state, messages included, to print as `dump`: the state written
  /// as ``dump(_:)`` writes it, so a field added to the state shows up and must be asserted.
  public func assertState(
    _ dump: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let actual = Self.dump(state)
    guard actual != dump else { return }
    TestFailure.record(
      "The state at step \(state.step) is not the expected one (Expected: −, Actual: +):\n"
        + LineDiff.text(dump, actual),
      at: SourceCode(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The state as the debugger prints it, one field per line, messages included.
  ///
  /// ```text
  /// ChatState(
  ///   step: 0
  ///   t: 0
  ///   layout: "rxkeyboard"
  ///   …
  /// )
  /// ```
  public static func dump(_ state: ChatState) -> String {
    guard case .object(let members) = StateNode(state, includeMessages: true) else { return "" }
    let body = members.flatMap { $0.value.lines(label: $0.key, indent: "  ") }
    return (["ChatState("] + body + [")"]).joined(separator: "\n")
  }
}
