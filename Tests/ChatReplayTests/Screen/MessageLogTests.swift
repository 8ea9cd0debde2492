import Testing

@testable import ChatReplay

/// `MessageLog` keeps its messages in blocks of 1,024 that states share: reads across a block's
/// end, a prefix that goes its own way inside a block or at its end, and a seeded run of copies
/// and appends checked against plain arrays.
struct MessageLogTests {
  /// Message `index` of a list of cells 10 pt high, one under the other from y 0.
  private static func cell(_ index: Int, text: String = "m") -> Message {
    Message(from: .me, text: "\(text)\(index)", y: Double(index) * 10, height: 10)
  }

  private static func log(count: Int) -> MessageLog {
    var log = MessageLog()
    for index in 0..<count { log.append(cell(index)) }
    return log
  }

  @Test func readsEveryMessageAcrossTheBlocksEnds() {
    // 2,500 messages: two full blocks of 1,024 and 452 in a third.
    let log = Self.log(count: 2500)
    #expect(log.count == 2500)
    for index in [0, 1023, 1024, 1025, 2047, 2048, 2499] {
      #expect(log[index] == Self.cell(index))
    }
    #expect(log.last == Self.cell(2499))
    // Cell 2,499: y 2,499 × 10 = 24,990, height 10.
    #expect(log.lastCell?.y == 24990)
    #expect(log.lastCell?.height == 10)
    #expect(Array(log) == (0..<2500).map { Self.cell($0) })
    #expect(MessageLog().lastCell == nil)
  }

  /// The cells seen between two heights, across a block's end.
  ///
  /// Cell i spans 10i…10i + 10. Between 10,235 and 10,265: the first cell ending below 10,235 is
  /// 1,023 (it ends at 10,240; 1,022 ends at 10,230), and the last starting above 10,265 is
  /// 1,026 (it starts at 10,260; 1,027 at 10,270): 1,023..<1,027, across the first block's end.
  @Test func findsTheVisibleCellsAcrossABlocksEnd() {
    let log = Self.log(count: 2500)
    #expect(log.indices(ofCellsBetween: 10235, and: 10265) == 1023..<1027)
    // Above every cell: none ends below 25,000 (the last ends at 25,000).
    #expect(log.indices(ofCellsBetween: 25000, and: 25100) == 2500..<2500)
    #expect(log.indices(ofCellsBetween: -50, and: 5) == 0..<1)
  }

  /// A state that appends what a longer state already holds shares its storage; one that
  /// appends something else goes its own way, and neither sees the other's message.
  @Test(arguments: [0, 1, 1023, 1024, 1025, 2048])
  func anEarlierStateGoesItsOwnWay(at length: Int) {
    // The state after `length` messages, kept while the log goes on to `length + 700`.
    var longer = MessageLog()
    var earlier = longer
    for index in 0..<(length + 700) {
      if index == length { earlier = longer }
      longer.append(Self.cell(index))
    }
    #expect(earlier.count == length)
    #expect(earlier.sharesStorage(with: longer))

    var sharing = earlier
    sharing.append(Self.cell(length))
    #expect(sharing.sharesStorage(with: longer))

    var other = earlier
    other.append(Self.cell(length, text: "other"))
    #expect(!other.sharesStorage(with: longer))
    let expected = (0..<length).map { Self.cell($0) } + [Self.cell(length, text: "other")]
    #expect(Array(other) == expected)
    // The longer state is untouched, and the new storage grows on its own.
    for index in (length + 1)..<(length + 1100) { other.append(Self.cell(index, text: "other")) }
    #expect(other.count == length + 1100)
    #expect(other[length + 1099] == Self.cell(length + 1099, text: "other"))
    #expect(other[length] == Self.cell(length, text: "other"))
    #expect(Array(longer) == (0..<(length + 700)).map { Self.cell($0) })

    // Equal messages make equal logs, shared or not.
    let built = Self.log(count: length + 1)
    #expect(!built.sharesStorage(with: sharing))
    #expect(built == sharing)
    #expect(built != other)
  }

  /// Seeded appends to live logs and to earlier states of them match plain arrays.
  ///
  /// Each log is checked against the array it stands for. Few distinct texts, so an append often matches what another log holds.
  @Test func appendsToLiveAndEarlierStatesMatchPlainArrays() {
    var generator = SplitMix64(seed: 18)
    var live: [(log: MessageLog, array: [Message])] = [(MessageLog(), [])]
    // Earlier states: the log, and which live log's array and how much of it it holds (live
    // arrays are only appended to, so their prefixes stay what the earlier states held).
    var earlier: [(log: MessageLog, owner: Int, count: Int)] = []
    for _ in 0..<30000 {
      if generator.next() % 16 == 0, !earlier.isEmpty, live.count < 12 {
        let state = earlier[Int(generator.next() % UInt64(earlier.count))]
        live.append((state.log, Array(live[state.owner].array[0..<state.count])))
        continue
      }
      // Half the appends go to the longest log, so it grows past two blocks.
      let pick =
        generator.next() % 2 == 0 ? 0 : Int(generator.next() % UInt64(live.count))
      let count = live[pick].array.count
      let message = Message(
        from: .me, text: "t\(generator.next() % 3)", y: Double(count), height: 1)
      live[pick].log.append(message)
      live[pick].array.append(message)
      earlier.append((live[pick].log, pick, count + 1))
    }
    for (log, array) in live {
      #expect(log.count == array.count)
      #expect(Array(log) == array)
      #expect(log.lastCell?.y == array.last?.y)
    }
    for index in stride(from: 0, to: earlier.count, by: 97) {
      let state = earlier[index]
      #expect(Array(state.log) == Array(live[state.owner].array[0..<state.count]))
    }
    #expect(live[0].array.count > 2 * MessageLog.blockSize)
  }
}
