/// The ways a keyboard notification gets printed, as `replay import` tells them apart.
///
/// The raw values are what a recording's header lists under `import.styles`.
public enum PrintStyle: String, CaseIterable, Hashable, Sendable {
  /// `NSConcreteNotification 0x… {name = …; userInfo = {…}}`: `NSLog` or `po` of an
  /// `NSNotification`.
  case nsNotification = "nsnotification"
  /// `{ KEY = "VALUE"; … }`: the `description` of an `NSDictionary`, values quoted.
  case nsDictionary = "nsdictionary"
  /// The same with values never quoted (`KEY = NSRect: {{0, 667}, {375, 258}};`).
  case nsDictionaryUnquoted = "nsdictionary-unquoted"
  /// The same with pairs separated by commas.
  case nsDictionaryCommas = "nsdictionary-commas"
  /// `[AnyHashable("KEY"): VALUE, …]`: a Swift `[AnyHashable: Any]`.
  case swiftDictionary = "swift-dictionary"
  /// `name = …, object = nil, userInfo = Optional([…])`: a Swift `Notification`.
  case swiftNotification = "swift-notification"
  /// lldb's `po` of a Swift `Notification`: the description, then a Mirror dump (`▿ key : …`).
  case lldbMirror = "lldb-mirror"
  /// `(0.0, 521.0, 375.0, 291.0)`: a Swift `CGRect`, alone.
  case swiftRect = "swift-cgrect"
  /// `["KEY": VALUE, …]`: a Swift `[String: Any]`.
  case swiftStringDictionary = "swift-string-dictionary"
  /// A Swift dictionary whose quotes were escaped a second time (`AnyHashable(\"KEY\")`).
  case escapedSwiftDictionary = "escaped-swift-dictionary"
  /// `[KEY: VALUE, …]`: Swift 2's `[NSObject: AnyObject]`.
  case swift2Dictionary = "swift2-dictionary"
  /// `$1 = { origin = { x = 0, y = 480 }, size = {…} }`: gdb's print of a `CGRect`.
  case gdbStruct = "gdb-struct"
  /// `{{0, 377}, {1024, 391}}` inside an app's own log line (`NSStringFromCGRect`).
  case bareRect = "bare-rect"
}
