/// Settles the device of an imported recording: from `--device`, else `--screen`, else the
/// frames when they show the screen size unambiguously; the safe area from `--safe-area`, else
/// the device whose screen matches, else a stated default.
struct ScreenInference {
  let events: [ImportedEvent]
  let options: ConsoleImporter.Options
  private(set) var messages: [ImportMessage] = []
  private(set) var screenOrigin = ImportInfo.Origin.rule
  private(set) var safeAreaOrigin = ImportInfo.Origin.rule

  init(events: [ImportedEvent], options: ConsoleImporter.Options) {
    self.events = events
    self.options = options
  }

  /// Screens whose safe area UIKit reports in portrait, beyond the generator's profiles.
  static let knownDevices: [(name: String, device: Device)] = [
    ("iphone4", classic("iPhone 4s", 320, 480)),
    ("iphone5", classic("iPhone 5", 320, 568)),
    ("iphone8plus", classic("iPhone 8 Plus", 414, 736)),
    ("iphonexr", faceID("iPhone XR", 414, 896, top: 48)),
    ("iphone12", faceID("iPhone 12", 390, 844, top: 47)),
    ("iphone12promax", faceID("iPhone 12 Pro Max", 428, 926, top: 47)),
    ("iphone15plus", faceID("iPhone 15 Plus", 430, 932, top: 59)),
    ("ipad", classic("iPad", 768, 1024)),
  ]

  private static func classic(_ model: String, _ width: Double, _ height: Double) -> Device {
    Device(
      model: model, screen: Size(width: width, height: height),
      safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
  }

  private static func faceID(_ model: String, _ width: Double, _ height: Double, top: Double)
    -> Device
  {
    Device(
      model: model, screen: Size(width: width, height: height),
      safeArea: EdgeInsets(top: top, left: 0, bottom: 34, right: 0))
  }

  /// The device, or `nil` with an error in ``messages``.
  mutating func run() -> Device? {
    if let profile = options.profile {
      screenOrigin = .option("--device")
      safeAreaOrigin = .option("--device")
      var device = profile.device
      if let safeArea = options.safeArea {
        device.safeArea = safeArea
        safeAreaOrigin = .option("--safe-area")
      }
      return device
    }
    let screen: Size
    if let given = options.screen {
      screen = given
      screenOrigin = .option("--screen")
    } else {
      guard let inferred = inferScreen() else { return nil }
      screen = inferred
    }
    let match =
      DeviceProfile.all.first { $0.device.screen == screen }.map { ($0.name, $0.device) }
      ?? Self.knownDevices.first { $0.device.screen == screen }
    if let safeArea = options.safeArea {
      safeAreaOrigin = .option("--safe-area")
      return Device(model: match?.1.model ?? Self.model(screen), screen: screen, safeArea: safeArea)
    }
    if let (name, device) = match {
      safeAreaOrigin = .profile(name)
      messages.append(
        ImportMessage(
          .note, .deviceFromProfile(name, model: device.model, safeArea: device.safeArea)))
      return device
    }
    let insets =
      screen.height > screen.width ? EdgeInsets(top: 20, left: 0, bottom: 0, right: 0) : .zero
    messages.append(ImportMessage(.note, .defaultSafeArea(insets)))
    return Device(model: Self.model(screen), screen: screen, safeArea: insets)
  }

  private static func model(_ screen: Size) -> String {
    "unknown \(ImportMessage.Problem.format(screen))"
  }

  /// Evidence of the screen size in one event.
  private struct Evidence {
    var size: Size
    var event: ImportedEvent
    var text: String
  }

  /// The screen the frames show: strong evidence (a frame leaving or entering below another
  /// one that ends at its top, or a zero-height frame at the bottom edge) when all of it agrees,
  /// else weaker evidence (a hide's end frame, a show's end frame bottom) when all of that does.
  private mutating func inferScreen() -> Size? {
    var strong: [Evidence] = []
    var weak: [Evidence] = []
    for event in events {
      let fields = event.fields
      if let begin = fields.frameBegin, let end = fields.frameEnd, begin.width == end.width,
        begin.y != end.y
      {
        let (lower, upper) = begin.y > end.y ? (begin, end) : (end, begin)
        let lowerName = begin.y > end.y ? "frameBegin" : "frameEnd"
        let upperName = begin.y > end.y ? "frameEnd" : "frameBegin"
        if upper.maxY == lower.y, upper.height > 0 {
          strong.append(
            Evidence(
              size: Size(width: lower.width, height: lower.y), event: event,
              text: "\(lowerName) y \(f(lower.y)) = \(upperName) y \(f(upper.y)) + height "
                + "\(f(upper.height))"))
        }
      }
      for (key, frame) in [("frameBegin", fields.frameBegin), ("frameEnd", fields.frameEnd)] {
        guard let frame else { continue }
        if frame.height == 0 && frame.y > 0 && frame.width > 0 {
          strong.append(
            Evidence(
              size: Size(width: frame.width, height: frame.y), event: event,
              text: "the zero-height \(key) at y \(f(frame.y))"))
        }
      }
      let isShow = event.name == .willShow || event.name == .didShow
      let isHide = event.name == .willHide || event.name == .didHide
      if isHide, let end = fields.frameEnd, end.y > 0, end.width > 0 {
        weak.append(
          Evidence(
            size: Size(width: end.width, height: end.y), event: event,
            text: "the \(event.name.rawValue) frameEnd at y \(f(end.y))"))
      }
      if isShow, let end = fields.frameEnd, end.height > 0, end.width > 0 {
        weak.append(
          Evidence(
            size: Size(width: end.width, height: end.maxY), event: event,
            text: "the \(event.name.rawValue) frameEnd bottom at \(f(end.maxY))"))
      }
    }
    for evidence in [strong, weak] where !evidence.isEmpty {
      var sizes: [Size] = []
      for item in evidence where !sizes.contains(item.size) { sizes.append(item.size) }
      guard sizes.count == 1, let first = evidence.first else {
        messages.append(ImportMessage(.error, .screenAmbiguous(sizes)))
        return nil
      }
      screenOrigin = .printout(source: first.event.source, line: first.event.line)
      messages.append(
        ImportMessage(
          .note, .screenFromFrames(first.size, evidence: first.text), source: first.event.source,
          line: first.event.line))
      return first.size
    }
    messages.append(ImportMessage(.error, .screenUnknown))
    return nil
  }

  private func f(_ value: Double) -> String { JSONWriter.format(value) }
}
