/// The header of a recording: the device and the screen the events drive.
///
/// A recording without a header line uses ``SessionHeader/default``.
public struct SessionHeader: Hashable, Sendable {
  /// The format version; only 1 exists.
  public var version: Int
  /// The layout the header names; `nil` means the default (`rxkeyboard`).
  public var layout: LayoutID?
  public var device: Device
  /// The messages on screen at step 0; `nil` means the layout's own initial list.
  public var messages: [InitialMessage]?
  /// The layout's constants the recording sets (`"options": {"inputBar.height": 52}`), in order.
  public var options: [LayoutOptionSetting]

  public init(
    version: Int = 1, layout: LayoutID? = nil, device: Device = .iPhone15,
    messages: [InitialMessage]? = nil, options: [LayoutOptionSetting] = []
  ) {
    self.version = version
    self.layout = layout
    self.device = device
    self.messages = messages
    self.options = options
  }

  /// The header a recording without one uses.
  public static let `default` = SessionHeader()
}

/// The device a recording was made on.
public struct Device: Hashable, Sendable {
  /// Free text, shown to the user.
  public var model: String
  /// The window size in points.
  public var screen: Size
  /// The window's safe-area insets.
  public var safeArea: EdgeInsets

  public init(model: String, screen: Size, safeArea: EdgeInsets) {
    self.model = model
    self.screen = screen
    self.safeArea = safeArea
  }

  /// The format's default device.
  public static let iPhone15 = Device(
    model: "iPhone 15", screen: Size(width: 393, height: 852),
    safeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
}

/// Who wrote a message.
public enum Sender: String, CaseIterable, Hashable, Sendable {
  case me
  case other
}

/// A message listed in the header.
public struct InitialMessage: Hashable, Sendable {
  public var from: Sender
  public var text: String

  public init(from: Sender, text: String) {
    self.from = from
    self.text = text
  }
}
