internal import ChatReplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `replay`: reads recordings, prints states; all of the tool's I/O happens here and in IO.swift.
@main
struct Replay {
  static func main() {
    exit(run(Array(CommandLine.arguments.dropFirst())))
  }

  /// Exit statuses.
  static let success: Int32 = 0
  static let failure: Int32 = 1
  static let usageFailure: Int32 = 64

  /// Every subcommand, by name.
  static let subcommands: [any Subcommand.Type] = [
    CheckCommand.self, CompareCommand.self, GenerateCommand.self, ImportCommand.self,
  ]

  static func run(_ arguments: [String]) -> Int32 {
    var standardError = Output.standardError
    defer { standardError.flush() }
    if let name = arguments.first, let subcommand = subcommands.first(where: { $0.name == name }) {
      do {
        var command = try subcommand.init(arguments: Array(arguments.dropFirst()))
        return command.run()
      } catch {
        standardError.line("Error: \(error.message)")
        standardError.line(subcommand.usage)
        return usageFailure
      }
    }
    let invocation: Invocation
    do {
      invocation = try Arguments.parse(arguments)
    } catch {
      standardError.line("Error: \(error.message)")
      standardError.line(Arguments.usage)
      return usageFailure
    }
    switch invocation {
    case .help:
      var output = Output.standardOutput
      output.line(Arguments.help)
      output.line()
      output.line(DebugCommand.helpSection)
      if !subcommands.isEmpty {
        output.line()
        output.line("Subcommands (replay NAME --help for each):")
        for subcommand in subcommands {
          output.line("  " + subcommand.name.padding(12) + subcommand.abstract)
        }
      }
      output.flush()
      return success
    case .version:
      var output = Output.standardOutput
      output.line("replay 0.1.0 (recording format 1)")
      output.flush()
      return success
    case .replay(let replay) where replay.opensDebugger:
      var command = DebugCommand(arguments: replay)
      return command.run()
    case .replay(let replay):
      var command = ReplayCommand(arguments: replay)
      return command.run()
    }
  }
}

extension String {
  /// The string padded with spaces to `width` characters.
  func padding(_ width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
