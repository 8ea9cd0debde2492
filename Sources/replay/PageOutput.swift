/// Where a page goes while it is written: a file, written atomically (its bytes go to the file as
/// they come, gathered into pieces of a megabyte), or standard output (held until the page is
/// done, so that a bad line late in the recording leaves no half page behind).
///
/// Dropped without ``commit(_:)``, it leaves no file behind (and the old one, if any, as it was).
final class PageOutput {
  private let file: AtomicFile?
  /// The bytes not yet written.
  private var buffer: [UInt8] = []
  /// The first failure to write, after which nothing more is written.
  private var failure: FileError?
  private static let pieceSize = 1 << 20

  /// A page for `path`, standard output when `nil` or `-`; refuses to write over `input` (the
  /// recording read).
  init(path: String?, protecting input: String) throws(FileError) {
    if let path, path != "-" {
      file = try AtomicFile(path, protecting: [input])
      buffer.reserveCapacity(Self.pieceSize)
    } else {
      file = nil
    }
  }

  /// Appends `bytes` to the page.
  func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard failure == nil else { return }
    guard let file else { return buffer.append(contentsOf: bytes) }
    do throws(FileError) {
      if buffer.count + bytes.count > Self.pieceSize && !buffer.isEmpty {
        try file.write(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
      // A piece as big as the buffer goes to the file as it is, not copied.
      if bytes.count >= Self.pieceSize {
        try file.write(bytes)
      } else {
        buffer.append(contentsOf: bytes)
      }
    } catch {
      failure = error
    }
  }

  /// Appends `bytes` to the page.
  func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { write($0) }
  }

  /// Ends the page: the file renamed into place, or the page written to standard output; the
  /// exit status, with the error said on `console` when the page could not be written.
  func commit(_ console: inout Console) -> ExitStatus {
    guard let file else {
      console.output.write(buffer)
      return .success
    }
    do throws(FileError) {
      if let failure { throw failure }
      try file.write(buffer)
      try file.commit()
    } catch {
      console.error.line("Error: \(error.description)")
      return .failure
    }
    return .success
  }
}
