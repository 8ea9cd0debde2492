// The recording format's vocabulary: the fields a line may carry and the `type`s it may name.

/// The fields a line may carry, and what their values must be.
enum Field: Int, CaseIterable {
  case t, type, name, frameBegin, frameEnd, duration, curve, isLocal, text, insets, y, state
  case offsetY, screen, safeArea, version, layout, device, messages

  var key: String { String(describing: self) }

  /// Matches a key's bytes without making a `String`.
  static func match(_ bytes: UnsafeBufferPointer<UInt8>) -> Field? {
    guard let first = bytes.first else { return nil }
    let candidate: Field
    switch (bytes.count, first) {
    case (1, UInt8(ascii: "t")): return .t
    case (1, UInt8(ascii: "y")): return .y
    case (4, UInt8(ascii: "t")): candidate = bytes[1] == UInt8(ascii: "y") ? .type : .text
    case (4, UInt8(ascii: "n")): candidate = .name
    case (5, UInt8(ascii: "c")): candidate = .curve
    case (5, UInt8(ascii: "s")): candidate = .state
    case (6, UInt8(ascii: "i")): candidate = .insets
    case (6, UInt8(ascii: "s")): candidate = .screen
    case (6, UInt8(ascii: "l")): candidate = .layout
    case (6, UInt8(ascii: "d")): candidate = .device
    case (7, UInt8(ascii: "o")): candidate = .offsetY
    case (7, UInt8(ascii: "i")): candidate = .isLocal
    case (7, UInt8(ascii: "v")): candidate = .version
    case (8, UInt8(ascii: "f")): candidate = .frameEnd
    case (8, UInt8(ascii: "d")): candidate = .duration
    case (8, UInt8(ascii: "s")): candidate = .safeArea
    case (8, UInt8(ascii: "m")): candidate = .messages
    case (10, UInt8(ascii: "f")): candidate = .frameBegin
    default: return nil
    }
    return bytesEqual(candidate.staticKey, bytes) ? candidate : nil
  }

  /// The key, without the reference counting of a `String` or an array.
  var staticKey: StaticString {
    switch self {
    case .t: "t"
    case .type: "type"
    case .name: "name"
    case .frameBegin: "frameBegin"
    case .frameEnd: "frameEnd"
    case .duration: "duration"
    case .curve: "curve"
    case .isLocal: "isLocal"
    case .text: "text"
    case .insets: "insets"
    case .y: "y"
    case .state: "state"
    case .offsetY: "offsetY"
    case .screen: "screen"
    case .safeArea: "safeArea"
    case .version: "version"
    case .layout: "layout"
    case .device: "device"
    case .messages: "messages"
    }
  }
}

/// Whether `bytes` are exactly `expected`: a plain loop, faster than `elementsEqual` on the
/// short keys and names of a recording.
@inline(__always)
func bytesEqual(_ expected: StaticString, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  let count = expected.utf8CodeUnitCount
  guard count == bytes.count else { return false }
  let start = expected.utf8Start
  for index in 0..<count where start[index] != bytes[index] { return false }
  return true
}

/// The `type` of a line: the header or one of the event types.
enum LineType: Int {
  case session, keyboard, textChange, sendTap, safeArea, pan, scroll, receive, returnKey, doneTap
  case viewport, appear, disappear

  static let names = [
    "session", "keyboard", "textChange", "sendTap", "safeArea", "pan", "scroll", "receive",
    "returnKey", "doneTap", "viewport", "appear", "disappear",
  ]

  static func match(_ bytes: UnsafeBufferPointer<UInt8>) -> LineType? {
    guard let first = bytes.first else { return nil }
    let candidate: LineType
    switch (bytes.count, first) {
    case (10, UInt8(ascii: "t")): candidate = .textChange
    case (8, UInt8(ascii: "k")): candidate = .keyboard
    case (3, UInt8(ascii: "p")): candidate = .pan
    case (7, UInt8(ascii: "s")): candidate = bytes[2] == UInt8(ascii: "n") ? .sendTap : .session
    case (6, UInt8(ascii: "s")): candidate = .scroll
    case (7, UInt8(ascii: "r")): candidate = .receive
    case (8, UInt8(ascii: "s")): candidate = .safeArea
    case (9, UInt8(ascii: "r")): candidate = .returnKey
    case (7, UInt8(ascii: "d")): candidate = .doneTap
    case (8, UInt8(ascii: "v")): candidate = .viewport
    case (6, UInt8(ascii: "a")): candidate = .appear
    case (9, UInt8(ascii: "d")): candidate = .disappear
    default: return nil
    }
    return bytesEqual(candidate.staticName, bytes) ? candidate : nil
  }

  var name: String { Self.names[rawValue] }

  var staticName: StaticString {
    switch self {
    case .session: "session"
    case .keyboard: "keyboard"
    case .textChange: "textChange"
    case .sendTap: "sendTap"
    case .safeArea: "safeArea"
    case .pan: "pan"
    case .scroll: "scroll"
    case .receive: "receive"
    case .returnKey: "returnKey"
    case .doneTap: "doneTap"
    case .viewport: "viewport"
    case .appear: "appear"
    case .disappear: "disappear"
    }
  }

  /// The fields this type reads; misspellings of these are reported.
  var fields: [String] {
    switch self {
    case .session: ["type", "version", "layout", "device", "messages"]
    case .keyboard: ["t", "type", "name", "frameBegin", "frameEnd", "duration", "curve", "isLocal"]
    case .textChange, .receive: ["t", "type", "text"]
    case .safeArea: ["t", "type", "insets"]
    case .pan: ["t", "type", "y", "state"]
    case .scroll: ["t", "type", "offsetY"]
    case .viewport: ["t", "type", "screen", "safeArea"]
    case .sendTap, .returnKey, .doneTap, .appear, .disappear: ["t", "type"]
    }
  }
}
