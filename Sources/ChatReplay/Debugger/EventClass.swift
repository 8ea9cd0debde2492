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

  /// A one-byte code, distinct for every class, that the change index stores per step: 1…14
  /// for the plain kinds, 16…21 for the keyboard notifications, 32…35 for the pan states.
  var code: UInt8 {
    switch self {
    case .plain(let kind): 1 + Self.ordinal(kind)
    case .keyboard(let name): 16 + Self.ordinal(name)
    case .pan(let state): 32 + Self.ordinal(state)
    }
  }

  /// The ``code`` of `event`'s class, read from the event without making the class or copying
  /// the event: the change index takes it at every step.
  @inline(__always)
  static func code(of event: Event) -> UInt8 {
    switch event {
    case .keyboard(let notification): 16 + ordinal(notification.name)
    case .pan(_, let state): 32 + ordinal(state)
    case .appear, .disappear, .doneTap, .gap, .observed, .receive, .returnKey, .safeArea,
      .scroll, .sendTap, .textChange, .viewport:
      1 + ordinal(event.kind)
    }
  }

  // Each case's position in its `allCases`, by a switch: searching `allCases` cost about 80
  // instructions a step.
  private static func ordinal(_ kind: Event.Kind) -> UInt8 {
    switch kind {
    case .keyboard: 0
    case .textChange: 1
    case .sendTap: 2
    case .safeArea: 3
    case .pan: 4
    case .scroll: 5
    case .receive: 6
    case .returnKey: 7
    case .doneTap: 8
    case .viewport: 9
    case .appear: 10
    case .disappear: 11
    case .gap: 12
    case .observed: 13
    }
  }

  private static func ordinal(_ name: KeyboardNotification.Name) -> UInt8 {
    switch name {
    case .willShow: 0
    case .didShow: 1
    case .willHide: 2
    case .didHide: 3
    case .willChangeFrame: 4
    case .didChangeFrame: 5
    }
  }

  private static func ordinal(_ state: PanState) -> UInt8 {
    switch state {
    case .began: 0
    case .changed: 1
    case .ended: 2
    case .cancelled: 3
    }
  }

  /// `keyboard willShow`, `pan began`, `sendTap`.
  var label: String {
    switch self {
    case .keyboard(let name): "\(Event.Kind.keyboard.rawValue) \(name.rawValue)"
    case .pan(let state): "\(Event.Kind.pan.rawValue) \(state.rawValue)"
    case .plain(let kind): kind.rawValue
    }
  }
}
