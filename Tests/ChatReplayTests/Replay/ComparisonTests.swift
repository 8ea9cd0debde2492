import ChatReplay
import ReplayTestSupport
import Testing

/// `replay compare`'s library side: replaying one recording through several layouts.
///
/// iPhone SE, 375×667, safe area 20/0, no messages. scroll-to-field: the field's row at 0, on
/// screen at 0 + 20 = 20 (offset −20), bottom inset 0 + 0. accessory: docked, 50 + 0 high at
/// 617, offset −20. After `receive`, scroll-to-field's field moves down one 44-pt row to 64.
struct ComparisonTests {
  static let recording = """
    {"type":"session","version":1,"layout":"accessory","device":{"model":"iPhone SE","screen":{"width":375,"height":667},"safeArea":{"top":20,"left":0,"bottom":0,"right":0}},"messages":[]}
    {"t":1,"type":"receive","text":"Yo"}

    """

  func compare(_ text: String, layouts: [LayoutID]) -> Comparison {
    compare(text, columns: layouts.map { Comparison.Column($0) })
  }

  func compare(_ text: String, columns: [Comparison.Column]) -> Comparison {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer {
      Comparison(
        replaying: $0, columns: columns, options: Replayer.Options(measurer: FixedWidthMeasurer()))
    }
  }

