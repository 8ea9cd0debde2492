#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finding files: what `replay check DIR` and `replay accept` look through.
enum Files {
  /// Whether `path` names a directory.
  static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether something exists at `path`.
  static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// Every file under `directory` (its subdirectories too, hidden ones left out), sorted.
  static func walk(_ directory: String) -> [String] {
    guard let handle = opendir(directory) else { return [] }
    defer { closedir(handle) }
    var found: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix(".") else { continue }
      let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
      if isDirectory(path) { found += walk(path) } else { found.append(path) }
    }
    return found.sorted()
  }

  /// Removes `path`; whether it is gone.
  @discardableResult
  static func remove(_ path: String) -> Bool { unlink(path) == 0 || errno == ENOENT }

  /// Moves `source` over `target` in one step.
  static func move(_ source: String, over target: String) throws(FileError) {
    guard rename(source, target) == 0 else { throw .unwritable(path: target, errno: errno) }
  }

  /// Creates `directory` and its parents.
  static func makeDirectory(_ directory: String) throws(FileError) {
    var path = directory.hasPrefix("/") ? "/" : ""
    for part in directory.split(separator: "/") {
      path += (path.isEmpty || path == "/" ? "" : "/") + part
      if mkdir(path, 0o755) != 0 && errno != EEXIST { throw .unwritable(path: path, errno: errno) }
    }
  }

  /// The environment variable `name`, or `nil`.
  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
