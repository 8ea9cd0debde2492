package import ChatReplay
import Foundation

/// Prints keyboard notifications the ways apps and debuggers print them, for the importer's
/// property tests: the inverse of `replay import`, written independently of it.
package enum ConsolePrinter {
  /// A way of printing one notification.
  package enum Style: String, CaseIterable, Sendable {
    case nsNotification
    case nsDictionary
    case unquoted
    case commas
    case swiftDictionary
    case swiftDictionaryWrapped
    case swiftNotification
    case lldbMirror
    case stringDictionary
    case escaped
    case swift2
    case swiftRect
    case gdb
    case bareRect

    /// Whether the style prints the notification's name.
    package var printsName: Bool {
      switch self {
      case .nsNotification, .swiftNotification, .lldbMirror: true
      default: false
      }
    }

    /// Whether the style prints a rect alone, with neither key nor name.
    package var printsRectOnly: Bool { self == .swiftRect || self == .gdb || self == .bareRect }
  }

  /// How a number is written: Swift's shortest form, or C's `%.17g`.
  package enum NumberForm: Sendable {
    case shortest
    case seventeenDigits
  }

  /// One notification and how to print it.
  package struct Item: Sendable {
    package var name: KeyboardNotification.Name
    package var fields: KeyboardFields
    package var style: Style
    /// A permutation of the pairs, for the styles that print them unsorted.
    package var order: [Int]
    package var numbers: NumberForm
    /// Whether a boolean prints as `true`/`false` (Swift `Bool`) instead of `1`/`0`.
    package var printsBoolWords: Bool
    /// The log prefix of its first line, if any.
    package var prefix: String?

    package init(
      name: KeyboardNotification.Name, fields: KeyboardFields, style: Style, order: [Int],
      numbers: NumberForm, printsBoolWords: Bool, prefix: String?
    ) {
      self.name = name
      self.fields = fields
      self.style = style
      self.order = order
      self.numbers = numbers
      self.printsBoolWords = printsBoolWords
      self.prefix = prefix
    }
  }

  /// The printout of `items`, one after the other.
  package static func printout(_ items: [Item]) -> String {
    items.map(text).joined(separator: "\n")
  }

  /// One item's text.
  package static func text(_ item: Item) -> String {
    let lines = lines(item)
    guard let prefix = item.prefix, let first = lines.first else {
      return lines.joined(separator: "\n")
    }
    return ([prefix + first] + lines.dropFirst()).joined(separator: "\n")
  }

  private static func lines(_ item: Item) -> [String] {
    let name = item.name.printedName
    let pairs = pairs(item)
    func quoted(_ value: String) -> String {
      value.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? value : "\"\(value)\""
    }
    let sorted = pairs.sorted { $0.key < $1.key }
    let unsorted = item.order.filter { $0 < pairs.count }.map { pairs[$0] }
    func anyHashable(_ pairs: [(key: String, value: String)]) -> [String] {
      pairs.map { "AnyHashable(\"\($0.key)\"): \($0.value)" }
    }
    switch item.style {
    case .nsNotification:
      return ["NSConcreteNotification 0x600000c5a1f0 {name = \(name); userInfo = {"]
        + sorted.map { "    \($0.key) = \(quoted($0.value));" } + ["}}"]
    case .nsDictionary:
      return ["{"] + sorted.map { "    \($0.key) = \(quoted($0.value));" } + ["}"]
    case .unquoted:
      return ["{"] + unsorted.map { "    \($0.key) = \($0.value);" } + ["}"]
    case .commas:
      let body = unsorted.map { "    \($0.key) = \($0.value)" }
      return ["{"]
        + body.enumerated().map { $0.offset < body.count - 1 ? $0.element + "," : $0.element } + [
          "}"
        ]
    case .swiftDictionary:
      return ["Optional([" + anyHashable(unsorted).joined(separator: ", ") + "])"]
    case .swiftDictionaryWrapped:
      let body = anyHashable(unsorted)
      return ["["]
        + body.enumerated().map { "    " + $0.element + ($0.offset < body.count - 1 ? "," : "") }
        + ["]"]
    case .swiftNotification:
      let info =
        pairs.isEmpty ? "nil" : "Optional([" + anyHashable(unsorted).joined(separator: ", ") + "])"
      return ["name = \(name), object = nil, userInfo = \(info)"]
    case .lldbMirror:
      var lines = [
        "(lldb) po notification", " ▿ name = \(name), object = nil, userInfo = nil",
        " - name : \"\(name)\"", " - object : nil",
      ]
      lines.append(pairs.isEmpty ? " - userInfo : nil" : " ▿ userInfo : \(pairs.count) elements")
      for (index, pair) in unsorted.enumerated() {
        lines += [
          "   ▿ \(index) : 2 elements", "     ▿ key : AnyHashable(\"\(pair.key)\")",
          "       - value : \"\(pair.key)\"", "     - value : \(pair.value)",
        ]
      }
      return lines
    case .stringDictionary:
      return ["[" + unsorted.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "]"]
    case .escaped:
      return [
        "["
          + anyHashable(unsorted).joined(separator: ", ").replacingOccurrences(
            of: "\"", with: "\\\"") + "]"
      ]
    case .swift2:
      return [
        "Optional([" + unsorted.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "])"
      ]
    case .swiftRect:
      guard let frame = item.fields.frameEnd else { return [] }
      let numbers = [frame.x, frame.y, frame.width, frame.height].map {
        swiftNumber($0, item.numbers)
      }
      return ["(" + numbers.joined(separator: ", ") + ")"]
    case .bareRect:
      guard let frame = item.fields.frameEnd else { return [] }
      return ["kbEndFrame -- \(rect(frame, item.numbers)) -- \(item.name.rawValue)"]
    case .gdb:
      var lines: [String] = []
      for (variable, frame) in [
        ("beginFrame", item.fields.frameBegin), ("endFrame", item.fields.frameEnd),
      ] {
        guard let frame else { continue }
        let n = { number($0, item.numbers) }
        lines += [
          "(gdb) print \(variable)", "$1 = {", "  origin = {", "    x = \(n(frame.x)), ",
          "    y = \(n(frame.y))", "  }, ", "  size = {", "    width = \(n(frame.width)), ",
          "    height = \(n(frame.height))", "  }", "}",
        ]
      }
      return lines
    }
  }

  /// The printed pairs, in the format's order of keys.
  private static func pairs(_ item: Item) -> [(key: String, value: String)] {
    let fields = item.fields
    let n = { number($0, item.numbers) }
    var pairs: [(key: String, value: String)] = []
    if let frame = fields.frameBegin {
      pairs.append(("UIKeyboardFrameBeginUserInfoKey", "NSRect: " + rect(frame, item.numbers)))
    }
    if let frame = fields.frameEnd {
      pairs.append(("UIKeyboardFrameEndUserInfoKey", "NSRect: " + rect(frame, item.numbers)))
    }
    if let duration = fields.duration {
      pairs.append(("UIKeyboardAnimationDurationUserInfoKey", n(duration)))
    }
    if let curve = fields.curve {
      pairs.append(("UIKeyboardAnimationCurveUserInfoKey", String(curve)))
    }
    if let isLocal = fields.isLocal {
      pairs.append(
        (
          "UIKeyboardIsLocalUserInfoKey",
          item.printsBoolWords ? String(isLocal) : isLocal ? "1" : "0"
        ))
    }
    if let bounds = fields.bounds {
      pairs.append(("UIKeyboardBoundsUserInfoKey", "NSRect: " + rect(bounds, item.numbers)))
    }
    if let center = fields.centerBegin {
      pairs.append(
        ("UIKeyboardCenterBeginUserInfoKey", "NSPoint: {\(n(center.x)), \(n(center.y))}"))
    }
    if let center = fields.centerEnd {
      pairs.append(("UIKeyboardCenterEndUserInfoKey", "NSPoint: {\(n(center.x)), \(n(center.y))}"))
    }
    return pairs
  }

  private static func rect(_ rect: Rect, _ form: NumberForm) -> String {
    let n = { number($0, form) }
    return "{{\(n(rect.x)), \(n(rect.y))}, {\(n(rect.width)), \(n(rect.height))}}"
  }

  /// A number as Foundation prints it inside an `NSValue` (no `.0` on whole numbers).
  package static func number(_ value: Double, _ form: NumberForm) -> String {
    switch form {
    case .seventeenDigits: return String(format: "%.17g", value)
    case .shortest:
      if value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
      return "\(value)"
    }
  }

  /// A number as Swift prints a `CGFloat` (always with a fraction).
  private static func swiftNumber(_ value: Double, _ form: NumberForm) -> String {
    form == .seventeenDigits ? String(format: "%.17g", value) : "\(value)"
  }

  /// An `NSLog` prefix for `microseconds` since 1970 in UTC, shown in the zone `offsetMinutes`
  /// east of UTC: milliseconds without a zone (`withZone` false, Xcode 7) or microseconds with
  /// it (Xcode 8).
  package static func logPrefix(microseconds: Int64, offsetMinutes: Int, withZone: Bool) -> String {
    let local = microseconds + Int64(offsetMinutes) * 60_000_000
    let seconds = Int(local.quotient(1_000_000))
    let fraction = Int(local - Int64(seconds) * 1_000_000)
    let (year, month, day) = civil(days: seconds.quotient(86_400))
    let second = seconds - seconds.quotient(86_400) * 86_400
    var text = String(
      format: "%04d-%02d-%02d %02d:%02d:%02d.", year, month, day, second / 3600, second / 60 % 60,
      second % 60)
    if withZone {
      let sign = offsetMinutes < 0 ? "-" : "+"
      let offset = abs(offsetMinutes)
      text += String(format: "%06d%@%02d%02d", fraction, sign, offset / 60, offset % 60)
    } else {
      text += String(format: "%03d", fraction / 1000)
    }
    return text + " Chat Demo[812:3301] "
  }

  /// The date of a day since 1970 (Howard Hinnant's `civil_from_days`).
  private static func civil(days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

extension BinaryInteger {
  /// The quotient rounded towards minus infinity.
  fileprivate func quotient(_ divisor: Self) -> Self {
    let q = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
  }
}
