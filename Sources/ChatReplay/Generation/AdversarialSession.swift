/// Recordings that are valid but unlike any device: every event type in any order, duplicate
/// and missing notifications, missing `userInfo` keys, zero-height and negative-origin frames,
/// frames far beyond the screen, zero-sized screens, equal timestamps, the largest numbers the
/// format allows.
///
/// Every value stays inside what the decoder accepts (numbers within ±1e9, sizes and durations
/// not negative, `t` not decreasing), so a generated recording always decodes; what it tests
/// is that the layouts cope.
public struct AdversarialSession: Sendable {
  /// The screen the frames are drawn around.
  public private(set) var screen: Size
  /// The time of the last event, in seconds.
  public private(set) var t = 0.0

  public init(header: SessionHeader) {
    screen = header.device.screen
  }

  /// The largest magnitude the format allows for a number.
  public static let numberLimit = 1e9

  /// A header with a device that may be real or odd (a zero or huge screen, big insets).
  public static let header = Gen<SessionHeader> { choices in
    let device: Device
    if choices.draw(below: 2) == 0 {
      device = DeviceProfile.all[choices.draw(below: DeviceProfile.all.count)].device
    } else {
      device = Device(
        model: text.generate(&choices),
        screen: Size(
          width: size.generate(&choices), height: size.generate(&choices)),
        safeArea: insets.generate(&choices))
    }
    let messages = Gen<InitialMessage> { choices in
      InitialMessage(
        from: choices.draw(below: 2) == 0 ? .me : .other, text: text.generate(&choices))
    }
    .array(count: 0...6, averageExtra: 2).optional
    return SessionHeader(device: device, messages: messages.generate(&choices))
  }

  /// Takes one event's decisions and appends it to `events`.
  public mutating func appendEvent(_ choices: inout Choices, to events: inout [TimedEvent]) {
    switch choices.draw(below: 8) {
    case 0: break  // the same time as the last event
    case 1: t += Double(choices.draw(below: 1000)) / 1000
    case 2: t += 1e-9
    case 3: t = min(t + Double(choices.draw(below: 1 << 20)), Self.numberLimit)
    default: t += Double(choices.draw(below: 300)) / 1000
    }
    t = min(t, Self.numberLimit)
    let event: Event
    switch choices.draw(below: 13) {
    case 0, 1:
      event = .keyboard(notification(&choices))
    case 2:
      event = .textChange(text: Self.text.generate(&choices))
    case 3:
      event = .sendTap
    case 4:
      event = .pan(
        y: coordinate(&choices, along: screen.height),
        state: PanState.allCases[choices.draw(below: PanState.allCases.count)])
    case 5:
      event = .scroll(offsetY: coordinate(&choices, along: 2000))
    case 6:
      event = .receive(text: Self.text.generate(&choices))
    case 7:
      event = .safeArea(Self.insets.generate(&choices))
    case 8:
      let size = Size(
        width: Self.size.generate(&choices), height: Self.size.generate(&choices))
      screen = size
      event = .viewport(screen: size, safeArea: Self.insets.generate(&choices))
    case 9:
      event = .returnKey
    case 10:
      event = .doneTap
    case 11:
      event = .appear
    default:
      event = .disappear
    }
    events.append(TimedEvent(t: t, event: event))
  }

  private func notification(_ choices: inout Choices) -> KeyboardNotification {
    let names = KeyboardNotification.Name.allCases
    // Missing keys are the rarer case: each key is present three times in four.
    func present(_ choices: inout Choices) -> Bool { choices.draw(below: 4) != 0 }
    return KeyboardNotification(
      name: names[choices.draw(below: names.count)],
      frameBegin: present(&choices) ? frame(&choices) : nil,
      frameEnd: present(&choices) ? frame(&choices) : nil,
      duration: present(&choices)
        ? [0.25, 0, 0.5, 1e9][choices.draw(below: 4)] : nil,
      curve: present(&choices) ? [7, 0, -1, 1_000_000_000][choices.draw(below: 4)] : nil,
      isLocal: present(&choices) ? choices.draw(below: 2) == 0 : nil)
  }

  /// A keyboard frame: a real-looking one, or any corner of what the format allows.
  private func frame(_ choices: inout Choices) -> Rect {
    let height = [0, 336, 291, 54, 1, 1e9][choices.draw(below: 6)]
    let width = choices.draw(below: 4) == 0 ? 0 : screen.width
    switch choices.draw(below: 6) {
    case 0:
      return Rect(x: 0, y: screen.height, width: width, height: height)
    case 1:
      return Rect(x: 0, y: screen.height - height, width: width, height: height)
    case 2:
      return Rect(x: -1, y: -height, width: width, height: height)
    case 3:
      return Rect(
        x: 0, y: min(screen.height + height, Self.numberLimit), width: width, height: height)
    default:
      return Rect(
        x: coordinate(&choices, along: screen.width),
        y: coordinate(&choices, along: screen.height),
        width: Self.size.generate(&choices), height: Self.size.generate(&choices))
    }
  }

  /// A coordinate: 0, the far edge, just outside, fractional, or as far as the format allows.
  private func coordinate(_ choices: inout Choices, along length: Double) -> Double {
    let limit = Self.numberLimit
    switch choices.draw(below: 3) {
    case 0: return min([0, length, length / 2, -1, length + 1, 0.5][choices.draw(below: 6)], limit)
    case 1: return Gen.double(in: -limit...limit).generate(&choices)
    default: return min(max(Double(choices.draw(below: 2000)) - 500, -limit), limit)
    }
  }

  static let size = Gen<Double> { choices in
    switch choices.draw(below: 3) {
    case 0: [0, 393, 852, 1, 0.5, numberLimit][choices.draw(below: 6)]
    case 1: Gen.double(in: 0...numberLimit).generate(&choices)
    default: Double(choices.draw(below: 1000))
    }
  }

  static let insets = Gen<EdgeInsets> { choices in
    EdgeInsets(
      top: size.generate(&choices), left: size.generate(&choices),
      bottom: size.generate(&choices), right: size.generate(&choices))
  }

  /// Text with whatever JSON must escape or a measurer may trip on.
  static let text = Gen<String> { choices in
    let pieces = [
      "", "a", "Hello", " ", "\n", "\"quoted\"", "back\\slash", "\t", "\u{0}", "\u{7F}",
      "👍🏽", "日本語", "é", "e\u{301}", "\u{200B}", String(repeating: "long ", count: 60),
      "\r\n",
    ]
    var text = ""
    for _ in 0..<choices.draw(below: 4) {
      text += pieces[choices.draw(below: pieces.count)]
    }
    return text
  }
}
