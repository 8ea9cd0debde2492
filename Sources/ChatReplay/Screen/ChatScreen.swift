/// The chat screen as a pure reducer: a layout, and the text measurer its cells use.
///
/// ```swift
/// let screen = ChatScreen(layout: .rxkeyboard)
/// var state = screen.initialState(header: .default)
/// screen.reduce(into: &state, TimedEvent(t: 0.1, event: .textChange(text: "Hi")))
/// ```
public struct ChatScreen: Sendable {
  public var layout: LayoutID
  public var measurer: any TextMeasuring
  /// The RxKeyboard release the `rxkeyboard` layout follows.
  public var rxKeyboardVersion: RxKeyboardLayout.Version

  public init(
    layout: LayoutID = .rxkeyboard, measurer: any TextMeasuring = FontMetricsMeasurer(),
    rxKeyboardVersion: RxKeyboardLayout.Version = .v1
  ) {
    self.layout = layout
    self.measurer = measurer
    self.rxKeyboardVersion = rxKeyboardVersion
  }

  /// The screen as it is when the recording starts (step 0).
  public func initialState(header: SessionHeader) -> ChatState {
    var state: ChatState
    switch layout {
    case .rxkeyboard:
      state = RxKeyboardLayout.initialState(
        header: header, version: rxKeyboardVersion, measurer: measurer)
    case .growing, .scrollToField, .accessory:
      preconditionFailure(
        "layout '\(layout.rawValue)' is not available; check ChatScreen.availableLayouts")
    }
    state.checkGeometry(afterNewMessage: false)
    return state
  }

  /// The layouts this build replays.
  public static let availableLayouts: [LayoutID] = [.rxkeyboard]

  /// Applies one event: the next state of the screen.
  public func reduce(into state: inout ChatState, _ event: TimedEvent) {
    state.step += 1
    state.t = event.t
    if !state.diagnostics.isEmpty { state.diagnostics.removeAll(keepingCapacity: true) }
    let messageCount = state.messages.count
    switch state.memory {
    case .rxkeyboard:
      RxKeyboardLayout.reduce(into: &state, event.event, measurer: measurer)
    }
    state.checkGeometry(afterNewMessage: state.messages.count != messageCount)
  }
}
