internal import ChatReplay

/// A command line that cannot be run, with what is wrong.
struct UsageError: Error {
  var message: String

  /// `unknown WHAT 'TEXT'`, with a did-you-mean from `candidates` when one is close, else the
  /// list of candidates when it is short.
  static func unknown(_ what: String, _ text: String, _ candidates: [String]) -> UsageError {
    let message = "unknown \(what) '\(text)'"
    if let near = Suggestion.nearest(to: text, in: candidates) {
      return UsageError(message: message + "; did you mean '\(near)'?")
    }
    if candidates.count <= 6 {
      return UsageError(message: message + "; use one of \(candidates.joined(separator: ", "))")
    }
    return UsageError(message: message)
  }
}

/// The arguments still to parse, with the checks every command's parser shares.
struct ArgumentList {
  private var rest: ArraySlice<String>

  init(_ arguments: [String]) {
    rest = arguments[...]
  }

  /// The next argument, or `nil` at the end.
  mutating func next() -> String? { rest.popFirst() }

  /// The value after `option`, or an error saying it is missing.
  mutating func value(for option: String) throws(UsageError) -> String {
    guard let value = rest.popFirst() else { throw UsageError(message: "\(option) needs a value") }
    return value
  }

  /// The value after `option` as one of `T`'s cases, with a did-you-mean when it names none.
  mutating func choice<T: RawRepresentable & CaseIterable>(
    for option: String, named what: String, of type: T.Type = T.self
  ) throws(UsageError) -> T where T.RawValue == String {
    let text = try value(for: option)
    guard let value = T(rawValue: text) else {
      throw UsageError.unknown(what, text, T.allCases.map(\.rawValue))
    }
    return value
  }
}

/// What the command line asks for.
enum Invocation {
  case help
  case version
  case replay(ReplayArguments)
}

/// The subcommands: `replay NAME …`.
///
/// Each parses its own arguments and runs itself.
protocol Subcommand: Sendable {
  /// The name after `replay`.
  static var name: String { get }
  /// One line for `replay --help`.
  static var abstract: String { get }
  /// The `Usage:` line.
  static var usage: String { get }
  /// Parses the arguments after the subcommand's name.
  init(arguments: [String]) throws(UsageError)
  /// Runs, returning the exit status.
  mutating func run() -> Int32
}

/// Which states `replay FILE` prints, and how.
enum ReplayMode: Equatable {
  /// One JSON object per state.
  case json
  /// One human-readable line per step.
  case summary
}

/// The step `--at` selects.
enum StepSelector: Equatable {
  case step(Int)
  case last
}

/// The options of `replay [FILE]`.
struct ReplayArguments {
  /// The recording, or `nil` for the bundled demo.
  var file: String?
  var mode: ReplayMode = .summary
  var at: StepSelector?
  var keepGoing = false
  var layout: LayoutID?
  var rxKeyboardVersion = RxKeyboardLayout.Version.v1
  /// With a FILE and neither `--json` nor `--summary`: the debugger opens.
  var opensDebugger = false
  /// When the debugger draws in colour.
  var color = ColorChoice.auto
  /// Whether the debugger reports each command's time on standard error (for benchmarks).
  var reportsTiming = false
  /// `-batch`: run the `-ex`/`-x` commands (or standard input's, when there are none) and exit.
  var isBatch = false
  /// `-ex CMD` and `-x FILE`, in the order given: run before the prompt.
  var startupCommands: [StartupCommand] = []
  /// `--no-pager`: long debugger output is printed straight even at a terminal.
  var usesPager = true
}

/// A command the debugger runs before its prompt.
enum StartupCommand: Equatable {
  /// `-ex CMD`.
  case line(String)
  /// `-x FILE`.
  case file(String)
}

/// `--color auto|always|never`.
enum ColorChoice: String, CaseIterable {
  case auto
  case always
  case never
}

enum Arguments {
  static let usage =
    "Usage: replay [FILE] [--json [--at N|last]] [--summary] [--keep-going] [--layout NAME] [--color WHEN]"

