/// The time-travel debugger over a ``Timeline``: a pure function from (debugger, command line)
/// to (debugger, output text).
///
/// ```swift
/// var debugger = Debugger(timeline: timeline)
/// let reply = debugger.execute("break when keyboard.visibleHeight > 300")
/// print(debugger.execute("continue").text)
/// ```
///
/// ```text
/// Breakpoint 1: keyboard.visibleHeight > 300
/// step 1 of 32  t=1s  line 2: keyboard willChangeFrame → (0, 516, 393×336)  [rxkeyboard]
///   new: keyboard-gap: input bar bottom 482 is 34 pt above the keyboard top 516
/// ```
public struct Debugger: Sendable {
  /// What a command printed, and whether the session ends.
  public struct Reply: Equatable, Sendable {
    /// The output, lines separated by `\n`, without a final line break; empty for none.
    public var text: String
    public var quits = false

    public init(text: String, quits: Bool = false) {
      self.text = text
      self.quits = quits
    }
  }

  /// A breakpoint or a watch.
  struct Breakpoint: Sendable {
    enum Kind: Sendable {
      case condition(source: String, Condition)
      case watch(StatePath)
    }
    var number: Int
    var kind: Kind
    var hits = 0
  }

  public let timeline: Timeline
  /// The current step.
  public private(set) var step = 0
  /// Whether drawings use ANSI colours.
  public var usesColor: Bool
  var cache: StateCache
  /// What each step changed, so scans visit only the steps that matter.
  let index: ChangeIndex
  var breakpoints: [Breakpoint] = []
  var displays: [(number: Int, path: StatePath)] = []
  var nextBreakpointNumber = 1
  var nextDisplayNumber = 1
  var lastMovement: Command?
  /// The diagnostic ids of the state at the last stop, to print only new ones.
  var shownDiagnostics: [String] = []

  /// A debugger at step 0; `index` is built from `timeline` when not given (pass the one built
  /// while loading to save a pass).
  public init(timeline: Timeline, index: ChangeIndex? = nil, usesColor: Bool = false) {
    self.timeline = timeline
    self.index = index ?? ChangeIndex(timeline: timeline)
    self.usesColor = usesColor
    self.cache = StateCache(timeline: timeline)
  }

  /// The state at the current step.
  public var state: ChatState {
    mutating get { cache.state(at: step) }
  }

  /// The state at `step`, from the kept segment when it holds it.
  mutating func state(at step: Int) -> ChatState { cache.state(at: step) }

  /// What the debugger prints when it opens: the recording, how to get help, and the first stop.
  public mutating func opening(file: String) -> String {
    let title = Summary.title(file: file, header: timeline.header, screen: timeline.screen)
    let count = timeline.stepCount
    var lines = [
      title,
      "\(count) step\(count == 1 ? "" : "s") (0…\(timeline.lastStep)). Type 'help' for commands, 'quit' to leave.",
    ]
    lines += stop(at: 0)
    return lines.joined(separator: "\n")
  }

  /// Runs one command line.
  public mutating func execute(_ line: String) -> Reply {
    let command: Command
    switch Command.parse(line) {
    case nil:
      guard let last = lastMovement else { return Reply(text: "") }
      command = last
    case .failure(let error)?:
      return Reply(text: error.message)
    case .success(let parsed)?:
      command = parsed
    }
    if command.isMovement { lastMovement = command }
    do {
      return try run(command)
    } catch {
      return Reply(text: error.message)
    }
  }

  /// The pure form: the debugger after `line`, and what it printed.
  public static func executing(_ line: String, in debugger: Debugger) -> (Debugger, Reply) {
    var next = debugger
    let reply = next.execute(line)
    return (next, reply)
  }

