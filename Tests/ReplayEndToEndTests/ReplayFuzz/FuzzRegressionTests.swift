import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

@testable import ReplayFuzz

/// Every input the fuzzer found a crash with, replayed through the fuzz target's own checks, so a
/// regression fails an ordinary `swift test` without a fuzzer build.
struct FuzzRegressionTests {
  static let fixtures: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz")

  static var fixtureNames: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []).sorted()
  }

  @Test func fixturesArePresent() {
    #expect(Self.fixtureNames.contains("crlf-line-at-limit-in-chunks.jsonl"))
  }

  @Test(arguments: fixtureNames)
  func fixtureBreaksNoLaw(_ name: String) throws {
    let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
    let broken = bytes.withUnsafeBufferPointer { brokenLaw(in: $0) ?? brokenImportLaw(in: $0) }
    #expect(broken == nil)
  }
}
