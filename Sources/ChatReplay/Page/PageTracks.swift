/// The page's four tracks (the keyboard's visible height, the input bar's bottom, the list's
/// bottom inset and its offset) and each step's event type, kept step by step and drawn into the
/// timeline's columns once the page is done: a page made in one pass over a recording learns
/// its number of steps, and so which steps each column holds, only at the end.
///
/// A track's value is kept as runs: a new run starts only where the value changes (its bits
/// do), so a run of keystrokes, which moves none of the four, keeps nothing. On the
/// 100,000-event generated recording each track changes at about 7 % of the steps; one `Double`
/// a track a step took 32 MB on a 1M-event page, all of it memory touched for the first time.
struct PageTracks {
  /// A value that starts a run of one of the tracks at a step (the page's, counted from 0).
  private struct Run {
    var step: Int32
    var track: Int32
    var value: Double
  }

  /// The runs of the four tracks, in the order of their steps.
  private var runs: [Run] = []
  /// Each track's value at the last step added, as bits.
  private var last = InlineArray<4, UInt64>(repeating: 0)
  /// Each step's event type (its place in the page's types, which are fewer than 256).
  private var types: [UInt8] = []

  /// The number of steps added.
  var count: Int { types.count }

  /// Tracks with room for `expectedCount` steps' types.
  init(expectedCount: Int) {
    types.reserveCapacity(expectedCount)
  }

  /// Adds the next step: its four values and its event type.
  @inline(__always)
  mutating func add(_ values: (Double, Double, Double, Double), type: UInt8) {
    let step = types.count
    types.append(type)
    add(values.0, track: 0, step: step)
    add(values.1, track: 1, step: step)
    add(values.2, track: 2, step: step)
    add(values.3, track: 3, step: step)
  }

  @inline(__always)
  private mutating func add(_ value: Double, track: Int, step: Int) {
    let bits = value.bitPattern
    guard step == 0 || bits != last[track] else { return }
    last[track] = bits
    runs.append(
      Run(
        step: Int32(truncatingIfNeeded: step), track: Int32(truncatingIfNeeded: track),
        value: value))
  }

  /// The four tracks drawn into `min(columns, count)` columns, each column's least and greatest
  /// finite value, one after the other (`nan` for a column with none); and each column's event
  /// types, a bit for each type below 64.
  ///
  /// Step `s` of `n` is in column `s × columns / n`: a run of steps covers the columns from its
  /// first step's to its last's. Each column takes a track's values in the order of their steps
  /// (the first of `0` and `-0` it meets stays), as it took them step by step.
  func columns(_ columns: Int) -> (tracks: [[Double]], ticks: [UInt64]) {
    let steps = count
    let columns = min(columns, steps)
    guard columns > 0 else { return (Array(repeating: [], count: 4), []) }
    // The four tracks one after the other in one array, filled through pointers.
    var flat = Array(repeating: Double.nan, count: 4 * 2 * columns)
    var ticks = Array(repeating: UInt64(0), count: columns)
    flat.withUnsafeMutableBufferPointer { flat in
      // Each track's run under way: where it starts and its value.
      var open = InlineArray<4, (step: Int, value: Double)>(repeating: (-1, 0))
      func close(_ track: Int, through end: Int) {
        let (start, value) = open[track]
        guard start >= 0, value.isFinite else { return }
        let place = track * 2 * columns
        for column in (start * columns / steps)...((end - 1) * columns / steps) {
          if !(flat[place + 2 * column] <= value) { flat[place + 2 * column] = value }
          if !(flat[place + 2 * column + 1] >= value) { flat[place + 2 * column + 1] = value }
        }
      }
      for run in runs {
        let track = Int(run.track)
        close(track, through: Int(run.step))
        open[track] = (Int(run.step), run.value)
      }
      for track in 0..<4 { close(track, through: steps) }
    }
    ticks.withUnsafeMutableBufferPointer { ticks in
      types.withUnsafeBufferPointer { types in
        for step in 0..<steps where types[step] < 64 {
          ticks[step * columns / steps] |= 1 << UInt64(types[step])
        }
      }
    }
    let tracks = (0..<4).map { track in
      Array(flat[(track * 2 * columns)..<((track + 1) * 2 * columns)])
    }
    return (tracks, ticks)
  }
}
