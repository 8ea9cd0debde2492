package import ChatReplay

/// Seeded recordings made to hurt: extreme but valid numbers (±1e9, zero-sized screens, frames
/// far off screen), hostile text, and every event type in any order.
///
/// Every value is one the format accepts, so a recording written with ``EventEncoder`` must read
/// back without an error. A failure names its seed; `text` is the recording to replay with
/// `replay`.
package struct AdversarialRecording {
  package var header: SessionHeader
  package var events: [TimedEvent]

  /// The recording as the file `replay` reads.
  package var text: String { EventEncoder.recording(header: header, events: events) }

  package init(seed: UInt64, eventCount: Int) {
    var random = Random(seed: seed)
    header = SessionHeader(
      device: Device(
        model: random.pick(Self.texts), screen: random.size(), safeArea: random.insets()),
      messages: random.chance(2)
        ? nil
        : (0..<random.below(4)).map { _ in
          InitialMessage(from: random.chance(2) ? .me : .other, text: random.pick(Self.texts))
        })
    var t = 0.0
    events = []
    for _ in 0..<eventCount {
      t = min(t + random.pick([0, 0, 0.001, 0.25, 1, 1e6]), 1e9)
      events.append(TimedEvent(t: t, event: random.event()))
    }
  }

  package static let texts: [String] = [
    "", "a", "Hello", "こんにちは世界", "👍🏽👨‍👩‍👧", "e\u{301}\u{301}", "line\nbreak\r\n", "\"quoted\\\"",
    "\t\u{7F}\u{1}", "\u{200B}\u{FEFF}", "مرحبا بالعالم", String(repeating: "word ", count: 120),
    String(repeating: "x", count: 2_000), String(repeating: "🏳️‍🌈", count: 50),
  ]

  /// SplitMix64: a small, fast, seeded generator.
  package struct Random {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ oneIn: Int) -> Bool { below(oneIn) == 0 }
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// A length: an edge value, a screen-like value, or any double in 0...1e9.
    mutating func length() -> Double {
      switch below(3) {
      case 0: pick([0, 1e-9, 0.5, 1, 1e9, 999_999_999.999])
      case 1: pick([21, 34, 44, 59, 216, 291, 336, 393, 516, 852, 1194])
      default: Double(next() >> 11) / Double(1 << 53) * 1e9
      }
    }

    /// A coordinate: a length of either sign.
    mutating func coordinate() -> Double { chance(3) ? -length() : length() }

    mutating func size() -> Size { Size(width: length(), height: length()) }
    mutating func insets() -> EdgeInsets {
      EdgeInsets(top: length(), left: length(), bottom: length(), right: length())
    }
    mutating func rect() -> Rect {
      Rect(x: coordinate(), y: coordinate(), width: length(), height: length())
    }
    mutating func optionalRect() -> Rect? { chance(4) ? nil : rect() }

    mutating func event() -> Event {
      switch below(12) {
      case 0, 1, 2:
        .keyboard(
          KeyboardNotification(
            name: pick(KeyboardNotification.Name.allCases), frameBegin: optionalRect(),
            frameEnd: optionalRect(), duration: chance(3) ? nil : length(),
            curve: chance(3) ? nil : below(8), isLocal: chance(3) ? nil : chance(2)))
      case 3: .textChange(text: pick(AdversarialRecording.texts))
      case 4: .sendTap
      case 5: .receive(text: pick(AdversarialRecording.texts))
      case 6: .pan(y: coordinate(), state: pick(PanState.allCases))
      case 7: .scroll(offsetY: coordinate())
      case 8: .safeArea(insets())
      case 9:
        .viewport(
          screen: size(), safeArea: insets(), windowFrameInScreen: chance(2) ? nil : rect())
      case 10: pick([.returnKey, .doneTap])
      default: pick([.appear, .disappear])
      }
    }
  }
}
