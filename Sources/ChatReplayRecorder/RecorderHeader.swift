extension SessionRecorder {
  /// What the recording's first line says about the device, the window and the screen.
  public struct Header: Hashable, Sendable {
    /// Free text naming the device, such as `iPhone15,4`.
    public var model: String
    /// The window's size, in points.
    public var windowSize: Size
    /// The window's safe-area insets.
    public var safeArea: Insets
    /// The window's frame in the screen's coordinate space, where keyboard frames are given.
    public var windowFrameInScreen: Rect?
    /// The layout the replayer should drive, when the app knows which one it resembles.
    public var layout: String?
    /// The system, as `UIDevice` names it: `iOS 17.4`.
    public var os: String?
    public var idiom: Idiom?
    /// The screen's scale (points to pixels).
    public var scale: Double?
    /// Whether a hardware keyboard was connected when recording started.
    public var hardwareKeyboard: Bool?
    /// The messages on screen when recording started, oldest first.
    public var messages: [Message]?

    public init(
      model: String, windowSize: Size, safeArea: Insets, windowFrameInScreen: Rect? = nil,
      layout: String? = nil, os: String? = nil, idiom: Idiom? = nil, scale: Double? = nil,
      hardwareKeyboard: Bool? = nil, messages: [Message]? = nil
    ) {
      self.model = model
      self.windowSize = windowSize
      self.safeArea = safeArea
      self.windowFrameInScreen = windowFrameInScreen
      self.layout = layout
      self.os = os
      self.idiom = idiom
      self.scale = scale
      self.hardwareKeyboard = hardwareKeyboard
      self.messages = messages
    }

    /// The device's model identifier: the simulated model's when running in the Simulator
    /// (`SIMULATOR_MODEL_IDENTIFIER`), with ` (Simulator)` after it, otherwise `utsname.machine`.
    public static func model(machine: String, simulatorModelIdentifier: String?) -> String {
      guard let simulated = simulatorModelIdentifier, !simulated.isEmpty else { return machine }
      return simulated + " (Simulator)"
    }
  }

  /// A message in the header's list.
  public struct Message: Hashable, Sendable {
    public var isFromMe: Bool
    public var text: String

    public init(isFromMe: Bool, text: String) {
      self.isFromMe = isFromMe
      self.text = text
    }
  }

  /// The kind of device, like `UIUserInterfaceIdiom`.
  public enum Idiom: String, CaseIterable, Hashable, Sendable {
    case unspecified
    case phone
    case pad
    case tv
    case carPlay
    case mac
    case vision

    /// The idiom for a `UIUserInterfaceIdiom.rawValue`; values UIKit may add later are
    /// `unspecified`.
    public init(userInterfaceIdiomRawValue raw: Int) {
      switch raw {
      case 0: self = .phone
      case 1: self = .pad
      case 2: self = .tv
      case 3: self = .carPlay
      case 5: self = .mac
      case 6: self = .vision
      default: self = .unspecified
      }
    }
  }

  /// The recorder's name and version, written in every header.
  public static let recorderName = "ChatReplayRecorder"
  public static let recorderVersion = "1.0"

  static func headerLine(_ header: Header, masksText: Bool) -> [UInt8] {
    var writer = LineWriter()
    writer.beginObject()
    writer.key("type")
    writer.string("session")
    writer.key("version")
    writer.number(1)
    if let layout = header.layout {
      writer.key("layout")
      writer.string(layout)
    }
    writer.key("device")
    writer.beginObject()
    writer.key("model")
    writer.string(header.model)
    writer.key("screen")
    writer.size(header.windowSize)
    writer.key("safeArea")
    writer.insets(header.safeArea)
    writer.endObject()
    if let os = header.os {
      writer.key("os")
      writer.string(os)
    }
    if let idiom = header.idiom {
      writer.key("idiom")
      writer.string(idiom.rawValue)
    }
    if let scale = header.scale {
      writer.key("scale")
      writer.number(scale)
    }
    if let frame = header.windowFrameInScreen {
      writer.key("windowFrameInScreen")
      writer.rect(frame)
    }
    if let hardwareKeyboard = header.hardwareKeyboard {
      writer.key("hardwareKeyboard")
      writer.bool(hardwareKeyboard)
    }
    writer.key("masked")
    writer.bool(masksText)
    writer.key("recorder")
    writer.beginObject()
    writer.key("name")
    writer.string(recorderName)
    writer.key("version")
    writer.string(recorderVersion)
    writer.endObject()
    if let messages = header.messages {
      writer.key("messages")
      writer.beginArray()
      for message in messages {
        writer.beginObject()
        writer.key("from")
        writer.string(message.isFromMe ? "me" : "other")
        writer.key("text")
        writer.string(masksText ? TextMasking.mask(message.text) : message.text)
        writer.endObject()
      }
      writer.endArray()
    }
    writer.endObject()
    return writer.line
  }
}
