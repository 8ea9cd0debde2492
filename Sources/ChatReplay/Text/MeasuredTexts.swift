import Synchronization

/// The text a ``FontMetricsMeasurer`` measured last, with where its line breaker stood after it,
/// so that a text typed one character at a time is measured from where the text before it
/// stopped, and the same text is not measured twice in a row.
///
/// A layout that sizes its input view to its text measures that text on every keystroke, and
/// most keystrokes add to the end of the text measured just before. The line breaker is greedy
/// and looks no further than the scalar it is fed (``FontMetricsMeasurer`` decides where a
/// grapheme cluster ends from the scalar after it), so feeding it the added bytes from the state
/// it had after the earlier text gives the same lines, in the same floating-point steps, as
/// feeding it the whole text. When the end of the earlier text could join what follows (a
/// carriage return before a line feed, a scalar that can combine with the next) the text is
/// measured whole.
///
/// The measurer's copies share this memory, and the layouts of `replay compare` reduce on two
/// threads at once, so each thread has a memory of its own (up to ``threadCount`` threads; any
/// other thread measures every text whole): a thread claims a memory once, by an atomic
/// compare-and-exchange of its owner, and from then on only that thread reads or writes it, with
/// no lock. The memory changes no result, only how fast it comes.
///
/// Each thread also keeps the sizes of the last texts it measured whole, in a small table picked
/// by the text's length and its first and last bytes: a chat's received messages come back
/// ("OK", "Sure!"), and a text found there, bit for bit at the same width and font size, is not
/// measured again.
final class MeasuredTexts: @unchecked Sendable {
  // `@unchecked`: each `Memory` is only ever touched by the thread that owns it (see above).

  /// A measured text and the breaker's state after its last byte, before its last line ended.
  struct Entry {
    /// The width and font size it was measured at, bit for bit.
    var widthBits: UInt64
    var fontSizeBits: UInt64
    var text: String
    /// The text's UTF-8 count, or -1 while the entry holds no text.
    var byteCount: Int
    var size: Size
    var breaker: LineBreaker<NoLineRecorder>
    /// Whether the text was measured byte by byte as ASCII (else scalar by scalar from UTF-8).
    var isASCII: Bool
    /// Whether the text's last scalar ends a cluster whatever follows it: a simple scalar, and not
    /// a carriage return (which joins a line feed).
    var endsOpen: Bool

    /// No text.
    static let none = Entry(
      widthBits: 0, fontSizeBits: 0, text: "", byteCount: -1, size: Size(width: 0, height: 0),
      breaker: LineBreaker(maxUnits: 0, recorder: NoLineRecorder()), isASCII: true,
      endsOpen: false)

    /// Whether the bytes at `base`, `count` of them, are this entry's text or start with it
    /// where a text can be continued.
    @inline(__always)
    func isStart(of base: UnsafePointer<UInt8>, count: Int) -> Bool {
      guard byteCount >= 0, byteCount <= count, endsOpen || byteCount == count else {
        return false
      }
      return text.utf8.withContiguousStorageIfAvailable { old in
        guard let oldBase = old.baseAddress else { return true }
        return bytesEqual(oldBase, base, count: old.count)
      } ?? false
    }
  }

  /// A text measured whole, with its size.
  struct Recent {
    var widthBits: UInt64
    var fontSizeBits: UInt64
    var text: String
    /// The text's UTF-8 count, or -1 while the entry holds no text.
    var byteCount: Int
    var size: Size

    static let none = Recent(
      widthBits: 0, fontSizeBits: 0, text: "", byteCount: -1, size: Size(width: 0, height: 0))
  }

  /// How many threads have a memory.
  static let threadCount = 4

  /// How many texts measured whole each thread keeps (a power of two).
  ///
  /// A received message comes back tens of messages later, and every sent one (a new text) takes
  /// a place in between: with 64 places, many returning texts had been pushed out and were
  /// measured again. With 256, `replay check --jobs 1` on the 1M generated file does 0.6 % fewer
  /// instructions and takes 0.991× the time (`ab.py`, 40 rounds, faster in 32).
  static let recentCount = 256

  private let owner0 = Atomic<UInt>(0)
  private let owner1 = Atomic<UInt>(0)
  private let owner2 = Atomic<UInt>(0)
  private let owner3 = Atomic<UInt>(0)
  /// Each thread's last text, in the order of their owners.
  private let memories: UnsafeMutablePointer<Entry>
  /// Each thread's texts measured whole, ``recentCount`` a thread, in the order of their owners.
  private let recents: UnsafeMutablePointer<Recent>

  init() {
    memories = .allocate(capacity: Self.threadCount)
    memories.initialize(repeating: .none, count: Self.threadCount)
    recents = .allocate(capacity: Self.threadCount * Self.recentCount)
    recents.initialize(repeating: .none, count: Self.threadCount * Self.recentCount)
  }

  deinit {
    memories.deinitialize(count: Self.threadCount)
    memories.deallocate()
    recents.deinitialize(count: Self.threadCount * Self.recentCount)
    recents.deallocate()
  }

  /// The place in the table of `memory` (a pointer ``last()`` returned) for the text whose UTF-8
  /// is `count` bytes at `base` (at least one).
  @inline(__always)
  func recent(
    for memory: UnsafeMutablePointer<Entry>, _ base: UnsafePointer<UInt8>, count: Int
  ) -> UnsafeMutablePointer<Recent> {
    let key = UInt(bitPattern: count) &* 0x9E37 &+ UInt(base[0]) &* 0x1F &+ UInt(base[count - 1])
    let slot = Int(truncatingIfNeeded: key) & (Self.recentCount - 1)
    return recents + (memory - memories) * Self.recentCount + slot
  }

  /// The calling thread's last text; `nil` when every memory belongs to another thread.
  @inline(__always)
  func last() -> UnsafeMutablePointer<Entry>? {
    let thread = currentThreadID()
    if owner0.load(ordering: .relaxed) == thread { return memories }
    if owner1.load(ordering: .relaxed) == thread { return memories + 1 }
    if owner2.load(ordering: .relaxed) == thread { return memories + 2 }
    if owner3.load(ordering: .relaxed) == thread { return memories + 3 }
    return claim(thread).map { memories + $0 }
  }

  /// Claims a free memory for `thread`; its index, or `nil` when none is free.
  private func claim(_ thread: UInt) -> Int? {
    if owner0.compareExchange(expected: 0, desired: thread, ordering: .relaxed).exchanged {
      return 0
    }
    if owner1.compareExchange(expected: 0, desired: thread, ordering: .relaxed).exchanged {
      return 1
    }
    if owner2.compareExchange(expected: 0, desired: thread, ordering: .relaxed).exchanged {
      return 2
    }
    if owner3.compareExchange(expected: 0, desired: thread, ordering: .relaxed).exchanged {
      return 3
    }
    return nil
  }
}
