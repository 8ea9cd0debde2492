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
