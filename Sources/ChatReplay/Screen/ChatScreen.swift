/// The chat screen as a pure reducer: a layout, and the text measurer its cells use.
///
/// ```swift
/// let screen = ChatScreen(layout: RxKeyboardLayout())
/// var state = screen.initialState(header: .default)
/// screen.reduce(into: &state, TimedEvent(t: 0.1, event: .textChange(text: "Hi")))
/// ```
///
/// The screen's layout makes the state at step 0; from then on each state carries its layout,
/// which ``reduce(into:_:)`` follows.
public struct ChatScreen: Sendable {
  /// The layout that makes the initial state.
  public var layout: AnyLayout
  public var measurer: AnyTextMeasuring

  /// A screen driven by `layout`.
  public init(
    layout: AnyLayout = ChatScreen.defaultLayout, measurer: AnyTextMeasuring = FontMetricsMeasurer()
  ) {
    self.layout = layout
    self.measurer = measurer
  }

  /// A screen driven by the built-in layout `id`, with its sample's constants.
  ///
  /// `id` must name a built-in layout; a custom layout is passed as a value to
  /// ``init(layout:measurer:)``.
  public init(
    layout id: LayoutID, measurer: AnyTextMeasuring = FontMetricsMeasurer(),
    rxKeyboardVersion: RxKeyboardLayout.Version = .v1
  ) {
    guard let layout = id.builtInLayout(rxKeyboardVersion: rxKeyboardVersion) else {
      preconditionFailure("'\(id.rawValue)' is not a built-in layout; pass the layout itself")
    }
    self.init(layout: layout, measurer: measurer)
  }

  /// The screen as it is when the recording starts (step 0).
  public func initialState(header: SessionHeader) -> ChatState {
    var state = layout.initialState(header: header, measurer: measurer)
    if let frame = header.windowFrameInScreen { state.moveWindow(to: frame) }
    state.checkGeometry(afterNewMessage: false, replacing: 0)
    return state
  }

  /// Applies one event: the next state of the screen.
  public func reduce(into state: inout ChatState, _ event: TimedEvent) {
    if reduceSettled(into: &state, event) { return }
    reduceFully(into: &state, event)
  }

  /// Applies one event through the state's layout and the shared checks: a step
  /// ``reduceSettled(into:_:)`` does not take.
  ///
  /// It does not hand back the system inset, which costs a dozen stores per step to a caller
  /// that drops it; ``reduceFullyGivingSystemInset(into:_:)`` does.
  @inline(never)
  func reduceFully(into state: inout ChatState, _ event: TimedEvent) {
    _ = reduceStep(into: &state, event)
  }

  /// Applies `event` when the state is settled and the event can change only its input text.
  ///
  /// That is, ``ChatState/isSettled`` holds and the event is a `textChange` for a layout whose
  /// `textChange` only takes the text and lays the views out again from fields the text does not
  /// change (``LayoutSlot/takesTextAlone(in:)``), or an event the layout ignores
  /// (``LayoutSlot/ignores(_:in:)``). The layout would then lay the views out as they are and the
  /// shared checks would find the diagnostics the state shows, so neither runs: the step, the
  /// time and the text change, and the diagnostics are the step before's.
  ///
  /// Returns whether it applied the event; `false` leaves the state as it was, for
  /// ``reduceFully(into:_:)``. Keystrokes are most of a recording's events.
  @inline(__always)
  func reduceSettled(into state: inout ChatState, _ event: TimedEvent) -> Bool {
    guard state.isSettled else { return false }
    if case .textChange(let text) = event.event {
      guard takeKeystrokeSettled(into: &state, t: event.t) else { return false }
      Self.takeSettledText(text, into: &state)
      return true
    }
    guard state.slot.ignores(event.event, in: state) else { return false }
    state.step += 1
    state.t = event.t
    return true
  }

