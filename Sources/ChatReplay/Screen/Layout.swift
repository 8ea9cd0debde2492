/// A model of one chat screen: how its views follow the keyboard, as a pure reducer.
///
/// A layout value is the screen's configuration (its constants); what the screen remembers
/// between events that the ``ChatState`` does not show is its ``Memory``. The built-in layouts
/// (``RxKeyboardLayout``, ``GrowingLayout``, ``ScrollToFieldLayout``, ``AccessoryLayout``) conform
/// to this protocol, and so can a layout written in another module: pass it to
/// ``ChatScreen/init(layout:measurer:)`` and the timeline, the debugger, the diagnostics and the
/// comparison work for it as for the built-in ones.
///
/// ```swift
/// struct PinnedBar: Layout {
///   struct Memory: Hashable, Sendable {}
///   static let id = LayoutID.custom("pinned-bar")
///   static let summary = "An input bar pinned above the keyboard."
///   static var options: [LayoutOption<Self>] {
///     [.points("inputBar.height", \.barHeight, in: 1...200, "The input bar's height.")]
///   }
///   var barHeight = 50.0
///   func initialState(header: SessionHeader, measurer: any TextMeasuring) -> ChatState { … }
///   func reduce(into state: inout ChatState, memory: inout Memory, _ event: Event,
///               measurer: any TextMeasuring) { … }
///   func systemInset(of state: ChatState) -> EdgeInsets { state.safeArea }
///   func isSendEnabled(_ state: ChatState) -> Bool { !state.inputBar.text.isEmpty }
/// }
/// ```
///
/// After every ``reduce(into:memory:_:measurer:)`` the screen appends the diagnostics every
/// layout shares (`keyboard-overlap`, `keyboard-gap`, `message-hidden`, `offset-out-of-range`,
/// `unsafe-input`), which read only the state's geometry.
public protocol Layout: Hashable, Sendable {
  /// What the screen remembers between events beyond what the state shows.
  associatedtype Memory: Hashable, Sendable

  /// The layout's name, as recordings and the command line spell it.
  static var id: LayoutID { get }

  /// What the layout models, in one line, for `replay layouts`.
  static var summary: String { get }

  /// The constants a header's `options` or `--option` can set, each declared once; none by
  /// default.
  static var options: [LayoutOption<Self>] { get }

  /// The layout with every option at its default.
  init()

  /// The screen as it is when the recording starts (step 0), made with
  /// ``ChatState/init(layout:memory:screen:safeArea:)``.
  func initialState(header: SessionHeader, measurer: AnyTextMeasuring) -> ChatState

  /// Applies one event to the screen and to what the layout remembers.
  ///
  /// `state.step` and `state.t` are already the new step's; `state.diagnostics` is empty, for the
  /// layout's own diagnostics. (The built-in layouts, which only ever append to it, are handed the
  /// step before's there instead, which the screen replaces after them.)
  func reduce(
    into state: inout ChatState, memory: inout Memory, _ event: Event,
    measurer: AnyTextMeasuring)

  /// What the system adds to the list's `contentInset` (safe area, bars): the difference between
  /// `adjustedContentInset` and `contentInset`.
  func systemInset(of state: ChatState) -> EdgeInsets

  /// Whether the send button is enabled.
  func isSendEnabled(_ state: ChatState) -> Bool

  /// The part of the input bar that holds the input, which must stay out of the bottom safe area
  /// while the keyboard is hidden; the whole bar by default.
  func inputContentFrame(of state: ChatState) -> Rect

  /// Whether the modelled app has crashed: after that no event changes the state but its step and
  /// time. `false` by default.
  func hasCrashed(_ memory: Memory) -> Bool

  /// Why `path` has its value in `state`, for the debugger's `why`; `nil` (the default) when the
  /// layout has no rule for it, and the debugger names the step that last changed it.
  func explain(_ path: StatePath, in state: ChatState, memory: Memory) -> Explanation?
}

extension Layout {
  /// None.
  public static var options: [LayoutOption<Self>] { [] }

  /// The whole input bar.
  public func inputContentFrame(of state: ChatState) -> Rect { state.inputBar.frame }

  /// Never.
  public func hasCrashed(_ memory: Memory) -> Bool { false }

  /// No rule.
  public func explain(_ path: StatePath, in state: ChatState, memory: Memory) -> Explanation? {
    nil
  }
}
