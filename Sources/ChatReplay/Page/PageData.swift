/// The data of a session page (`replay html`): per step the event, the track values, the state
/// as changes from checkpoints, the scene as shapes, and the debugger's `why` and `blame` texts,
/// as one JSON object the page's script reads.
///
/// Everything is computed here, by the library: the page only looks values up and draws shapes.
public enum PageData {
  /// A full state is stored every this many steps; the steps between store only what changed.
  public static let checkpointInterval = 64
  /// Pages of at most this many steps carry `why` and `blame` for every value (but the
  /// messages') at every step.
  public static let explainedStepLimit = 200
  /// The most steps a page holds; longer recordings need `--from`/`--to`.
  public static let stepLimit = 20_000

  /// The JSON text of the page's data for `timeline`'s steps `range`, under `name`.
  public static func json(_ timeline: Timeline, name: String, range: ClosedRange<Int>) -> String {
    var out = PageJSON()
    out.open()
    out.key("file", name)
    out.key("title", Summary.title(file: name, header: timeline.header, screen: timeline.screen))
    out.key("layout", timeline.state(at: 0).layout.rawValue)
    out.key("first", range.lowerBound)
    out.key("last", range.upperBound)
    out.key("lastStep", timeline.lastStep)
    var debugger = Debugger(timeline: timeline)
    var paths: [String] = []
    var pathIndex: [String: Int] = [:]
    var shapeTable: [String] = []
    var shapeIndex: [String: Int] = [:]
    var texts: [String] = []
    var textIndex: [String: Int] = [:]
    func intern(_ text: String, _ table: inout [String], _ index: inout [String: Int]) -> Int {
      if let found = index[text] { return found }
      table.append(text)
      index[text] = table.count - 1
      return table.count - 1
    }
    var steps = PageJSON()
    var previous: [Int: String] = [:]
    var previousState: ChatState?
    var explained: [Int: (why: Int, blame: Int, explanation: Explanation?)] = [:]
    let explains = range.count <= explainedStepLimit
    var tally = Summary.Tally()
    steps.openArray()
    for step in range {
      let state = timeline.state(at: step)
      tally.add(state)
      var values: [Int: String] = [:]
      var order: [Int] = []
      for (path, value) in leaves(of: StateNode(state)) {
        let id = intern(path, &paths, &pathIndex)
        values[id] = value
        order.append(id)
      }
      steps.open()
      steps.key("step", step)
      steps.key("t", state.t)
      if step > 0 {
        let event = timeline.event(at: step).event
        steps.key("line", timeline.lines[step - 1].number)
        steps.key("type", EventClass(event).label)
        steps.key("summary", event.summary)
      } else {
        steps.key("line", timeline.headerLine ?? 0)
        steps.key("type", "start")
        steps.key("summary", "start")
      }
      steps.key("k", state.keyboard.visibleHeight)
      steps.key("barMaxY", state.inputBar.frame.maxY)
      steps.key("inset", state.adjustedContentInset.bottom)
      steps.key("offset", state.list.contentOffsetY)
      steps.key("diagnostics", state.diagnostics.map(\.id))
      steps.key("messages", state.diagnostics.map { "\($0.id): \($0.message)" })
      let isCheckpoint = (step - range.lowerBound) % checkpointInterval == 0
      steps.keyName("state")
      steps.openArray()
      for id in order where isCheckpoint || previous[id] != values[id] {
        steps.element(id)
        steps.element(values[id] ?? "")
      }
      if !isCheckpoint {
        // Paths that went away (a diagnostic fewer) are given as null.
        for id in previous.keys.sorted() where values[id] == nil {
          steps.element(id)
          steps.null()
        }
      }
      steps.closeArray()
      steps.key("full", isCheckpoint)
      let scene = Scene(state, measurer: timeline.screen.measurer)
      steps.key(
        "scene",
        scene.shapes.map { intern(PageJSON.shape($0), &shapeTable, &shapeIndex) })
      if explains {
        _ = debugger.execute("goto \(step)")
        var isObservation = false
        if step > 0, case .observed = timeline.event(at: step).event { isObservation = true }
        steps.keyName("why")
        steps.openArray()
        // Messages' values are left out: they are many, and none has a layout rule.
        for id in order where !paths[id].hasPrefix("messages[") {
          let path = paths[id]
          let isChanged = step == range.lowerBound || previous[id] != values[id]
          let statePath = StatePath(parsing: path)
          // `blame` at a step depends only on which of the steps it lists set the value, so it
          // stays the same text until one of those steps (those the change index marks).
          let marks = statePath.flatMap { debugger.index.bits(for: $0) }.map {
            debugger.index.mask(at: step) & $0.bits != 0
          }
          let blame =
            isChanged || marks != false || explained[id] == nil
            ? intern(debugger.execute("blame \(path)").text, &texts, &textIndex)
            : explained[id]?.blame ?? 0
          // `why` reads the rule, the value and its inputs' values and last changes: while none
          // of them changed (and no observation came in), its text is the previous step's.
          let explanation = statePath.flatMap { state.explain($0) }
          let isSame =
            !isChanged && !isObservation && explained[id] != nil
            && explained[id]?.explanation == explanation
            && !(explanation?.inputs ?? []).contains { input in
              input.path.value(in: state) != previousState.flatMap { input.path.value(in: $0) }
            }
          let why =
            isSame
            ? explained[id]?.why ?? 0
            : intern(debugger.execute("why \(path)").text, &texts, &textIndex)
          explained[id] = (why, blame, explanation)
          steps.element(id)
          steps.element(why)
          steps.element(blame)
        }
        steps.closeArray()
      }
      steps.close()
      previous = values
      previousState = state
    }
    steps.closeArray()
    out.key("summary", tally.description)
    out.key("paths", paths)
    out.keyName("shapes")
    out.raw("[" + shapeTable.joined(separator: ",") + "]")
    out.key("texts", texts)
    out.key("explains", explains)
    out.keyName("steps")
    out.raw(steps.text)
    out.close()
    return out.text
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