  @Test func cellsPerLayoutAndTheStepsThatDiverge() {
    let comparison = compare(Self.recording, layouts: [.scrollToField, .accessory])
    #expect(comparison.errors.isEmpty)
    #expect(comparison.rows.count == 2)
    #expect(comparison.rows.map(\.cells.count) == [2, 2])
    let field = comparison.rows.map { $0.cells[0].inputBarFrame }
    #expect(
      field == [
        Rect(x: 0, y: 20, width: 375, height: 44), Rect(x: 0, y: 64, width: 375, height: 44),
      ])
    let container = comparison.rows.map { $0.cells[1].inputBarFrame }
    #expect(container == Array(repeating: Rect(x: 0, y: 617, width: 375, height: 50), count: 2))
    #expect(comparison.rows.map { $0.cells[1].offsetY } == [-20, -20])
    #expect(comparison.rows.map { $0.cells[1].bottomInset } == [0, 0])
    #expect(comparison.divergingSteps == [0, 1])
  }

  @Test func oneLayoutTwiceNeverDiverges() {
    let comparison = compare(Self.recording, layouts: [.accessory, .accessory])
    #expect(comparison.divergingSteps == [])
    #expect(comparison.lines(file: "f.jsonl").last == "2 steps, 0 diverging")
  }

  @Test func textShowsEachLayoutOnItsOwnLineAndMarksDivergence() {
    let comparison = compare(Self.recording, layouts: [.scrollToField, .accessory])
    let expected = """
      f.jsonl: scroll-to-field, accessory on iPhone SE, 375×667 pt, safe area 20/0/0/0 (header layout: accessory)

      step        t  event                                          layout           input bar              inset.b  offset.y  diagnostics
         0    0.000  (start)                                      ≠ scroll-to-field  (0, 20, 375×44)              0       -20
                                                                    accessory        (0, 617, 375×50)             0       -20
         1    1.000  receive "Yo"                                 ≠ scroll-to-field  (0, 64, 375×44)              0       -20
                                                                    accessory        (0, 617, 375×50)             0       -20

      2 steps, 2 diverging (first at step 0)
      """
    expectNoDifference(comparison.lines(file: "f.jsonl").joined(separator: "\n"), expected)
  }

  @Test func jsonGivesEveryLayoutsValues() {
    let comparison = compare(Self.recording, layouts: [.scrollToField, .accessory])
    var writer = JSONWriter()
    comparison.write(comparison.rows[1], to: &writer)
    let expected =
      #"{"step":1,"t":1,"event":{"t":1,"type":"receive","text":"Yo"},"diverges":true,"layouts":["#
      + #"{"layout":"scroll-to-field","inputBar":{"frame":{"x":0,"y":64,"width":375,"height":44}},"#
      + #""bottomInset":0,"offsetY":-20,"diagnostics":[]},"#
      + #"{"layout":"accessory","inputBar":{"frame":{"x":0,"y":617,"width":375,"height":50}},"#
      + #""bottomInset":0,"offsetY":-20,"diagnostics":[]}]}"#
    expectNoDifference(String(decoding: writer.bytes, as: UTF8.self), expected)
  }

  @Test func badLineStopsTheRowsAndIsReportedOnce() {
    let comparison = compare(
      Self.recording + #"{"t":2,"type":"sendTapp"}"# + "\n", layouts: [.scrollToField, .accessory])
    #expect(comparison.rows.count == 2)
    #expect(comparison.errors.count == 1)
    #expect(comparison.errors.first?.line == 3)
  }

  @Test func columnNamesCarryTheRxKeyboardRelease() {
    #expect(
      Comparison.Column(name: "rxkeyboard@2.0.1")
        == Comparison.Column(.rxkeyboard, rxKeyboardVersion: .v2))
    #expect(Comparison.Column(name: "rxkeyboard@1.0.0")?.name == "rxkeyboard")
    #expect(Comparison.Column(name: "growing@2.0.1") == nil)
    #expect(Comparison.Column(name: "rxkeyboard@3") == nil)
    #expect(Comparison.Column(name: "scroll-to-field")?.id == .scrollToField)
  }

  @Test func rxKeyboardReleasesDivergeWhereTheKeyboardLeavesTheScreen() {
    // iPhone SE, no messages. A frame below the screen, (0, 700, 375, 216): 1.0.0 emits
    // k = 667 − 700 = −33, 2.0.1 the height of the part on screen, none: 0 (equal to the last k,
    // but the frame changed, so it is emitted). Bars: 667 − 0 + 33 − 44 = 656 and 667 − 44 = 623.
    let text = """
      {"type":"session","version":1,"device":{"model":"iPhone SE","screen":{"width":375,"height":667},"safeArea":{"top":20,"left":0,"bottom":0,"right":0}},"messages":[]}
      {"t":1,"type":"keyboard","name":"willChangeFrame","frameEnd":{"x":0,"y":700,"width":375,"height":216}}

      """
    let comparison = compare(
      text,
      columns: [
        Comparison.Column(.rxkeyboard), Comparison.Column(.rxkeyboard, rxKeyboardVersion: .v2),
      ])
    #expect(comparison.divergingSteps == [1])
    #expect(comparison.rows[1].cells.map(\.inputBarFrame.y) == [656, 623])
  }

  @Test func comparatorGivesTheSameRowsChunkByChunk() {
    let bytes = Array(Self.recording.utf8)
    let columns = [Comparison.Column(.scrollToField), Comparison.Column(.accessory)]
    let options = Replayer.Options(measurer: FixedWidthMeasurer())
    let whole = bytes.withUnsafeBufferPointer {
      Comparison(replaying: $0, columns: columns, options: options)
    }
    var comparator = Comparator(columns: columns, options: options)
    var starts = 0
    var cells: [[Comparison.Cell]] = []
    func take(_ output: Comparator.Output) -> Bool {
      switch output {
      case .start: starts += 1
      case .row(let row): cells.append(row.cells)
      }
      return true
    }
    // Seven bytes at a time: lines split across chunks.
    for start in stride(from: 0, to: bytes.count, by: 7) {
      bytes[start..<min(start + 7, bytes.count)].withUnsafeBufferPointer {
        _ = comparator.read($0, take)
      }
    }
    comparator.finish(take)
    #expect(starts == 1)
    #expect(cells == whole.rows.map(\.cells))
    #expect(cells.count == 2)
  }

  /// Adversarial recordings compared in batches of about a dozen steps give the rows of one
  /// batch: a layout's diagnostics carried from a batch to the next are its latest state's, also
  /// when the batch began with none and its only new run of diagnostics is its last cell's
  /// (that run then starts the batch's list, where the run carried in would have been).
  @Test func adversarialRecordingsGiveTheSameRowsInSmallBatches() {
    let columns = Comparison.Column.every()
    let options = Replayer.Options(measurer: FixedWidthMeasurer())
    for seed: UInt64 in [1, 2, 3, 7, 11] {
      let bytes = Array(AdversarialRecording(seed: seed, eventCount: 400).text.utf8)
      let whole = bytes.withUnsafeBufferPointer {
        Comparison(replaying: $0, columns: columns, options: options)
      }
      let cells = Self.cells(comparing: bytes, columns: columns, options: options, chunkSize: 1024)
      #expect(cells.count == whole.rows.count, "seed \(seed)")
      for (step, (chunked, row)) in zip(cells, whole.rows).enumerated() where chunked != row.cells {
        Issue.record("seed \(seed), step \(step): the cells differ")
        break
      }
    }
  }

  /// Each row's cells of `bytes` compared through `columns` by a ``Comparator`` fed
  /// `chunkSize` bytes at a time, so that lines and runs of steps cross from one batch into the
  /// next.
  static func cells(
    comparing bytes: [UInt8], columns: [Comparison.Column], options: Replayer.Options,
    chunkSize: Int
  ) -> [[Comparison.Cell]] {
    var comparator = Comparator(columns: columns, options: options)
    var cells: [[Comparison.Cell]] = []
    func take(_ output: Comparator.Output) -> Bool {
      if case .row(let row) = output { cells.append(row.cells) }
      return true
    }
    for start in stride(from: 0, to: bytes.count, by: chunkSize) {
      bytes[start..<min(start + chunkSize, bytes.count)].withUnsafeBufferPointer {
        _ = comparator.read($0, take)
      }
    }
    comparator.finish(take)
    return cells
  }
}
