/// A chat session as a device would record it: a keyboard state machine that posts what iOS
/// posts, typing bursts that grow and shrink the text, sends, replies, scrolls, interactive
/// dismissal, rotations and hardware keyboards.
///
/// Each call to ``appendAction(_:to:)`` takes one action's decisions and appends its events
/// (a keystroke burst, a show quartet, a whole pan…), so any list of decisions, however
/// shrunk, gives a well-formed session: actions are drawn only where the state allows them.
///
/// The default mix is about 72% `textChange`, 11% keyboard notifications, 8% `pan` and the
/// rest sends, replies and scrolls, at about 78 bytes per encoded event.
public struct RealisticSession: Sendable {
  /// The device as it is now (rotations change it).
  public private(set) var profile: DeviceProfile
  /// The time of the last event, in milliseconds.
  public private(set) var milliseconds = 0
  /// The input's text.
  public private(set) var text = ""
  private var keyboard = KeyboardState.hidden
  private var hasQuickType = false
  /// The characters still to type of the current word.
  private var pendingWord: [Character] = []

  private enum KeyboardState: Equatable, Sendable {
    case hidden
    case shown(Rect)
    case hardware
  }

  public init(profile: DeviceProfile) {
    self.profile = profile
  }

  /// The header of a recording of this session, made on `profile`.
  public static func header(profile: DeviceProfile, layout: LayoutID? = nil) -> SessionHeader {
    SessionHeader(layout: layout, device: profile.device)
  }

  /// Takes one action's decisions and appends its events to `events`.
  public mutating func appendAction(_ choices: inout Choices, to events: inout [TimedEvent]) {
    switch keyboard {
    case .hidden:
      // show, receive, scroll, rotate, hardware keyboard
      switch pick(&choices, [40, 4, 2, 1, 1]) {
      case 0:
        pause(&choices, milliseconds: 200...2000)
        show(&events)
      case 1: receive(&choices, &events)
      case 2: scroll(&choices, &events)
      case 3: rotate(&choices, &events)
      default: connectHardwareKeyboard(&choices, &events)
      }
    case .shown(let frame):
      // type, send, receive, scroll, hide, interactive dismissal, rotate
      switch pick(&choices, [120, text.isEmpty ? 0 : 40, 20, 4, 5, 6, 1]) {
      case 0: type(&choices, &events)
      case 1: send(&choices, &events)
      case 2: receive(&choices, &events)
      case 3: scroll(&choices, &events)
      case 4:
        pause(&choices, milliseconds: 300...2000)
        hide(from: frame, &events)
      case 5: dismissInteractively(from: frame, &choices, &events)
      default: rotate(&choices, &events)
      }
    case .hardware:
      // type, send, receive, scroll, disconnect
      switch pick(&choices, [120, text.isEmpty ? 0 : 40, 20, 4, 3]) {
      case 0: type(&choices, &events)
      case 1: send(&choices, &events)
      case 2: receive(&choices, &events)
      case 3: scroll(&choices, &events)
      default: disconnectHardwareKeyboard(&choices, &events)
      }
    }
  }

  // MARK: Decisions

  /// An index into `weights`, each as likely as its weight; 0 decisions pick the first.
  private func pick(_ choices: inout Choices, _ weights: [Int]) -> Int {
    var value = choices.draw(below: weights.reduce(0, +))
    for (index, weight) in weights.enumerated() {
      if value < weight { return index }
      value -= weight
    }
    return weights.count - 1
  }

  private mutating func pause(_ choices: inout Choices, milliseconds range: ClosedRange<Int>) {
    milliseconds += range.lowerBound + choices.draw(below: range.count)
  }

  private var t: Double { Double(milliseconds) / 1000 }
  private var height: Double { profile.device.screen.height }
  private var width: Double { profile.device.screen.width }

  // MARK: Keyboard

  private var softwareKeyboardHeight: Double {
    hasQuickType
      ? profile.quickTypeKeyboardHeight
      : profile.keyboardHeight ?? profile.quickTypeKeyboardHeight
  }

