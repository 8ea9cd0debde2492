/// One line of a recording after the header: something that happened on the device.
///
/// Cases are named as the recording format names them (`textChange`, `sendTap`, …), so what a
/// user reads in a file, in `replay`'s output and in a debugger expression is one vocabulary.
public enum Event: Hashable, Sendable {
  case appear
  case disappear
  case doneTap
  /// The recorder lost `dropped` events here (its buffer was full); nothing changes.
  case gap(dropped: Int)
  indirect case keyboard(KeyboardNotification)
  /// What UIKit laid out on the device at this moment; nothing changes, and the values are
  /// compared with the model's (differential replay).
  indirect case observed(Observation)
  case pan(y: Double, state: PanState)
  case receive(text: String)
  case returnKey
  indirect case safeArea(EdgeInsets)
  case scroll(offsetY: Double)
  case sendTap
  case textChange(text: String)
  /// The window was resized or moved: its size, its safe-area insets and, when the recorder
  /// knows it, its frame in the screen's coordinates (which moves the keyboard frames' conversion).
  indirect case viewport(screen: Size, safeArea: EdgeInsets, windowFrameInScreen: Rect? = nil)
}

/// An event with the time it happened, in seconds since the recording started.
public struct TimedEvent: Hashable, Sendable {
  public var t: Double
  public var event: Event

  public init(t: Double, event: Event) {
    self.t = t
    self.event = event
  }
}

/// A UIKit keyboard notification and its `userInfo`, every key of which may be missing.
public struct KeyboardNotification: Hashable, Sendable {
  public var name: Name
  /// `UIKeyboardFrameBeginUserInfoKey`.
  public var frameBegin: Rect?
  /// `UIKeyboardFrameEndUserInfoKey`.
  public var frameEnd: Rect?
  /// `UIKeyboardAnimationDurationUserInfoKey`, in seconds.
  public var duration: Double?
  /// `UIKeyboardAnimationCurveUserInfoKey` (7 is the keyboard's private curve).
  public var curve: Int?
  /// `UIKeyboardIsLocalUserInfoKey`.
  public var isLocal: Bool?
  /// The legacy `UIKeyboardCenterBeginUserInfoKey`, kept as recorded.
  public var centerBegin: Point?
  /// The legacy `UIKeyboardCenterEndUserInfoKey`, kept as recorded.
  public var centerEnd: Point?
  /// The legacy `UIKeyboardBoundsUserInfoKey`, kept as recorded.
  public var bounds: Rect?
  /// Every other `userInfo` key the recording kept, in its order; no layout reads them.
  public var extra: [JSONValue.Member]

  public init(
    name: Name, frameBegin: Rect? = nil, frameEnd: Rect? = nil, duration: Double? = nil,
    curve: Int? = nil, isLocal: Bool? = nil, centerBegin: Point? = nil, centerEnd: Point? = nil,
    bounds: Rect? = nil, extra: [JSONValue.Member] = []
  ) {
    self.name = name
    self.frameBegin = frameBegin
    self.frameEnd = frameEnd
    self.duration = duration
    self.curve = curve
    self.isLocal = isLocal
    self.centerBegin = centerBegin
    self.centerEnd = centerEnd
    self.bounds = bounds
    self.extra = extra
  }

  /// The six keyboard notifications UIKit posts.
  public enum Name: String, CaseIterable, Hashable, Sendable {
    case willShow
    case didShow
    case willHide
    case didHide
    case willChangeFrame
    case didChangeFrame
  }
}

/// The state of a pan gesture recognizer, like `UIGestureRecognizer.State`.
public enum PanState: String, CaseIterable, Hashable, Sendable {
  case began
  case changed
  case ended
  case cancelled
}

extension Event {
  /// An event's `type` in the recording format; the raw value is the name a line carries.
  ///
  /// The cases follow the format's order (the order its documentation and the decoder's
  /// messages list them in) rather than the alphabet, so `allCases` is that list.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    case keyboard
    case textChange
    case sendTap
    case safeArea
    case pan
    case scroll
    case receive
    case returnKey
    case doneTap
    case viewport
    case appear
    case disappear
    case gap
    case observed
  }

  /// The event's `type` in the recording format.
  public var kind: Kind {
    switch self {
    case .appear: .appear
    case .disappear: .disappear
    case .doneTap: .doneTap
    case .gap: .gap
    case .keyboard: .keyboard
    case .observed: .observed
    case .pan: .pan
    case .receive: .receive
    case .returnKey: .returnKey
    case .safeArea: .safeArea
    case .scroll: .scroll
    case .sendTap: .sendTap
    case .textChange: .textChange
    case .viewport: .viewport
    }
  }
}

extension KeyboardNotification {
  /// The notification with its frames converted from the screen's coordinate space to that of a
  /// window whose origin lies at `origin` in the screen, as UIKit's `convert(_:from:)` does for
  /// an untransformed window (Split View, Slide Over, Stage Manager).
  ///
  /// `bounds` has no origin to convert; the legacy centers are kept as recorded.
  public func inWindow(at origin: Point) -> KeyboardNotification {
    var converted = self
    converted.frameBegin = frameBegin.map { $0.offsetBy(dx: -origin.x, dy: -origin.y) }
    converted.frameEnd = frameEnd.map { $0.offsetBy(dx: -origin.x, dy: -origin.y) }
    return converted
  }
}
