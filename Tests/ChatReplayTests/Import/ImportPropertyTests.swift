import ChatReplay
import ChatReplayTesting
import ReplayTestSupport
import Testing

/// Generated keyboard notifications, printed in every style by the test support's printer (in
/// any key order, with 17-digit fractions, negative origins, missing keys, log prefixes in both
/// forms across midnight and zones), import as the same notifications.
struct ImportPropertyTests {
  /// A printout to import and the notifications it must give.
  struct Case: Sendable, CustomStringConvertible {
    var items: [ConsolePrinter.Item]
    /// The events' times in microseconds, when the printout has log prefixes.
    var stamps: [Int64]?

    var description: String { ConsolePrinter.printout(items) }
  }

  @Test func printedNotificationsImportAsThemselves() {
    let failure = PropertyRunner.run(currentTestName(), Self.cases, cases: 80) { testCase in
      Self.brokenLaw(testCase)
    }
    guard let failure else { return }
    Issue.record(
      """
      Property failed at case \(failure.caseIndex), seed \(failure.seed) \
      (rerun: REPLAY_PBT_SEED=\(failure.seed) swift test --filter ImportPropertyTests).
      \(failure.message)
      Shrunk printout:
      \(failure.shrunk)
      """)
  }

  /// What is wrong with importing the case, if anything.
  static func brokenLaw(_ testCase: Case) -> String? {
    let unnamed = testCase.items.filter { !$0.style.printsName }.map(\.name)
    let options = ConsoleImporter.Options(
      names: unnamed, rectKey: .frameEnd, screen: Size(width: 375, height: 812))
    var importer = ConsoleImporter(options: options)
    importer.begin(source: "generated.txt")
    let bytes = Array(ConsolePrinter.printout(testCase.items).utf8)
    bytes.withUnsafeBufferPointer { importer.read($0) }
    let outcome = importer.finish()
    let messages = outcome.messages.map { $0.rendered(files: outcome.sources) }
    if let warning = messages.first(where: { $0.contains("warning:") || $0.contains("error:") }) {
      return "the import reported: \(warning)"
    }
    let events = outcome.recording?.events ?? []
    let expected = testCase.items.map { describe($0.name, $0.fields) }
    let actual = events.map { describe($0.name, $0.fields) }
    if actual != expected {
      return "(Expected: −, Imported: +)\n"
        + LineDiff.text(expected.joined(separator: "\n"), actual.joined(separator: "\n"))
    }
    if let stamps = testCase.stamps, let first = stamps.first {
      let times = stamps.map { Double($0 - first) / 1_000_000 }
      if events.map(\.t) != times { return "times \(events.map(\.t)), not \(times)" }
    }
    return nil
  }

  /// Every public field, each number exactly (Swift prints the shortest form that reads back).
  static func describe(_ name: KeyboardNotification.Name, _ fields: KeyboardFields) -> String {
    func rect(_ rect: Rect?) -> String {
      rect.map { "(\($0.x), \($0.y), \($0.width), \($0.height))" } ?? "-"
    }
    func point(_ point: KeyboardFields.Point?) -> String {
      point.map { "(\($0.x), \($0.y))" } ?? "-"
    }
    return [
      name.rawValue, rect(fields.frameBegin), rect(fields.frameEnd),
      fields.duration.map { "\($0)" } ?? "-", fields.curve.map { "\($0)" } ?? "-",
      fields.isLocal.map { "\($0)" } ?? "-", rect(fields.bounds), point(fields.centerBegin),
      point(fields.centerEnd),
    ].joined(separator: " ")
  }

  // MARK: Generators

  static let coordinate = Gen.double(in: -2_000...2_000)
  static let length = Gen.double(in: 0...2_000)
  static let rect = Gen<Rect> { choices in
    Rect(
      x: coordinate.generate(&choices), y: coordinate.generate(&choices),
      width: length.generate(&choices), height: length.generate(&choices))
  }
  static let point = Gen<KeyboardFields.Point> { choices in
    KeyboardFields.Point(x: coordinate.generate(&choices), y: coordinate.generate(&choices))
  }

