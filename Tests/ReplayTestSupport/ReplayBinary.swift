package import Foundation

/// The result of running the real `replay` executable.
package struct ProcessResult: Sendable {
  package var status: Int32
  package var standardOutput: String
  package var standardError: String
  package var outputBytes: Data

  package init(status: Int32, standardOutput: String, standardError: String, outputBytes: Data) {
    self.status = status
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.outputBytes = outputBytes
  }
}

/// Runs the built `replay` binary the way a user would.
package enum ReplayBinary {
  /// The package's root folder.
  package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `replay` executable: `REPLAY_BINARY`, else the one built beside this test bundle, else
  /// the package's `.build/debug/replay`.
  package static var url: URL? {
    var candidates: [URL] = []
    if let path = ProcessInfo.processInfo.environment["REPLAY_BINARY"] {
      candidates.append(URL(fileURLWithPath: path))
    }
    // The test runner lives in the build products folder, as does `replay`.
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = runner.deletingLastPathComponent()
    for _ in 0..<4 {
      candidates.append(folder.appendingPathComponent("replay"))
      folder = folder.deletingLastPathComponent()
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug/replay"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// A recording in `Recordings/`.
  package static func recording(_ name: String) -> String {
    packageRoot.appendingPathComponent("Recordings").appendingPathComponent(name).path
  }

  /// Runs `replay` with `arguments`, feeding `input` on standard input, in `directory` (the
  /// package root by default), with the test's environment changed by `environment` (a `nil`
  /// value removes the variable); kills it after `timeout` seconds (its status is then 9,
  /// `SIGKILL`).
  package static func run(
    _ arguments: [String], input: String = "", in directory: String? = nil,
    environment: [String: String?] = [:], timeout: Double = 120
  ) throws -> ProcessResult {
    guard let url else { throw CocoaError(.fileNoSuchFile) }
    return try runProgram(
      url, arguments, input: input, in: directory, environment: environment, timeout: timeout)
  }

  /// Runs the program at `url` like ``run(_:input:in:environment:timeout:)`` runs `replay`.
  package static func runProgram(
    _ url: URL, _ arguments: [String], input: String = "", in directory: String? = nil,
    environment: [String: String?] = [:], timeout: Double = 120
  ) throws -> ProcessResult {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.currentDirectoryURL = directory.map { URL(fileURLWithPath: $0) } ?? packageRoot
    if !environment.isEmpty {
      var variables = ProcessInfo.processInfo.environment
      for (name, value) in environment { variables[name] = value }
      process.environment = variables
    }
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // A hung binary (a deadlock, say) must fail its test, not stall the whole run.
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    defer { watchdog.cancel() }
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    // Read both pipes while the process runs, so a full pipe cannot block it.
    let errorData = ErrorCollector(stderr.fileHandleForReading)
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessResult(
      status: process.terminationStatus, standardOutput: String(decoding: output, as: UTF8.self),
      standardError: String(decoding: errorData.wait(), as: UTF8.self), outputBytes: output)
  }
}

/// Reads a pipe to its end on another thread.
private final class ErrorCollector: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  package init(_ handle: FileHandle) {
    Thread.detachNewThread {
      self.data = handle.readDataToEndOfFile()
      self.done.signal()
    }
  }

  package func wait() -> Data {
    done.wait()
    return data
  }
}
