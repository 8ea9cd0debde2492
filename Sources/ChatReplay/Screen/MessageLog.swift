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
/// the same message another state already appended shares it; appending a different one copies
/// the prefix. A million states therefore cost one list of messages, not a million copies, and
/// `MessageLog` still behaves as a value.
public struct MessageLog: RandomAccessCollection, Sendable {
  private final class Storage: Sendable {
    let messages: Mutex<[Message]>
    init(_ messages: [Message]) { self.messages = Mutex(messages) }
  }

  private var storage: Storage
  public private(set) var count: Int

  public init(_ messages: [Message] = []) {
    storage = Storage(messages)
    count = messages.count
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  public subscript(position: Int) -> Message {
    precondition(position >= 0 && position < count, "Message index out of range")
    return storage.messages.withLock { $0[position] }
  }

  /// The last message, without taking the lock twice.
  public var last: Message? {
    count == 0 ? nil : self[count - 1]
  }

  /// The last message's top and height, read without copying its text: where the next cell goes
  /// and what a scroll to the last message looks at.
  var lastCell: (y: Double, height: Double)? {
    let count = self.count
    guard count > 0 else { return nil }
    return storage.messages.withLock { messages in
      (messages[count - 1].y, messages[count - 1].height)
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
    return storage.messages.withLock { messages -> Range<Int> in
      var low = 0
      var high = count
      while low < high {
        let middle = (low + high) / 2
        let message = messages[middle]
        if message.y + message.height > top { high = middle } else { low = middle + 1 }
      }
      var end = low
      while end < count && messages[end].y < bottom { end += 1 }
      return low..<end
    }
  }

  /// Appends `message`, sharing storage with other states whenever it can.
  public mutating func append(_ message: Message) {
    let count = self.count
    let shared = storage.messages.withLock { messages -> Bool in
      if messages.count == count {
        messages.append(message)
        return true
      }
      return messages[count] == message
    }
    if !shared {
      let prefix = storage.messages.withLock { Array($0[0..<count]) }
      storage = Storage(prefix + [message])
    }
    self.count = count + 1
  }
}

extension MessageLog: Equatable {
  public static func == (lhs: MessageLog, rhs: MessageLog) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.storage === rhs.storage { return true }
    return lhs.elementsEqual(rhs)
  }
}
