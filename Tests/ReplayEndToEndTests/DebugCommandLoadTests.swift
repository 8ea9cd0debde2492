import Foundation
import ReplayTestSupport
import Testing

@testable import ChatReplay
@testable import replay

/// The debugger's load with a helper thread decoding the chunks ahead gives the timeline and
/// change index a load in one piece gives, wherever the chunks are cut.
struct DebugCommandLoadTests {
  /// 1,250 generated events (97 kB) in chunks of 4,096 bytes: 24 chunks, so the helper runs.
  static let chunkSize = 4096

  /// Loads `bytes` three ways (decoded ahead from memory, from a file read into memory while it
  /// loads, and in one piece from memory) and expects the same lines, errors, states and index,
  /// and from the file every byte, also past where a failed load stopped.
  private func expectSameLoad(
    _ bytes: [UInt8], keepGoing: Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var wholeIndex = ChangeIndex()
    let whole = Timeline.load(
      bytes, keepGoing: keepGoing, observe: { wholeIndex.add($0, event: $1, settled: $2) })
    var aheadIndex = ChangeIndex()
    let ahead = DebugCommand.load(
      bytes, options: .init(), keepGoing: keepGoing, chunkSize: Self.chunkSize, jobs: 2,
      index: &aheadIndex)
    expectSame(ahead, aheadIndex, as: whole, wholeIndex, "decoded ahead", sourceLocation)
    // A helper reading and decoding chunks ahead, the replay reading those it reaches first.
    let directory = try TemporaryDirectory()
    let path = directory.path + "/recording.jsonl"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    var fileIndex = ChangeIndex()
    var lengths: Set<Int> = []
    let (read, fromFile) = try DebugCommand.load(
      file: path, options: .init(), keepGoing: keepGoing, chunkSize: Self.chunkSize, jobs: 2,
      index: &fileIndex,
      continuing: { _, count, _ in
        lengths.insert(count)
        return true
      })
    #expect(read == bytes, sourceLocation: sourceLocation)
    #expect(lengths.isSubset(of: [bytes.count]), sourceLocation: sourceLocation)
    if case .success(let timeline) = fromFile {
      #expect(timeline.source == bytes, sourceLocation: sourceLocation)
    }
    expectSame(fromFile, fileIndex, as: whole, wholeIndex, "from the file", sourceLocation)
  }

