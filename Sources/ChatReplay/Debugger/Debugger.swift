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
    /// Whether the command failed; `text` is then its error.
    public var isFailure = false
    /// Work that needs files, for the program around the debugger to do.
    public var request: Request?

    /// Work that needs files.
    public enum Request: Equatable, Sendable {
      /// Write `text` to the file at `path` (`save breakpoints`).
      case write(path: String, text: String)
      /// Run the lines of the file at `path` as commands (`source`).
      case source(path: String)
    }

    public init(text: String, quits: Bool = false, isFailure: Bool = false, request: Request? = nil)
    {
      self.text = text
      self.quits = quits
      self.isFailure = isFailure
      self.request = request
    }
  }

  /// A breakpoint or a watchpoint.
  struct Breakpoint: Sendable {
    enum Kind: Sendable {
      case condition(source: String, Condition)
      /// A step as typed, and the step it names.
      case step(StepReference, Int)
      case watch(StatePath)
    }
    var number: Int
    var kind: Kind
    var hits = 0
    var isEnabled = true
    var isTemporary = false
    /// `condition N EXPR`: must also hold where it fires.
    var extra: (source: String, condition: Condition)?
    /// `ignore N COUNT`: stops still to pass over.
    var ignoreCount = 0
    /// `commands N`: lines to run after each stop.
    var commands: [String] = []

    var isWatch: Bool {
      if case .watch = kind { return true }
      return false
    }
  }

  public let timeline: Timeline
  /// The current step.
  public internal(set) var step = 0
  /// Whether drawings use ANSI colours.
  public var usesColor: Bool
  /// Whether long output should go through a pager (`set pagination on|off`).
  public internal(set) var paginates = true
  /// The terminal's size, which `screen` fits its drawing into; `nil` draws at full size.
  public var terminalSize: TerminalSize?
  var cache: StateCache
  /// The values `why` and `blame` read, when remembered (``rememberValues()``).
  var remembered: RememberedValues?
  /// What each step changed, so scans visit only the steps that matter.
  let index: ChangeIndex
  /// Where each diagnostic changed, once `blame` has needed it or when given at the start.
  var diagnosticChanges: DiagnosticChanges?
  /// For each N whose members `blame` has needed, the steps at which each member of the N-th
  /// diagnostic changed, by the member's name.
  var diagnosticMemberChanges: [Int: [String: [Int]]] = [:]
  var breakpoints: [Breakpoint] = []
  var displays: [(number: Int, path: StatePath)] = []
  var marks: [String: Int] = [:]
  var nextBreakpointNumber = 1
  var nextDisplayNumber = 1
  var lastMovement: Command?
  /// The diagnostic ids of the state at the last stop, to print only new ones.
  var shownDiagnostics: [String] = []
  /// `commands N` is reading lines up to `end`: the breakpoint and the lines so far.
  var collecting: (number: Int, lines: [String])?
  /// How deep breakpoint commands run commands that stop at breakpoints with commands.
  var commandDepth = 0
  /// Polled by long scans with the step they have reached; true when the user asked to stop
  /// (Ctrl-C).
  var isCancelled: @Sendable (Int) -> Bool = { _ in false }

  /// A debugger at step 0; `index` is built from `timeline` when not given (pass the one built
  /// while loading to save a pass).
  public init(timeline: Timeline, index: ChangeIndex? = nil, usesColor: Bool = false) {
    self.init(timeline: timeline, index: index, diagnosticChanges: nil, usesColor: usesColor)
  }

  /// A debugger at step 0 with where each diagnostic changed, gathered while `timeline` loaded
  /// (else gathered in a pass of its own when `blame` first needs it).
  init(
    timeline: Timeline, index: ChangeIndex?, diagnosticChanges: DiagnosticChanges?,
    usesColor: Bool = false
  ) {
    self.timeline = timeline
    self.diagnosticChanges = diagnosticChanges
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

  /// What to prompt with: `(replay) `, or `>` while `commands` reads its lines.
  public var prompt: String { collecting == nil ? "(replay) " : ">" }

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
  ///
  /// Long commands call `isCancelled` every ``cancellationInterval`` steps with the step they
  /// have reached (so a caller can show progress), and stop there when it returns true.
  public mutating func execute(
    _ line: String, isCancelled: @escaping @Sendable (Int) -> Bool = { _ in false }
  ) -> Reply {
    self.isCancelled = isCancelled
    defer { self.isCancelled = { _ in false } }
    if let reply = collect(line) { return reply }
    let command: Command
    switch Command.parse(line) {
    case nil:
      guard let last = lastMovement else { return Reply(text: "") }
      command = last
    case .failure(let error)?:
      return Reply(text: error.message, isFailure: true)
    case .success(let parsed)?:
      command = parsed
    }
    if command.isMovement { lastMovement = command }
    do {
      return try run(command)
    } catch {
      return Reply(text: error.message, isFailure: true)
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
    case .advance(let reference): lines = try advance(to: resolve(reference))
    case .where: lines = [whereLine()]
    case .mark(let name): lines = addMark(name)
    case .print(let path): lines = try printLines(path)
    case .evaluate(let source, let expression): lines = try evaluate(source, expression)
    case .event: lines = try eventLines()
    case .events(let from, let to): lines = try eventList(from: from, to: to)
    case .diff(let a, let b): lines = try diffLines(a, b)
    case .diagnostics(let all): lines = all ? try allDiagnostics() : currentDiagnostics()
    case .screen:
      lines = ScreenDrawing.draw(
        Scene(state, measurer: timeline.screen.measurer), usesColor: usesColor,
        terminal: terminalSize)
    case .breakWhen(let source, let condition, let temporary):
      lines = try addBreakpoint(.condition(source: source, condition), temporary: temporary)
    case .breakAt(let reference, let temporary):
      lines = try addBreakpoint(.step(reference, resolve(reference)), temporary: temporary)
    case .watch(let path): lines = try addWatch(path)
    case .display(let path): lines = try addDisplay(path)
    case .undisplay(let number): lines = try removeDisplay(number)
    case .info(let topic): lines = info(topic)
    case .delete(let numbers): lines = try deleteBreakpoints(numbers)
    case .enable(let numbers, let isEnabled): lines = try enable(numbers, isEnabled)
    case .condition(let number, let source, let condition):
      lines = try setCondition(number, source: source, condition)
    case .ignore(let number, let count): lines = try ignore(number, count: count)
    case .commands(let number): lines = try startCommands(number)
    case .assert(let source, let condition, let message):
      return try check(source, condition, message: message)
    case .blame(let path, let all): lines = try blame(path, all: all)
    case .why(let path): lines = try why(path)
    case .saveBreakpoints(let path):
      return Reply(
        text: "Saved \(named(Array(breakpoints.indices), byNumber: false)) to \(path).",
        request: .write(path: path, text: savedBreakpoints()))
    case .source(let path): return Reply(text: "", request: .source(path: path))
    case .setPagination(let on):
      paginates = on
      lines = []
    case .help(let topic): lines = try help(topic)
    case .quit: return Reply(text: "", quits: true)
    }
    return Reply(text: lines.joined(separator: "\n"))
  }

  /// `1 breakpoint`, `2 breakpoints`.
  static func count(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
