/// What an `event` term of a breakpoint tells apart: an event's kind, with the notification's
/// name for keyboard events and the gesture's state for pans.
enum EventClass: Hashable, Sendable {
  case keyboard(KeyboardNotification.Name)
  case pan(PanState)
  /// An event of a kind with nothing more to tell apart.
  case plain(Event.Kind)

  init(_ event: Event) {
    switch event {
    case .keyboard(let notification): self = .keyboard(notification.name)
    case .pan(_, let state): self = .pan(state)
    case .appear, .disappear, .doneTap, .gap, .observed, .receive, .returnKey, .safeArea,
      .scroll, .sendTap, .textChange, .viewport:
      self = .plain(event.kind)
    }
  }

  /// Every class an `event` term of `kind` (any kind when `nil`) and `name` matches.
  static func matching(_ kind: Event.Kind?, _ name: KeyboardNotification.Name?) -> [EventClass] {
    (kind.map { [$0] } ?? Event.Kind.allCases).flatMap { kind -> [EventClass] in
      switch kind {
      case .keyboard: (name.map { [$0] } ?? KeyboardNotification.Name.allCases).map(Self.keyboard)
      case .pan: PanState.allCases.map(Self.pan)
      case .appear, .disappear, .doneTap, .gap, .observed, .receive, .returnKey, .safeArea,
        .scroll, .sendTap, .textChange, .viewport:
        [.plain(kind)]
      }
    }
  }

  /// A one-byte code, distinct for every class, that the change index stores per step.
  var code: UInt8 {
    switch self {
    case .plain(let kind): 1 + UInt8(Self.kinds.firstIndex(of: kind) ?? 0)
    case .keyboard(let name): 16 + UInt8(Self.names.firstIndex(of: name) ?? 0)
    case .pan(let state): 32 + UInt8(Self.states.firstIndex(of: state) ?? 0)
    }
  }

  // `allCases` kept once, so that `code` searches them without building them per step.
  private static let kinds = Event.Kind.allCases
  private static let names = KeyboardNotification.Name.allCases
  private static let states = PanState.allCases

  /// `keyboard willShow`, `pan began`, `sendTap`.
  var label: String {
    switch self {
    case .keyboard(let name): "\(Event.Kind.keyboard.rawValue) \(name.rawValue)"
    case .pan(let state): "\(Event.Kind.pan.rawValue) \(state.rawValue)"
    case .plain(let kind): kind.rawValue
    }
  }
}
