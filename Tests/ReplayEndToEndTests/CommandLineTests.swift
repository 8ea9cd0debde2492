import Foundation
import ReplayTestSupport
import Testing

@testable import replay

/// The command line of every command, run in process: what is parsed, the `Usage:` lines and
/// help derived from each command's table, and every usage error's whole output.
struct CommandLineTests {
  /// What a run in process printed, and how it exited.
  struct Run: Equatable {
    var status: Int32
    var output: String
    var error: String
  }

  func run(_ arguments: [String]) -> Run {
    var console = Console.captured()
    let status = Replay.run(arguments, console: &console)
    console.flush()
    return Run(
      status: status.rawValue, output: console.output.text ?? "", error: console.error.text ?? "")
  }

  static let rootUsage = """
    Usage: replay [FILE] [--summary] [--json] [--at STEP] [--keep-going] [--layout NAME]
                  [--rxkeyboard-version V] [--option NAME=VALUE] [--color WHEN] [--timing] [-ex CMD]
                  [-x FILE] [-batch] [--no-pager]
    """

  /// A misuse of the command line and the one line of error it gets.
  struct Misuse: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var usage: String = CommandLineTests.rootUsage
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let compareUsage = """
    Usage: replay compare FILE [--json] [--diverging] [--observed] [--layouts LIST]
                          [--rxkeyboard-version V] [--option NAME=VALUE]
    """
  static let htmlUsage = """
    Usage: replay html FILE [-o OUT.html] [--from N] [--to M] [--layout NAME] [--layouts LIST]
                       [--option NAME=VALUE] [--rxkeyboard-version V] [--jobs N] [--precomputed]
    """
  static let generateUsage = """
    Usage: replay generate [--seed N] [--events N] [--profile NAME] [--adversarial] [--layout NAME]
                           [--output FILE]
    """

  static let misuses: [Misuse] = [
    Misuse(
      arguments: ["chek", "Recordings/basic-chat.jsonl"],
      message: "unknown command 'chek'; did you mean 'check'?"),
    Misuse(arguments: ["--jsno"], message: "unknown option '--jsno'; did you mean '--json'?"),
    Misuse(arguments: ["--frobnicate"], message: "unknown option '--frobnicate'"),
    Misuse(
      arguments: ["--json", "--summary"], message: "--json and --summary cannot be used together"),
    Misuse(arguments: ["--at", "1"], message: "--at goes with --json"),
    Misuse(
      arguments: ["--json", "--at", "x"],
      message:
        "--at takes a step (N, -N counting back from the last, @SECONDS, first or last), not 'x'"
    ),
    Misuse(arguments: ["--color"], message: "--color needs a value"),
    Misuse(
      arguments: ["--json", "-batch"],
      message: "-batch, -ex, -x and --no-pager go with the debugger: replay FILE …"),
    Misuse(
      arguments: ["--json", "--at", ":mark"],
      message:
        "--at takes a step (N, -N counting back from the last, @SECONDS, first or last), not "
        + "':mark'"),
    Misuse(arguments: ["--json=yes"], message: "--json takes no value; got 'yes'"),
    Misuse(
      arguments: ["--layout", "growin"], message: "unknown layout 'growin'; did you mean 'growing'?"
    ),
    Misuse(
      arguments: ["--color", "sometimes"],
      message: "unknown --color value 'sometimes'; use one of auto, always, never"),
    Misuse(
      arguments: ["--rxkeyboard-version=3"],
      message: "unknown RxKeyboard version '3'; use one of 1.0.0, 2.0.1"),
    Misuse(
      arguments: ["one.jsonl", "two.jsonl"],
      message: "one recording at a time; got 'one.jsonl' and 'two.jsonl'"),
    Misuse(
      arguments: ["compare"], message: "compare needs a FILE", usage: compareUsage),
    Misuse(
      arguments: ["html", "Recordings/basic-chat.jsonl", "--layouts", "rxkeyboard,kbd"],
      message: "unknown layout 'kbd'; use one of rxkeyboard, growing, scroll-to-field, accessory, "
        + "keyboard-layout-guide, rxkeyboard@2.0.1", usage: htmlUsage),
    Misuse(
      arguments: [
        "html", "Recordings/basic-chat.jsonl", "--layouts", "rxkeyboard,growing", "--layout",
        "growing",
      ], message: "--layout and --layouts cannot be used together", usage: htmlUsage),
    Misuse(
      arguments: [
        "html", "Recordings/basic-chat.jsonl", "--rxkeyboard-version", "2.0.1", "--layouts",
        "rxkeyboard",
      ], message: "--rxkeyboard-version and --layouts cannot be used together", usage: htmlUsage),
    Misuse(
      arguments: [
        "html", "Recordings/basic-chat.jsonl", "--layouts", "rxkeyboard,keyboard-layout-guide",
        "--option", "sendButton.width=80",
      ],
      message: "none of the layouts rxkeyboard, keyboard-layout-guide has the option "
        + "'sendButton.width' ('replay layouts' lists each one's)", usage: htmlUsage),
    Misuse(
      arguments: [
        "compare", "Recordings/basic-chat.jsonl", "--layouts", "rxkeyboard,keyboard-layout-guide",
        "--option", "sendButton.width=80",
      ],
      message: "none of the layouts rxkeyboard, keyboard-layout-guide has the option "
        + "'sendButton.width' ('replay layouts' lists each one's)", usage: compareUsage),
    Misuse(
      arguments: ["compare", "a.jsonl", "--layouts", "rxkeyboard,growin"],
      message: "unknown layout 'growin'; did you mean 'growing'?", usage: compareUsage),
    Misuse(
      arguments: ["generate", "--seed", "-1"],
      message: "--seed takes a whole number from 0 to 18446744073709551615, not '-1'",
      usage: generateUsage),
    Misuse(
      arguments: ["generate", "--events", "many"],
      message: "--events takes a number of events (0 or more), not 'many'", usage: generateUsage),
    Misuse(
      arguments: ["generate", "out.jsonl"], message: "unexpected argument 'out.jsonl'",
      usage: generateUsage),
    Misuse(
      arguments: ["generate", "--sed", "1"],
      message: "unknown option '--sed'; did you mean '--seed'?",
      usage: generateUsage),
  ]

