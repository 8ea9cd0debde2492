// The recording format's vocabulary, in one place: the keys of every object a line may hold, and
// the names a line's `type` may take. The decoder matches keys and names against these tables,
// the canonical fast path steps over the keys they lay out, and the encoder writes the same keys.

/// A key of an object in a recording, spelled once in ``key``.
///
/// The raw values count from 0 in the order of `allCases`, the format's order, so a key's raw
/// value is its bit in a set of keys seen and its index in ``table``.
protocol RecordingKey: RawRepresentable<Int>, CaseIterable, Sendable {
  /// The key as the format spells it.
  var key: StaticString { get }
  /// Every key of the object, matched from bytes.
  static var table: NameTable<Self> { get }
}

extension RecordingKey {
  /// The key as text.
  var name: String { "\(key)" }

  /// The keys in the format's order, for did-you-mean.
  static var names: [String] { table.names }

  /// The key matching `bytes` exactly.
  @inline(__always)
  static func match(_ bytes: UnsafeBufferPointer<UInt8>) -> Self? { table.match(bytes) }

  /// The table of `allCases`, keyed by their ``key``.
  static func makeTable() -> NameTable<Self> {
    let keys = Array(allCases)
    precondition(keys.indices.allSatisfy { keys[$0].rawValue == $0 }, "raw values count from 0")
    return NameTable(keys.map { ("\($0.key)", $0) })
  }
}

/// The members a line's object may carry, headers and events together.
enum Field: Int, RecordingKey {
  case t, type, name, frameBegin, frameEnd, duration, curve, isLocal, text, insets, y, state
  case offsetY, screen, safeArea, version, layout, device, messages, options
  // Written by recorders of real apps (ChatReplayRecorder): the header's description of the
  // device, the legacy and unknown `userInfo` keys, a gap's count, and what UIKit laid out.
  case os, idiom, scale, windowFrameInScreen, hardwareKeyboard, masked, recorder
  case centerBegin, centerEnd, bounds, extra, dropped
  case keyboard, inputBar, list, messageCount

  var key: StaticString {
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
    case .options: "options"
    case .os: "os"
    case .idiom: "idiom"
    case .scale: "scale"
    case .windowFrameInScreen: "windowFrameInScreen"
    case .hardwareKeyboard: "hardwareKeyboard"
    case .masked: "masked"
    case .recorder: "recorder"
    case .centerBegin: "centerBegin"
    case .centerEnd: "centerEnd"
    case .bounds: "bounds"
    case .extra: "extra"
    case .dropped: "dropped"
    case .keyboard: "keyboard"
    case .inputBar: "inputBar"
    case .list: "list"
    case .messageCount: "messageCount"
    }
  }

  static let table = makeTable()
}

/// The members of a rect: `{"x":…,"y":…,"width":…,"height":…}`.
enum RectKey: Int, RecordingKey {
  case x, y, width, height

  var key: StaticString {
    switch self {
    case .x: "x"
    case .y: "y"
    case .width: "width"
    case .height: "height"
    }
  }

  static let table = makeTable()
}

/// The members of a point: `{"x":…,"y":…}`.
enum PointKey: Int, RecordingKey {
  case x, y

  var key: StaticString {
    switch self {
    case .x: "x"
    case .y: "y"
    }
  }

  static let table = makeTable()
}

/// The members of the header's `recorder`: `{"name":…,"version":…}`.
enum RecorderKey: Int, RecordingKey {
  case name, version

  var key: StaticString {
    switch self {
    case .name: "name"
    case .version: "version"
    }
  }

  static let table = makeTable()
}

/// The members of a size: `{"width":…,"height":…}`.
enum SizeKey: Int, RecordingKey {
  case width, height

  var key: StaticString {
    switch self {
    case .width: "width"
    case .height: "height"
    }
  }

  static let table = makeTable()
}

/// The members of edge insets: `{"top":…,"left":…,"bottom":…,"right":…}`.
enum InsetKey: Int, RecordingKey {
  case top, left, bottom, right

  var key: StaticString {
    switch self {
    case .top: "top"
    case .left: "left"
    case .bottom: "bottom"
    case .right: "right"
    }
  }

  static let table = makeTable()
}

/// The members of the header's `device`.
enum DeviceKey: Int, RecordingKey {
  case model, screen, safeArea

  var key: StaticString {
    switch self {
    case .model: "model"
    case .screen: "screen"
    case .safeArea: "safeArea"
    }
  }

  static let table = makeTable()
}

/// The members of one of the header's initial `messages`.
enum MessageKey: Int, RecordingKey {
  case from, text

  var key: StaticString {
    switch self {
    case .from: "from"
    case .text: "text"
    }
  }

  static let table = makeTable()
}

/// The `type` of a line: the session header, or one of the event kinds.
enum LineType: Hashable, Sendable {
  case session
  case event(Event.Kind)

  /// `session`, then the event kinds in the format's order.
  static let table = NameTable(
    ([LineType.session] + Event.Kind.allCases.map { .event($0) }).map { ($0.name, $0) })