  static let help = """
    replay: replays a recorded iOS chat-screen keyboard session through a model of the screen.

    \(usage)

    With no FILE, replays the bundled demo recording (Recordings/basic-chat.jsonl).
    With a FILE and neither --json nor --summary, opens the debugger at step 0 (see below).

    Options:
      --summary                 One line per step: time, event, keyboard height, input bar bottom,
                                bottom inset, offset, messages and diagnostics (the default).
      --json                    Every state, step 0 to the last, one JSON object per line.
      --at N|last               With --json: only the state at step N (or the last), in full,
                                with its messages.
      --keep-going              Report every bad line, replay the rest, and still exit 1.
      --layout NAME             Replay through this layout instead of the header's:
                                \(LayoutID.allCases.map(\.rawValue).joined(separator: ", ")).
      --rxkeyboard-version V    The RxKeyboard release the rxkeyboard layout follows: \
    \(RxKeyboardLayout.Version.allCases.map(\.rawValue).joined(separator: " or ")) (default 1.0.0).
      --color WHEN              Debugger drawings in colour: auto (a colour terminal), always, never.
      --timing                  Debugger: print each command's time and the peak memory on
                                standard error (for benchmarks).
      -ex CMD                   Debugger: run CMD before the prompt (repeatable; in order with -x).
      -x FILE                   Debugger: run FILE's commands before the prompt.
      -batch                    Debugger: run the -ex/-x commands (or, with none, standard input's)
                                and exit; the first failing command exits 1.
      --no-pager                Debugger: never send long output through $PAGER.
      -h, --help                Show this help.
      --version                 Show the version.

    Exit status: 0 success, 1 a bad or unreadable recording or a failing debugger script command,
    64 bad arguments.
    """

  /// Parses the arguments after the program's name.
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var replay = ReplayArguments()
    var modeGiven: ReplayMode?
    var rest = ArgumentList(arguments)
    while let argument = rest.next() {
      switch argument {
      case "-h", "--help", "help":
        return .help
      case "--version":
        return .version
      case "--json", "--summary":
        let mode: ReplayMode = argument == "--json" ? .json : .summary
        if let modeGiven, modeGiven != mode {
          throw UsageError(message: "--json and --summary cannot be used together")
        }
        modeGiven = mode
        replay.mode = mode
      case "--at":
        let text = try rest.value(for: "--at")
        if text == "last" {
          replay.at = .last
        } else if let step = Int(text), step >= 0 {
          replay.at = .step(step)
        } else {
          throw UsageError(message: "--at takes a step number (0 or more) or 'last', not '\(text)'")
        }
      case "--keep-going":
        replay.keepGoing = true
      case "--color":
        replay.color = try rest.choice(for: "--color", named: "--color value")
      case "--timing":
        replay.reportsTiming = true
      case "-batch", "--batch":
        replay.isBatch = true
      case "-ex", "--ex":
        replay.startupCommands.append(.line(try rest.value(for: argument)))
      case "-x", "--x":
        replay.startupCommands.append(.file(try rest.value(for: argument)))
      case "--no-pager":
        replay.usesPager = false
      case "--layout":
        replay.layout = try rest.choice(for: "--layout", named: "layout", of: LayoutID.self)
      case "--rxkeyboard-version":
        replay.rxKeyboardVersion = try rest.choice(
          for: "--rxkeyboard-version", named: "RxKeyboard version")
      default:
        if argument.hasPrefix("-") && argument != "-" {
          let options = [
            "--json", "--summary", "--at", "--keep-going", "--layout", "--rxkeyboard-version",
            "--help", "--version", "--color", "--timing", "-batch", "-ex", "-x", "--no-pager",
          ]
          throw UsageError.unknown("option", argument, options)
        }
        guard replay.file == nil else {
          throw UsageError(
            message: "one recording at a time; got '\(replay.file ?? "")' and '\(argument)'")
        }
        replay.file = argument
      }
    }
    replay.opensDebugger = modeGiven == nil && replay.file != nil
    let debuggerOnly = replay.isBatch || !replay.startupCommands.isEmpty || !replay.usesPager
    if debuggerOnly && !replay.opensDebugger {
      throw UsageError(
        message: "-batch, -ex, -x and --no-pager go with the debugger: replay FILE …")
    }
    if replay.at != nil && replay.mode != .json {
      throw UsageError(message: "--at goes with --json")
    }
    return .replay(replay)
  }
}
