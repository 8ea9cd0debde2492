import Foundation

/// Runs `work` on a thread of its own and waits for it without holding one of the threads that
/// run the tests.
///
/// Swift Testing runs tests on Swift concurrency's pool, one thread per core: a test that
/// blocks there (waiting for a browser, or for a value another test is building) leaves that
/// core idle however many tests are ready. On 2 cores, one such wait stalled half the run.
///
/// Do all of a long job's work inside `work`, waiting there as it needs (``allAtOnce(_:)``): a
/// task that awaits is resumed only once the tests queued before it have had their turn, so a
/// job that awaited between its stages would wait for most of the run at each.
package func onOwnThread<Value: Sendable>(
  _ work: @escaping @Sendable () throws -> Value
) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
  }
}

/// The values of `works`, each run on a thread of its own, all at once, in `works`' order;
/// blocks until all are done, and throws the first error in that order.
package func allAtOnce<Value: Sendable>(_ works: [@Sendable () throws -> Value]) throws -> [Value] {
  let results = Results<Value>(count: works.count)
  let group = DispatchGroup()
  for (index, work) in works.enumerated() {
    group.enter()
    Thread.detachNewThread {
      results.set(index, Result { try work() })
      group.leave()
    }
  }
  group.wait()
  return try results.values()
}

/// The results of ``allAtOnce(_:)``, set from their threads.
private final class Results<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [Result<Value, any Error>?]

  init(count: Int) {
    results = Array(repeating: nil, count: count)
  }

  func set(_ index: Int, _ result: Result<Value, any Error>) {
    lock.withLock { results[index] = result }
  }

  func values() throws -> [Value] {
    try lock.withLock {
      try results.map { try ($0 ?? .failure(CocoaError(.featureUnsupported))).get() }
    }
  }
}

/// A value worked out on a thread of its own from the moment this is made, which tests await
/// without holding the tests' threads.
///
/// Made while the run is planned (from a suite's `@Test(arguments:)`), a suite's shared setup
/// runs beside the other suites from the start, instead of from when the suite's turn comes,
/// at the end of the run.
package final class Background<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var result: Value?
  private var waiting: [CheckedContinuation<Value, Never>] = []
  /// Left once the value is worked out, for ``wait()``.
  private let done = DispatchGroup()

  package init(_ work: @escaping @Sendable () -> Value) {
    done.enter()
    Thread.detachNewThread {
      let value = work()
      let waiting = self.lock.withLock {
        self.result = value
        defer { self.waiting = [] }
        return self.waiting
      }
      self.done.leave()
      for continuation in waiting { continuation.resume(returning: value) }
    }
  }

  /// The value, once it is worked out, blocking the calling thread until then (from a thread
  /// of the test's own, not one of the tests' threads).
  package func wait() -> Value {
    done.wait()
    guard let value = lock.withLock({ result }) else {
      preconditionFailure("The work ended without a value")
    }
    return value
  }

  /// The value, once it is worked out.
  package var value: Value {
    get async {
      await withCheckedContinuation { continuation in
        let ready: Value? = lock.withLock {
          if let result { return result }
          waiting.append(continuation)
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
  }
}
