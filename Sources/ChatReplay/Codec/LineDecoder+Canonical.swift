extension LineDecoder {
  /// Decodes a line in the canonical shape, or returns `nil` for the general decoder to read it.
  ///
  /// The canonical shape is the one recorders and ``EventEncoder`` write: no whitespace, the
  /// fields in the format's order, every keyboard field present. Any other line, good or bad,
  /// is declined.
  ///
  /// The fast path reads values with the same scanner calls as the general decoder and applies
  /// the same checks (non-negative `t`, sizes and duration; integer curve), so it accepts a line
  /// only when the general decoder would give the same event; every error comes from the general
  /// decoder, worded as before.
  static func decodeCanonical(_ line: UnsafeBufferPointer<UInt8>) -> TimedEvent? {
    var scanner = JSONScanner(line)
    do {
      return try canonicalEvent(&scanner)
    } catch {
      return nil
    }
  }

  static func canonicalEvent(_ s: inout JSONScanner) throws(ScanError) -> TimedEvent? {
    // A canonical line ends with its object's `}`, which stops every run of digits: the numbers
    // below are read up to it without checking for the line's end.
    guard s.count > 0, s.base[s.count - 1] == UInt8(ascii: "}") else { return nil }
    // The fast path has no whitespace, so short decimals are read without `readNumber`'s call.
    func number(_ s: inout JSONScanner) throws(ScanError) -> Double? {
      if let value = s.readShortDecimalBeforeBrace() { return value }
      return try s.readNumber()
    }
    guard s.skip("{"), s.skip(member: Field.t, first: true), let t = try number(&s), t >= 0,
      s.skip(member: Field.type), let kind = canonicalKind(&s)
    else { return nil }
    let event: Event
    switch kind {
    case .textChange, .receive:
      guard s.skip(member: Field.text), let text = try s.readString() else { return nil }
      event = kind == .textChange ? .textChange(text: text) : .receive(text: text)
    case .sendTap: event = .sendTap
    case .returnKey: event = .returnKey
    case .doneTap: event = .doneTap
    case .appear: event = .appear
    case .disappear: event = .disappear
    case .pan:
      guard s.skip(member: Field.y), let y = try number(&s), s.skip(member: Field.state),
        let state = try s.withString({ RecordingNames.panState.match($0) }) ?? nil
      else { return nil }
      event = .pan(y: y, state: state)
    case .scroll:
      guard s.skip(member: Field.offsetY), let offsetY = try number(&s) else { return nil }
      event = .scroll(offsetY: offsetY)
    case .keyboard:
      guard s.skip(member: Field.name),
        let name = try s.withString({ RecordingNames.notification.match($0) }) ?? nil,
        s.skip(member: Field.frameBegin), let frameBegin = try canonicalRect(&s),
        s.skip(member: Field.frameEnd), let frameEnd = try canonicalRect(&s),
        s.skip(member: Field.duration), let duration = try number(&s), duration >= 0,
        s.skip(member: Field.curve), let curve = try number(&s), curve.rounded() == curve,
        s.skip(member: Field.isLocal), let isLocal = try s.readBool()
      else { return nil }
      event = .keyboard(
        KeyboardNotification(
          name: name, frameBegin: frameBegin, frameEnd: frameEnd, duration: duration,
          curve: Int(curve), isLocal: isLocal))
    case .safeArea, .viewport, .gap, .observed:
      return nil
    }
    guard s.skip("}"), s.isAtEnd else { return nil }
    return TimedEvent(t: t, event: event)
  }

  /// The quoted `type` of an event the fast path reads, stepped over by comparing whole words
  /// with its spelling; `nil` for any other type, or one written with escapes, which the general
  /// decoder reads.
  @inline(__always)
  static func canonicalKind(_ s: inout JSONScanner) -> Event.Kind? {
    guard s.count - s.position >= 5, s.base[s.position] == UInt8(ascii: "\"") else { return nil }
    let kind: Event.Kind
    // The first letter picks the candidate (the second or third where two kinds share it).
    switch s.base[s.position + 1] {
    case UInt8(ascii: "t"): kind = .textChange
    case UInt8(ascii: "k"): kind = .keyboard
    case UInt8(ascii: "p"): kind = .pan
    case UInt8(ascii: "s"): kind = s.base[s.position + 2] == UInt8(ascii: "c") ? .scroll : .sendTap
    case UInt8(ascii: "r"):
      kind = s.base[s.position + 3] == UInt8(ascii: "c") ? .receive : .returnKey
    case UInt8(ascii: "d"):
      kind = s.base[s.position + 2] == UInt8(ascii: "o") ? .doneTap : .disappear
    case UInt8(ascii: "a"): kind = .appear
    default: return nil
    }
    let matched =
      switch kind {
      case .textChange: s.skip("\"textChange\"")
      case .keyboard: s.skip("\"keyboard\"")
      case .pan: s.skip("\"pan\"")
      case .scroll: s.skip("\"scroll\"")
      case .sendTap: s.skip("\"sendTap\"")
      case .receive: s.skip("\"receive\"")
      case .returnKey: s.skip("\"returnKey\"")
      case .doneTap: s.skip("\"doneTap\"")
      case .disappear: s.skip("\"disappear\"")
      case .appear: s.skip("\"appear\"")
      case .safeArea, .viewport, .gap, .observed: false
      }
    return matched ? kind : nil
  }

  /// `{"x":…,"y":…,"width":…,"height":…}` with a non-negative size, or `nil`; only inside a line
  /// that ``canonicalEvent(_:)`` has seen end with `}`.
  static func canonicalRect(_ s: inout JSONScanner) throws(ScanError) -> Rect? {
    func number(_ s: inout JSONScanner) throws(ScanError) -> Double? {
      if let value = s.readShortDecimalBeforeBrace() { return value }
      return try s.readNumber()
    }
    guard s.skip("{"), s.skip(member: RectKey.x, first: true), let x = try number(&s),
      s.skip(member: RectKey.y), let y = try number(&s), s.skip(member: RectKey.width),
      let width = try number(&s), width >= 0, s.skip(member: RectKey.height),
      let height = try number(&s), height >= 0, s.skip("}")
    else { return nil }
    return Rect(x: x, y: y, width: width, height: height)
  }
}