  private var shownFrame: Rect {
    Rect(x: 0, y: height - softwareKeyboardHeight, width: width, height: softwareKeyboardHeight)
  }

  private var hiddenFrame: Rect {
    Rect(x: 0, y: height, width: width, height: softwareKeyboardHeight)
  }

  /// Four notifications with the same `userInfo`: the will- pair now, the did- pair one
  /// animation (0.25 s) later.
  private mutating func quartet(
    _ will: KeyboardNotification.Name, _ did: KeyboardNotification.Name, begin: Rect, end: Rect,
    willHideEnd: Rect? = nil, _ events: inout [TimedEvent]
  ) {
    let names: [KeyboardNotification.Name] = [.willChangeFrame, will, .didChangeFrame, did]
    for (index, name) in names.enumerated() {
      if index == 2 { milliseconds += 250 }
      let isHide = name == .willHide || name == .didHide
      let notification = KeyboardNotification(
        name: name, frameBegin: begin, frameEnd: isHide ? willHideEnd ?? end : end,
        duration: 0.25, curve: 7, isLocal: true)
      events.append(TimedEvent(t: t, event: .keyboard(notification)))
    }
  }

  private mutating func show(from begin: Rect? = nil, _ events: inout [TimedEvent]) {
    let end = shownFrame
    quartet(.willShow, .didShow, begin: begin ?? hiddenFrame, end: end, &events)
    keyboard = .shown(end)
  }

  private mutating func hide(from begin: Rect, _ events: inout [TimedEvent]) {
    let end = Rect(x: 0, y: height, width: width, height: begin.height)
    quartet(.willHide, .didHide, begin: begin, end: end, &events)
    keyboard = .hidden
  }

  /// A pan from above the keyboard down through it; released past the middle the keyboard
  /// hides, otherwise it snaps back (a show quartet from where it was let go).
  private mutating func dismissInteractively(
    from frame: Rect, _ choices: inout Choices, _ events: inout [TimedEvent]
  ) {
    pause(&choices, milliseconds: 300...1500)
    var y = (frame.y - 100 + Double(choices.draw(below: 100))).rounded()
    events.append(TimedEvent(t: t, event: .pan(y: y, state: .began)))
    let steps = 3 + choices.draw(below: 12)
    for _ in 0..<steps {
      milliseconds += 16 + choices.draw(below: 50)
      y = min(y + Double(10 + choices.draw(below: 50)), height)
      events.append(TimedEvent(t: t, event: .pan(y: y, state: .changed)))
    }
    milliseconds += 16 + choices.draw(below: 50)
    let isCancelled = choices.chance(oneIn: 10)
    events.append(TimedEvent(t: t, event: .pan(y: y, state: isCancelled ? .cancelled : .ended)))
    milliseconds += 10
    let released = Rect(x: 0, y: max(y, frame.y), width: width, height: frame.height)
    if !isCancelled && released.y > frame.y + frame.height / 2 {
      hide(from: released, &events)
    } else {
      show(from: released, &events)
    }
  }

  /// Rotation: the window resizes, then iOS hides the keyboard (in the old orientation's
  /// coordinates) and shows it at the new orientation's frame.
  private mutating func rotate(_ choices: inout Choices, _ events: inout [TimedEvent]) {
    pause(&choices, milliseconds: 500...3000)
    let old = self
    profile = profile.rotated
    hasQuickType = false
    events.append(
      TimedEvent(
        t: t, event: .viewport(screen: profile.device.screen, safeArea: profile.device.safeArea)))
    guard case .shown(let frame) = keyboard else { return }
    milliseconds += 10
    let portrait = height > width ? self : old
    quartet(
      .willHide, .didHide, begin: frame, end: old.hiddenFrame(height: frame.height),
      willHideEnd: portrait.hiddenFrame, &events)
    milliseconds += 160
    show(&events)
  }

  private func hiddenFrame(height keyboardHeight: Double) -> Rect {
    Rect(x: 0, y: height, width: width, height: keyboardHeight)
  }

