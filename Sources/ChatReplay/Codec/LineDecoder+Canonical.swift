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
    // The fast path has no whitespace, so short decimals are read without `readNumber`'s call.
    func number(_ s: inout JSONScanner) throws(ScanError) -> Double? {
      if let value = s.readShortDecimal() { return value }
      return try s.readNumber()
    }
    guard s.skip("{\"t\":"), let t = try number(&s), t >= 0, s.skip(",\"type\":"),
      let type = try s.withString({ LineType.match($0) }) ?? nil
    else { return nil }
    let event: Event
    switch type {
    case .textChange, .receive:
      guard s.skip(",\"text\":"), let text = try s.readString() else { return nil }
      event = type == .textChange ? .textChange(text: text) : .receive(text: text)
    case .sendTap: event = .sendTap
    case .returnKey: event = .returnKey
    case .doneTap: event = .doneTap
    case .appear: event = .appear
    case .disappear: event = .disappear
    case .pan:
      guard s.skip(",\"y\":"), let y = try number(&s), s.skip(",\"state\":"),
        let state = try s.withString({ panState($0) }) ?? nil
      else { return nil }
      event = .pan(y: y, state: state)
    case .scroll:
      guard s.skip(",\"offsetY\":"), let offsetY = try number(&s) else { return nil }
      event = .scroll(offsetY: offsetY)
    case .keyboard:
      guard s.skip(",\"name\":"), let name = try s.withString({ notificationName($0) }) ?? nil,
        s.skip(",\"frameBegin\":"), let frameBegin = try canonicalRect(&s),
        s.skip(",\"frameEnd\":"), let frameEnd = try canonicalRect(&s),
        s.skip(",\"duration\":"), let duration = try number(&s), duration >= 0,
        s.skip(",\"curve\":"), let curve = try number(&s), curve.rounded() == curve,
        s.skip(",\"isLocal\":"), let isLocal = try s.readBool()
      else { return nil }
      event = .keyboard(
        KeyboardNotification(
          name: name, frameBegin: frameBegin, frameEnd: frameEnd, duration: duration,
          curve: Int(curve), isLocal: isLocal))
    case .session, .safeArea, .viewport:
      return nil
    }
    guard s.skip("}"), s.isAtEnd else { return nil }
    return TimedEvent(t: t, event: event)
  }

  /// `{"x":…,"y":…,"width":…,"height":…}` with a non-negative size, or `nil`.
  static func canonicalRect(_ s: inout JSONScanner) throws(ScanError) -> Rect? {
    func number(_ s: inout JSONScanner) throws(ScanError) -> Double? {
      if let value = s.readShortDecimal() { return value }
      return try s.readNumber()
    }
    guard s.skip("{\"x\":"), let x = try number(&s), s.skip(",\"y\":"),
      let y = try number(&s), s.skip(",\"width\":"), let width = try number(&s),
      width >= 0, s.skip(",\"height\":"), let height = try number(&s), height >= 0,
      s.skip("}")
    else { return nil }
    return Rect(x: x, y: y, width: width, height: height)
  }
}
