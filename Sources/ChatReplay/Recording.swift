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
  /// The system, as the recorder names it (`iOS 17.4`).
  public var os: String?
  /// The kind of device (`phone`, `pad`, `mac`, …), like `UIUserInterfaceIdiom`.
  public var idiom: String?
  /// The screen's scale, points to pixels.
  public var scale: Double?
  /// The window's frame in the screen's coordinate space, where keyboard frames are given; when
  /// its origin is not (0, 0), keyboard frames are converted to window coordinates.
  public var windowFrameInScreen: Rect?
  /// Whether a hardware keyboard was connected when recording started.
  public var hardwareKeyboard: Bool?
  /// Whether typed and received text was masked (each character replaced by one of its class).
  public var masked: Bool?
  /// The program that made the recording.
  public var recorder: RecorderInfo?

  public init(
    version: Int = 1, layout: LayoutID? = nil, device: Device = .iPhone15,
    messages: [InitialMessage]? = nil, options: [LayoutOptionSetting] = [], os: String? = nil,
    idiom: String? = nil,
    scale: Double? = nil, windowFrameInScreen: Rect? = nil, hardwareKeyboard: Bool? = nil,
    masked: Bool? = nil, recorder: RecorderInfo? = nil
  ) {
    self.version = version
    self.layout = layout
    self.device = device
    self.messages = messages
    self.options = options
    self.os = os
    self.idiom = idiom
    self.scale = scale
    self.windowFrameInScreen = windowFrameInScreen
    self.hardwareKeyboard = hardwareKeyboard
    self.masked = masked
    self.recorder = recorder
  }

  /// The header a recording without one uses.
  public static let `default` = SessionHeader()

  /// The kind of device as the layouts need it: the header's `idiom` when it names one, else
  /// `.pad` for a model that starts with "iPad", else `.phone`.
  public var deviceIdiom: DeviceIdiom {
    switch idiom {
    case "phone": return .phone
    case "pad", "mac", "tv", "carPlay", "vision": return .pad
    default: return device.model.hasPrefix("iPad") ? .pad : .phone
    }
  }
}

/// The kind of device, as far as a window's size classes depend on it.
///
/// UIKit gives an iPhone in landscape a compact height and every other device and orientation a
/// regular one; ``pad`` stands for every idiom whose windows are always regular in height (iPad,
/// Mac, TV, CarPlay, Vision).
public enum DeviceIdiom: String, Hashable, Sendable {
  case phone
  case pad
}

/// A size class of a window's width or height, like `UIUserInterfaceSizeClass`.
public enum SizeClass: String, Hashable, Sendable {
  case compact
  case regular
}

/// The name and version of the program that made a recording.
public struct RecorderInfo: Hashable, Sendable {
  public var name: String
  public var version: String

  public init(name: String, version: String) {
    self.name = name
    self.version = version
  }
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