  /// Takes a keystroke at time `t` as ``reduceSettled(into:_:)`` does, but for its text: when it
  /// leaves `state` settled, counts its step and time and returns `true`, and the caller hands
  /// its text to ``takeSettledText(_:into:)`` before anything reads the state (a run of
  /// keystrokes then stores only its last text); else returns `false` and leaves the state as it
  /// was.
  @inline(__always)
  func takeKeystrokeSettled(into state: inout ChatState, t: Double) -> Bool {
    guard state.isSettled && state.slot.takesTextAlone(in: state) else { return false }
    state.step += 1
    state.t = t
    return true
  }

  /// Makes `text` the input text of `state`, which took its keystroke (and nothing since) with
  /// ``takeKeystrokeSettled(into:t:)``: it stays settled (writing the input bar clears the mark,
  /// as any write of a field does).
  @inline(__always)
  static func takeSettledText(_ text: String, into state: inout ChatState) {
    state.inputBar.text = text
    state.isSettled = true
  }

  /// Applies one event through the state's layout and the shared checks, as
  /// ``reduceFully(into:_:)`` does, and returns the system inset the layout gave the new state
  /// (read while the layout was at hand, which spares a copy of it); `nil` when the event left
  /// the state's geometry as it was (a recorder's record, or a crashed app).
  @inline(never)
  func reduceFullyGivingSystemInset(into state: inout ChatState, _ event: TimedEvent)
    -> EdgeInsets?
  {
    reduceStep(into: &state, event)
  }

  /// Applies one event through the state's layout and the shared checks, the body of
  /// ``reduceFully(into:_:)`` and ``reduceFullyGivingSystemInset(into:_:)``.
  @inline(__always)
  private func reduceStep(into state: inout ChatState, _ event: TimedEvent) -> EdgeInsets? {
    state.step += 1
    state.t = event.t
    let messageCount = state.messages.count
    // The step before's diagnostics stay until the shared checks replace them, so that those
    // that did not change are not written again.
    let previousDiagnostics = state.diagnostics.count
    // A crashed app changes nothing more; its last state, diagnostics included, stays: the
    // slot's reduce returns nil then.
    let geometry: LayoutGeometry?
    switch event.event {
    case .gap, .observed:
      // A recorder's records: what happened on the device, not an input to the screen.
      if state.slot.hasCrashed { return nil }
      geometry = nil
    case .keyboard:
      // The notification is taken out of its box only to convert it (to the window's
      // coordinates, when the window is not at the screen's origin): binding it for every
      // notification copied it.
      let reduced: LayoutGeometry?
      if let origin = state.windowOriginInScreen, case .keyboard(let notification) = event.event {
        reduced = LayoutSlot.reduce(
          &state, .keyboard(notification.inWindow(at: origin)), measurer: measurer)
      } else {
        reduced = LayoutSlot.reduce(&state, event.event, measurer: measurer)
      }
      guard let reduced else { return nil }
      geometry = reduced
    case .viewport(_, _, let windowFrameInScreen):
      // A window moved in the screen (Stage Manager, a Split View resize) moves the conversion of
      // the keyboard frames that follow; a viewport that does not say where it is keeps it.
      if state.slot.hasCrashed { return nil }
      if let windowFrameInScreen { state.moveWindow(to: windowFrameInScreen) }
      guard let reduced = LayoutSlot.reduce(&state, event.event, measurer: measurer) else {
        return nil
      }
      geometry = reduced
    case .appear, .disappear, .doneTap, .pan, .receive, .returnKey, .safeArea, .scroll, .sendTap,
      .textChange:
      guard let reduced = LayoutSlot.reduce(&state, event.event, measurer: measurer) else {
        return nil
      }
      geometry = reduced
    }
    let showsSharedOnly = state.checkGeometry(
      afterNewMessage: state.messages.count != messageCount, geometry,
      replacing: previousDiagnostics)
    if case .observed(let observation) = event.event {
      state.diagnostics.append(contentsOf: observation.divergences(from: state))
    }
    // Only a step through the layout leaves the views laid out by it (a recorder's records and
    // observations do not reach it).
    state.isSettled = showsSharedOnly && geometry != nil
    return geometry?.systemInset
  }
}
