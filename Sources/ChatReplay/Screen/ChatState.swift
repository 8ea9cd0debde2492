/// What the chat screen looks like after an event: the successive values a replay yields.
///
/// Fields are the facts a layout sets; ``adjustedContentInset`` and ``isSendEnabled`` are derived
/// by the state's layout.
public struct ChatState: Equatable, Sendable {
  /// The state's index: 0 before any event, then one more per event.
  public var step = 0
  /// The time of the event that produced the state (0 for step 0).
  public var t = 0.0
  public var layout: LayoutID
  /// The window size (`H`, `W`).
  public var screen: Size
  /// The window's safe-area insets (`S`).
  public var safeArea: EdgeInsets
  public var keyboard = Keyboard()
  public var inputBar = InputBar()
  public var list = MessageList()
  public var messages = MessageLog()
  /// The defects this state shows.
  public var diagnostics: [Diagnostic] = []
  /// What the layout remembers that the screen does not show.
  public var memory: LayoutMemory

  public init(layout: LayoutID, screen: Size, safeArea: EdgeInsets, memory: LayoutMemory) {
    self.layout = layout
    self.screen = screen
    self.safeArea = safeArea
    self.memory = memory
  }

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
  public var systemInset: EdgeInsets {
    switch layout {
    case .rxkeyboard: RxKeyboardLayout.systemInset(of: self)
    case .growing: GrowingLayout.systemInset(of: self)
    case .scrollToField: ScrollToFieldLayout.systemInset(of: self)
    case .accessory: AccessoryLayout.systemInset(of: self)
    }
  }

  /// Whether the send button is enabled.
  public var isSendEnabled: Bool {
    switch layout {
    case .rxkeyboard: RxKeyboardLayout.isSendEnabled(self)
    case .growing: GrowingLayout.isSendEnabled(self)
    case .scrollToField: ScrollToFieldLayout.isSendEnabled(self)
    case .accessory: AccessoryLayout.isSendEnabled(self)
    }
  }

  /// The part of the input bar that holds the input, which must stay out of the bottom safe area.
  public var inputContentFrame: Rect {
    switch layout {
    case .rxkeyboard, .growing, .scrollToField: inputBar.frame
    case .accessory: AccessoryLayout.inputContentFrame(of: self)
    }
  }
}

/// What a layout remembers between events beyond what the screen shows.
public enum LayoutMemory: Equatable, Sendable {
  case rxkeyboard(RxKeyboardLayout.Memory)
  case growing(GrowingLayout.Memory)
  case scrollToField(ScrollToFieldLayout.Memory)
  case accessory(AccessoryLayout.Memory)

  /// Whether the seed's app has crashed, after which no event changes the screen.
  public var isCrashed: Bool {
    switch self {
    case .growing(let memory): memory.isCrashed
    case .rxkeyboard, .scrollToField, .accessory: false
    }
  }
}
