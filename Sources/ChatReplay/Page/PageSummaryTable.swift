/// The page's event summaries (``Event/summary``): a summary's number is its place in ``texts``.
///
/// A summary is written as bytes and looked up by its bytes in a memory of the recent ones, which
/// starts again (with the new summary alone) when a new one would make it hold more than
/// ``limit``: each keystroke's summary is new, and a long page's memory would
/// otherwise grow with it and miss the caches. A summary last seen before the memory started
/// again is written once more, under a new number. No `String` is made for a summary.
struct PageSummaryTable {
  /// The summaries as JSON strings, in number order, separated by commas.
  var texts: [UInt8] { Array(textBytes.buffer) }
  /// ``texts``' bytes, written into in place.
  private let textBytes = ByteStorage(capacity: 1024)
  /// How many summaries ``texts`` holds.
  private(set) var count = 0
  /// The recent summaries' bytes, one after another.
  private var arena: [UInt8] = []
  /// An open-addressing table over ``arena``, a power of two in size and at least twice the
  /// summaries it holds: `(hash, start, length, number)`, `length` -1 when empty.
  private var slots: [Slot]
  private var held = 0
  /// The slot of the summary looked up last (found or placed), -1 for none: a full one (the
  /// memory starts again only to place a summary, whose slot this then is).
  private var lastSlot = -1
  private let memoryLimit: Int
  /// The most summaries a page's memory holds before it starts again.
  ///
  /// 4,096, so that the memory (16,384 slots of 24 bytes and about 100 KB of summaries) fits in
  /// a core's own cache, where it is looked up at every step; one of 65,536 (6 MB of slots) did
  /// not. `replay html` on a 1M-event recording took 0.925× and 0.954× the time with 4,096 (the
  /// page 3 % larger, for the summaries written again); 16,384 was no faster than 65,536, and
  /// 1,024 no faster than 4,096.
  static let limit = 4_096
  /// Where a summary is written before it is looked up.
  private let scratch = ByteStorage(capacity: 128)

  private struct Slot {
    var hash: Int
    var start: Int32
    var length: Int32
    var number: Int32

    static let empty = Slot(hash: 0, start: 0, length: -1, number: 0)
  }

  /// A table with room for `expected` summaries in its memory before it grows, whose memory
  /// starts again past `limit` summaries.
  init(expected: Int, limit: Int = Self.limit) {
    memoryLimit = limit
    var size = 16
    while size < 2 * (min(expected, limit) + 1) { size *= 2 }
    slots = Array(repeating: .empty, count: size)
  }

  /// Makes room for `count` bytes of summaries in ``texts``.
  mutating func reserveTexts(_ count: Int) {
    textBytes.reserve(count)
  }

