import ChatReplay
import ReplayTestSupport
import Testing

/// A comparison's cells are each layout's own replay: a column's cell at a step is the cell of
/// the state that replaying the recording through that layout alone gives (``ChatScreen``, one
/// event at a time), whatever batches the comparison reduces the steps in.
struct ComparisonPropertyTests {
  @Test func everyColumnIsItsLayoutsOwnReplay() {
    let columns = Comparison.Column.every()
    let streams = Gen.oneOf([PropertyDefaults.realistic, PropertyDefaults.adversarial])
    expectProperty(streams, cases: 40) { recording in
      // Small chunks: runs of keystrokes cross from one batch into the next.
      let rows = ComparisonTests.cells(
        comparing: recording.bytes, columns: columns,
        options: Replayer.Options(measurer: PropertyDefaults.measurer), chunkSize: 512)
      for (column, layout) in LayoutID.allCases.enumerated() {
        let states = recording.states(layout: layout)
        guard rows.count == states.count else {
          return "\(rows.count) rows for \(states.count) states"
        }
        for (row, state) in zip(rows, states) where row[column] != Comparison.Cell(state) {
          return
            "\(layout.rawValue), step \(state.step): the comparison's cell differs from the layout's own"
        }
      }
      return nil
    }
  }
}
