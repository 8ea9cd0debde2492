/// Where each diagnostic of the list (by its place) came, went or became another: what `blame
/// diagnostics[N]…` reads, since the change index has one bit for all the diagnostics.
///
/// Gathered state by state in order: while a timeline loads (a page's window does so, beside the
/// change index), or in a pass of its own the first time `blame` needs it.
struct DiagnosticChanges: Sendable {
  /// For each place N, the changes of the N-th diagnostic, oldest first.
  private var lists: [[DiagnosticChange]] = []
  private var previous: [Diagnostic] = []

  /// Adds `state`, the next state in order (step 0 first).
  mutating func add(_ state: ChatState) {
    let current = state.diagnostics
    if state.step > 0 && current != previous {
      for number in 0..<max(current.count, previous.count) {
        let after = number < current.count ? current[number] : nil
        let before = number < previous.count ? previous[number] : nil
        guard after != before else { continue }
        while lists.count <= number { lists.append([]) }
        lists[number].append(DiagnosticChange(step: state.step, before: before, after: after))
      }
    }
    previous = current
  }

  /// Adds `state` as a timeline's load observes it: a settled state's diagnostics are the state
  /// before's, so it is passed over.
  mutating func add(_ state: ChatState, settled: Bool) {
    if !settled || state.step == 0 { add(state) }
  }

  /// The changes of the `number`-th diagnostic, oldest first.
  func changes(of number: Int) -> [DiagnosticChange] {
    number < lists.count ? lists[number] : []
  }
}

/// A step at which one diagnostic of the list (by its place) came, went or became another.
struct DiagnosticChange: Sendable {
  var step: Int
  var before: Diagnostic?
  var after: Diagnostic?
}
