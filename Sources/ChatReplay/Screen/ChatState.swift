/// What the chat screen looks like after an event: the successive values a replay yields.
///
/// Fields are the facts a layout sets; ``adjustedContentInset`` and ``isSendEnabled`` are derived
/// by the state's layout, which the state records once, with what the layout remembers.
public struct ChatState: Equatable, Sendable {
  /// The state's index: 0 before any event, then one more per event.
  public var step = 0
  /// The time of the event that produced the state (0 for step 0).
  public var t = 0.0
  /// The window size (`H`, `W`).
  public var screen: Size { didSet { isSettled = false } }
  /// The window's safe-area insets (`S`).
  public var safeArea: EdgeInsets { didSet { isSettled = false } }
  /// The kind of device, from the header: with the window's shape it gives the size classes.
  public var idiom: DeviceIdiom { didSet { isSettled = false } }
  public var keyboard = Keyboard() { didSet { isSettled = false } }
  public var inputBar = InputBar() { didSet { isSettled = false } }
  public var list = MessageList() { didSet { isSettled = false } }
  public var messages = MessageLog() { didSet { isSettled = false } }
  /// The defects this state shows.
  public var diagnostics: [Diagnostic] = [] { didSet { isSettled = false } }
  /// The layout and what it remembers that the screen does not show.
  var slot: LayoutSlot { didSet { isSettled = false } }

  /// Where the window's origin lies in the screen, when it is not the screen's (the header's
  /// `windowFrameInScreen`, or a later `viewport`'s): keyboard frames are converted by it.
  var windowOriginInScreen: Point? { didSet { isSettled = false } }

  /// Whether the state is as its layout's last full step left it: laid out by its layout, with
  /// the shared checks' diagnostics of this geometry and no others (no `message-hidden`, none of
  /// the layout's own, no divergence), and nothing written since but the step, the time and the
  /// input text.
  ///
  /// Every other field clears it when written (its `didSet`), whoever writes it, so a state
  /// changed by hand is never taken for settled; only ``ChatScreen`` sets it. A settled state
  /// takes a text, or an event its layout ignores, without the layout or the checks
  /// (``ChatScreen/reduceSettled(into:_:)``). It is no part of the state's value: ``==`` ignores
  /// it.
  var isSettled = false

  /// Takes `frame`, the window's frame in the screen, as where keyboard frames are converted from.
  mutating func moveWindow(to frame: Rect) {
    windowOriginInScreen = frame.x != 0 || frame.y != 0 ? Point(x: frame.x, y: frame.y) : nil
  }

  /// A state of `layout`'s screen, remembering `memory`, on a device of kind `idiom` (a header's
  /// ``SessionHeader/deviceIdiom``).
  public init<L: Layout>(
    layout: L, memory: L.Memory, screen: Size, safeArea: EdgeInsets, idiom: DeviceIdiom = .phone
  ) {
    self.screen = screen
    self.safeArea = safeArea
    self.idiom = idiom
    self.slot = LayoutSlot.make(layout, memory)
  }

  /// The name of the state's layout.
  public var layout: LayoutID { slot.id }

  #if !hasFeature(Embedded)
    /// The state's layout, with its constants.
    public var configuredLayout: any Layout { slot.layout }

    /// What `layoutType` remembers; asking a state of another layout is a programming error.
    public subscript<L: Layout>(memoryOf layoutType: L.Type) -> L.Memory {
      get {
        guard let memory = slot.memory as? L.Memory else {
          preconditionFailure("a '\(layout.rawValue)' state has no '\(L.id.rawValue)' memory")
        }
        return memory
      }
      set {
        guard let configured = slot.layout as? L else {
          preconditionFailure("a '\(layout.rawValue)' state has no '\(L.id.rawValue)' memory")
        }
        slot = LayoutSlot.make(configured, newValue)
      }
    }
  #endif

