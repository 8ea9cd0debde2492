/// What a picture of the screen at one step shows: every drawing (the debugger's `screen`, the
/// SVG, the HTML page) renders a scene, so they never disagree.
///
/// All frames are in window points (origin top-left, y down), except bubbles, which are in the
/// message list's content coordinates: ``contentOriginY`` places them, so scrolling changes one
/// number rather than every bubble.
public struct Scene: Equatable, Sendable {
  /// The step the scene shows.
  public var step: Int
  public var layout: LayoutID
  /// The window's size.
  public var window: Size
  /// The window's safe-area insets.
  public var safeArea: EdgeInsets
  /// The status bar: the top safe area.
  public var statusBar: Rect
  /// The navigation bar, for layouts that have one.
  public var navigationBar: Rect?
  /// The navigation bar's title.
  public var title: String
  /// The message list's frame: bubbles are drawn clipped to it.
  public var list: Rect
  /// The window y of the list content's top (`list.minY - contentOffset.y`).
  public var contentOriginY: Double
  /// The messages scrolled at least in part into the list's frame, oldest first.
  public var bubbles: [Bubble]
  public var inputBar: InputBar
  /// The part of the keyboard inside the window, when any is.
  public var keyboard: Rect?
  /// The space between the input bar's bottom and a shown keyboard's top, when over 0.5 pt.
  public var gap: Rect?
  /// Where the input bar and the keyboard overlap.
  public var overlap: Rect?
  /// The home indicator, drawn in the bottom safe area while no keyboard is up.
  public var homeIndicator: Rect?
  /// The diagnostics that mark a place on the screen.
  public var marks: [Mark]

  /// A message's balloon (or plain row) with its text as lines.
  public struct Bubble: Equatable, Sendable {
    /// The message's index in the state's messages.
    public var index: Int
    public var from: Sender
    /// The balloon, in content coordinates.
    public var frame: Rect
    /// Whether the message is a balloon (`true`) or a plain table row.
    public var isBalloon: Bool
    public var text: TextBlock
  }

  /// Text as the measurer lays it out: its lines, font size and line height, and where the
  /// first line's box starts.
  public struct TextBlock: Equatable, Sendable {
    /// The lines, as the text measurer breaks them (a plain row shows one, shortened with `…`).
    public var lines: [String]
    public var fontSize: Double
    public var lineHeight: Double
    /// The top-left corner of the first line's box, in the coordinates of the frame that holds
    /// the text.
    public var origin: Point
    /// The width the text is wrapped at.
    public var width: Double
  }

  /// The input bar: its frame, the text field with its text, and the send button.
  public struct InputBar: Equatable, Sendable {
    public var frame: Rect
    /// The text field, in window coordinates.
    public var field: Rect
    /// The field's text, laid out in the field.
    public var text: TextBlock
    /// The send button, in window coordinates (it may lie outside ``frame``).
    public var sendButton: Rect
    public var isSendEnabled: Bool
  }

  /// A diagnostic drawn on the screen.
  public enum Mark: Equatable, Sendable {
    /// The app has crashed: nothing changes after this step.
    case crash(reason: String)
    /// A child view lies outside its container, where touches cannot reach it.
    case outsideContainer(child: Rect, container: Rect)
    /// The newest message is not wholly visible: its frame and the visible band, in window
    /// coordinates.
    case hiddenMessage(index: Int, frame: Rect, visible: Rect)
  }

  /// A bubble's frame in window coordinates.
  public func windowFrame(of bubble: Bubble) -> Rect {
    Rect(
      x: bubble.frame.x, y: contentOriginY + bubble.frame.y, width: bubble.frame.width,
      height: bubble.frame.height)
  }

  /// The bubbles that show at least in part inside the list's frame.
  public var visibleBubbles: [Bubble] {
    bubbles.filter { windowFrame(of: $0).intersection(list) != nil }
  }

  /// Whether the app has crashed at this step.
  public var isCrashed: Bool {
    marks.contains { mark in
      switch mark {
      case .crash: true
      case .outsideContainer, .hiddenMessage: false
      }
    }
  }
}
