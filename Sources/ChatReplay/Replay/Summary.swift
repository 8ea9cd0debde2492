/// The human-readable replay: a title, one line per step, and totals.
///
/// ```text
/// step       t  event                                       k  bar.maxY  inset.b  offset.y  msgs  diagnostics
///    0   0.000  (start)                                     0       818       44       702    19  bad-index
///    1   0.400  keyboard willChangeFrame end (0, 516, …)  336       482      380      1038    19  keyboard-gap
/// ```
public enum Summary {
  /// The first line: which screen, which device.
  public static func title(file: String, header: SessionHeader, screen: ChatScreen) -> String {
    let f = JSONWriter.format
    let device = header.device
    var layout = screen.layout.rawValue
    if screen.layout == .rxkeyboard {
      layout += " (RxKeyboard \(screen.rxKeyboardVersion.rawValue))"
    }
    return
      "\(file): \(layout) on \(device.model), \(f(device.screen.width))×\(f(device.screen.height)) pt, "
      + "safe area \(device.safeArea.summary)"
  }

  /// The column headings.
  public static let heading =
    "step        t  event                                              k  bar.maxY  inset.b  offset.y  msgs  diagnostics"

  /// One step: its time, its event, the keyboard height, the input bar's bottom, the raw bottom
  /// inset, the offset, the message count and the ids of its diagnostics.
  public static func line(for state: ChatState, event: Event?) -> String {
    let f = JSONWriter.format
    var columns = pad(String(state.step), 4, right: true) + "  "
    columns += pad(fixed3(state.t), 7, right: true) + "  "
    columns += pad(event.map { String($0.summary.prefix(46)) } ?? "(start)", 46) + " "
    columns += pad(f(state.keyboard.visibleHeight), 4, right: true) + "  "
    columns += pad(f(state.inputBar.frame.maxY), 8, right: true) + "  "
    columns += pad(f(state.list.contentInset.bottom), 7, right: true) + "  "
    columns += pad(f(state.list.contentOffsetY), 8, right: true) + "  "
    columns += pad(String(state.messages.count), 4, right: true)
    if !state.diagnostics.isEmpty {
      columns += "  " + state.diagnostics.map(\.id).joined(separator: " ")
    }
    return columns
  }

  /// Counts, per diagnostic id, the steps that show it and the runs of consecutive such steps.
  public struct Tally: Sendable, Equatable {
    public private(set) var steps: [String: Int] = [:]
    public private(set) var runs: [String: Int] = [:]
    private var previous: Set<String> = []

    public init() {}

    /// Counts `state`'s diagnostics.
    public mutating func add(_ state: ChatState) {
      if state.diagnostics.isEmpty && previous.isEmpty { return }
      var current: Set<String> = []
      for diagnostic in state.diagnostics {
        let id = diagnostic.id
        guard current.insert(id).inserted else { continue }
        steps[id, default: 0] += 1
        if !previous.contains(id) { runs[id, default: 0] += 1 }
      }
      previous = current
    }

    /// `keyboard-gap ×2 (17 steps), bad-index ×1 (1 step)` in layouts.md's order, or `none`.
    public var description: String {
      let parts = Diagnostic.ids.compactMap { id -> String? in
        guard let count = steps[id], let runCount = runs[id] else { return nil }
        return "\(id) ×\(runCount) (\(count) step\(count == 1 ? "" : "s"))"
      }
      return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
  }

  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let count = text.count
    guard count < width else { return text }
    let padding = String(repeating: " ", count: width - count)
    return right ? padding + text : text + padding
  }

  /// `t` with three decimals, as recordings write milliseconds.
  static func fixed3(_ value: Double) -> String {
    let thousandths = (value * 1000).rounded()
    guard thousandths.magnitude < 1e15 else { return JSONWriter.format(value) }
    let integer = Int64(thousandths)
    let sign = integer < 0 ? "-" : ""
    let magnitude = integer.magnitude
    let fraction = String(magnitude % 1000)
    return
      "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }
}
