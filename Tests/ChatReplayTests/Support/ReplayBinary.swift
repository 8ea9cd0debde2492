import Foundation

/// The built `replay` executable, run as a person runs it.
enum ReplayBinary {
  /// The package's root directory.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The binary: `REPLAY_BINARY`, else beside the test bundle (`.build/<triple>/debug`), else in
  /// the package's `.build/debug`.
  static let url: URL? = {
    var candidates: [URL] = []
    if let path = ProcessInfo.processInfo.environment["REPLAY_BINARY"] {
      candidates.append(URL(fileURLWithPath: path))
    }
    if let executable = Bundle.main.executableURL {
      candidates.append(executable.deletingLastPathComponent().appendingPathComponent("replay"))
    }
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      candidates.append(
        bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("replay"))
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug/replay"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// What a run printed, and its exit status.
  struct Result {
    var standardOutput: String
    var standardError: String
    var status: Int32
  }

  /// Runs the binary in the package's root with `arguments`, feeding `input` to its standard input.
  static func run(_ arguments: [String], input: String = "") throws -> Result {
    guard let url else { throw CocoaError(.fileNoSuchFile) }
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    let standardInput = Pipe()
    let standardOutput = Pipe()
    let standardError = Pipe()
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardError
    try process.run()
    standardInput.fileHandleForWriting.write(Data(input.utf8))
    try standardInput.fileHandleForWriting.close()
    let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
    let error = standardError.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      standardOutput: String(decoding: output, as: UTF8.self),
      standardError: String(decoding: error, as: UTF8.self), status: process.terminationStatus)
  }
}
