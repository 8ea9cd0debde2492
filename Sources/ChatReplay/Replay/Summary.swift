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
    var layout = screen.layoutID.rawValue
    var details: [String] = []
    if let version = screen.rxKeyboardVersion { details.append("RxKeyboard \(version.rawValue)") }
    if let changed = screen.changedOptionsText { details.append(changed) }
    if !details.isEmpty { layout += " (" + details.joined(separator: "; ") + ")" }
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
      columns += "  " + state.diagnostics.map { $0.id }.joined(separator: " ")
    }
    return columns
  }

  /// Counts, per diagnostic id, the steps that show it and the runs of consecutive such steps.
  ///
  /// Ids are counted by ``Diagnostic/ordinal``, so a step costs a few integer operations and no
  /// allocation: a million steps are tallied in milliseconds.
  public struct Tally: Sendable, Equatable {
    /// One count per diagnostic kind, by ordinal, stored inline.
    ///
    /// Inline, there is no array to copy or check for uniqueness per step. Its size is a
    /// literal, so ``init()`` checks it against the kinds.
    typealias Counts = InlineArray<14, Int>

    /// How many kinds a tally can count.
    public static var capacity: Int { Counts.count }

    /// The steps counted for each kind, but for the last ``pending`` steps.
    private var stepCounts = Counts(repeating: 0)
    private var runCounts = Counts(repeating: 0)
    /// The ordinals the previous step showed, one bit each.
    private var previous: UInt32 = 0
    /// How many steps in a row, the last ones, showed exactly the kinds of ``previous``: added
    /// to their counts only when the kinds change (or the counts are read), so that a step that
    /// shows what the step before showed, as most do, costs one comparison and one addition.
    private var pending = 0

    public init() {
      precondition(
        Diagnostic.Kind.all.count == Self.capacity,
        "Summary.Tally.Counts must have one count per Diagnostic.Kind")
    }

    /// The number of steps that show each id, for the ids shown at least once.
    public var steps: [String: Int] { Self.dictionary(Counts { stepCount(ordinal: $0) }) }
    /// The number of runs of consecutive steps that show each id, for the ids shown at least once.
    public var runs: [String: Int] { Self.dictionary(runCounts) }

    public static func == (lhs: Tally, rhs: Tally) -> Bool {
      lhs.previous == rhs.previous
        && lhs.stepCounts.indices.allSatisfy {
          lhs.stepCount(ordinal: $0) == rhs.stepCount(ordinal: $0)
            && lhs.runCounts[$0] == rhs.runCounts[$0]
        }
    }

    /// The number of steps that show the kind of `ordinal`, the pending ones included.
    private func stepCount(ordinal: Int) -> Int {
      stepCounts[ordinal] + (previous & (1 << UInt32(ordinal)) != 0 ? pending : 0)
    }

    /// Counts `state`'s diagnostics.
    public mutating func add(_ state: ChatState) {
      if state.diagnostics.isEmpty && previous == 0 { return }
      add(kinds: Self.kinds(of: state))
    }

    /// Counts a step that shows the kinds whose ordinals are the bits of `kinds`.
    @inline(__always)
    mutating func add(kinds: UInt32) {
      if kinds == previous {
        pending += 1
      } else {
        change(to: kinds)
      }
    }

    /// Adds the pending steps to the counts of the kinds they showed, and counts a step that
    /// shows `kinds`, which differ from them.
    @inline(never)
    private mutating func change(to kinds: UInt32) {
      var remaining = previous
      while remaining != 0 {
        stepCounts[remaining.trailingZeroBitCount] += pending
        remaining &= remaining - 1
      }
      remaining = kinds & ~previous
      while remaining != 0 {
        runCounts[remaining.trailingZeroBitCount] += 1
        remaining &= remaining - 1
      }
      previous = kinds
      pending = 1
    }

    /// The kinds `state` shows, one bit per ordinal.
    @inline(__always)
    static func kinds(of state: ChatState) -> UInt32 {
      kinds(of: state.diagnostics)
    }

    /// The kinds of `diagnostics`, one bit per ordinal.
    @inline(__always)
    static func kinds(of diagnostics: [Diagnostic]) -> UInt32 {
      var kinds: UInt32 = 0
      // Indices rather than an iterator, which would hold on to the array per step.
      for index in diagnostics.indices {
        kinds |= 1 << UInt32(diagnostics[index].ordinal)
      }
      return kinds
    }

    /// `keyboard-gap ×2 (17 steps), bad-index ×1 (1 step)` in the diagnostics' order (`Diagnostic.ids`), or `none`.
    public var description: String {
      let parts = Diagnostic.Kind.allCases.indices.compactMap { index -> String? in
        let count = stepCount(ordinal: index)
        guard count > 0 else { return nil }
        return
          "\(Diagnostic.Kind.all[index].rawValue) ×\(runCounts[index]) (\(count) step\(count == 1 ? "" : "s"))"
      }
      return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    private static func dictionary(_ counts: Counts) -> [String: Int] {
      var result: [String: Int] = [:]
      for index in counts.indices where counts[index] > 0 {
        result[Diagnostic.Kind.all[index].rawValue] = counts[index]
      }
      return result
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
