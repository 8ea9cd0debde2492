import Foundation

/// The `replay` binary built beside the test bundle, or `nil` when it was not built.
func replayExecutable() -> URL? {
  let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  for candidate in [directory, directory.deletingLastPathComponent()] {
    let url = candidate.appendingPathComponent("replay")
    if FileManager.default.isExecutableFile(atPath: url.path) { return url }
  }
  return nil
}

/// Runs `replay` with `arguments`; returns its standard output and exit status.
func runReplay(_ executable: URL, _ arguments: [String]) throws -> (output: String, status: Int32) {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  try process.run()
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (String(decoding: output, as: UTF8.self), process.terminationStatus)
}
