internal import ChatReplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `replay [FILE] …`: prints a recording's states, or opens the debugger on it.
struct RootCommand: Command {
  static let name = ""
  static let abstract = "Replays a recording: prints its states, or opens the debugger on it."
  static let overview =
    "replay: replays a recorded iOS chat-screen keyboard session through a model of the screen."

  static let discussion = """
    With no FILE, replays the bundled demo recording (Recordings/basic-chat.jsonl) as --summary.
    With a FILE and neither --json nor --summary, opens the debugger at step 0 (see below).
    FILE '-' reads the recording from standard input, and prints the summary when neither
    --json nor --summary is given (the debugger reads its commands there).
    """

  static var epilogue: String {
    let names = Replay.subcommands.map { $0.name }
    let width = (names.map(\.count).max() ?? 0) + 4
    var list: [String] = []
    for command in Replay.subcommands {
      list.append(
        "  " + command.name + String(repeating: " ", count: width - command.name.count)
          + command.abstract)
    }
    return """
      Exit status: 0 success, 1 a bad or unreadable recording or a failing debugger script
      command, 64 bad arguments. At a terminal the debugger exits 0 once it has opened, even on a
      recording with bad lines (--keep-going).

      \(DebugCommand.helpSection)

      Subcommands (replay NAME --help for each):
      \(list.joined(separator: "\n"))
      """
  }

  static var positional: PositionalSpec<RootCommand>? {
    PositionalSpec(
      placeholder: "FILE", count: .optional
    ) { command, text throws(UsageError) in
      // `replay chek FILE`: a first word that names no file but nearly names a subcommand.
      if command.file == nil, text != "-", access(text, F_OK) != 0,
        let near = Suggestion.nearest(to: text, in: Replay.subcommands.map { $0.name })
      {
        throw .unknownCommand(text, suggestion: near)
      }
      command.file = text
    }
  }

  static var options: [OptionSpec<RootCommand>] {
    [
      .flag(
        "--summary",
        help: "One line per step: time, event, keyboard height, input bar bottom, bottom inset, "
          + "offset, messages and diagnostics (the default with no FILE, or with '-')."
      ) { command throws(UsageError) in try command.choose(.summary, "--summary") },
      .flag("--json", help: "Every state, step 0 to the last, one JSON object per line.") {
        command throws(UsageError) in try command.choose(.json, "--json")
      },
      .value(
        "--at", placeholder: "STEP",
        help: "With --json: only the state at STEP, in full, with its messages. STEP is what "
          + "the debugger's goto takes: N, -N counting back (-1 is the last), @SECONDS (the "
          + "last step at or before that time), first or last."
      ) { command, text throws(UsageError) in
        // A mark (`:NAME`) is the debugger's own; there is none outside it.
        guard let step = StepReference(parsing: text), !step.isMark else {
          throw .invalidValue(option: "--at", value: text, expected: .step)
        }
        command.at = step
      },
      SharedOptions.keepGoing(
        help: "Report every bad line and replay the rest (default: stop at the first). "
          + "--summary and --json still exit 1; the debugger opens on the good lines and exits "
          + "0 when it is left."
      ) { $0.keepGoing = true },
      SharedOptions.layout { $0.layout = $1 },
      SharedOptions.rxKeyboardVersion { $0.rxKeyboardVersion = $1 },
      SharedOptions.layoutOption { $0.layoutOptions.append($1) },
      SharedOptions.color { $0.color = $1 },
      .flag(
        "--timing",
        help: "Debugger: print each command's time and the peak memory on standard error "
          + "(for benchmarks)."
      ) { command throws(UsageError) in command.reportsTiming = true },
      .value(
        "-ex", "--ex", placeholder: "CMD",
        help: "Debugger: run CMD before the prompt (repeatable; in order with -x)."
      ) { command, text throws(UsageError) in command.startupCommands.append(.line(text)) },
      .value(
        "-x", "--x", placeholder: "FILE", help: "Debugger: run FILE's commands before the prompt."
      ) {
        command, text throws(UsageError) in command.startupCommands.append(.file(text))
      },
      .flag(
        "-batch", "--batch",
        help: "Debugger: run the -ex/-x commands (or, with none, standard input's) and exit; the "
          + "first failing command exits 1."
      ) { command throws(UsageError) in command.isBatch = true },
      .flag("--no-pager", help: "Debugger: never send long output through $PAGER.") {
        command throws(UsageError) in command.usesPager = false
      },
      SharedOptions.help(),
      OptionSpec(
        names: ["--version"], help: "Show the version.",
        action: .flag { command throws(UsageError) in command.showsVersion = true },
        isInUsage: false),
      SharedOptions.endOfOptions(),
    ]
  }

  /// The recording, `-` for standard input, or `nil` for the bundled demo.
  var file: String?
  var mode: ReplayMode = .summary
  /// The one state `--at` asks for.
  var at: StepReference?
  var keepGoing = false
  var layout: LayoutID?
  var rxKeyboardVersion = RxKeyboardLayout.Version.v1
  /// `--option NAME=VALUE`, in order.
  var layoutOptions: [LayoutOptionSetting] = []
  /// When the debugger draws in colour.
  var color = ColorChoice.auto
  /// Whether the debugger reports each command's time on standard error (for benchmarks).
  var reportsTiming = false
  var showsVersion = false
  /// `-batch`: run the `-ex`/`-x` commands (or standard input's, when there are none) and exit.
  var isBatch = false
  /// `-ex CMD` and `-x FILE`, in the order given: run before the prompt.
  var startupCommands: [StartupCommand] = []
  /// `--no-pager`: long debugger output is printed straight even at a terminal.
  var usesPager = true
  /// The mode option given, with its name, to refuse a second one.
  private var modeGiven: (mode: ReplayMode, option: String)?

  /// With a FILE (not standard input) and neither `--json` nor `--summary`: the debugger opens.
  var opensDebugger: Bool { modeGiven == nil && file != nil && file != "-" }

  /// The name errors and titles use for the recording.
  var displayName: String { file.map(displayName(forPath:)) ?? DemoRecording.name }

  private mutating func choose(_ mode: ReplayMode, _ option: String) throws(UsageError) {
    if let modeGiven, modeGiven.mode != mode { throw .conflicting(modeGiven.option, option) }
    modeGiven = (mode, option)
    self.mode = mode
  }

  mutating func validate() throws(UsageError) {
    if at != nil && mode != .json { throw .requires(option: "--at", required: "--json") }
    let debuggerOnly = isBatch || !startupCommands.isEmpty || !usesPager
    if debuggerOnly && !opensDebugger {
      throw .debuggerOnly(options: ["-batch", "-ex", "-x", "--no-pager"])
    }
  }

  func run(_ console: inout Console) -> ExitStatus {
    if showsVersion {
      console.output.line("replay 0.1.0 (recording format 1)")
      return .success
    }
    if opensDebugger { return DebugCommand(arguments: self).run(&console) }
    return ReplayCommand(arguments: self).run(&console)
  }
}

extension StepReference {
  /// Whether it names a debugger mark (`:NAME`).
  var isMark: Bool {
    switch self {
    case .mark: true
    case .step, .fromEnd, .time, .first, .last: false
    }
  }
}

/// A command the debugger runs before its prompt.
enum StartupCommand: Equatable {
  /// `-ex CMD`.
  case line(String)
  /// `-x FILE`.
  case file(String)
}

/// Which states `replay FILE` prints, and how.
enum ReplayMode: Equatable {
  /// One JSON object per state.
  case json
  /// One human-readable line per step.
  case summary
}