  /// Editing starts with a hardware keyboard: a hide quartet whose frames stay off screen.
  private mutating func connectHardwareKeyboard(
    _ choices: inout Choices, _ events: inout [TimedEvent]
  ) {
    pause(&choices, milliseconds: 300...2000)
    let begin = hiddenFrame(height: 0)
    let end = hiddenFrame(height: DeviceProfile.hardwareKeyboardHeight)
    quartet(.willHide, .didHide, begin: begin, end: end, &events)
    keyboard = .hardware
  }

  private mutating func disconnectHardwareKeyboard(
    _ choices: inout Choices, _ events: inout [TimedEvent]
  ) {
    pause(&choices, milliseconds: 300...2000)
    let begin = hiddenFrame(height: DeviceProfile.hardwareKeyboardHeight)
    quartet(.willHide, .didHide, begin: begin, end: hiddenFrame(height: 0), &events)
    keyboard = .hidden
  }

  // MARK: Text

  /// A burst of keystrokes, each a `textChange`: letters, a whole word from the predictive
  /// bar, a backspace, or a deleted word.
  private mutating func type(_ choices: inout Choices, _ events: inout [TimedEvent]) {
    pause(&choices, milliseconds: 150...1200)
    if case .shown(let frame) = keyboard, !hasQuickType, profile.keyboardHeight != nil {
      // The first keystroke brings up the QuickType bar: a second show quartet.
      hasQuickType = true
      show(from: frame, &events)
      milliseconds += 20
    }
    let keystrokes = 1 + choices.draw(below: 8)
    for index in 0..<keystrokes {
      if index > 0 { milliseconds += 60 + choices.draw(below: 300) }
      switch choices.draw(below: 16) {
      case 0..<12:
        typeCharacter(&choices)
      case 12, 13:
        typeCharacter(&choices)
        text.append(contentsOf: pendingWord)
        pendingWord.removeAll()
      case 14:
        if !text.isEmpty { text.removeLast() }
      default:
        if let space = text.lastIndex(of: " ") {
          text.removeSubrange(space...)
        } else {
          text.removeAll()
        }
        pendingWord.removeAll()
      }
      events.append(TimedEvent(t: t, event: .textChange(text: text)))
    }
  }

  private mutating func typeCharacter(_ choices: inout Choices) {
    if pendingWord.isEmpty {
      let word = Self.words[choices.draw(below: Self.words.count)]
      pendingWord = Array(text.isEmpty ? word : " " + word)
    }
    text.append(pendingWord.removeFirst())
  }

  private mutating func send(_ choices: inout Choices, _ events: inout [TimedEvent]) {
    pause(&choices, milliseconds: 200...1000)
    events.append(TimedEvent(t: t, event: .sendTap))
    text.removeAll()
    pendingWord.removeAll()
  }

  private mutating func receive(_ choices: inout Choices, _ events: inout [TimedEvent]) {
    pause(&choices, milliseconds: 500...5000)
    let reply = Self.replies[choices.draw(below: Self.replies.count)]
    events.append(TimedEvent(t: t, event: .receive(text: reply)))
  }

  private mutating func scroll(_ choices: inout Choices, _ events: inout [TimedEvent]) {
    pause(&choices, milliseconds: 300...2000)
    var offset = Double(choices.draw(below: 1500))
    for index in 0...choices.draw(below: 4) {
      if index > 0 {
        milliseconds += 16 + choices.draw(below: 100)
        offset = max(offset - Double(choices.draw(below: 200)), -100)
      }
      events.append(TimedEvent(t: t, event: .scroll(offsetY: offset)))
    }
  }

  static let words = [
    "ok", "see", "you", "at", "the", "station", "tonight", "dinner", "sounds", "good", "I'm",
    "on", "my", "way", "running", "late", "thanks!", "what", "time?", "maybe", "tomorrow",
    "café", "👍", "let's", "meet", "there", "sorry", "about", "that", "日本語", "great", "idea",
  ]

  static let replies = [
    "Sure!", "See you then", "Where are you?", "Perfect, see you at seven",
    "Can you bring the tickets? I left mine at home.", "👍", "OK", "Running late, 10 minutes",
    "ありがとう", "That works for me. Let's meet at the café on the corner.",
  ]
}
