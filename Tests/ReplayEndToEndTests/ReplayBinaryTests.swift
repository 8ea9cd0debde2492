import Foundation
import ReplayTestSupport
import Testing

/// The runner the CLI tests share stops a binary that runs too long, so that a hang fails its
/// test instead of stalling `swift test`.
@Test func aBinaryThatRunsTooLongIsKilled() throws {
  // A billion events would take minutes; the watchdog kills it after half a second.
  let result = try ReplayBinary.run(
    ["generate", "--seed", "1", "--events", "1000000000"], timeout: 0.5)
  #expect(result.status == SIGKILL)
}
