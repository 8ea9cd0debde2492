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
    case .growing:
      state = GrowingLayout.initialState(header: header, measurer: measurer)
    case .scrollToField:
      state = ScrollToFieldLayout.initialState(header: header, measurer: measurer)
    case .accessory:
      state = AccessoryLayout.initialState(header: header, measurer: measurer)
    }
    state.checkGeometry(afterNewMessage: false)
    return state
  }

  /// The layouts this build replays.
  public static let availableLayouts: [LayoutID] = [
    .rxkeyboard, .growing, .scrollToField, .accessory,
  ]

  /// Applies one event: the next state of the screen.
  public func reduce(into state: inout ChatState, _ event: TimedEvent) {
    state.step += 1
    state.t = event.t
    // A crashed app changes nothing more; its last state, diagnostics included, stays.
    // Only the growing layout crashes; asking its layout first spares copying the memory.
    if state.layout == .growing && state.memory.isCrashed { return }
    // One by one: for the one or two diagnostics a state has, cheaper than `removeAll`'s
    // general replacement, and the storage is kept for the next ones.
    while !state.diagnostics.isEmpty { state.diagnostics.removeLast() }
    let messageCount = state.messages.count
    switch state.layout {
    case .rxkeyboard:
      RxKeyboardLayout.reduce(into: &state, event.event, measurer: measurer)
    case .growing:
      GrowingLayout.reduce(into: &state, event.event, measurer: measurer)
    case .scrollToField:
      ScrollToFieldLayout.reduce(into: &state, event.event, measurer: measurer)
    case .accessory:
      AccessoryLayout.reduce(into: &state, event.event, measurer: measurer)
    }
    state.checkGeometry(afterNewMessage: state.messages.count != messageCount)
  }
}