  static let fields = Gen<KeyboardFields> { choices in
    KeyboardFields(
      frameBegin: rect.optional.generate(&choices), frameEnd: rect.optional.generate(&choices),
      duration: Gen.double(in: 0...10).optional.generate(&choices),
      curve: Gen.int(in: 0...10).optional.generate(&choices),
      isLocal: Gen.bool.optional.generate(&choices),
      bounds: rect.optional.generate(&choices), centerBegin: point.optional.generate(&choices),
      centerEnd: point.optional.generate(&choices))
  }

  /// A permutation of the eight pairs (Fisher–Yates); shrinks towards the format's order.
  static let order = Gen<[Int]> { choices in
    var order = Array(0..<8)
    for index in order.indices.reversed() where index > 0 {
      order.swapAt(index, index - choices.draw(below: index + 1))
    }
    return order
  }

  static func item(stamped: Bool) -> Gen<ConsolePrinter.Item> {
    // lldb and gdb print no log prefix.
    let styles = ConsolePrinter.Style.allCases.filter {
      !stamped || ($0 != .lldbMirror && $0 != .gdb)
    }
    return Gen { choices in
      let style = Gen.element(of: styles).generate(&choices)
      var fields = fields.generate(&choices)
      switch style {
      case .swiftRect, .bareRect:
        fields = KeyboardFields(frameEnd: fields.frameEnd ?? rect.generate(&choices))
      case .gdb:
        fields = KeyboardFields(
          frameBegin: fields.frameBegin ?? rect.generate(&choices),
          frameEnd: fields.frameEnd ?? rect.generate(&choices))
      default:
        // A block without a name needs a key to be told from other text.
        if !style.printsName && fields == KeyboardFields() { fields.duration = 0.25 }
      }
      return ConsolePrinter.Item(
        name: Gen.element(of: KeyboardNotification.Name.allCases).generate(&choices),
        fields: fields, style: style, order: order.generate(&choices),
        numbers: Gen.bool.generate(&choices) ? .seventeenDigits : .shortest,
        printsBoolWords: Gen.bool.generate(&choices), prefix: nil)
    }
  }

  static let cases = Gen<Case> { choices in
    let stamped = Gen.bool.generate(&choices)
    var items = item(stamped: stamped).array(count: 1...6, averageExtra: 3).generate(&choices)
    guard stamped else { return Case(items: items, stamps: nil) }
    let withZone = Gen.bool.generate(&choices)
    let offset = Gen.element(of: [0, 480, -300, 330, 60, -600]).generate(&choices)
    // 2019-03-04, either at noon or a second before midnight (UTC).
    let day: Int64 = 17_959
    var time =
      day * 86_400_000_000
      + (Gen.bool.generate(&choices) ? 86_399_000_000 : 43_200_000_000)
    var stamps: [Int64] = []
    for index in items.indices {
      let step = Int64(Gen.int(in: 0...1_500_000).generate(&choices))
      time += withZone ? step : step / 1_000 * 1_000
      stamps.append(time)
      items[index].prefix = ConsolePrinter.logPrefix(
        microseconds: time, offsetMinutes: offset, withZone: withZone)
    }
    return Case(items: items, stamps: stamps)
  }

  @Test func thePrinterWritesLogPrefixesAsDevicesDo() {
    // 2019-03-04 23:59:59.870123 UTC is day 17959: 17959 × 86400 + 86399 s, plus 870123 µs.
    let time: Int64 = (17_959 * 86_400 + 86_399) * 1_000_000 + 870_123
    #expect(
      ConsolePrinter.logPrefix(microseconds: time, offsetMinutes: 480, withZone: true)
        == "2019-03-05 07:59:59.870123+0800 Chat Demo[812:3301] ")
    #expect(
      ConsolePrinter.logPrefix(microseconds: time, offsetMinutes: -300, withZone: false)
        == "2019-03-04 18:59:59.870 Chat Demo[812:3301] ")
  }
}