  /// The keyboard as the layout understands it.
  public struct Keyboard: Equatable, Sendable {
    /// The keyboard's frame in window coordinates.
    public var frame = Rect.zero
    /// The visible height the layout last acted on (`k`).
    public var visibleHeight = 0.0
  }

  /// The input bar: the text being typed and the send button.
  public struct InputBar: Equatable, Sendable {
    public var frame = Rect.zero
    public var text = ""
  }

  /// The message list's frame and scroll geometry.
  public struct MessageList: Equatable, Sendable {
    /// The list's frame in window coordinates.
    public var frame = Rect.zero
    /// The insets the app sets (`contentInset`); only top and bottom are used.
    public var contentInset = EdgeInsets.zero
    /// `contentOffset.y`.
    public var contentOffsetY = 0.0
    /// `contentSize.height`.
    public var contentHeight = 0.0
  }

  /// The window's vertical size class, decided as UIKit does: compact for an iPhone in landscape
  /// (a phone window wider than it is tall), regular otherwise.
  @inline(__always)
  public var verticalSizeClass: SizeClass {
    idiom == .phone && screen.width > screen.height ? .compact : .regular
  }

  /// The window's bounds.
  @inline(__always)
  public var screenRect: Rect { Rect(x: 0, y: 0, width: screen.width, height: screen.height) }

  /// The part of the keyboard's frame inside the window, or `nil` when none of it is.
  @inline(__always)
  public var keyboardOnScreen: Rect? { keyboard.frame.intersection(screenRect) }

  /// The insets UIKit applies: `contentInset` plus what the system adds (safe area, bars).
  @inline(__always)
  public var adjustedContentInset: EdgeInsets {
    let system = systemInset
    return EdgeInsets(
      top: list.contentInset.top + system.top, left: list.contentInset.left + system.left,
      bottom: list.contentInset.bottom + system.bottom,
      right: list.contentInset.right + system.right)
  }

  /// What the system adds to `contentInset` for this layout.
  @inline(__always)
  public var systemInset: EdgeInsets { slot.systemInset(of: self) }

  /// Whether the send button is enabled.
  public var isSendEnabled: Bool { slot.isSendEnabled(self) }

  /// The part of the input bar that holds the input, which must stay out of the bottom safe area.
  public var inputContentFrame: Rect { slot.inputContentFrame(of: self) }

  /// Why `path` has its value, by the layout's rules; `nil` when the layout has none for it.
  public func explain(_ path: StatePath) -> Explanation? { slot.explain(path, in: self) }

  #if !hasFeature(Embedded)
    /// The stored properties that make the state's value, each named and described as text: what
    /// a test failure lists when two states differ where their JSON does not look.
    ///
    /// The layout's slot is described by its layout and memory (the slot holds them in a shared
    /// box, whose own description names only its type); ``isSettled``, a note on how the state
    /// was reached that ``==`` skips, is left out.
    package var storedValueDescriptions: [(name: String, value: String)] {
      Mirror(reflecting: self).children.compactMap { child in
        switch child.label {
        case "isSettled"?: nil
        case "slot"?: ("slot", "\(slot.layout), memory: \(slot.memory.base)")
        case let name: (name ?? "?", String(describing: child.value))
        }
      }
    }
  #endif

  /// Whether two states have the same values, field by field (``isSettled``, a note on how the
  /// state was reached, is not one of them).
  public static func == (lhs: ChatState, rhs: ChatState) -> Bool {
    lhs.step == rhs.step && lhs.t == rhs.t && lhs.screen == rhs.screen
      && lhs.safeArea == rhs.safeArea && lhs.idiom == rhs.idiom && lhs.keyboard == rhs.keyboard
      && lhs.inputBar == rhs.inputBar && lhs.list == rhs.list && lhs.messages == rhs.messages
      && lhs.diagnostics == rhs.diagnostics && lhs.slot == rhs.slot
      && lhs.windowOriginInScreen == rhs.windowOriginInScreen
  }
}
