/// Captures the value at one path while a state writes itself, ignoring everything else.
struct PathProbe: StructuredWriter {
  private enum Target {
    case key([UInt8])
    case index(Int)
  }

  private let target: [Target]
  /// Open containers.
  private var depth = 0
  /// How many of the open containers (the outermost ones) lie on the path.
  private var matched = 0
  private var innermostIsArray = false
  private var keyMatches = false
  private var elementIndex = -1
  private var capture: StateTreeBuilder?
  private var captureDepth = 0
  private var done = false
  private(set) var result: StateNode?

  init(path: StatePath) {
    target = path.components.map { component in
      switch component {
      case .key(let name): .key(Array(name.utf8))
      case .index(let index): .index(index)
      }
    }
  }

  /// Whether the value starting now lies on the path.
  private mutating func startsOnPath() -> Bool {
    if done { return false }
    if depth == 0 { return true }
    guard matched == depth else { return false }
    if innermostIsArray {
      elementIndex += 1
      if case .index(let index) = target[depth - 1] { return index == elementIndex }
      return false
    }
    return keyMatches
  }

  private mutating func open(isArray: Bool) {
    if capture != nil {
      if isArray { capture?.beginArray() } else { capture?.beginObject() }
      captureDepth += 1
      return
    }
    let isOnPath = startsOnPath()
    depth += 1
    guard isOnPath else { return }
    if depth - 1 == target.count {
      var builder = StateTreeBuilder()
      if isArray { builder.beginArray() } else { builder.beginObject() }
      capture = builder
      captureDepth = 1
    } else {
      matched = depth
      innermostIsArray = isArray
      keyMatches = false
      elementIndex = -1
    }
  }

  private mutating func close(isArray: Bool) {
    if capture != nil {
      if isArray { capture?.endArray() } else { capture?.endObject() }
      captureDepth -= 1
      if captureDepth == 0 {
        result = capture?.root
        capture = nil
        done = true
      }
      return
    }
    if matched == depth && depth > 0 { done = true }
    depth -= 1
  }

  /// A scalar: written into the captured value when inside one, else kept when it is the value
  /// sought (past it, the probe is done).
  ///
  /// `node` is made only when it is kept, so that the values passed by make none.
  @inline(__always)
  private mutating func scalar(
    _ write: (inout StateTreeBuilder) -> Void, _ node: @autoclosure () -> StateNode
  ) {
    if done { return }
    // Taken out while written, so that the builder is not shared (and copied) meanwhile.
    if var captured = capture.take() {
      write(&captured)
      capture = captured
      return
    }
    guard startsOnPath() else { return }
    done = true
    if depth == target.count { result = node() }
  }

  mutating func beginObject() { open(isArray: false) }
  mutating func endObject() { close(isArray: false) }
  mutating func beginArray() { open(isArray: true) }
  mutating func endArray() { close(isArray: true) }

  mutating func key(_ name: StaticString) {
    if capture != nil {
      capture?.key(name)
      return
    }
    guard !done, matched == depth, depth > 0, !innermostIsArray else { return }
    guard case .key(let wanted) = target[depth - 1] else {
      keyMatches = false
      return
    }
    // Lengths first: most keys passed differ in length from the one sought.
    guard name.utf8CodeUnitCount == wanted.count else {
      keyMatches = false
      return
    }
    keyMatches = name.withUTF8Buffer { name in
      wanted.withUnsafeBufferPointer { wanted in
        var index = 0
        while index < wanted.count && name[index] == wanted[index] { index += 1 }
        return index == wanted.count
      }
    }
  }

  mutating func number(_ value: Double) { scalar({ $0.number(value) }, .number(value)) }
  mutating func string(_ value: String) { scalar({ $0.string(value) }, .string(value)) }
  mutating func bool(_ value: Bool) { scalar({ $0.bool(value) }, .bool(value)) }

  /// Words the message only when it is the value sought or lies inside it: a diagnostic's
  /// message takes far longer to word than its other members to write.
  mutating func message(of diagnostic: Diagnostic) {
    if done { return }
    // Off the path, `string` would drop the value without a trace (a message is an object's
    // member, never an array's element, so no element is counted).
    guard capture != nil || (depth > 0 && matched == depth && !innermostIsArray && keyMatches)
    else { return }
    string(diagnostic.message)
  }
}
