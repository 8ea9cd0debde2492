extension Event {
  /// A short human-readable form: `keyboard willShow end (0, 516, 393×336)`, `textChange "Hi"`.
  public var summary: String {
    let f = JSONWriter.format
    switch self {
    case .appear, .disappear, .doneTap, .returnKey, .sendTap:
      return kind.rawValue
    case .gap(let dropped):
      return "\(kind.rawValue) \(dropped) event\(dropped == 1 ? "" : "s") lost"
    case .observed(let observation):
      return
        "\(kind.rawValue) \(observation.values.count) value\(observation.values.count == 1 ? "" : "s")"
    case .keyboard(let notification):
      let end = notification.frameEnd.map { "→ \($0.summary)" } ?? "(no frameEnd)"
      return "\(kind.rawValue) \(notification.name.rawValue) \(end)"
    case .pan(let y, let state):
      return "\(kind.rawValue) \(state.rawValue) y=\(f(y))"
    case .receive(let text):
      return "\(kind.rawValue) \(Self.quoted(text))"
    case .safeArea(let insets):
      return "\(kind.rawValue) \(insets.summary)"
    case .scroll(let offsetY):
      return "\(kind.rawValue) offsetY=\(f(offsetY))"
    case .textChange(let text):
      return "\(kind.rawValue) \(Self.quoted(text))"
    case .viewport(let screen, let safeArea, let windowFrameInScreen):
      let size = "\(f(screen.width))×\(f(screen.height)) safeArea \(safeArea.summary)"
      guard let windowFrameInScreen else { return "\(kind.rawValue) \(size)" }
      return "\(kind.rawValue) \(size) in screen \(windowFrameInScreen.summary)"
    }
  }

  /// `text` in double quotes with newlines and quotes escaped, shortened past 24 characters.
  static func quoted(_ text: String, limit: Int = 24) -> String {
    var bytes: [UInt8] = []
    JSONWriter.appendString(
      text.count > limit ? String(text.prefix(limit - 1)) + "…" : text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension Rect {
  /// `(x, y, width×height)`.
  public var summary: String {
    let f = JSONWriter.format
    return "(\(f(x)), \(f(y)), \(f(width))×\(f(height)))"
  }
}

extension EdgeInsets {
  /// `top/left/bottom/right`.
  public var summary: String {
    let f = JSONWriter.format
    return "\(f(top))/\(f(left))/\(f(bottom))/\(f(right))"
  }
}
