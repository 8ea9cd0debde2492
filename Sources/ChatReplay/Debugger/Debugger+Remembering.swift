/// The values of paths at steps, remembered while a page's window (at most
/// ``PageData/explainedStepLimit`` steps) is explained at every step: `why` and `blame` of each
/// path read the same values again at each step of the window.
struct RememberedValues: Sendable {
  /// For each path asked about, its value at each step asked about.
  var values: [StatePath: [Int: StateNode?]] = [:]
  /// For each path blamed, the steps that changed it (``Debugger/changeSteps(of:)``): the same
  /// list at every step of the window, and finding it can take a pass over the whole recording
  /// (`step`, `t`, a message's fields), which a window of a long recording paid again per step.
  var changeSteps: [StatePath: [Int]] = [:]
  /// For each path blamed, its `by event:` line, which depends only on its ``changeSteps``.
  var changeTallies: [StatePath: String] = [:]
}

extension Debugger {
  /// Remembers from now on each value that `why` and `blame` read, for a page's window explained
  /// at every step (the interactive debugger reads each once or twice, and does not keep them).
  mutating func rememberValues() {
    remembered = RememberedValues()
  }

  /// The value at `path` in the state at `step`, as `path.value(in:)` gives it.
  mutating func value(of path: StatePath, at step: Int) -> StateNode? {
    guard remembered != nil else { return path.value(in: state(at: step)) }
    if let known = remembered?.values[path]?[step] { return known }
    let value = path.value(in: state(at: step))
    remembered?.values[path, default: [:]][step] = .some(value)
    return value
  }

  /// ``lastChanges(of:atOrBefore:)`` from the remembered values: for each path, the last step at
  /// or before `end` whose value differs from the step before's, and the value before.
  ///
  /// A path whose changes `blame` has found (``RememberedValues/changeSteps``) has its last one
  /// found among them by bisection; another is walked back a step at a time from `end` (finding
  /// all its changes could take a pass over the recording, and a recent change is found in a few
  /// steps). In a window deep in a long recording, the walk back to a value's last change read
  /// most of the recording at each step of the window for every path `blame` had listed.
  mutating func rememberedLastChanges(of paths: [StatePath], atOrBefore end: Int)
    -> [(step: Int, old: StateNode?)?]
  {
    paths.map { path in
      guard end >= 0 else { return nil }
      if let changes = remembered?.changeSteps[path] {
        guard let last = Self.lastPosition(in: changes, atOrBefore: end) else { return nil }
        return (changes[last], value(of: path, at: changes[last] - 1))
      }
      var later = value(of: path, at: end)
      var step = end
      while step > 0 {
        let earlier = value(of: path, at: step - 1)
        if earlier != later { return (step, earlier) }
        later = earlier
        step -= 1
      }
      return nil
    }
  }

  /// The position of the last of `steps` (in increasing order) at or before `step`, by bisection.
  static func lastPosition(in steps: [Int], atOrBefore step: Int) -> Int? {
    var low = 0
    var high = steps.count
    while low < high {
      let middle = (low + high) / 2
      if steps[middle] <= step { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? low - 1 : nil
  }
}