  @Test(arguments: misuses)
  func misuseIsOneErrorLineAndTheUsage(_ misuse: Misuse) {
    expectNoDifference(
      run(misuse.arguments),
      Run(status: 64, output: "", error: "Error: \(misuse.message)\n\(misuse.usage)\n"))
  }

  @Test func doubleDashEndsTheOptionsAtTheTopLevelAsInSubcommands() {
    let plain = run(["--summary", ReplayBinary.recording("basic-chat.jsonl")])
    #expect(plain.status == 0)
    expectNoDifference(run(["--summary", "--", ReplayBinary.recording("basic-chat.jsonl")]), plain)
    // After `--`, an option's name is a file name.
    expectNoDifference(
      run(["--summary", "--", "--json"]),
      Run(status: 1, output: "", error: "Error: cannot read '--json': No such file or directory\n"))
  }

  @Test func atTakesWhatGotoTakes() {
    // basic-chat.jsonl has 33 steps, 0…32; its events 1…6 are at t = 1, 1, 1.25, 1.25, 1.84
    // and 1.98 s, so the last step at or before 0.5 s is 0, and at or before 1.9 s is 5.
    let path = ReplayBinary.recording("basic-chat.jsonl")
    let last = run([path, "--json", "--at", "32"])
    #expect(last.status == 0)
    #expect(last.output.hasPrefix("{\"step\":32,"))
    expectNoDifference(run([path, "--json", "--at", "-1"]), last)
    expectNoDifference(run([path, "--json", "--at", "last"]), last)
    let first = run([path, "--json", "--at", "0"])
    #expect(first.output.hasPrefix("{\"step\":0,"))
    expectNoDifference(run([path, "--json", "--at", "-33"]), first)
    expectNoDifference(run([path, "--json", "--at", "first"]), first)
    expectNoDifference(run([path, "--json", "--at=@0.5"]), first)
    let fifth = run([path, "--json", "--at", "5"])
    #expect(fifth.output.hasPrefix("{\"step\":5,"))
    expectNoDifference(run([path, "--json", "--at=@1.9s"]), fifth)
    let beforeLast = run([path, "--json", "--at", "31"])
    #expect(beforeLast.output.hasPrefix("{\"step\":31,"))
    expectNoDifference(run([path, "--json", "--at", "-2"]), beforeLast)
    for step in ["33", "-34"] {
      expectNoDifference(
        run([path, "--json", "--at", step]),
        Run(
          status: 64, output: "",
          error: """
            Error: step \(step) is out of range; the recording has 33 steps (0…32), -1 is the last
            \(Self.rootUsage)

            """))
    }
  }

  @Test func generateWithoutOptionsUsesTheDocumentedDefaults() {
    let defaults = run(["generate"])
    #expect(defaults.status == 0)
    #expect(defaults.output.split(separator: "\n").count == 101)
    expectNoDifference(run(["generate", "--seed", "0", "--events", "100"]), defaults)
  }

  @Test func helpIsDerivedFromTheTable() {
    expectNoDifference(
      run(["generate", "--help"]),
      Run(
        status: 0,
        output: """
          replay generate: writes a generated recording to standard output (or FILE).

          \(Self.generateUsage)

          The same seed and options always give the same bytes.

          Options:
            --seed N          The seed, 0 to 18446744073709551615 (default 0).
            --events N        How many events to write (default 100).
            --profile NAME    The device (default: iphone15; with --adversarial, one chosen by the seed):
                              iphone15, iphonex, iphonese, iphone15-landscape, iphonex-landscape,
                              iphonese-landscape.
            --adversarial     Anything the format allows, in any order, instead of what a device posts.
            --layout NAME     The header's layout. One of rxkeyboard, growing, scroll-to-field, accessory,
                              keyboard-layout-guide.
            --output FILE     Write to FILE (atomically) instead of standard output.
            -h, --help        Show this help.

          Exit status: 0 success, 1 the output cannot be written, 64 bad arguments.

          """,
        error: ""))
    expectNoDifference(run(["help", "check"]), run(["check", "--help"]))
    expectNoDifference(run(["check", "a.jsonl", "-h"]), run(["check", "--help"]))
  }

  @Test func usageWrapsUnderTheCommandAtOneHundredColumns() {
    expectNoDifference(
      Text.wrap(["aaaa", "bbbb", "cccc"], width: 12, first: "Use: x ", indent: 7),
      "Use: x aaaa\n       bbbb\n       cccc")
    // A word longer than the line stands alone.
    expectNoDifference(
      Text.wrap(["a", "bbbbbbbbbbbbbbbb", "c"], width: 10, first: "", indent: 0),
      "a\nbbbbbbbbbbbbbbbb\nc")
  }
}

extension CommandLineTests.Run: CustomStringConvertible {
  var description: String { "status \(status)\n--- stdout\n\(output)--- stderr\n\(error)" }
}

/// Expects two runs to be equal, printing a line diff of both streams when they are not.
func expectNoDifference(
  _ actual: CommandLineTests.Run, _ expected: CommandLineTests.Run,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  expectNoDifference(actual.description, expected.description, sourceLocation: sourceLocation)
}
