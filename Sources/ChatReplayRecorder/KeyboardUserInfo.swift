/// The six keyboard notifications UIKit posts, named as the recording format names them.
public enum KeyboardNotificationName: String, CaseIterable, Hashable, Sendable {
  case willShow
  case didShow
  case willHide
  case didHide
  case willChangeFrame
  case didChangeFrame

  /// The notification's name in UIKit (`UIKeyboardWillShowNotification`, …), the raw value of
  /// `UIResponder.keyboardWillShowNotification` and its siblings.
  public var notificationName: String {
    switch self {
    case .willShow: "UIKeyboardWillShowNotification"
    case .didShow: "UIKeyboardDidShowNotification"
    case .willHide: "UIKeyboardWillHideNotification"
    case .didHide: "UIKeyboardDidHideNotification"
    case .willChangeFrame: "UIKeyboardWillChangeFrameNotification"
    case .didChangeFrame: "UIKeyboardDidChangeFrameNotification"
    }
  }

  /// The name for a UIKit notification name, or `nil` for any other notification.
  public init?(notificationName: String) {
    guard let name = Self.allCases.first(where: { $0.notificationName == notificationName })
    else { return nil }
    self = name
  }
}

/// One value of a keyboard notification's `userInfo`, as the UIKit layer found it.
///
/// The UIKit layer only says what kind of object each value is (an `NSValue` holding a `CGRect`
/// or a `CGPoint`, an `NSNumber` that is a Boolean or a number, a string, or something else);
/// what a value means, and whether it is usable, is decided here.
public enum UserInfoValue: Hashable, Sendable {
  case bool(Bool)
  case number(Double)
  case point(SessionRecorder.Point)
  case rect(SessionRecorder.Rect)
  case string(String)
  /// A value of another type, kept as its description (the `UIScreen` object, say).
  case other(String)
}

/// How a keyboard notification's `userInfo` is written: the standard keys by name (`null` when
/// absent or unusable), the legacy keys when present, and every other key under `extra`.
struct KeyboardLine {
  static let frameBeginKey = "UIKeyboardFrameBeginUserInfoKey"
  static let frameEndKey = "UIKeyboardFrameEndUserInfoKey"
  static let durationKey = "UIKeyboardAnimationDurationUserInfoKey"
  static let curveKey = "UIKeyboardAnimationCurveUserInfoKey"
  static let isLocalKey = "UIKeyboardIsLocalUserInfoKey"
  static let centerBeginKey = "UIKeyboardCenterBeginUserInfoKey"
  static let centerEndKey = "UIKeyboardCenterEndUserInfoKey"
  static let boundsKey = "UIKeyboardBoundsUserInfoKey"

  /// Writes the fields after `t`, `type` and `name`.
  static func writeFields(of userInfo: [String: UserInfoValue], to writer: inout LineWriter) {
    var extra = userInfo
    func take<Value>(_ key: String, _ read: (UserInfoValue) -> Value?) -> Value? {
      guard let raw = userInfo[key], let value = read(raw) else { return nil }
      extra[key] = nil
      return value
    }
    let frameBegin = take(frameBeginKey, readFrame)
    let frameEnd = take(frameEndKey, readFrame)
    let duration = take(durationKey, readDuration)
    let curve = take(curveKey, readCurve)
    let isLocal = take(isLocalKey, readIsLocal)
    let centerBegin = take(centerBeginKey, readPoint)
    let centerEnd = take(centerEndKey, readPoint)
    let bounds = take(boundsKey, readFrame)

    writer.key("frameBegin")
    if let frameBegin { writer.rect(frameBegin) } else { writer.null() }
    writer.key("frameEnd")
    if let frameEnd { writer.rect(frameEnd) } else { writer.null() }
    writer.key("duration")
    if let duration { writer.number(duration) } else { writer.null() }
    writer.key("curve")
    if let curve { writer.number(Double(curve)) } else { writer.null() }
    writer.key("isLocal")
    if let isLocal { writer.bool(isLocal) } else { writer.null() }
    if let centerBegin {
      writer.key("centerBegin")
      writer.point(centerBegin)
    }
    if let centerEnd {
      writer.key("centerEnd")
      writer.point(centerEnd)
    }
    if let bounds {
      writer.key("bounds")
      writer.rect(bounds)
    }
    guard !extra.isEmpty else { return }
    writer.key("extra")
    writer.beginObject()
    for key in extra.keys.sorted() {
      writer.key(key)
      if let value = extra[key] { writeRaw(value, to: &writer) }
    }
    writer.endObject()
  }

  private static func readFrame(_ value: UserInfoValue) -> SessionRecorder.Rect? {
    guard case .rect(let rect) = value, rect.isWritableAsFrame else { return nil }
    return rect
  }

  private static func readPoint(_ value: UserInfoValue) -> SessionRecorder.Point? {
    guard case .point(let point) = value, LineWriter.isWritableNumber(point.x),
      LineWriter.isWritableNumber(point.y)
    else { return nil }
    return point
  }

  private static func readDuration(_ value: UserInfoValue) -> Double? {
    guard case .number(let seconds) = value, LineWriter.isWritableNumber(seconds), seconds >= 0
    else { return nil }
    return seconds
  }

  private static func readCurve(_ value: UserInfoValue) -> Int? {
    guard case .number(let raw) = value, LineWriter.isWritableNumber(raw),
      raw == raw.rounded(.towardZero)
    else { return nil }
    return Int(raw)
  }

  private static func readIsLocal(_ value: UserInfoValue) -> Bool? {
    switch value {
    case .bool(let flag): flag
    case .number(0): false
    case .number(1): true
    case .number, .point, .rect, .string, .other: nil
    }
  }

  /// A value kept under `extra`: JSON for what JSON can hold exactly, a description otherwise
  /// (a number the replayer would refuse, such as `nan` or `1e+300`, is kept as text).
  private static func writeRaw(_ value: UserInfoValue, to writer: inout LineWriter) {
    switch value {
    case .bool(let flag):
      writer.bool(flag)
    case .number(let number):
      if LineWriter.isWritableNumber(number) {
        writer.number(number)
      } else {
        writer.string(number.description)
      }
    case .point(let point):
      if [point.x, point.y].allSatisfy(LineWriter.isWritableNumber) {
        writer.point(point)
      } else {
        writer.string("{\(point.x), \(point.y)}")
      }
    case .rect(let rect):
      if [rect.x, rect.y, rect.width, rect.height].allSatisfy(LineWriter.isWritableNumber) {
        writer.rect(rect)
      } else {
        writer.string("{{\(rect.x), \(rect.y)}, {\(rect.width), \(rect.height)}}")
      }
    case .string(let text), .other(let text):
      writer.string(text)
    }
  }
}