  /// Expects `load` and `whole` to have the same error, or the same lines, errors, states and
  /// index.
  private func expectSame(
    _ load: Result<Timeline, RecordingError>, _ index: ChangeIndex,
    as whole: Result<Timeline, RecordingError>, _ wholeIndex: ChangeIndex, _ name: String,
    _ sourceLocation: SourceLocation
  ) {
    switch (load, whole) {
    case (.failure(let error), .failure(let wholeError)):
      #expect(error == wholeError, "\(name)", sourceLocation: sourceLocation)
    case (.success(let load), .success(let whole)):
      #expect(Array(load.lines) == Array(whole.lines), "\(name)", sourceLocation: sourceLocation)
      #expect(load.errors == whole.errors, "\(name)", sourceLocation: sourceLocation)
      // The same lines and checkpoints make the same states everywhere.
      #expect(load.lastStep == whole.lastStep, "\(name)", sourceLocation: sourceLocation)
      for step in Array(stride(from: 0, through: whole.lastStep, by: 256)) + [whole.lastStep] {
        #expect(
          load.state(at: step) == whole.state(at: step), "\(name), step \(step)",
          sourceLocation: sourceLocation)
      }
      for step in 0...whole.lastStep {
        #expect(
          index.mask(at: step) == wholeIndex.mask(at: step)
            && index.kind(at: step) == wholeIndex.kind(at: step),
          "\(name), step \(step)", sourceLocation: sourceLocation)
      }
    case (.success, .failure), (.failure, .success):
      Issue.record(
        "\(name): one load failed and the other did not", sourceLocation: sourceLocation)
    }
  }

  /// A load stopped as Ctrl-C stops it (`continuing` says no at its first report, after 4,096
  /// events) has the same steps from a file as from memory, and every byte of the file: the
  /// chunks past the stop are read after it.
  @Test func aLoadStoppedEarlyFromAFileHasEveryByte() throws {
    let bytes = try #require(CheckCommandTests.generated(events: 6_000), "replay generate failed")
    let directory = try TemporaryDirectory()
    let path = directory.path + "/recording.jsonl"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    var fileIndex = ChangeIndex()
    var reports: [(read: Int, count: Int, steps: Int)] = []
    let (read, fromFile) = try DebugCommand.load(
      file: path, options: .init(), keepGoing: false, chunkSize: Self.chunkSize, jobs: 2,
      index: &fileIndex,
      continuing: { read, count, steps in
        reports.append((read, count, steps))
        return false
      })
    #expect(read == bytes)
    // One report, at step 4,096, partway through the file.
    #expect(reports.count == 1)
    #expect(reports.first?.steps == 4_096 && reports.first?.count == bytes.count)
    #expect((reports.first?.read ?? 0) < bytes.count)
    var wholeIndex = ChangeIndex()
    let whole = Timeline.load(
      bytes, observe: { wholeIndex.add($0, event: $1, settled: $2) },
      continuing: { _, _ in false })
    expectSame(fromFile, fileIndex, as: whole, wholeIndex, "stopped", #_sourceLocation)
    #expect((try? fromFile.get())?.lastStep == 4_096)
  }

  /// A recording from a named pipe is read through the one descriptor the load opens, whole,
  /// and loads as from memory: short or long.
  ///
  /// A short one fits the pipe's buffer, so its writer can write it all and leave before the
  /// load reads it: a load that opened the pipe a second time then waited for another writer,
  /// for ever (`replay FILE` did, for a pipe whose writer was quicker). Whether the writer is
  /// quicker is the scheduler's call, so a second opening fails this test only sometimes;
  /// should the load wait here, the test opens the pipe for writing itself to let it go.
  @Test(arguments: [12, 1_250])
  func aNamedPipeIsReadOnceAndWhole(lines: Int) throws {
    let large = try #require(CheckCommandTests.large, "replay generate failed")
    let bytes = Array(RecordingLines(large).lines.prefix(lines).map { large[$0] + [0x0A] }.joined())
    #expect(lines < 100 ? bytes.count < 4_096 : bytes.count > 65_536)
    let directory = try TemporaryDirectory()
    let path = directory.path + "/pipe"
    try #require(mkfifo(path, 0o600) == 0)
    Thread.detachNewThread {
      // Opening a pipe for writing waits for its reader.
      let handle = FileHandle(forWritingAtPath: path)
      handle?.write(Data(bytes))
      try? handle?.close()
    }
    let outcome = Locked<(bytes: [UInt8], loaded: Result<Timeline, RecordingError>, ChangeIndex)?>(
      nil)
    let loaded = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      var index = ChangeIndex()
      let result = try? DebugCommand.load(
        file: path, options: .init(), keepGoing: false, chunkSize: Self.chunkSize, jobs: 2,
        index: &index)
      outcome.withLock { $0 = result.map { ($0.bytes, $0.loaded, index) } }
      loaded.signal()
    }
    guard loaded.wait(timeout: .now() + 10) == .success else {
      let descriptor = open(path, O_WRONLY | O_NONBLOCK)
      if descriptor >= 0 { close(descriptor) }
      Issue.record("the load of \(lines) lines from a named pipe did not end")
      return
    }
    let (read, result, index) = try #require(outcome.withLock { $0 }, "the load threw")
    #expect(read == bytes)
    var wholeIndex = ChangeIndex()
    let whole = Timeline.load(bytes, observe: { wholeIndex.add($0, event: $1, settled: $2) })
    expectSame(result, index, as: whole, wholeIndex, "from a pipe", #_sourceLocation)
  }

  /// Read into memory chunk by chunk, a file that is not the length it was opened with is told.
  ///
  /// Shorter, a chunk comes up short; longer, there are bytes after the last chunk. The debugger
  /// then reads it whole again.
  @Test func aFileReadIntoMemoryThatChangedLengthIsTold() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/recording.jsonl"
    let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    for (length, isWhole) in [(10_000, true), (9_000, false), (11_000, false)] {
      let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: length)
      defer { buffer.deallocate() }
      buffer.initialize(repeating: 0)
      let ahead = DecodeAhead(
        .filling(descriptor: descriptor, path: path, buffer: buffer), chunkSize: 1024)
      // The replay reads or waits for the first chunks in order; the helper has the others.
      var told = true
      for chunk in 0..<(length + 1023) / 1024 {
        switch ahead.fill(chunk) {
        case .ready(let decoded):
          ahead.replayed(chunk, spent: decoded)
        case .changed:
          told = false
        case .failed(let error):
          Issue.record("reading failed: \(error)")
        }
        if !told { break }
      }
      ahead.stop()
      if told { told = try ahead.readRest() }
      #expect(told == isWhole, "a buffer of \(length) bytes for a file of 10,000")
      if isWhole { #expect(Array(buffer) == bytes) }
    }
  }

  @Test func aLoadDecodedAheadIsTheLoadInOnePiece() throws {
    let recording = RecordingLines(try #require(CheckCommandTests.large, "replay generate failed"))
    #expect(recording.bytes.count > 4 * Self.chunkSize)
    try expectSameLoad(recording.bytes, keepGoing: false)
  }

  /// Lines cut short across chunk boundaries and in the middle of chunks: the load stops at the
  /// first, or with `--keep-going` leaves each out.
  @Test func badLinesAcrossChunksLoadTheSame() throws {
    var recording = RecordingLines(try #require(CheckCommandTests.large, "replay generate failed"))
    let broken = [2, 5, 7, 11].map { recording.lineNumber(containing: $0 * Self.chunkSize) }
    for number in broken + [broken[1] + 3] { try recording.truncate(line: number) }
    try expectSameLoad(recording.bytes, keepGoing: false)
    try expectSameLoad(recording.bytes, keepGoing: true)
  }
}