  /// Calls `body` with ``texts``' bytes, without copying them.
  func withTexts<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    body(textBytes.buffer)
  }

  /// The number of `event`'s summary (`start` for none), written into ``texts`` when the memory
  /// does not hold it.
  mutating func number(of event: Event?) -> Int {
    if let event { return number(of: event) }
    scratch.count = 0
    scratch.reserve(5)
    for byte in "start".utf8 { scratch.append(byte) }
    return number(of: scratch.buffer)
  }

  /// The number of `event`'s summary, as ``number(of:)-(Event?)`` gives it.
  mutating func number(of event: Event) -> Int {
    if case .textChange(let text) = event, let number = number(ofPlainKeystroke: text) {
      return number
    }
    scratch.count = 0
    scratch.reserve(64)
    _ = SummaryText.append(event, to: scratch)
    return number(of: scratch.buffer)
  }

  /// The number of the summary of a keystroke of `text` when the bytes that make its summary
  /// (its first 25) are printable ASCII that needs no escape, `nil` (and nothing written)
  /// otherwise.
  ///
  /// Such a summary is `textChange "…"` around the text's bytes as they are, its first 23 and
  /// `…` when it has more than 24 (each of those bytes is a scalar and a character of its own):
  /// written here without ``SummaryText/append(_:to:)``'s general walk, the same bytes.
  private mutating func number(ofPlainKeystroke text: String) -> Int? {
    // Written by a static function: a closure over `self` copied the table at every call.
    guard let isShortened = Self.writePlainKeystroke(text, to: scratch) else { return nil }
    // A shortened text's summary is most often the keystroke's before (typing past its 24th
    // character): found again without hashing.
    if isShortened && lastSlot >= 0 && isStored(slots[lastSlot], scratch.buffer) {
      return Int(slots[lastSlot].number)
    }
    return number(of: scratch.buffer)
  }

  /// Writes the summary of a keystroke of `text` into `scratch` (emptied first) as
  /// ``number(ofPlainKeystroke:)`` describes it, and whether the text was shortened; `nil` when
  /// its first bytes are not such.
  private static func writePlainKeystroke(_ text: String, to scratch: ByteStorage) -> Bool? {
    var text = text
    return text.withUTF8 { utf8 -> Bool? in
      scratch.count = 0
      return SummaryText.appendPlainKeystroke(utf8, to: scratch)
    }
  }

  /// A multiplicative hash of `bytes`, eight at a time: the table needs its keys spread, not
  /// guarded against chosen collisions (a summary's bytes are those of its event), and
  /// `Hasher`'s SipHash cost a few hundred instructions per summary.
  private func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash = UInt64(truncatingIfNeeded: bytes.count) &* multiplier
    var index = 0
    while index + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      hash = (hash ^ word) &* multiplier
      hash ^= hash >> 29
      index += 8
    }
    var last: UInt64 = 0
    var shift: UInt64 = 0
    while index < bytes.count {
      last |= UInt64(base[index]) << shift
      shift += 8
      index += 1
    }
    hash = (hash ^ last) &* multiplier
    hash ^= hash >> 32
    return Int(truncatingIfNeeded: hash)
  }

  private mutating func number(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let hash = hash(bytes)
    let mask = slots.count - 1
    var slot = hash & mask
    while slots[slot].length >= 0 {
      let found = slots[slot]
      if found.hash == hash && isStored(found, bytes) {
        lastSlot = slot
        return Int(found.number)
      }
      slot = (slot + 1) & mask
    }
    let number = count
    if count > 0 {
      textBytes.reserve(1)
      textBytes.append(UInt8(ascii: ","))
    }
    PageBytes.appendQuoted(bytes, to: textBytes)
    count += 1
    if held + 1 > memoryLimit {
      // Past the limit, the memory starts again with the new summary alone.
      for index in slots.indices { slots[index] = .empty }
      arena.removeAll(keepingCapacity: true)
      held = 0
      slot = hash & mask
    } else if 2 * (held + 1) > slots.count {
      grow()
      slot = hash & (slots.count - 1)
      while slots[slot].length >= 0 { slot = (slot + 1) & (slots.count - 1) }
    }
    slots[slot] = Slot(
      hash: hash, start: Int32(arena.count), length: Int32(bytes.count), number: Int32(number))
    arena.append(contentsOf: bytes)
    held += 1
    lastSlot = slot
    return number
  }

  /// Whether `slot` (a full one) holds `bytes`.
  @inline(__always)
  private func isStored(_ slot: Slot, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    Int(slot.length) == bytes.count
      && arena.withUnsafeBufferPointer { arena in
        guard let stored = arena.baseAddress, let base = bytes.baseAddress else { return true }
        return bytesEqual(stored + Int(slot.start), base, count: bytes.count)
      }
  }

  /// Doubles the table, placing each summary again.
  private mutating func grow() {
    let old = slots
    slots = Array(repeating: .empty, count: 2 * old.count)
    let mask = slots.count - 1
    for entry in old where entry.length >= 0 {
      var slot = entry.hash & mask
      while slots[slot].length >= 0 { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
  }
}
