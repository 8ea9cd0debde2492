package import Testing

/// Runs `replay` with `arguments` (in the package's root, so `Recordings/…` paths work) and
/// expects its whole standard output, standard error and exit status, each compared with a line
/// diff: swift-argument-parser's `AssertExecuteCommand`.
@discardableResult
package func expectCommand(
  _ arguments: [String], stdin: String = "", stdout: String, stderr: String = "",
  status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation
) throws -> ProcessResult {
  let result = try ReplayBinary.run(arguments, input: stdin)
  expectOutputs(
    of: arguments, result, stdout: stdout, stderr: stderr, status: status,
    sourceLocation: sourceLocation)
  return result
}

/// Expects what a run of `replay arguments` printed and how it exited, each output compared with
/// a line diff: the comparison behind ``expectCommand(_:stdin:stdout:stderr:status:sourceLocation:)``
/// and behind the test targets' in-process runs.
package func expectOutputs(
  of arguments: [String], _ result: ProcessResult, stdout: String, stderr: String, status: Int32,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let command = (["replay"] + arguments).joined(separator: " ")
  if result.standardOutput != stdout {
    expectNoDifference(
      result.standardOutput, stdout, "standard output of \(command)",
      sourceLocation: sourceLocation)
  }
  if result.standardError != stderr {
    expectNoDifference(
      result.standardError, stderr, "standard error of \(command)",
      sourceLocation: sourceLocation)
  }
  #expect(result.status == status, "exit status of \(command)", sourceLocation: sourceLocation)
}
