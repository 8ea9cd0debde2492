import Foundation

/// Runs `work` on a thread of its own and waits for it without holding one of the threads that
/// run the tests.
///
/// Swift Testing runs tests on Swift concurrency's pool, one thread per core: a test that
/// blocks there (waiting for a browser, or for a value another test is building) leaves that
/// core idle however many tests are ready. On 2 cores, one such wait stalled half the run.
package func onOwnThread<Value: Sendable>(
  _ work: @escaping @Sendable () throws -> Value
) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
  }
}

/// The values of `works`, each run on a thread of its own, all at once; in `works`' order.
package func onOwnThreads<Value: Sendable>(
  _ works: [@Sendable () throws -> Value]
) async throws -> [Value] {
  try await withThrowingTaskGroup(of: (Int, Value).self) { group in
    for (index, work) in works.enumerated() {
      group.addTask { (index, try await onOwnThread(work)) }
    }
    var values = [Value?](repeating: nil, count: works.count)
    for try await (index, value) in group { values[index] = value }
    return values.compactMap { $0 }
  }
}