  /// The type as the format spells it.
  var name: String {
    switch self {
    case .session: "session"
    case .event(let kind): kind.rawValue
    }
  }

  /// The fields this type reads, in the format's order; misspellings of these are reported.
  var fields: [Field] {
    switch self {
    case .session:
      [
        .type, .version, .layout, .device, .messages, .options, .os, .idiom, .scale,
        .windowFrameInScreen,
        .hardwareKeyboard, .masked, .recorder,
      ]
    case .event(let kind):
      switch kind {
      case .keyboard:
        [
          .t, .type, .name, .frameBegin, .frameEnd, .duration, .curve, .isLocal, .centerBegin,
          .centerEnd, .bounds, .extra,
        ]
      case .gap: [.t, .type, .dropped]
      case .observed: [.t, .type, .keyboard, .inputBar, .list, .messageCount]
      case .textChange, .receive: [.t, .type, .text]
      case .safeArea: [.t, .type, .insets]
      case .pan: [.t, .type, .y, .state]
      case .scroll: [.t, .type, .offsetY]
      case .viewport: [.t, .type, .screen, .safeArea, .windowFrameInScreen]
      case .sendTap, .returnKey, .doneTap, .appear, .disappear: [.t, .type]
      }
    }
  }
}

extension StructuredWriter {
  /// Writes the key of a recording's member.
  mutating func key(_ key: some RecordingKey) {
    self.key(key.key)
  }
}

/// The names a field may take from a fixed list, matched from bytes.
enum RecordingNames {
  static let notification = NameTable(KeyboardNotification.Name.allCases.map { ($0.rawValue, $0) })
  static let panState = NameTable(PanState.allCases.map { ($0.rawValue, $0) })
  static let layout = NameTable(LayoutID.allCases.map { ($0.rawValue, $0) })
  static let sender = NameTable(Sender.allCases.map { ($0.rawValue, $0) })
}

/// Names matched straight from a line's bytes, without making a `String`.
///
/// Each name is laid out once, as `,"name":`, in memory that lives as long as the program: the
/// matcher compares the name's bytes there, and the canonical fast path steps over a whole member
/// key with one comparison (``JSONScanner/skip(member:first:)``). Names are chained in 64 buckets by
/// length, first and last byte, so a match compares one candidate, rarely two.
struct NameTable<Value: Sendable>: @unchecked Sendable {
  /// The names, in the order given.
  let names: [String]
  let values: [Value]
  /// `,"name":` for every name, one after another.
  private let bytes: UnsafeMutablePointer<UInt8>
  /// Where each name's `,"name":` starts in ``bytes``.
  private let starts: [Int]
  /// Each name's length in bytes.
  private let lengths: [Int]
  /// The first name in each bucket, or -1.
  private let heads: [Int]
  /// The next name in the same bucket, or -1.
  private let next: [Int]

  init(_ entries: [(String, Value)]) {
    names = entries.map { $0.0 }
    values = entries.map { $0.1 }
    let total = names.reduce(0) { $0 + $1.utf8.count + 4 }
    bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(total, 1))
    var starts: [Int] = []
    var lengths: [Int] = []
    var heads = [Int](repeating: -1, count: 64)
    var next = [Int](repeating: -1, count: names.count)
    var offset = 0
    for (index, name) in names.enumerated() {
      let utf8 = Array(name.utf8)
      precondition(!utf8.isEmpty, "names are not empty")
      starts.append(offset)
      lengths.append(utf8.count)
      for byte in [UInt8(ascii: ","), UInt8(ascii: "\"")] + utf8 + [
        UInt8(ascii: "\""), UInt8(ascii: ":"),
      ] {
        bytes[offset] = byte
        offset += 1
      }
      let bucket = Self.bucket(count: utf8.count, first: utf8[0], last: utf8[utf8.count - 1])
      // Appended at the end of the chain, so earlier names are tried first.
      if heads[bucket] < 0 {
        heads[bucket] = index
      } else {
        var last = heads[bucket]
        while next[last] >= 0 { last = next[last] }
        next[last] = index
      }
    }
    self.starts = starts
    self.lengths = lengths
    self.heads = heads
    self.next = next
  }

  @inline(__always)
  private static func bucket(count: Int, first: UInt8, last: UInt8) -> Int {
    (count &* 5 &+ Int(first) &* 3 &+ Int(last)) & 63
  }

  /// The value whose name is exactly `name`'s bytes.
  @inline(__always)
  func match(_ name: UnsafeBufferPointer<UInt8>) -> Value? {
    guard let first = name.first, let last = name.last else { return nil }
    var candidate = heads[Self.bucket(count: name.count, first: first, last: last)]
    while candidate >= 0 {
      if lengths[candidate] == name.count {
        let start = bytes + starts[candidate] + 2
        var index = 0
        while index < name.count && start[index] == name[index] { index += 1 }
        if index == name.count { return values[candidate] }
      }
      candidate = next[candidate]
    }
    return nil
  }

  /// `,"name":` for the name at `index`.
  func member(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: bytes + starts[index], count: lengths[index] + 4)
  }
}
