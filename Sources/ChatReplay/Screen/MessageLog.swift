import Synchronization

/// A message in the list, with its place in the list's content.
public struct Message: Hashable, Sendable {
  public var from: Sender
  public var text: String
  /// The top of the message's cell in the list's content coordinates.
  public var y: Double
  /// The height of the message's cell.
  public var height: Double

  public init(from: Sender, text: String, y: Double, height: Double) {
    self.from = from
    self.text = text
    self.y = y
    self.height = height
  }

  /// The cell's frame in content coordinates, for a list `width` points wide.
  public func frame(width: Double) -> Rect {
    Rect(x: 0, y: y, width: width, height: height)
  }
}

/// The messages of a state: an append-only list whose storage is shared by every state of a
/// timeline.
///
/// Messages only ever grow, so a state needs only to know how many of the shared messages are its
/// own. Appending when this list is the longest extends the shared storage in place; appending
/// the same message another state already appended shares it; appending a different one starts
/// new storage from the prefix. A million states therefore cost one list of messages, not a
/// million copies, and `MessageLog` still behaves as a value.
///
/// The storage is a list of blocks of ``blockSize`` messages. Every block but the last is full
/// and never changes again, so the list grows without moving what it holds (no doubling, no copy
/// of every message so far, no second buffer while it grows), and new storage started from a
/// prefix shares the prefix's full blocks and copies only the rest of one block.
public struct MessageLog: RandomAccessCollection, Sendable {
  /// Messages per block: 40 KiB of them.
  static let blockSize = 1 << blockShift
  private static let blockShift = 10
  private static let blockMask = blockSize - 1

  private final class Storage: Sendable {
    let blocks: Mutex<[[Message]]>
    init(_ blocks: [[Message]]) { self.blocks = Mutex(blocks) }
  }

  private var storage: Storage
  public private(set) var count: Int

  public init(_ messages: [Message] = []) {
    var blocks: [[Message]] = []
    var start = 0
    while start < messages.count {
      let end = Swift.min(start + Self.blockSize, messages.count)
      blocks.append(Self.block(messages[start..<end]))
      start = end
    }
    storage = Storage(blocks)
    count = messages.count
  }

  /// A block holding `messages`, with room for a whole block.
  private static func block(_ messages: ArraySlice<Message>) -> [Message] {
    var block: [Message] = []
    block.reserveCapacity(blockSize)
    block.append(contentsOf: messages)
    return block
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  public subscript(position: Int) -> Message {
    precondition(position >= 0 && position < count, "Message index out of range")
    return storage.blocks.withLock { Self.message(position, in: $0) }
  }

  /// Message `index` of `blocks`: its block, then its place in the block.
  @inline(__always)
  private static func message(_ index: Int, in blocks: [[Message]]) -> Message {
    blocks[index >> blockShift][index & blockMask]
  }

  /// The last message, without taking the lock twice.
  public var last: Message? {
    count == 0 ? nil : self[count - 1]
  }

  /// The last message's top and height, read without copying its text: where the next cell goes
  /// and what a scroll to the last message looks at.
  var lastCell: (y: Double, height: Double)? {
    let index = count - 1
    guard index >= 0 else { return nil }
    return storage.blocks.withLock { blocks in
      // The two fields read where they lie: the message itself copied would retain its text.
      let block = index >> Self.blockShift
      let offset = index & Self.blockMask
      return (blocks[block][offset].y, blocks[block][offset].height)
    }
  }

  /// Whether this log and `other` share their storage: then each message both of them hold is
  /// the same, without comparing (stored messages are only ever appended, never changed).
  func sharesStorage(with other: MessageLog) -> Bool { storage === other.storage }

  /// The index of the first message whose cell ends below `top` and the end of the run of those
  /// after it that start above `bottom`, in content coordinates, read under one lock.
  ///
  /// Cells are appended below one another, so their tops only grow: a bisection finds the first
  /// one that ends below `top`, and the walk stops at the first that starts below `bottom`.
  func indices(ofCellsBetween top: Double, and bottom: Double) -> Range<Int> {
    let count = self.count
    return storage.blocks.withLock { blocks -> Range<Int> in
      func message(_ index: Int) -> Message { Self.message(index, in: blocks) }
      var low = 0
      var high = count
      while low < high {
        let middle = (low + high) / 2
        let message = message(middle)
        if message.y + message.height > top { high = middle } else { low = middle + 1 }
      }
      var end = low
      while end < count && message(end).y < bottom { end += 1 }
      return low..<end
    }
  }

  /// Appends `message`, sharing storage with other states whenever it can.
  public mutating func append(_ message: Message) {
    let count = self.count
    let shared = storage.blocks.withLock { blocks -> Bool in
      let stored =
        blocks.isEmpty ? 0 : (blocks.count - 1) * Self.blockSize + blocks[blocks.count - 1].count
      if stored == count {
        Self.append(message, to: &blocks)
        return true
      }
      return Self.message(count, in: blocks) == message
    }
    if !shared {
      // The full blocks of the prefix are shared (they never change again); only the messages
      // of a block the prefix ends inside are copied.
      var prefix = storage.blocks.withLock { blocks -> [[Message]] in
        let full = count >> Self.blockShift
        var prefix = Array(blocks[0..<full])
        if count & Self.blockMask != 0 {
          prefix.append(Self.block(blocks[full][0..<(count & Self.blockMask)]))
        }
        return prefix
      }
      Self.append(message, to: &prefix)
      storage = Storage(prefix)
    }
    self.count = count + 1
  }

  /// Appends `message` to the last of `blocks`, or to a new block when the last is full (full
  /// blocks may be shared with other storage, and are never appended to).
  private static func append(_ message: Message, to blocks: inout [[Message]]) {
    if let last = blocks.indices.last, blocks[last].count < blockSize {
      blocks[last].append(message)
    } else {
      blocks.append(block([message]))
    }
  }
}

extension MessageLog: Equatable {
  public static func == (lhs: MessageLog, rhs: MessageLog) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.storage === rhs.storage { return true }
    return lhs.elementsEqual(rhs)
  }
}
