package import Foundation

/// A fresh directory under the system's temporary directory, removed when released.
package final class TemporaryDirectory {
  package let path: String

  package init() throws {
    path = NSTemporaryDirectory() + "replay-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// The names of the files in the directory, sorted.
  package var contents: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  /// Writes `text` to `name` in the directory; the file's path.
  package func write(_ text: String, name: String = "bad.jsonl") throws -> String {
    let file = path + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// A fresh temporary folder.
package func temporaryFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "replay-check-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// Writes `bytes` to `name` in `folder`; its path.
package func writeFile(_ bytes: [UInt8], _ name: String, in folder: URL) throws -> String {
  let url = folder.appendingPathComponent(name)
  try Data(bytes).write(to: url)
  return url.path
}
