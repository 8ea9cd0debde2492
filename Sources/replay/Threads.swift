internal import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` on a thread of its own, detached, at nice 19 when `lowPriority`; `false` when no
/// thread could be started, and `body` then does not run.
///
/// A thread rather than a dispatch queue: work on a queue can wait behind whatever fills the
/// pool while the caller waits for it, and a queue's priority cannot be given back. Linux keeps
/// the nice value per thread, so a helper at nice 19 only takes a core that would otherwise be
/// idle. Elsewhere a serial queue of its own (`label`) runs on dispatch's overcommitting pool,
/// which starts a thread even when every core is busy.
func startThread(
  label: String, lowPriority: Bool = false, _ body: @escaping @Sendable () -> Void
) -> Bool {
  #if canImport(Glibc)
    var thread = pthread_t()
    let start = Unmanaged.passRetained(ThreadStart(body: body, lowPriority: lowPriority))
    let created = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        let start = Unmanaged<ThreadStart>.fromOpaque(raw).takeRetainedValue()
        if start.lowPriority { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19) }
        start.body()
        return nil
      }, start.toOpaque())
    guard created == 0 else {
      start.release()
      return false
    }
    pthread_detach(thread)
    return true
  #else
    DispatchQueue(label: label).async(execute: body)
    return true
  #endif
}

/// What a thread started by ``startThread(label:lowPriority:_:)`` runs.
private final class ThreadStart: Sendable {
  let body: @Sendable () -> Void
  let lowPriority: Bool

  init(body: @escaping @Sendable () -> Void, lowPriority: Bool) {
    self.body = body
    self.lowPriority = lowPriority
  }
}
