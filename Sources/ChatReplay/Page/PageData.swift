/// The data of a session page (`replay html`): per step the event, the state as changes from
/// checkpoints, the phone as its parts where they change (``PageScene``); the tracks downsampled to the canvas's
/// columns; the diagnostics as runs; and, for short pages, the debugger's `why` and `blame` texts;
/// as one JSON object the page's script reads (a long page made in one pass writes the columns
/// that grow with its steps in pieces before that object: see ``pieceSteps(expectedSteps:)``).
///
/// Everything is computed here, by the library: the page only looks values up, and draws the
/// phone's shapes from its parts by the rules ``Scene/shapes`` draws with.
/// The encoding is built for a million steps: columns of small numbers, only what changed, and
/// each message written once, when it appears (messages are only ever appended).
public enum PageData {
  /// The whole state and scene are stored every this many steps; the steps between store only
  /// what changed.
  public static let checkpointInterval = 256
  /// Pages of at most this many steps carry `why` and `blame` for every value (but the
  /// messages') at every step; longer ones name the debugger's commands instead.
  public static let explainedStepLimit = 200
  /// The most steps a page holds; longer recordings need `--from`/`--to`.
  public static let stepLimit = 2_000_000
  /// The state panel shows the last this many messages (and says how many came before).
  public static let messageRows = 100
  /// The tracks' columns: each holds the least and the greatest value of its steps.
  public static let trackColumns = 1_000

  /// The JSON text of the page's data for `timeline`'s steps `range`, under `name`.
  public static func json(_ timeline: Timeline, name: String, range: ClosedRange<Int>) -> String {
    String(decoding: jsonUTF8(timeline, name: name, range: range), as: UTF8.self)
  }

  /// ``json(_:name:range:)`` as UTF-8 bytes, with no `String` made of a page's megabytes.
  public static func jsonUTF8(_ timeline: Timeline, name: String, range: ClosedRange<Int>)
    -> [UInt8]
  {
    jsonUTF8(timeline, name: name, range: range, readsFields: true)
  }

  /// ``jsonUTF8(_:name:range:)``; without `readsFields`, each state written whole and compared
  /// leaf by leaf (see ``PageBuilder``).
  ///
  /// With `textsToScript`, the texts the page's script can make from what the page holds (most
  /// keystrokes' summaries, most diagnostics' messages) are left to it, as a page made in one
  /// pass leaves them.
  ///
  /// `index` and `diagnosticChanges`, when given, are the
  /// timeline's change index and where each diagnostic changed, gathered as it loaded: a page
  /// short enough to carry `why` and `blame` otherwise finds them in replays of its own.
  static func jsonUTF8(
    _ timeline: Timeline, name: String, range: ClosedRange<Int>, index: ChangeIndex? = nil,
    diagnosticChanges: DiagnosticChanges? = nil, readsFields: Bool, textsToScript: Bool = false
  ) -> [UInt8] {
    var builder = PageBuilder(
      measurer: timeline.screen.measurer, first: range.lowerBound, expectedCount: range.count,
      explaining: range.count <= explainedStepLimit ? timeline : nil, index: index,
      diagnosticChanges: diagnosticChanges, readsFields: readsFields,
      textsToScript: textsToScript)
    var state = timeline.state(at: range.lowerBound)
    // Each event is decoded once, for the replay and the page's event columns.
    var line = range.lowerBound > 0 ? timeline.lines[range.lowerBound - 1] : nil
    builder.add(
      state, event: line.map(timeline.event(on:)), line: line?.number ?? timeline.headerLine)
    for step in range.dropFirst() {
      let current =
        line.map { timeline.lines.line(at: step - 1, after: $0) } ?? timeline.lines[step - 1]
      let event = timeline.event(on: current)
      timeline.screen.reduce(into: &state, event)
      builder.add(state, event: event, line: current.number)
      line = current
    }
    return builder.finish(
      name: name,
      title: Summary.title(file: name, header: timeline.header, screen: timeline.screen),
      layout: timeline.state(at: 0).layout, lastStep: timeline.lastStep)
  }

  /// The scalar leaves of `node` as `--json` paths and values: `inputBar.frame.y` and `438`,
  /// strings quoted as JSON writes them.
  public static func leaves(of node: StateNode, prefix: String = "") -> [(String, String)] {
    switch node {
    case .number, .bool:
      return [(prefix, node.text)]
    case .string(let value):
      return [(prefix, PageJSON.quoted(value))]
    case .object(let members):
      return members.flatMap { member in
        leaves(of: member.value, prefix: prefix.isEmpty ? member.key : prefix + "." + member.key)
      }
    case .array(let elements):
      if elements.isEmpty { return [(prefix, "[]")] }
      return elements.enumerated().flatMap { index, element in
        leaves(of: element, prefix: prefix + "[\(index)]")
      }
    }
  }
}
