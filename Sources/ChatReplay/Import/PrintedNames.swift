/// How UIKit's keyboard notification names and `userInfo` keys appear in printed text.
///
/// Printouts always show the Objective-C string values (`UIKeyboardWillShowNotification`,
/// `UIKeyboardFrameEndUserInfoKey`), in Swift too; the Swift spellings appear only in code.
extension KeyboardNotification.Name {
  /// The name as `NSNotification.name` prints it, `UIKeyboardWillShowNotification`.
  public var printedName: String {
    switch self {
    case .willShow: "UIKeyboardWillShowNotification"
    case .didShow: "UIKeyboardDidShowNotification"
    case .willHide: "UIKeyboardWillHideNotification"
    case .didHide: "UIKeyboardDidHideNotification"
    case .willChangeFrame: "UIKeyboardWillChangeFrameNotification"
    case .didChangeFrame: "UIKeyboardDidChangeFrameNotification"
    }
  }

  /// The name a printout shows, or `nil` for any other text.
  public init?(printedName: String) {
    guard let name = Self.allCases.first(where: { $0.printedName == printedName }) else {
      return nil
    }
    self = name
  }

  /// A name as a person types it: the recording's (`willShow`), the printed one, or a Swift
  /// spelling (`UIResponder.keyboardWillShowNotification`, `.UIKeyboardWillShow`, …).
  public init?(userText: String) {
    var text = Substring(userText)
    for prefix in ["UIResponder.", "NSNotification.Name.", "Notification.Name.", "."]
    where text.hasPrefix(prefix) {
      text = text.dropFirst(prefix.count)
    }
    for name in Self.allCases {
      let printed = name.printedName
      let swiftName = "keyboard" + printed.dropFirst("UIKeyboard".count)
      let spellings = [name.rawValue, printed, String(printed.dropLast(12)), swiftName]
      if spellings.contains(String(text)) {
        self = name
        return
      }
    }
    return nil
  }

  /// Whether the name is a `did…` notification, posted when an animation has ended.
  public var isDid: Bool {
    switch self {
    case .didShow, .didHide, .didChangeFrame: true
    case .willShow, .willHide, .willChangeFrame: false
    }
  }

  /// The `will…` notification a `did…` one follows (itself for a `will…`).
  public var will: Self {
    switch self {
    case .willShow, .didShow: .willShow
    case .willHide, .didHide: .willHide
    case .willChangeFrame, .didChangeFrame: .willChangeFrame
    }
  }
}

/// A `userInfo` key a keyboard notification may carry, as printed.
public enum PrintedKey: String, CaseIterable, Hashable, Sendable {
  case frameBegin = "UIKeyboardFrameBeginUserInfoKey"
  case frameEnd = "UIKeyboardFrameEndUserInfoKey"
  case duration = "UIKeyboardAnimationDurationUserInfoKey"
  case curve = "UIKeyboardAnimationCurveUserInfoKey"
  case isLocal = "UIKeyboardIsLocalUserInfoKey"
  /// Deprecated since iOS 3.2; kept in the event as the extra field `bounds`.
  case bounds = "UIKeyboardBoundsUserInfoKey"
  /// Deprecated; kept in the event as the extra field `centerBegin`.
  case centerBegin = "UIKeyboardCenterBeginUserInfoKey"
  /// Deprecated; kept in the event as the extra field `centerEnd`.
  case centerEnd = "UIKeyboardCenterEndUserInfoKey"
  /// A private key of iOS 5 to 8; not imported.
  case changedByUserInteraction = "UIKeyboardFrameChangedByUserInteraction"

  /// The key whose printed form, with any spaces removed, is `text`.
  init?(printed text: String) {
    self.init(rawValue: text.contains(" ") ? text.filter { $0 != " " } : text)
  }

  /// What kind of value the key holds.
  var valueKind: PrintedValue.Kind {
    switch self {
    case .frameBegin, .frameEnd, .bounds: .rect
    case .centerBegin, .centerEnd: .point
    case .duration: .number
    case .curve: .integer
    case .isLocal: .boolean
    case .changedByUserInteraction: .boolean
    }
  }
}
