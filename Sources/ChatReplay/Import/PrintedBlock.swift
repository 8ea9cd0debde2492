/// The part of a printout that describes one notification, read but not yet named or timed.
struct PrintedBlock: Sendable {
  /// Where it starts: the source's index and the 1-based line.
  var source: Int
  var line: Int
  /// The time stamp of the line it starts on, or of the log line just before it.
  var stamp: LogStamp?
  /// The name printed inside the block (`name = …`).
  var name: NotificationName?
  /// Keyboard notification names printed before the block, outside any description.
  var labels: [Label] = []
  var fields = KeyboardFields()
  var styles: Set<PrintStyle> = []
  /// Pairs with keys no keyboard notification has, reported once the block is known to be a
  /// keyboard notification's.
  var unknownKeys: [ImportMessage] = []
  /// Whether an unknown key looked like a keyboard key (`UIKeyboard…`).
  var hasUnknownKeyboardKey = false

  /// A notification name printed as a label, and where.
  struct Label: Sendable {
    var name: KeyboardNotification.Name
    var line: Int
    var stamp: LogStamp?
  }

  /// Whether the block describes a keyboard notification: a keyboard name or a keyboard key.
  var isKeyboard: Bool {
    switch name {
    case .other: return false
    case .keyboard: return true
    case nil: return !labels.isEmpty || !fields.keys.isEmpty || hasUnknownKeyboardKey
    }
  }
}

/// The `userInfo` of a printed keyboard notification: the five keys of the recording format,
/// and the deprecated ones it keeps as extra fields.
public struct KeyboardFields: Hashable, Sendable {
  /// `UIKeyboardFrameBeginUserInfoKey`.
  public var frameBegin: Rect?
  /// `UIKeyboardFrameEndUserInfoKey`.
  public var frameEnd: Rect?
  /// `UIKeyboardAnimationDurationUserInfoKey`, in seconds.
  public var duration: Double?
  /// `UIKeyboardAnimationCurveUserInfoKey`.
  public var curve: Int?
  /// `UIKeyboardIsLocalUserInfoKey`.
  public var isLocal: Bool?
  /// `UIKeyboardBoundsUserInfoKey`: written as the extra field `bounds`.
  public var bounds: Rect?
  /// `UIKeyboardCenterBeginUserInfoKey`: written as the extra field `centerBegin`.
  public var centerBegin: Point?
  /// `UIKeyboardCenterEndUserInfoKey`: written as the extra field `centerEnd`.
  public var centerEnd: Point?
  /// The keys printed (and read).
  var keys: Set<PrintedKey> = []

  public init(
    frameBegin: Rect? = nil, frameEnd: Rect? = nil, duration: Double? = nil, curve: Int? = nil,
    isLocal: Bool? = nil, bounds: Rect? = nil, centerBegin: Point? = nil, centerEnd: Point? = nil
  ) {
    self.frameBegin = frameBegin
    self.frameEnd = frameEnd
    self.duration = duration
    self.curve = curve
    self.isLocal = isLocal
    self.bounds = bounds
    self.centerBegin = centerBegin
    self.centerEnd = centerEnd
  }

  /// A point, like `CGPoint`; only the deprecated center keys hold one.
  ///
  /// The library's ``Point``, which a keyboard event's centers hold too.
  public typealias Point = ChatReplay.Point

  /// The notification these fields make with `name`.
  public func notification(named name: KeyboardNotification.Name) -> KeyboardNotification {
    KeyboardNotification(
      name: name, frameBegin: frameBegin, frameEnd: frameEnd, duration: duration, curve: curve,
      isLocal: isLocal)
  }

  /// Stores `value` for `key`, or says why it cannot be stored.
  mutating func set(_ key: PrintedKey, _ value: PrintedValue) -> ImportMessage.Problem? {
    if keys.contains(key) { return .duplicateKey(key.rawValue) }
    let expected: String
    switch (key.valueKind, value) {
    case (.rect, .rect(let rect)):
      if let reason = Self.problem(with: rect) {
        return .outOfRange(key: key.rawValue, reason: reason)
      }
      switch key {
      case .frameBegin: frameBegin = rect
      case .frameEnd: frameEnd = rect
      case .bounds: bounds = rect
      case .centerBegin, .centerEnd, .duration, .curve, .isLocal, .changedByUserInteraction:
        preconditionFailure("\(key) holds no rect")
      }
      keys.insert(key)
      return nil
    case (.rect, .nonFiniteRect):
      return .nonFiniteRect(key: key.rawValue)
    case (.point, .point(let x, let y)):
      guard Self.isInRange(x), Self.isInRange(y) else {
        return .outOfRange(key: key.rawValue, reason: "is beyond ±1e9")
      }
      if key == .centerBegin {
        centerBegin = Point(x: x, y: y)
      } else {
        centerEnd = Point(x: x, y: y)
      }
      keys.insert(key)
      return nil
    case (.number, .number(let seconds)):
      guard seconds >= 0, Self.isInRange(seconds) else {
        return .outOfRange(key: key.rawValue, reason: "is negative or beyond 1e9 seconds")
      }
      duration = seconds
      keys.insert(key)
      return nil
    case (.integer, .number(let number)):
      guard number == number.rounded(), number.magnitude <= 1e9 else {
        return .unexpectedValue(
          key: key.rawValue, expected: "a whole number", printed: JSONWriter.format(number))
      }
      curve = Int(number)
      keys.insert(key)
      return nil
    case (.boolean, .boolean(let flag)):
      if key == .isLocal { isLocal = flag }
      keys.insert(key)
      return nil
    case (.boolean, .number(let number)) where number == 0 || number == 1:
      if key == .isLocal { isLocal = number == 1 }
      keys.insert(key)
      return nil
    case (.rect, _): expected = "a rect"
    case (.point, _): expected = "a point"
    case (.number, _): expected = "a number"
    case (.integer, _): expected = "a whole number"
    case (.boolean, _): expected = "1, 0, true or false"
    }
    return .unexpectedValue(key: key.rawValue, expected: expected, printed: value.printed)
  }

  private static func isInRange(_ value: Double) -> Bool { value.magnitude <= 1e9 }

  /// Why a recording cannot hold `rect`, if it cannot.
  private static func problem(with rect: Rect) -> String? {
    if rect.width < 0 || rect.height < 0 { return "has a negative size" }
    if ![rect.x, rect.y, rect.width, rect.height].allSatisfy(isInRange) {
      return "is beyond ±1e9"
    }
    return nil
  }
}

extension PrintedValue {
  /// The value as it would print, for messages.
  var printed: String {
    switch self {
    case .rect(let rect):
      "{{\(JSONWriter.format(rect.x)), \(JSONWriter.format(rect.y))}, "
        + "{\(JSONWriter.format(rect.width)), \(JSONWriter.format(rect.height))}}"
    case .nonFiniteRect: "a rect with inf or nan"
    case .point(let x, let y): "{\(JSONWriter.format(x)), \(JSONWriter.format(y))}"
    case .number(let number): JSONWriter.format(number)
    case .boolean(let flag): flag ? "true" : "false"
    case .null: "nil"
    case .text(let text): text
    }
  }
}
