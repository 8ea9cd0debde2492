import Foundation
import ReplayTestSupport
import Testing

@testable import replay

/// Runs `replay arguments` in process, as `replay`'s `main` does, with a console that keeps what
/// is printed: what the binary would print and its exit status, without starting a process.
///
/// For commands that need neither standard input nor a terminal nor a changed environment; each
/// command is still run as a binary by at least one test.
func runInProcess(_ arguments: [String]) -> ProcessResult {
  var console = Console.captured()
  let status = Replay.run(arguments, console: &console)
  console.flush()
  let output = console.output.text ?? ""
  return ProcessResult(
    status: status.rawValue, standardOutput: output, standardError: console.error.text ?? "",
    outputBytes: Data(output.utf8))
}

/// Runs `replay arguments` in process and expects its whole standard output, standard error and
/// exit status, as ``expectCommand(_:stdin:stdout:stderr:status:sourceLocation:)`` does for the
/// binary.
@discardableResult
func expectInProcess(
  _ arguments: [String], stdout: String, stderr: String = "", status: Int32 = 0,
  sourceLocation: SourceLocation = #_sourceLocation
) -> ProcessResult {
  let result = runInProcess(arguments)
  expectOutputs(
    of: arguments, result, stdout: stdout, stderr: stderr, status: status,
    sourceLocation: sourceLocation)
  return result
}

/// Runs one command in process with its options parsed from `arguments`, after `prepare` has set
/// what no option reaches (such as a test's small reading sizes), as `replay`'s `main` runs it
/// once parsed: what it printed and its exit status.
func runParsed<C: Command>(
  _: C.Type, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation,
  prepare: (inout C) -> Void
) throws -> CommandLineTests.Run {
  var command = C()
  let parsed = try C.syntax.parse(arguments, into: &command)
  try #require(parsed == .run, sourceLocation: sourceLocation)
  try command.validate()
  prepare(&command)
  var console = Console.captured()
  let status = command.run(&console)
  console.flush()
  return CommandLineTests.Run(
    status: status.rawValue, output: console.output.text ?? "", error: console.error.text ?? "")
}