  private mutating func run(_ command: Command) throws(DebuggerError) -> Reply {
    let lines: [String]
    switch command {
    case .next(let count): lines = move(to: min(step + count, timeline.lastStep), by: count)
    case .back(let count): lines = move(to: max(step - count, 0), by: -count)
    case .goto(let reference): lines = stop(at: try resolve(reference))
    case .continueForward: lines = continueForward()
    case .reverseContinue: lines = reverseContinue()
    case .where: lines = [whereLine()]
    case .print(let path): lines = try printLines(path)
    case .event: lines = try eventLines()
    case .events(let from, let to): lines = try eventList(from: from, to: to)
    case .diff(let a, let b): lines = try diffLines(a, b)
    case .diagnostics(let all): lines = all ? allDiagnostics() : currentDiagnostics()
    case .screen: lines = ScreenDrawing.draw(state, usesColor: usesColor)
    case .breakWhen(let source, let condition): lines = try addBreakpoint(source, condition)
    case .watch(let path): lines = try addWatch(path)
    case .display(let path): lines = try addDisplay(path)
    case .undisplay(let number): lines = try removeDisplay(number)
    case .infoBreakpoints: lines = breakpointList()
    case .delete(let number): lines = try deleteBreakpoint(number)
    case .blame(let path, let all): lines = try blame(path, all: all)
    case .why(let path): lines = try why(path)
    case .help(let topic): lines = try help(topic)
    case .quit: return Reply(text: "", quits: true)
    }
    return Reply(text: lines.joined(separator: "\n"))
  }

  // MARK: Moving

  private mutating func move(to target: Int, by delta: Int) -> [String] {
    if target == step {
      return [
        delta > 0
          ? "Already at the last step (\(step)); 'back' or 'goto' moves elsewhere."
          : "Already at step 0; 'next' or 'goto' moves elsewhere."
      ]
    }
    return stop(at: target)
  }

  /// Moves to `target` and reports the stop: the where line, displays, new diagnostics.
  mutating func stop(at target: Int) -> [String] {
    step = target
    let current = state
    var lines = [whereLine()]
    for display in displays {
      let value = display.path.value(in: current)?.text ?? "(none)"
      lines.append("  \(display.number): \(display.path) = \(value)")
    }
    let ids = current.diagnostics.map(\.id)
    for diagnostic in current.diagnostics where !shownDiagnostics.contains(diagnostic.id) {
      lines.append("  new: \(diagnostic.id): \(diagnostic.message)")
    }
    let gone = shownDiagnostics.filter { !ids.contains($0) }
    if !gone.isEmpty { lines.append("  gone: " + gone.joined(separator: ", ")) }
    shownDiagnostics = ids
    return lines
  }

  /// `step 17 of 32  t=5.63s  line 18: sendTap  [rxkeyboard]`.
  mutating func whereLine() -> String {
    let current = state
    let position = "step \(step) of \(timeline.lastStep)  t=\(JSONWriter.format(current.t))s"
    let what: String
    if step == 0 {
      what = timeline.headerLine.map { "start (header at line \($0))" } ?? "start (no header)"
    } else {
      what = "line \(timeline.lines[step - 1].number): \(timeline.event(at: step).event.summary)"
    }
    return "\(position)  \(what)  [\(current.layout.rawValue)]"
  }

  /// The step a reference names, or an error naming the valid range.
  func resolve(_ reference: StepReference) throws(DebuggerError) -> Int {
    let last = timeline.lastStep
    switch reference {
    case .first: return 0
    case .last: return last
    case .step(let value):
      guard value <= last else { throw .stepOutOfRange(value, last: last) }
      return value
    case .fromEnd(let count):
      guard count >= 1, count <= last + 1 else { throw .stepOutOfRange(-count, last: last) }
      return last + 1 - count
    case .time(let t):
      // The last step whose time is at or before `t`: times never decrease.
      var low = 0
      var high = last
      while low < high {
        let middle = (low + high + 1) / 2
        if timeline.event(at: middle).t <= t { low = middle } else { high = middle - 1 }
      }
      return low
    }
  }
}
