import Foundation
import ReplayTestSupport
import Testing

@testable import replay

/// `writeFileAtomically` writes through a temporary file and a rename, and never over an input.
struct AtomicWriteTests {
  @Test func writesTheBytesAndLeavesNoTemporaryFile() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/out.jsonl"
    try writeFileAtomically(Array("one\n".utf8), to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\n")
    #expect(directory.contents == ["out.jsonl"])
  }

  /// A named pipe (as `/dev/null` or a terminal would) is written in place, not renamed over:
  /// it is still a pipe afterwards, and its reader gets the bytes.
  @Test func writesIntoANamedPipeInsteadOfReplacingIt() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/pipe"
    try #require(mkfifo(path, 0o600) == 0)
    let read = Locked<Data?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      // Opening a pipe for reading waits for its writer.
      let data = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile()
      read.withLock { $0 = data }
      done.signal()
    }
    try writeFileAtomically(Array("through the pipe\n".utf8), to: path)
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(read.withLock { $0 } == Data("through the pipe\n".utf8))
    var status = stat()
    #expect(stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    #expect(directory.contents == ["pipe"])
  }

  @Test func replacesAnExistingFileWhole() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/out.jsonl"
    try writeFileAtomically(Array("a longer first version\n".utf8), to: path)
    try writeFileAtomically(Array("short\n".utf8), to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "short\n")
    #expect(directory.contents == ["out.jsonl"])
  }

  @Test func refusesToOverwriteTheRecordingBeingRead() throws {
    let directory = try TemporaryDirectory()
    let input = directory.path + "/in.jsonl"
    try "{\"t\":0,\"type\":\"sendTap\"}\n".write(toFile: input, atomically: false, encoding: .utf8)
    #expect(throws: FileError.self) {
      try writeFileAtomically(Array("x\n".utf8), to: input, protecting: [input])
    }
    #expect(
      try String(contentsOfFile: input, encoding: .utf8) == "{\"t\":0,\"type\":\"sendTap\"}\n")
    #expect(directory.contents == ["in.jsonl"])
  }

  @Test func refusesToOverwriteTheRecordingThroughAnotherName() throws {
    let directory = try TemporaryDirectory()
    let input = directory.path + "/in.jsonl"
    let link = directory.path + "/link.jsonl"
    try "keep\n".write(toFile: input, atomically: false, encoding: .utf8)
    try FileManager.default.linkItem(atPath: input, toPath: link)
    let error = #expect(throws: FileError.self) {
      try writeFileAtomically(Array("x\n".utf8), to: link, protecting: [input])
    }
    #expect(
      error?.description
        == "cannot write '\(link)': it is a recording being read; replay never writes to its input")
    #expect(try String(contentsOfFile: input, encoding: .utf8) == "keep\n")
  }

  @Test func aFailedRenameLeavesTheTargetAndNoPartialFile() throws {
    let directory = try TemporaryDirectory()
    // A directory in the target's place makes the final rename fail after the bytes are written.
    let path = directory.path + "/out"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect(throws: FileError.self) {
      try writeFileAtomically(Array(repeating: 0x41, count: 1 << 16), to: path)
    }
    #expect(directory.contents == ["out"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: path) == [])
  }

  @Test func aMissingDirectoryFailsBeforeWritingAnything() throws {
    let directory = try TemporaryDirectory()
    #expect(throws: FileError.self) {
      try writeFileAtomically(Array("x".utf8), to: directory.path + "/missing/out.jsonl")
    }
    #expect(directory.contents == [])
  }
}
