import Dispatch
import Testing

@testable import replay

/// Where `replay`'s helper threads start: ``CoreSet``'s mask and, on Linux, threads started on
/// the cores asked for.
struct ThreadsTests {
  /// Core `n` is bit `n % 64` of word `n / 64`, as Linux's masks hold it.
  @Test func aCoreIsOneBitOfItsWord() {
    let set = CoreSet(cores: [0, 3, 65, 1023])
    #expect(set.words.count == 16)
    // 0 and 3: 1 + 8 = 9 in word 0; 65 = 64 + 1: bit 1 of word 1 is 2; 1023 = 15 × 64 + 63.
    #expect(set.words[0] == 9)
    #expect(set.words[1] == 2)
    #expect(set.words[15] == 1 << 63)
    #expect(set.words[2..<15].allSatisfy { $0 == 0 })
    // Cores outside the mask are left out rather than trapped on.
    #expect(CoreSet(cores: [-1, 1024]) == CoreSet(cores: []))
  }

  @Test func removingACoreLeavesTheOthersOrNothing() {
    #expect(CoreSet(cores: [0, 1]).removing(0) == CoreSet(cores: [1]))
    #expect(CoreSet(cores: [3, 70]).removing(70) == CoreSet(cores: [3]))
    // A core the set does not have changes nothing.
    #expect(CoreSet(cores: [0, 1]).removing(5) == CoreSet(cores: [0, 1]))
    // Nothing left, or a core no mask can hold: no set.
    #expect(CoreSet(cores: [2]).removing(2) == nil)
    #expect(CoreSet(cores: [2]).removing(-1) == nil)
  }

  #if canImport(Glibc)
    /// What `body` finds, run on a thread started on `cores`.
    private func onThread<T: Sendable>(
      cores: (start: CoreSet, run: CoreSet?)?, _ body: @escaping @Sendable () -> T
    ) -> T? {
      let found = Locked<T?>(nil)
      let done = DispatchSemaphore(value: 0)
      let started = startThread(label: "test", lowPriority: false, cores: cores) {
        let value = body()
        found.withLock { $0 = value }
        done.signal()
      }
      guard started else { return nil }
      done.wait()
      return found.withLock { $0 }
    }

    /// The cores this process may use, as numbers.
    private func allowedCores() throws -> [Int] {
      let allowed = try #require(CoreSet.allowed())
      return (0..<(16 * 64)).filter { allowed.removing($0) != allowed }
    }

    /// A thread asked to start on one core runs on it, and may use no other when not given
    /// more: on each core this process may use (two here).
    @Test func aThreadStartsOnTheCoreItIsGiven() throws {
      for core in try allowedCores().prefix(4) {
        let one = CoreSet(cores: [core])
        let seen = onThread(cores: (start: one, run: nil)) {
          (core: CoreSet.current(), allowed: CoreSet.allowed())
        }
        #expect(seen?.core == core)
        #expect(seen?.allowed == one)
      }
    }

    /// Started on one core and then given all of them, a thread may use all of them.
    @Test func aThreadMayThenUseTheCoresItIsGivenNext() throws {
      let cores = try allowedCores()
      let all = try #require(CoreSet.allowed())
      let first = try #require(cores.last)
      let allowed = onThread(cores: (start: CoreSet(cores: [first]), run: all)) {
        CoreSet.allowed()
      }
      #expect(allowed == all)
    }

    /// A helper starts on every core its creator may use but one, and then may use them all.
    @Test func aHelperStartsAwayFromOneCoreOfItsCreator() throws {
      let cores = try allowedCores()
      let all = try #require(CoreSet.allowed())
      guard cores.count >= 2 else {
        #expect(CoreSet.awayFromCallingThread() == nil)
        return
      }
      let placement = try #require(CoreSet.awayFromCallingThread())
      #expect(placement.run == all)
      // Exactly one of the creator's cores is left out of the start.
      let left = cores.filter { placement.start.removing($0) == placement.start }
      #expect(left.count == 1)
      #expect(placement.start == left.first.flatMap(all.removing))
    }

    /// `startThread` as the commands call it: its thread may use every core its creator may
    /// (it only starts elsewhere).
    @Test func aHelperMayUseEveryCoreOfItsCreator() throws {
      let all = try #require(CoreSet.allowed())
      let found = Locked<CoreSet?>(nil)
      let done = DispatchSemaphore(value: 0)
      let started = startThread(label: "test", lowPriority: true) {
        found.withLock { $0 = CoreSet.allowed() }
        done.signal()
      }
      #expect(started)
      guard started else { return }
      done.wait()
      #expect(found.withLock { $0 } == all)
    }
  #endif
}
