package import Foundation

/// The `replay` binary built beside the test bundle, or `nil` when it was not built.
package func replayExecutable() -> URL? {
  ReplayBinary.url
}

/// Runs `replay` with `arguments`; returns its standard output and exit status.
package func runReplay(_ executable: URL, _ arguments: [String]) throws -> (
  output: String, status: Int32
) {
  let result = try ReplayBinary.run(arguments)
  return (result.standardOutput, result.status)
}

/// Runs the `replay` binary built beside the test bundle.
package func runReplay(_ arguments: [String]) throws -> ProcessResult {
  try ReplayBinary.run(arguments)
}
