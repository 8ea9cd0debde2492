package import ChatReplay

/// The properties' shared defaults: streams of up to 200 events.
package enum PropertyDefaults {
  package static let maxEvents = 200
  package static let realistic = Gen<GeneratedRecording>.recording(.realistic, maxEvents: maxEvents)
  package static let adversarial = Gen<GeneratedRecording>.recording(
    .adversarial, maxEvents: maxEvents)
  /// The measurer of the properties about the replay machinery.
  ///
  /// Its arithmetic is cheap in a debug build; the real measurer is exercised by the
  /// adversarial property and the CLI test.
  package static let measurer: any TextMeasuring = FixedWidthMeasurer()
  /// Replay options that use ``measurer``.
  package static func options(layout: LayoutID) -> Replayer.Options {
    Replayer.Options(layout: layout, measurer: measurer)
  }
}

extension GeneratedRecording {
  /// Every state of a replay through `layout`, step 0 first, reduced in memory.
  package func states(layout: LayoutID, measurer: any TextMeasuring = PropertyDefaults.measurer)
    -> [ChatState]
  {
    let screen = ChatScreen(layout: layout, measurer: measurer)
    var state = screen.initialState(header: header)
    var states = [state]
    states.reserveCapacity(events.count + 1)
    for event in events {
      screen.reduce(into: &state, event)
      states.append(state)
    }
    return states
  }

  /// The recording's bytes, as `replay` reads them.
  package var bytes: [UInt8] { Array(text.utf8) }
}

/// The first step where two lists of states differ, described, or `nil` when they are equal.
///
/// States are compared with `==`; with `byteForByte`, also as JSON (the last one with its
/// messages), the bytes `replay --json` prints.
package func firstDifference(
  _ a: [ChatState], _ b: [ChatState], _ what: String, byteForByte: Bool = false
) -> String? {
  guard a.count == b.count else { return "\(what): \(a.count) states against \(b.count)" }
  for (left, right) in zip(a, b) {
    let isLast = left.step == a.count - 1
    if left != right
      || (byteForByte
        && left.jsonLine(includeMessages: isLast) != right.jsonLine(includeMessages: isLast))
    {
      return """
        \(what) differ at step \(left.step):
        - \(left.jsonLine(includeMessages: isLast))
        + \(right.jsonLine(includeMessages: isLast))
        """
    }
  }
  return nil
}

/// The paths of the numbers that are not finite in `state` as it writes itself (with its messages
/// when `includeMessages` is set); empty when every number is finite.
///
/// A first pass only counts them: the paths are worked out, by a second pass, only for a state
/// that has one, so that checking the states of thousands of steps stays cheap.
package func nonFiniteNumberPaths(in state: ChatState, includeMessages: Bool) -> [String] {
  var counter = NonFiniteNumberCounter()
  state.write(to: &counter, includeMessages: includeMessages)
  guard counter.count > 0 else { return [] }
  var finder = NonFiniteNumberFinder()
  state.write(to: &finder, includeMessages: includeMessages)
  return finder.found
}

/// Counts the numbers that are not finite.
private struct NonFiniteNumberCounter: StructuredWriter {
  var count = 0

  mutating func beginObject() {}
  mutating func endObject() {}
  mutating func beginArray() {}
  mutating func endArray() {}
  mutating func key(_ name: StaticString) {}
  mutating func number(_ value: Double) {
    if !value.isFinite { count += 1 }
  }
  mutating func string(_ value: String) {}
  mutating func bool(_ value: Bool) {}
}

/// Collects the paths of numbers that are not finite, through the state's own structure.
package struct NonFiniteNumberFinder: StructuredWriter {
  private var path: [String] = []
  private var pendingKey: String?
  private var arrayIndices: [Int?] = []
  /// The paths of the NaNs and infinities found.
  package private(set) var found: [String] = []

  package init() {}

  package mutating func beginObject() {
    enter()
    arrayIndices.append(nil)
  }

  package mutating func endObject() { leave() }

  package mutating func beginArray() {
    enter()
    arrayIndices.append(0)
  }

  package mutating func endArray() { leave() }

  package mutating func key(_ name: StaticString) { pendingKey = "\(name)" }

  package mutating func number(_ value: Double) {
    if !value.isFinite { found.append((path + [currentName()]).joined(separator: ".")) }
    advance()
  }

  package mutating func string(_ value: String) { advance() }
  package mutating func bool(_ value: Bool) { advance() }

  private mutating func currentName() -> String {
    if let key = pendingKey { return key }
    if let index = arrayIndices.last ?? nil { return "\(index)" }
    return ""
  }

  private mutating func enter() {
    path.append(currentName())
    pendingKey = nil
  }

  private mutating func leave() {
    path.removeLast()
    arrayIndices.removeLast()
    advance()
  }

  private mutating func advance() {
    pendingKey = nil
    if let index = arrayIndices.last, let index {
      arrayIndices[arrayIndices.count - 1] = index + 1
    }
  }
}
