public import Foundation

/// Where a recorder's lines go: a file, or a test's list of lines.
///
/// The recorder calls ``write(_:)`` from one thread at a time, in order, never from the thread
/// that records inputs when it drains in the background.
public protocol RecordingSink: AnyObject, Sendable {
  /// Writes one line of the recording, ending in `\n`; throws when it could not.
  func write(_ line: [UInt8]) throws
  /// Ends the recording; no ``write(_:)`` follows.
  func close()
}

/// Writes a recording to a new file, one `write` call per line, so that everything recorded up
/// to a crash is on disk.
public final class FileSink: RecordingSink, @unchecked Sendable {
  /// The file's path.
  public let path: String
  // Only touched by the recorder's draining, which is serial.
  private let handle: FileHandle

  /// Creates the file at `path` (its directory too), failing if it cannot or if it exists.
  public init(path: String) throws {
    let directory = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    guard !FileManager.default.fileExists(atPath: path) else {
      throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: path])
    }
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    self.path = path
    self.handle = handle
  }

  public func write(_ line: [UInt8]) throws {
    try handle.write(contentsOf: line)
  }

  public func close() {
    try? handle.close()
  }

  /// A file name for a recording started at `date`: `chat-replay-20261201-085900.jsonl` (UTC),
  /// which sorts by time.
  public static func fileName(startedAt date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String {
      let text = String(value ?? 0)
      return text.count < 2 ? "0" + text : text
    }
    let day = "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))"
    return "chat-replay-\(day)-\(two(parts.hour))\(two(parts.minute))\(two(parts.second)).jsonl"
  }
}
