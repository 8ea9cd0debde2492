import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

@testable import replay

/// `replay compare`: the binary, its usage errors in process, and the same rows whether the
/// layouts are reduced on two threads or on one.
struct CompareCommandTests {
  /// How `compare` reads in the two-thread tests, which run it in process: chunks of 1 KiB, so
  /// that the 240 events of ``large`` (about 19 kB) make about 18 batches, which the command's
  /// two threads share, as a file of 5 MB does at the real size.
  static let reading = CheckCommand.Reading(
    chunkSize: 1 << 10, window: 16, lineLimit: RecordingReader.defaultLineLimit)

  /// `replay generate --seed 7 --events 240`, generated once; `nil` if that failed.
  static let large = CheckCommandTests.generated(events: 240)

  /// Runs `replay compare arguments` in process, reading as ``reading`` says.
  func compare(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
    -> CommandLineTests.Run
  {
    try runParsed(CompareCommand.self, arguments, sourceLocation: sourceLocation) {
      $0.reading = Self.reading
    }
  }

  /// What the library's ``Comparison``, which reduces every layout on the calling thread, prints
  /// for `bytes` as `replay compare path` (and with `--json`, `--diverging`).
  func reference(
    _ bytes: [UInt8], path: String, json: Bool, onlyDiverging: Bool = false,
    columns: [Comparison.Column] = Comparison.Column.every()
  ) -> CommandLineTests.Run {
    let comparison = bytes.withUnsafeBufferPointer { Comparison(replaying: $0, columns: columns) }
    let error = comparison.errors.map { $0.rendered(file: path) + "\n" }.joined()
    let status: Int32 = comparison.errors.isEmpty ? 0 : 1
    guard json else {
      let text = comparison.lines(file: path, onlyDiverging: onlyDiverging).map { $0 + "\n" }
        .joined()
      return CommandLineTests.Run(status: status, output: text, error: error)
    }
    var writer = JSONWriter()
    for row in comparison.rows where row.diverges || !onlyDiverging {
      comparison.write(row, to: &writer)
      writer.newline()
    }
    return CommandLineTests.Run(
      status: status, output: String(decoding: writer.bytes, as: UTF8.self), error: error)
  }

  @Test func layoutsOnTwoThreadsGiveTheRowsOfOne() throws {
    let bytes = try #require(Self.large, "replay generate failed")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try writeFile(bytes, "large.jsonl", in: folder)
    #expect(bytes.count > 16 * Self.reading.chunkSize)
    let text = try compare([path])
    expectNoDifference(text, reference(bytes, path: path, json: false))
    // Steps 0 to 240, then the count.
    #expect(text.output.contains("\n\n241 steps, "))
    expectNoDifference(try compare([path, "--json"]), reference(bytes, path: path, json: true))
    // Every step of the generated file diverges across all the layouts; the two RxKeyboard
    // releases diverge at some steps only.
    let releases = ["rxkeyboard", "rxkeyboard@2.0.1"]
    let columns = releases.compactMap(Comparison.Column.init(name:))
    let both = reference(bytes, path: path, json: false, columns: columns)
    let diverging = reference(bytes, path: path, json: false, onlyDiverging: true, columns: columns)
    #expect(diverging.output.count < both.output.count / 2)
    #expect(diverging.output.contains(" ≠ rxkeyboard "))
    let layouts = ["--layouts", releases.joined(separator: ",")]
    expectNoDifference(try compare([path, "--diverging"] + layouts), diverging)
    expectNoDifference(
      try compare([path, "--diverging", "--json"] + layouts),
      reference(bytes, path: path, json: true, onlyDiverging: true, columns: columns))
  }

  @Test func layoutsOnTwoThreadsStopBeforeABadLine() throws {
    var recording = RecordingLines(try #require(Self.large, "replay generate failed"))
    // Past the middle of the file's 18 or so chunks.
    try recording.truncate(line: 150)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try writeFile(recording.bytes, "bad.jsonl", in: folder)
    let text = try compare([path])
    expectNoDifference(text, reference(recording.bytes, path: path, json: false))
    // Lines 2 to 149 are replayed: steps 0 to 148.
    #expect(text.status == 1)
    #expect(text.output.contains("\n\n149 steps, "))
    #expect(text.error.hasPrefix("\(path):150:"))
    expectNoDifference(
      try compare([path, "--json"]), reference(recording.bytes, path: path, json: true))
  }

  /// Keystrokes typed one at a time into long drafts print what the library prints row by row.
  ///
  /// Plain drafts, whose summary the steps' lane copies while their first 25 scalars stay the
  /// same, and drafts with scalars that join (emoji, accents, `\r\n`) or need escapes, which it
  /// words in full; the `--json` events of keystrokes skip the general encoder.
  @Test func keystrokesIntoLongDraftsGiveTheRowsOfOne() throws {
    let drafts = [
      "The quick brown fox jumps over the lazy dog, again and again",
      "Emoji 👩‍👩‍👧 and flags 🇫🇷🇩🇪 in a draft longer than the summary shows",
      "e\u{301}e\u{301}e\u{301} accents that join, then plain text at the end of it all",
      "Quotes \" and \\ backslashes, a tab\t, a line\nbreak and \r\n in a long draft",
      "Control \u{01}\u{7F} bytes and CJK 漢字かな in a draft that goes on and on",
      "Exactly twenty-four char",
      "Exactly twenty-five chars",
    ]
    var lines = [
      #"{"type":"session","version":1,"layout":"rxkeyboard","device":{"model":"iPhone 15","screen":{"width":393,"height":852},"safeArea":{"top":59,"left":0,"bottom":34,"right":0}},"messages":[]}"#
    ]
    var t = 1.0
    func line(_ event: Event) {
      var writer = JSONWriter()
      EventEncoder.write(TimedEvent(t: t, event: event), to: &writer)
      lines.append(String(decoding: writer.bytes, as: UTF8.self))
      t += 0.125
    }
    for draft in drafts {
      var text = ""
      for character in draft {
        text.append(character)
        line(.textChange(text: text))
      }
      // An edit at the start, then the draft again, and sent.
      line(.textChange(text: "X" + text))
      line(.textChange(text: text))
      line(.sendTap)
    }
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try writeFile(bytes, "drafts.jsonl", in: folder)
    #expect(bytes.count > 16 * Self.reading.chunkSize)
    expectNoDifference(try compare([path]), reference(bytes, path: path, json: false))
    expectNoDifference(try compare([path, "--json"]), reference(bytes, path: path, json: true))
  }

  /// A layout's words that copy their frame, or their inset and offset, from the cell before
  /// (when only the other part changed) read as the library words them row by row, within a
  /// batch and across batches' edges.
  @Test func cellsCopyingPartsOfTheCellBeforeGiveTheRowsOfOne() throws {
    let generated = runInProcess([
      "generate", "--seed", "3", "--events", "400", "--adversarial",
    ])
    #expect(generated.status == 0)
    let bytes = Array(generated.outputBytes)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try writeFile(bytes, "adversarial.jsonl", in: folder)
    #expect(bytes.count > 16 * Self.reading.chunkSize)
    // The file has cells of both kinds: the same frame with another inset or offset, and
    // another frame with the same inset and offset.
    let comparison = bytes.withUnsafeBufferPointer { Comparison(replaying: $0) }
    var sameFrame = 0
    var sameNumbers = 0
    for (before, row) in zip(comparison.rows, comparison.rows.dropFirst()) {
      for (old, new) in zip(before.cells, row.cells) {
        let numbersAlike = old.bottomInset == new.bottomInset && old.offsetY == new.offsetY
        if old.inputBarFrame == new.inputBarFrame && !numbersAlike { sameFrame += 1 }
        if old.inputBarFrame != new.inputBarFrame && numbersAlike { sameNumbers += 1 }
      }
    }
    #expect(sameFrame > 20)
    #expect(sameNumbers > 20)
    expectNoDifference(try compare([path]), reference(bytes, path: path, json: false))
    expectNoDifference(try compare([path, "--json"]), reference(bytes, path: path, json: true))
  }

  @Test func compareShowsEveryLayoutAndMarksDivergence() throws {
    let result = try ReplayBinary.run(
      [
        "compare", ReplayBinary.recording("rotation.jsonl"), "--layouts",
        "rxkeyboard,rxkeyboard@2.0.1", "--diverging",
      ])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n")
    // The 2.0.1 column intersects frames with the screen, so the layouts part ways when the
    // keyboard frame leaves the rotated screen; the last line counts the diverging steps.
    #expect(lines.last?.hasPrefix("31 steps, ") == true)
    #expect(lines.contains { $0.contains("≠ rxkeyboard ") })
    #expect(lines.contains { $0.contains("rxkeyboard@2.0.1") })
  }

  @Test func compareJSONIsOneObjectPerStep() throws {
    let result = runInProcess(["compare", ReplayBinary.recording("basic-chat.jsonl"), "--json"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n")
    // 32 events: steps 0…32.
    #expect(lines.count == 33)
    for line in lines {
      #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any])
    }
  }

  @Test func compareRejectsAnUnknownLayout() throws {
    expectInProcess(
      ["compare", "Recordings/basic-chat.jsonl", "--layouts", "growin"], stdout: "",
      stderr: """
        Error: unknown layout 'growin'; did you mean 'growing'?
        Usage: replay compare FILE [--json] [--diverging] [--observed] [--layouts LIST]
                              [--rxkeyboard-version V] [--option NAME=VALUE]

        """, status: 64)
  }
}
