/// The steps at which breakpoints can fire.
///
/// Those are the steps whose event changed one of the values they read, or is of a kind they
/// name. Elsewhere nothing they read changed, so no edge can occur.
struct Trigger {
  var bits: UInt32 = 0
  var kinds: Set<UInt8> = []
  /// The steps of `break STEP` breakpoints.
  var steps: Set<Int> = []

  func matches(_ index: ChangeIndex, _ step: Int) -> Bool {
    index.mask(at: step) & bits != 0 || kinds.contains(index.kind(at: step)) || steps.contains(step)
  }
}

extension Debugger {
  /// The trigger of all breakpoints, or `nil` when the index cannot tell for one of them.
  func trigger() -> Trigger? {
    var trigger = Trigger()
    for breakpoint in breakpoints where breakpoint.isEnabled {
      switch breakpoint.kind {
      case .step(_, let step):
        trigger.steps.insert(step)
      case .condition(_, let condition):
        guard condition.addTriggers(to: &trigger, index) else { return nil }
      case .watch(let path):
        guard let bits = index.bits(for: path) else { return nil }
        trigger.bits |= bits.bits
      }
    }
    return trigger
  }
}

extension Condition {
  /// Adds what can make the condition change; `false` when the index cannot tell.
  func addTriggers(to trigger: inout Trigger, _ index: ChangeIndex) -> Bool {
    switch self {
    case .comparison, .truth:
      for path in paths {
        guard let bits = index.bits(for: path) else { return false }
        trigger.bits |= bits.bits
      }
      return true
    case .event(let kind, let name):
      for eventClass in EventClass.matching(kind, name) { trigger.kinds.insert(eventClass.code) }
      return true
    case .diagnostic:
      trigger.bits |= ChangeIndex.diagnosticsBit
      return true
    case .not(let inner):
      return inner.addTriggers(to: &trigger, index)
    case .and(let left, let right), .or(let left, let right):
      return left.addTriggers(to: &trigger, index) && right.addTriggers(to: &trigger, index)
    }
  }

  /// Whether an `event` term appears.
  var mentionsEvent: Bool {
    switch self {
    case .event: true
    case .comparison, .truth, .diagnostic: false
    case .not(let inner): inner.mentionsEvent
    case .and(let left, let right), .or(let left, let right):
      left.mentionsEvent || right.mentionsEvent
    }
  }
}
