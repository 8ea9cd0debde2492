/// Something the scanner found on a line, with the index of its first scalar in the line's
/// cleaned content.
enum LineItem: Sendable {
  /// `NSConcreteNotification`: an Objective-C notification's description begins.
  case notificationOpening(at: Int)
  /// `{`, `[`, `Optional(` or `(` before `[`.
  case open(at: Int)
  /// `}`, `]` or `)`.
  case close(at: Int)
  /// `name = NAME` inside a notification's description.
  case name(NotificationName, at: Int)
  /// A keyboard notification's name outside a description: a label.
  case labelName(KeyboardNotification.Name, at: Int)
  /// `userInfo =` or `userInfo:`; the dictionary follows.
  case userInfo(at: Int)
  /// `userInfo = nil`.
  case userInfoNil(at: Int)
  case pair(PrintedPair)
  /// A rect with no key: `(0.0, 521.0, 375.0, 291.0)` or `{{0, 377}, {1024, 391}}`.
  case rect(PrintedValue, style: PrintStyle, at: Int)
  /// A line of lldb's Mirror dump.
  case mirror(MirrorLine, at: Int)
}

/// A printed notification name: a keyboard one, or any other.
enum NotificationName: Hashable, Sendable {
  case keyboard(KeyboardNotification.Name)
  case other(String)
}

/// A key and its value.
struct PrintedPair: Sendable {
  /// The key as printed.
  var key: String
  /// Where the key starts, and where its value starts.
  var keyIndex: Int
  var valueIndex: Int
  var value: PrintedValue
  var syntax: Syntax
  /// Whether the value was in double quotes.
  var isQuoted: Bool
  /// The `;` or `,` after the value, if any.
  var separator: Unicode.Scalar?

  /// How the key was written.
  enum Syntax: Sendable {
    /// `KEY = VALUE`: an Objective-C dictionary.
    case equals
    /// `AnyHashable("KEY"): VALUE`.
    case anyHashable
    /// `"KEY": VALUE`.
    case quotedKey
    /// `KEY: VALUE`: Swift 2.
    case bareKey
  }

  /// The `userInfo` key it is, if any.
  var printedKey: PrintedKey? { PrintedKey(printed: key) }

  /// Whether the key looks like one of UIKit's keyboard keys, known or not.
  var isKeyboardKey: Bool { key.hasPrefix("UIKeyboard") }
}

/// One line of lldb's Mirror dump of a Swift `Notification` (`- name : "…"`, `▿ key : …`).
enum MirrorLine: Sendable {
  /// `- name : "UIKeyboardWillShowNotification"`.
  case name(NotificationName)
  /// `▿ key : AnyHashable("UIKeyboardFrameEndUserInfoKey")`.
  case key(String)
  /// `- value : …`: the key's string again, or its value.
  case value(PrintedValue)
  /// Any other line (`▿ userInfo : 8 elements`, `▿ 0 : 2 elements`, `- object : nil`).
  case other
}
