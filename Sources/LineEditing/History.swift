/// The lines entered before, oldest first: de-duplicated (a repeated line moves to the end) and
/// capped (the oldest go first).
public struct History: Hashable, Sendable {
  /// The entries, oldest first.
  public private(set) var entries: [String]
  /// How many entries are kept.
  public let capacity: Int

  /// A history of `entries` (oldest first) as ``add(_:)`` would leave it.
  public init(_ entries: [String] = [], capacity: Int = 1000) {
    self.capacity = max(capacity, 1)
    self.entries = []
    for entry in entries { add(entry) }
  }

  /// Reads the history file's text: one entry per line.
  public init(fileText: String, capacity: Int = 1000) {
    self.init(
      fileText.split(separator: "\n", omittingEmptySubsequences: true).map(String.init),
      capacity: capacity)
  }

  /// The text of the history file: one entry per line.
  public var fileText: String {
    entries.map { $0 + "\n" }.joined()
  }

  /// Adds `line` as the newest entry; blank lines are not kept, and a line kept already moves to
  /// the end.
  public mutating func add(_ line: String) {
    guard line.contains(where: { !$0.isWhitespace }), !line.contains("\n") else { return }
    entries.removeAll { $0 == line }
    entries.append(line)
    if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
  }
}
