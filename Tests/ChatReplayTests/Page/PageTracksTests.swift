import Testing

@testable import ChatReplay

/// `PageTracks` keeps the four tracks as runs of equal values and draws them into the timeline's
/// columns at the end: the columns worked out by hand on a short page, and a seeded run held to
/// drawing every step into its column one at a time, as the page builder did before.
struct PageTracksTests {
  /// Five steps into two columns: step s is in column s × 2 / 5, so steps 0, 1 and 2 (0/5, 2/5,
  /// 4/5) in column 0 and steps 3 and 4 (6/5, 8/5) in column 1.
  @Test func drawsEachColumnsLeastAndGreatestValueAndItsTypes() {
    var tracks = PageTracks(expectedCount: 5)
    let nan = Double.nan
    let steps: [(Double, Double, Double, Double, UInt8)] = [
      (3, nan, 0, 5, 0),
      (3, nan, -0.0, 5, 2),
      (1, .infinity, -0.0, 5, 2),
      (7, nan, -0.0, 5, 64),
      (7, nan, 0, 5, 1),
    ]
    for step in steps {
      tracks.add((step.0, step.1, step.2, step.3), type: step.4)
    }
    #expect(tracks.count == 5)
    let (columns, ticks) = tracks.columns(2)
    // Track 0: column 0 holds 3, 3, 1 (least 1, greatest 3); column 1 holds 7, 7.
    #expect(columns[0] == [1, 3, 7, 7])
    // Track 1: no finite value, so no least or greatest in either column.
    #expect(columns[1].count == 4 && columns[1].allSatisfy(\.isNaN))
    // Track 2: column 0 meets 0 first, and -0 is neither less nor greater, so 0 stays both
    // ways; column 1 meets -0 first (step 3), which stays.
    #expect(columns[2] == [0, 0, 0, 0])
    #expect(columns[2].map(\.sign) == [.plus, .plus, .minus, .minus])
    // Track 3: one run over both columns.
    #expect(columns[3] == [5, 5, 5, 5])
    // Column 0: types 0 and 2, bits 0b101 = 5. Column 1: type 64 has no bit; type 1 is 0b10.
    #expect(ticks == [5, 2])
  }

  /// Fewer steps than columns: a column a step.
  @Test func aShortPageHasAColumnForEachStep() {
    var tracks = PageTracks(expectedCount: 3)
    tracks.add((1, 2, 3, 4), type: 0)
    tracks.add((1, 2, 3, 5), type: 3)
    tracks.add((9, 2, 3, 5), type: 3)
    let (columns, ticks) = tracks.columns(1000)
    #expect(columns[0] == [1, 1, 1, 1, 9, 9])
    #expect(columns[1] == [2, 2, 2, 2, 2, 2])
    #expect(columns[3] == [4, 4, 5, 5, 5, 5])
    // Types 0, 3, 3: bits 1, 8, 8.
    #expect(ticks == [1, 8, 8])
  }

  @Test func anEmptyPageHasNoColumns() {
    let (columns, ticks) = PageTracks(expectedCount: 0).columns(1000)
    #expect(columns == [[], [], [], []])
    #expect(ticks.isEmpty)
  }

  /// Every step drawn into its column one at a time (the model), against the runs.
  @Test(arguments: [1, 7, 1000])
  func seededStepsMatchDrawingEveryStep(columnCount: Int) {
    var generator = SplitMix64(seed: 41)
    // Few values, so that runs form, with the odd ones a device gives.
    let values: [Double] = [0, -0.0, 1, 2.5, -30, .nan, .infinity, -.infinity, 336]
    for stepCount in [0, 1, 2, 999, 1000, 1001, 4321] {
      var tracks = PageTracks(expectedCount: stepCount)
      var model: [(values: [Double], type: UInt8)] = []
      var current = [Double](repeating: 0, count: 4)
      for _ in 0..<stepCount {
        for track in 0..<4 where generator.next() % 5 == 0 {
          current[track] = values[Int(generator.next() % UInt64(values.count))]
        }
        let type = UInt8(generator.next() % 70)
        tracks.add((current[0], current[1], current[2], current[3]), type: type)
        model.append((current, type))
      }
      let (columns, ticks) = tracks.columns(columnCount)
      let count = min(columnCount, stepCount)
      var expected = [[Double]](repeating: Array(repeating: .nan, count: 2 * count), count: 4)
      var expectedTicks = [UInt64](repeating: 0, count: count)
      for (step, entry) in model.enumerated() {
        let column = step * count / stepCount
        for track in 0..<4 where entry.values[track].isFinite {
          let value = entry.values[track]
          if !(expected[track][2 * column] <= value) { expected[track][2 * column] = value }
          if !(expected[track][2 * column + 1] >= value) { expected[track][2 * column + 1] = value }
        }
        if entry.type < 64 { expectedTicks[column] |= 1 << UInt64(entry.type) }
      }
      // Compared bit for bit: NaN for NaN, and 0 apart from -0.
      #expect(
        columns.map { $0.map(\.bitPattern) } == expected.map { $0.map(\.bitPattern) },
        "\(stepCount) steps, \(columnCount) columns")
      #expect(ticks == expectedTicks, "\(stepCount) steps, \(columnCount) columns")
    }
  }
}
