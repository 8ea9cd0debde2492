import ChatReplay

/// Hypothesis-style shrinking of a failing case's decisions: delete chunks, zero chunks, move
/// each number towards 0, keeping any change after which the property still fails.
///
/// Candidates are compared shortlex (fewer decisions first, then smaller ones), and each
/// accepted candidate is replaced by the decisions its replay actually used, so the result is
/// always a list the generator produces.
package struct Shrinker {
  /// Replays `choices`; returns the decisions used (trailing zeros dropped) when the property
  /// still fails, `nil` when it passes.
  package let failingChoices: ([UInt64]) -> [UInt64]?
  /// The most candidates to try.
  package var budget = 3_000
  private(set) var attempts = 0
  private(set) var improvements = 0

  package init(budget: Int = 3_000, failingChoices: @escaping ([UInt64]) -> [UInt64]?) {
    self.budget = budget
    self.failingChoices = failingChoices
  }

  /// The simplest failing decisions found from `start` (which must fail).
  package mutating func shrink(_ start: [UInt64]) -> [UInt64] {
    var current = Self.trimmed(start)
    var changed = true
    while changed && attempts < budget {
      changed = false
      for size in [32, 16, 8, 4, 2, 1] {
        changed = deleteChunks(of: size, from: &current) || changed
      }
      for size in [8, 4, 2, 1] {
        changed = zeroChunks(of: size, in: &current) || changed
      }
      changed = minimizeNumbers(in: &current) || changed
    }
    return current
  }

  /// Whether `candidate` fails and is simpler than `current`; if so `current` becomes it.
  private mutating func accept(_ candidate: [UInt64], _ current: inout [UInt64]) -> Bool {
    guard attempts < budget else { return false }
    attempts += 1
    guard let used = failingChoices(candidate), Self.isSimpler(used, than: current) else {
      return false
    }
    current = used
    improvements += 1
    return true
  }

  private mutating func deleteChunks(of size: Int, from current: inout [UInt64]) -> Bool {
    var changed = false
    var start = current.count - size
    while start >= 0 && attempts < budget {
      var candidate = current
      candidate.removeSubrange(start..<min(start + size, candidate.count))
      if accept(candidate, &current) {
        changed = true
        start = min(start, current.count - size)
      } else {
        start -= 1
      }
    }
    return changed
  }

  private mutating func zeroChunks(of size: Int, in current: inout [UInt64]) -> Bool {
    var changed = false
    var start = 0
    while start + size <= current.count && attempts < budget {
      if current[start..<start + size].contains(where: { $0 != 0 }) {
        var candidate = current
        for index in start..<start + size { candidate[index] = 0 }
        if accept(candidate, &current) { changed = true }
      }
      start += 1
    }
    return changed
  }

  /// Binary search of each number down towards 0.
  private mutating func minimizeNumbers(in current: inout [UInt64]) -> Bool {
    var changed = false
    var index = 0
    while index < current.count && attempts < budget {
      let value = current[index]
      guard value > 0 else {
        index += 1
        continue
      }
      var low: UInt64 = 0
      var high = value
      while low < high && attempts < budget && index < current.count {
        let middle = low + (high - low) / 2
        var candidate = current
        candidate[index] = middle
        if accept(candidate, &current) {
          changed = true
          high = middle
        } else {
          low = middle + 1
        }
      }
      index += 1
    }
    return changed
  }

  /// `choices` without its trailing zeros (a replay takes missing decisions as 0).
  package static func trimmed(_ choices: [UInt64]) -> [UInt64] {
    var result = choices
    while result.last == 0 { result.removeLast() }
    return result
  }

  /// Shortlex order: fewer decisions, then the first smaller one.
  package static func isSimpler(_ a: [UInt64], than b: [UInt64]) -> Bool {
    if a.count != b.count { return a.count < b.count }
    return a.lexicographicallyPrecedes(b)
  }
}
