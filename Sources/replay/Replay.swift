internal import ChatReplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `replay`: reads recordings, prints states; all of the tool's I/O happens in this target.
@main
struct Replay {
  static func main() {
    keepMidSizedBlocksOnTheHeap()
    var console = Console.standard
    let status = run(Array(CommandLine.arguments.dropFirst()), console: &console)
    console.flush()
    exit(status.rawValue)
  }

  /// Every subcommand: `replay NAME …`.
  static var subcommands: [any Command.Type] {
    [
      AcceptCommand.self, CheckCommand.self, CompareCommand.self, GenerateCommand.self,
      HTMLCommand.self, ImportCommand.self, LayoutsCommand.self, SVGCommand.self,
    ]
  }

  /// Runs the command line `arguments` (without the program's name).
  static func run(_ arguments: [String], console: inout Console) -> ExitStatus {
    if let name = arguments.first, let subcommand = subcommands.first(where: { $0.name == name }) {
      return execute(subcommand, Array(arguments.dropFirst()), console: &console)
    }
    if arguments.first == "help" {
      // `replay help NAME` is `replay NAME --help`.
      let rest = arguments.dropFirst()
      if let name = rest.first, let subcommand = subcommands.first(where: { $0.name == name }) {
        return execute(subcommand, ["--help"], console: &console)
      }
      return execute(RootCommand.self, ["--help"] + rest, console: &console)
    }
    return execute(RootCommand.self, arguments, console: &console)
  }

  private static func execute<C: Command>(
    _ command: C.Type, _ arguments: [String], console: inout Console
  ) -> ExitStatus {
    C.main(arguments, console: &console)
  }
}
