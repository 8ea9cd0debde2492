import Foundation
import ReplayTestSupport
import Testing

/// `Recordings/recorder-divergence.jsonl` is what the core writes for the scripted session with
/// a device that puts the input bar 34 pt lower than the rxkeyboard model while the keyboard is
/// up, byte for byte; its `.expected` is checked with every other recording's.
///
/// After a deliberate change of what the recorder writes, run this suite with
/// `RECORDER_REGENERATE=1` to rewrite the file, then regenerate its `.expected`.
struct BundledRecordingTests {
  static let path = ReplayBinary.recording("recorder-divergence.jsonl")

  @Test func theBundledRecordingIsWhatTheRecorderWrites() throws {
    let recorded = scriptedSession(inputBarYWithKeyboard: 472).joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["RECORDER_REGENERATE"] == "1" {
      try Data(recorded.utf8).write(to: URL(fileURLWithPath: Self.path), options: .atomic)
    }
    let bundled = try String(contentsOfFile: Self.path, encoding: .utf8)
    expectNoDifference(bundled, recorded)
  }
}
