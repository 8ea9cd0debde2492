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
///
/// On Linux the thread starts on a core other than the one its creator is running on, when the
/// creator may use another (see ``CoreSet``), and may then run on any of the creator's cores.
/// Every caller keeps working while its helper does, and the kernel otherwise often queued the
/// new thread behind its creator on the creator's core, where it waited a time slice (about 3
/// ms) while the other core idled: in traces of `replay check` on 1,000,000 events the helper's
/// first decoded chunk was chunk 3 to 7, 2.3 to 8 ms in, where the replay reached it first;
/// started elsewhere it was chunk 2 at 1.4 to 2.2 ms in five runs of six.
func startThread(
  label: String, lowPriority: Bool = false, _ body: @escaping @Sendable () -> Void
) -> Bool {
  #if canImport(Glibc)
    return startThread(
      label: label, lowPriority: lowPriority, cores: CoreSet.awayFromCallingThread(), body)
  #else
    return startThread(label: label, lowPriority: lowPriority, cores: nil, body)
  #endif
}

/// Runs `body` as ``startThread(label:lowPriority:_:)`` does, on cores chosen by the caller.
///
/// The thread starts on `cores.start` and may then use `cores.run` (with `run` `nil`, it stays
/// on `start`); with `cores` `nil` the kernel places it. Not on Linux, `cores` is ignored.
func startThread(
  label: String, lowPriority: Bool, cores: (start: CoreSet, run: CoreSet?)?,
  _ body: @escaping @Sendable () -> Void
) -> Bool {
  #if canImport(Glibc)
    var thread = pthread_t()
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    cores?.start.setStart(of: &attributes)
    let start = Unmanaged.passRetained(
      ThreadStart(body: body, lowPriority: lowPriority, cores: cores?.run))
    let created = pthread_create(
      &thread, &attributes,
      { raw in
        guard let raw else { return nil }
        let start = Unmanaged<ThreadStart>.fromOpaque(raw).takeRetainedValue()
        start.cores?.allowForCallingThread()
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
  /// The cores the thread may use once it runs.
  let cores: CoreSet?

  init(body: @escaping @Sendable () -> Void, lowPriority: Bool, cores: CoreSet?) {
    self.body = body
    self.lowPriority = lowPriority
    self.cores = cores
  }
}

/// A set of cores as Linux's CPU masks hold them: 1,024 bits, core `n` at bit `n % 64` of word
/// `n / 64`.
///
/// The functions that read and set a thread's cores (`sched_getcpu`, `sched_getaffinity`,
/// `sched_setaffinity`, `pthread_attr_setaffinity_np`) are looked up rather than called: the C
/// library's module leaves out what glibc declares only for `_GNU_SOURCE`. Where one is missing,
/// a thread starts as the kernel places it.
struct CoreSet: Equatable, Sendable {
  static let wordCount = 16
  /// The mask's words, `wordCount` of them.
  private(set) var words: [UInt64]

  init(cores: some Sequence<Int>) {
    words = Array(repeating: 0, count: Self.wordCount)
    for core in cores where core >= 0 && core < Self.wordCount * 64 {
      words[core / 64] |= 1 << UInt64(core % 64)
    }
  }

  private init(words: [UInt64]) {
    self.words = words
  }

  /// The set without `core`; `nil` when that leaves it empty.
  func removing(_ core: Int) -> CoreSet? {
    guard core >= 0, core < Self.wordCount * 64 else { return nil }
    var rest = words
    rest[core / 64] &= ~(1 << UInt64(core % 64))
    return rest.contains { $0 != 0 } ? CoreSet(words: rest) : nil
  }

  #if canImport(Glibc)
    private typealias GetAffinity = @convention(c) (Int32, Int, UnsafeMutableRawPointer) -> Int32
    private typealias SetAffinity = @convention(c) (Int32, Int, UnsafeRawPointer) -> Int32
    private typealias AttributeAffinity =
      @convention(c) (UnsafeMutablePointer<pthread_attr_t>, Int, UnsafeRawPointer) -> Int32

    /// The core the calling thread is running on.
    static func current() -> Int? {
      typealias GetCPU = @convention(c) () -> Int32
      guard let getCPU = cFunction("sched_getcpu", as: GetCPU.self) else { return nil }
      let core = getCPU()
      return core >= 0 ? Int(core) : nil
    }

    /// The cores the calling thread may run on.
    static func allowed() -> CoreSet? {
      guard let get = cFunction("sched_getaffinity", as: GetAffinity.self) else { return nil }
      var words = [UInt64](repeating: 0, count: wordCount)
      let status = words.withUnsafeMutableBytes { bytes in
        bytes.baseAddress.map { get(0, bytes.count, $0) } ?? -1
      }
      return status == 0 ? CoreSet(words: words) : nil
    }

    /// For a thread the calling thread starts: every core the caller may use but the one it is
    /// running on, to start on, and then every core the caller may use; `nil` when the caller
    /// may use only one core.
    static func awayFromCallingThread() -> (start: CoreSet, run: CoreSet)? {
      guard let allowed = allowed(), let core = current(), let others = allowed.removing(core)
      else { return nil }
      return (others, allowed)
    }

    /// Has a thread created with `attributes` start on these cores.
    func setStart(of attributes: inout pthread_attr_t) {
      guard let set = cFunction("pthread_attr_setaffinity_np", as: AttributeAffinity.self)
      else { return }
      _ = words.withUnsafeBytes { bytes in
        bytes.baseAddress.map { set(&attributes, bytes.count, $0) }
      }
    }

    /// Lets the calling thread run on these cores.
    func allowForCallingThread() {
      guard let set = cFunction("sched_setaffinity", as: SetAffinity.self) else { return }
      _ = words.withUnsafeBytes { bytes in bytes.baseAddress.map { set(0, bytes.count, $0) } }
    }
  #endif
}

#if canImport(Glibc)
  /// The C function `name` as the program sees it (RTLD_DEFAULT), or `nil`.
  ///
  /// `F` is its `@convention(c)` type. For what glibc declares only for `_GNU_SOURCE`, or in
  /// headers the C library's module leaves out.
  func cFunction<F>(_ name: String, as type: F.Type) -> F? {
    dlsym(nil, name).map { unsafeBitCast($0, to: type) }
  }
#endif
