/// The shape of a state's diagnostics as ``PageLeaves`` records it: two with the same have their
/// leaves at the same paths.
private struct DiagnosticsShape: Hashable {
  var shape: Int
  var count: Int
}

/// Builds a page's data (``PageData``) one state at a time, comparing each with the one before.
struct PageBuilder {
  /// The recording, for `why` and `blame`: only pages that carry them need it.
  private let timeline: Timeline?
  /// The page's first step.
  private let first: Int
  #if !hasFeature(Embedded)
    private var debugger: Debugger?
  #endif
  /// Whether the page carries `why` and `blame`, which need the paths that changed at each step.
  private let explains: Bool
  /// Whether the state's leaves and the diagnostics' changed values are read from their fields
  /// rather than written whole and compared (not for pages that carry `why` and `blame`, which
  /// need every path that changed).
  private let readsFields: Bool

  private var paths = ["step", "t"]
  private var pathIndex = ["step": 0, "t": 1]
  private var types: [String] = []
  /// Each event class's place in ``types`` by its code, -1 for none yet.
  private var typeIndex = Array(repeating: -1, count: 256)
  private var summaries: PageSummaryTable
  private var texts: [String] = []
  private var textIndex: [String: Int] = [:]
  private var messageFields: [String] = []
  /// Whether the messages' paths are ``messageFieldsRead``, so that their values are read from
  /// their fields rather than written through the state's writer.
  private var writesMessageFields = false
  /// A message's paths as ``addMessages(_:)`` reads its fields: `from`, `text`, and its frame at
  /// the list's width (its x is 0).
  private static let messageFieldsRead = [
    "from", "text", "frame.x", "frame.y", "frame.width", "frame.height",
  ]
  private var tally = Summary.Tally()

  // One column per step, or a flat stream read step by step.
  private var times = Self.array()
  private var lines = Self.array()
  private var typeColumn = Self.array()
  private var summaryColumn = Self.array()
  private var counts = Self.array()
  private var changes = Self.array()
  private var messages = PageValues(Self.array())
  private var why = Self.array()
  /// Each step's values of the four tracks and its event type (its place in ``types``), drawn
  /// into the tracks' columns and ticks when the page is done.
  private var tracks: PageTracks
  /// Each diagnostic kind's runs of steps (the first and last step of each), by the kind's
  /// ordinal (its id is the kind's raw value).
  private var runs = Array(repeating: [Int](), count: Diagnostic.Kind.all.count)
  /// The step where each kind's run under way started, by ordinal; -1 for none.
  private var openRuns = Array(repeating: -1, count: Diagnostic.Kind.all.count)

  // The previous step.
  private var index = 0
  private var line = 0
  private var leaves = PageLeaves()
  private var previousLeaves = PageLeaves()
  /// The path of each leaf, `-1` for those the page does not show (`diagnostics`, written apart).
  private var leafIDs: [Int] = []
  /// Whether the state's leaves are read from its fields (``PageStateLeaves``) rather than
  /// written and compared: set once a state written the generic way agreed with them.
  private var readsLeaves = false
  /// The places of the leaves the page shows (those with a path of their own), one bit each.
  private var shownLeaves: UInt64 = 0
  /// The previous step's leaves as ``PageStateLeaves`` reads them, once ``readsLeaves``.
  private var leafNumbers: [Double] = []
  /// Whether one of ``leafNumbers`` is NaN: written again at every step, as the generic
  /// comparison writes it, so no step is taken as settled (see ``addSettledLeaves(_:)``).
  private var hasNaNLeaf = true
  /// The step before's ``leafNumbers`` (the two are swapped, so neither is made again).
  private var previousLeafNumbers: [Double] = []
  private var leafText = ""
  private var leafLayout = LayoutID.rxkeyboard
  private var diagnostics: [Diagnostic] = []
  private var diagnosticLeaves = PageLeaves()
  /// The step before's ``diagnosticLeaves`` (the two are swapped, so neither is made again).
  private var previousDiagnosticLeaves = PageLeaves()
  /// Each path's place among the diagnostics' leaves of the step before, by the path's id; -1
  /// for none (filled and cleared around each change of the diagnostics' paths).
  private var pathPlaces: [Int] = []
  private var diagnosticIDs: [Int] = []
  /// The ids of the diagnostics' paths of the step before that are gone (filled at each change
  /// of the diagnostics' paths).
  private var goneIDs: [Int] = []
  /// Where each diagnostic's leaves start among ``diagnosticIDs``.
  private var diagnosticOffsets: [Int] = []
  /// Whether ``diagnosticLeaves`` are older than ``diagnostics`` (a step that changed only some
  /// diagnostics' values wrote only those).
  private var isDiagnosticLeavesStale = false
  /// The leaves of the diagnostics whose values changed at this step, in order.
  private var changedLeaves: [PageLeaves] = []
  /// The positions of the diagnostics whose values changed at this step.
  private var changedPositions: [Int] = []
  /// Each diagnostic's leaves by its position, as last written for a change of its values, and
  /// the diagnostic they are of: the leaves before a change, unless the diagnostic changed since
  /// another way.
  private var diagnosticCache: [PageLeaves] = []
  private var cachedDiagnostics: [Diagnostic?] = []
  /// The paths' ids of the diagnostics' leaves for each of their shapes seen (keys, nesting and
  /// count), the memory starting again past ``diagnosticShapeLimit`` shapes.
  private var diagnosticPaths: [DiagnosticsShape: [Int]] = [:]
  private static let diagnosticShapeLimit = 1_024
  private var messageCount = 0
  private var listWidth = 0.0
  private var previousState: ChatState?
  private var explained: [Int: (why: Int, blame: Int, explanation: Explanation?)] = [:]
  /// Each explained path parsed, and its bits in the change index, by path id (found at the
  /// path's first explanation).
  private var statePaths: [Int: (path: StatePath?, bits: UInt32?)] = [:]
  /// The scene, drawn step by step here when ``drawsScene`` (else another ``PageScene`` draws
  /// it, and this one stays empty).
  private var scene: PageScene
  private let drawsScene: Bool
  /// Whether the columns that grow with the steps are written in pieces
  /// (``writePiece(to:)``, see ``PageData/pieceSteps(expectedSteps:)``) rather than in the data,
  /// and the phone's by the ``PageScene`` that draws it apart.
  private let writesPieces: Bool
  /// Whether the texts the page's script can make from what the page holds are left to it: a
  /// keystroke's summary, from the step's input text (see ``addEvent(_:line:t:inputText:)``),
  /// and a diagnostic's message, from its numbers (see ``PageLeaves/leavesMessagesToScript``).
  private let textsToScript: Bool

  /// A builder for about `expectedCount` steps from step `first` on, measured with `measurer`.
  ///
  /// With `timeline` (the whole recording), the page carries `why` and `blame`; `index` is the
  /// timeline's change index when it was built as the timeline was loaded (else it is built
  /// here, in a second replay), and `diagnosticChanges` where each diagnostic changed, likewise.
  /// Without `readsFields`, every state is written whole and compared leaf by leaf, as a page
  /// that carries `why` and `blame` is (the reference the tests hold the faster way to). Without
  /// `drawsScene`, the scene is left to a ``PageScene`` handed to
  /// ``finish(name:title:layout:lastStep:scene:to:)``, or, with `piecesOf` (the steps of each
  /// piece), to one that writes the phone in pieces beside this builder's.
  init(
    measurer: AnyTextMeasuring, first: Int, expectedCount: Int, explaining timeline: Timeline?,
    index: ChangeIndex? = nil, diagnosticChanges: DiagnosticChanges? = nil,
    readsFields: Bool = true, drawsScene: Bool = true, piecesOf pieceSteps: Int? = nil,
    textsToScript: Bool = false
  ) {
    precondition(pieceSteps == nil || !drawsScene, "A page in pieces has its phone drawn apart")
    self.timeline = timeline
    self.readsFields = readsFields && timeline == nil
    self.first = first
    self.drawsScene = drawsScene
    writesPieces = pieceSteps != nil
    self.textsToScript = textsToScript && timeline == nil
    diagnosticLeaves = PageLeaves(leavesMessagesToScript: self.textsToScript)
    previousDiagnosticLeaves = PageLeaves(leavesMessagesToScript: self.textsToScript)
    scene = PageScene(measurer: measurer, expectedCount: drawsScene ? expectedCount : 0)
    // About one new summary a step: room for them up to the memory's limit, made once rather
    // than by doubling.
    summaries = PageSummaryTable(expected: min(PageSummaryTable.limit, expectedCount))
    tracks = PageTracks(expectedCount: expectedCount)
    explains = timeline != nil
    #if hasFeature(Embedded)
      // The debugger that writes `why` and `blame` is not in an Embedded Swift build.
      precondition(timeline == nil, "This build makes no page that carries why and blame")
    #else
      if let timeline {
        // Every value's why and blame at every step of the window read the same values again.
        var explainer = Debugger(
          timeline: timeline, index: index, diagnosticChanges: diagnosticChanges)
        explainer.rememberValues()
        debugger = explainer
      }
    #endif
    // The streams made with room for the steps expected (about the bytes a step of a generated
    // recording takes in each), rather than grown by doubling: each doubling copied the stream
    // and touched fresh memory (page faults). Room never written is never touched. A page in
    // pieces holds a piece's steps at most.
    let streamSteps = min(expectedCount, pieceSteps ?? expectedCount)
    _ = times.reserve(10 * streamSteps)
    _ = lines.reserve(2 * streamSteps)
    _ = typeColumn.reserve(2 * streamSteps)
    _ = summaryColumn.reserve(6 * streamSteps)
    _ = counts.reserve(2 * streamSteps)
    _ = changes.reserve(42 * streamSteps)
    _ = messages.stream.reserve(14 * streamSteps)
    summaries.reserveTexts(10 * expectedCount)
  }

  /// The number of steps added.
  var count: Int { index }

  /// Writes the values the columns that grow with the steps gained since the last piece, each
  /// as a piece of its column (see ``PageData/pieceSteps(expectedSteps:)``), and forgets them.
  mutating func writePiece(to output: (UnsafeBufferPointer<UInt8>) -> Void) {
    precondition(writesPieces, "The page is not written in pieces")
    forEachGrownColumn { name, column in PageData.writePiece(name, &column, to: output) }
  }

  /// Calls `body` with each column that grows with the steps, by the name the page's data gives
  /// it (the phone's, ``PageScene/column``, is the scene's): in the data, or in pieces.
  private mutating func forEachGrownColumn(_ body: (StaticString, inout JSONWriter) -> Void) {
    body("t", &times)
    body("line", &lines)
    body("type", &typeColumn)
    body("summaryOf", &summaryColumn)
    body("counts", &counts)
    body("changes", &changes)
    body("messages", &messages.stream)
  }

  private static func array() -> JSONWriter {
    var writer = JSONWriter()
    writer.beginArray()
    return writer
  }

  private static func intern(_ text: String, _ table: inout [String], _ index: inout [String: Int])
    -> Int
  {
    // One lookup: the slot is filled in place when the text is new.
    let next = table.count
    let found = { (slot: inout Int?) -> Int in
      if let value = slot { return value }
      slot = next
      return next
    }(&index[text])
    if found == next { table.append(text) }
    return found
  }

  private mutating func pathID(_ path: String) -> Int {
    Self.intern(path, &paths, &pathIndex)
  }

  /// Adds the next state of the range, with the event that produced it and that event's line
  /// (for step 0, no event and the header's line, `nil` when the recording has no header).
  ///
  /// `isSettled` when `state` is the one added before with only its step, its time and its input
  /// text changed (see ``ChatScreen/reduceSettled(into:_:)``): its diagnostics, messages and
  /// other leaves are then not compared again, nor its phone drawn again but for the draft and
  /// the send button. The page's bytes are the same either way.
  mutating func add(_ state: ChatState, event: TimedEvent?, line: Int?, isSettled: Bool = false) {
    let isCheckpoint = index % PageData.checkpointInterval == 0
    tally.add(state)
    let type = addEvent(event, line: line, t: state.t, inputText: state.inputBar.text)
    tracks.add(
      (
        state.keyboard.visibleHeight, state.inputBar.frame.maxY,
        state.adjustedContentInset.bottom, state.list.contentOffsetY
      ), type: type)
    if isSettled && !isCheckpoint && readsLeaves && !hasNaNLeaf && index > 0 && !explains {
      // The diagnostics and messages are the step before's: none of them is written.
      counts.integer(addSettledLeaves(state))
    } else {
      var changed: Set<Int> = []
      var count = addLeaves(state, isCheckpoint: isCheckpoint, changed: &changed)
      count += addDiagnostics(state, isCheckpoint: isCheckpoint, changed: &changed)
      counts.integer(count)
      addMessages(state)
      // Only `why` needs the state before; copying it released and retained its every field.
      if explains { explain(state, changed: changed) }
    }
    // Not optional: optional chaining on it copied the scene (retaining and releasing its every
    // field) at every step, and moving it out and back copied its bytes twice.
    if drawsScene { scene.add(state, isSettled: isSettled) }
    index += 1
  }

  /// Writes `why` and `blame` for `state` and keeps it as the state before: a call of its own,
  /// so that ``add(_:event:line:isSettled:)`` copies no state (inlined, the copy kept for
  /// ``previousState`` was made at every step, on entry).
  @inline(never)
  private mutating func explain(_ state: ChatState, changed: Set<Int>) {
    #if !hasFeature(Embedded)
      addExplanations(state, changed: changed)
    #endif
    previousState = state
  }

  /// Writes the step's time, line, event type and summary; its type's place in ``types`` (fewer
  /// than 256: one for each event class).
  ///
  /// With ``textsToScript``, a keystroke whose text is the step's input text
  /// (`inputText`) and whose summary follows from its scalars
  /// (``SummaryText/summarizesByScalars(_:)``) has no summary of its own: its number is -1, and
  /// the page's script makes `textChange "…"` from the input text it already holds for the step,
  /// as ``SummaryText`` would. About three events in four are keystrokes, nearly every one with
  /// a summary not seen before; written, looked up and kept, their summaries took about a sixth
  /// of a 1,000,000-event page's time. The keystrokes left to ``SummaryText`` are those whose
  /// first characters join scalars (an accent on its letter, an emoji sequence).
  private mutating func addEvent(
    _ event: TimedEvent?, line eventLine: Int?, t: Double, inputText: String
  ) -> UInt8 {
    let type: Int
    let number: Int
    let summary: Int
    // The event read where it lies: an `Event` copied out (for its class, then its summary)
    // retained and released its text at each copy.
    if let eventLine, let kind = event.map({ EventClass($0.event) }) {
      let found = typeIndex[Int(kind.code)]
      if found >= 0 {
        type = found
      } else {
        types.append(kind.label)
        type = types.count - 1
        typeIndex[Int(kind.code)] = type
      }
      number = eventLine
      if textsToScript, case .textChange(let text)? = event?.event,
        text == inputText, SummaryText.summarizesByScalars(text)
      {
        summary = -1
      } else {
        summary = event.map { summaries.number(of: $0.event) } ?? 0
      }
    } else {
      if typeIndex[0] >= 0 {
        type = typeIndex[0]
      } else {
        types.append("start")
        type = types.count - 1
        typeIndex[0] = type
      }
      // Step 0's line is the header's, when the recording has one.
      number = eventLine ?? 0
      summary = summaries.number(of: nil)
    }
    times.pageNumber(t)
    lines.integer(number - line)
    line = number
    typeColumn.integer(type)
    summaryColumn.integer(summary)
    return UInt8(truncatingIfNeeded: type)
  }

  /// Writes the leaves (but the messages and diagnostics) that changed; how many.
  private mutating func addLeaves(_ state: ChatState, isCheckpoint: Bool, changed: inout Set<Int>)
    -> Int
  {
    if readsLeaves {
      // The leaves that changed, from the fields that changed: no state written as a whole.
      swap(&leafNumbers, &previousLeafNumbers)
      PageStateLeaves.read(state, into: &leafNumbers)
      let text = state.inputBar.text
      let layout = state.layout
      // One bit per leaf that changed, found in one pass. `!=` is not `!(==)` for NaN: a NaN is
      // written again at each step, as the generic comparison writes it.
      var changedPlaces: UInt64 = 0
      var hasNaN = false
      leafNumbers.withUnsafeBufferPointer { new in
        previousLeafNumbers.withUnsafeBufferPointer { old in
          for position in 0..<PageStateLeaves.count where !(new[position] == old[position]) {
            changedPlaces |= 1 << UInt64(position)
            // A NaN never equals the value before: every NaN is among the places changed.
            if new[position].isNaN { hasNaN = true }
          }
        }
      }
      hasNaNLeaf = hasNaN
      // The strings' places are 0 at every step: their changes are found apart.
      if layout != leafLayout { changedPlaces |= 1 << UInt64(PageStateLeaves.layoutPosition) }
      if text != leafText { changedPlaces |= 1 << UInt64(PageStateLeaves.textPosition) }
      if isCheckpoint { changedPlaces = ~0 }
      let count = writeLeafChanges(changedPlaces & shownLeaves, text: text, layout: layout)
      leafText = text
      leafLayout = layout
      return count
    }
    defer {
      // The leaves the page shows, by place, for the steps read from their fields.
      shownLeaves = 0
      for (position, id) in leafIDs.prefix(PageStateLeaves.count).enumerated() where id >= 2 {
        shownLeaves |= 1 << UInt64(position)
      }
    }
    swap(&leaves, &previousLeaves)
    leaves.reset()
    state.write(
      to: &leaves, includeMessages: false, includeDiagnostics: false,
      includeOptions: state.step == 0)
    // A state past step 0 (so without options) whose leaves agree with its fields: the next
    // steps, of the same shape, are read from their fields.
    readsLeaves = readsFields && state.step != 0 && PageStateLeaves.agree(leaves, with: state)
    if readsLeaves {
      leafNumbers = PageStateLeaves.numbers(of: state)
      hasNaNLeaf = leafNumbers.contains { $0.isNaN }
      previousLeafNumbers = leafNumbers
      leafText = state.inputBar.text
      leafLayout = state.layout
    }
    var count = 0
    if index == 0 || leaves.shape != previousLeaves.shape {
      var recorder = PagePaths()
      state.write(
        to: &recorder, includeMessages: false, includeDiagnostics: false,
        includeOptions: state.step == 0)
      var old: [Int: Int] = [:]
      for (position, id) in leafIDs.enumerated() where id >= 0 { old[id] = position }
      leafIDs = recorder.paths.map { $0 == "diagnostics" ? -1 : pathID($0) }
      for (position, id) in leafIDs.enumerated() where id >= 2 {
        let was = old.removeValue(forKey: id)
        if isCheckpoint || was.map({ !leaves.isSame(position, as: previousLeaves, $0) }) ?? true {
          changes.integer(id)
          leaves.write(position, to: &changes)
          if explains { changed.insert(id) }
          count += 1
        }
      }
      for id in old.keys.sorted() where id >= 2 {
        changes.integer(id)
        changes.null()
        count += 1
      }
      return count
    }
    for position in leafIDs.indices where leafIDs[position] >= 2 {
      if isCheckpoint || !leaves.isSame(position, as: previousLeaves, position) {
        changes.integer(leafIDs[position])
        leaves.write(position, to: &changes)
        if explains { changed.insert(leafIDs[position]) }
        count += 1
      }
    }
    return count
  }

  /// Writes the leaves that changed of `state`, the state before with only its step, time and
  /// input text changed, as ``addLeaves(_:isCheckpoint:changed:)`` writes them when it reads
  /// their fields (``readsLeaves``) and none is NaN; how many.
  ///
  /// Only the step, the time, the text and whether the send button is enabled (the text's) can
  /// have changed: the other leaves are kept as they were.
  private mutating func addSettledLeaves(_ state: ChatState) -> Int {
    let text = state.inputBar.text
    let step = Double(state.step)
    let t = state.t
    let isSendEnabled: Double = state.isSendEnabled ? 1 : 0
    var changedPlaces: UInt64 = 0
    leafNumbers.withUnsafeMutableBufferPointer { numbers in
      if !(step == numbers[0]) { changedPlaces |= 1 }
      if !(t == numbers[1]) { changedPlaces |= 1 << 1 }
      let send = PageStateLeaves.sendEnabledPosition
      if !(isSendEnabled == numbers[send]) { changedPlaces |= 1 << UInt64(send) }
      numbers[0] = step
      numbers[1] = t
      numbers[send] = isSendEnabled
    }
    if text != leafText { changedPlaces |= 1 << UInt64(PageStateLeaves.textPosition) }
    // A settled step keeps its layout: its place is never among the changed ones.
    let count = writeLeafChanges(changedPlaces & shownLeaves, text: text, layout: leafLayout)
    leafText = text
    return count
  }

  /// Writes into the changes the leaves at `places` (one bit a place), read from their fields:
  /// `text` and `layout` for theirs, the numbers kept in `leafNumbers` for the others; how many.
  @inline(__always)
  private mutating func writeLeafChanges(_ places: UInt64, text: String, layout: LayoutID)
    -> Int
  {
    var places = places
    var count = 0
    while places != 0 {
      let position = places.trailingZeroBitCount
      places &= places &- 1
      changes.integer(leafIDs[position])
      switch position {
      case PageStateLeaves.layoutPosition: changes.string(layout.rawValue)
      case PageStateLeaves.textPosition: changes.string(text)
      case PageStateLeaves.sendEnabledPosition: changes.bool(leafNumbers[position] != 0)
      default: changes.pageNumber(leafNumbers[position])
      }
      count += 1
    }
    return count
  }

  /// Writes the diagnostics' leaves that changed, and keeps their runs; how many.
  private mutating func addDiagnostics(
    _ state: ChatState, isCheckpoint: Bool, changed: inout Set<Int>
  ) -> Int {
    let isChanged = index == 0 || state.diagnostics != diagnostics
    guard isChanged || isCheckpoint else { return 0 }
    if isChanged && !isCheckpoint && readsFields,
      let count = addChangedValues(state.diagnostics)
    {
      return count
    }
    if isDiagnosticLeavesStale {
      // The leaves of the diagnostics as they were at the step before.
      diagnosticLeaves.reset()
      Self.write(diagnostics, to: &diagnosticLeaves, offsets: &diagnosticOffsets)
      isDiagnosticLeavesStale = false
    }
    var count = 0
    if isChanged {
      // The kinds present, one bit each by ordinal (no set made at each change).
      var kinds = 0
      for diagnostic in state.diagnostics { kinds |= 1 << diagnostic.ordinal }
      for ordinal in openRuns.indices {
        let isPresent = kinds & (1 << ordinal) != 0
        if openRuns[ordinal] >= 0 && !isPresent {
          runs[ordinal].append(openRuns[ordinal])
          runs[ordinal].append(index - 1)
          openRuns[ordinal] = -1
        } else if openRuns[ordinal] < 0 && isPresent {
          openRuns[ordinal] = index
        }
      }
      // Swapped, not copied: the leaves written into keep buffers of their own.
      swap(&diagnosticLeaves, &previousDiagnosticLeaves)
      let previous = previousDiagnosticLeaves
      diagnosticLeaves.reset()
      Self.write(state.diagnostics, to: &diagnosticLeaves, offsets: &diagnosticOffsets)
      keep(state.diagnostics)
      if index > 0 && diagnosticLeaves.shape == previous.shape
        && diagnosticLeaves.kinds.count == previous.kinds.count
      {
        // The same keys and nesting as the step before: the same paths at the same places.
        for (position, id) in diagnosticIDs.enumerated()
        where isCheckpoint || !diagnosticLeaves.isSame(position, as: previous, position) {
          changes.integer(id)
          diagnosticLeaves.write(position, to: &changes)
          if explains { changed.insert(id) }
          count += 1
        }
        return count
      }
      // Each path's place among the step before's leaves, in an array by path (a dictionary
      // cost a hash and a resize at every change).
      let oldIDs = diagnosticIDs
      if pathPlaces.count < paths.count {
        pathPlaces += Array(repeating: -1, count: paths.count - pathPlaces.count)
      }
      for (position, id) in oldIDs.enumerated() { pathPlaces[id] = position }
      // Diagnostics come and go in a few combinations: each one's paths are found once.
      let key = DiagnosticsShape(shape: diagnosticLeaves.shape, count: diagnosticLeaves.kinds.count)
      if let ids = diagnosticPaths[key] {
        diagnosticIDs = ids
      } else {
        var recorder = PagePaths()
        Self.write(state.diagnostics, to: &recorder)
        diagnosticIDs = recorder.paths.map { pathID($0) }
        if diagnosticPaths.count >= Self.diagnosticShapeLimit {
          diagnosticPaths.removeAll(keepingCapacity: true)
        }
        diagnosticPaths[key] = diagnosticIDs
      }
      if pathPlaces.count < paths.count {
        pathPlaces += Array(repeating: -1, count: paths.count - pathPlaces.count)
      }
      for (position, id) in diagnosticIDs.enumerated() {
        let was = pathPlaces[id]
        pathPlaces[id] = -2
        if isCheckpoint || was < 0 || !diagnosticLeaves.isSame(position, as: previous, was) {
          changes.integer(id)
          diagnosticLeaves.write(position, to: &changes)
          if explains { changed.insert(id) }
          count += 1
        }
      }
      // The paths of the step before that are gone, in the order of their ids (gathered into an
      // array kept from step to step: filtered and sorted, two arrays were made at each step).
      goneIDs.removeAll(keepingCapacity: true)
      for id in oldIDs where pathPlaces[id] >= 0 { goneIDs.append(id) }
      goneIDs.sort()
      for id in goneIDs {
        changes.integer(id)
        changes.null()
        count += 1
      }
      for id in oldIDs { pathPlaces[id] = -1 }
      for id in diagnosticIDs { pathPlaces[id] = -1 }
    } else {
      for (position, id) in diagnosticIDs.enumerated() {
        changes.integer(id)
        diagnosticLeaves.write(position, to: &changes)
        count += 1
      }
    }
    return count
  }

  /// Writes `diagnostics` as `{"diagnostics":[…]}`.
  private static func write(_ diagnostics: [Diagnostic], to writer: inout some StructuredWriter) {
    writer.beginObject()
    writer.key("diagnostics")
    writer.beginArray()
    for diagnostic in diagnostics { diagnostic.write(to: &writer) }
    writer.endArray()
    writer.endObject()
  }

  /// Writes `diagnostics` as `{"diagnostics":[…]}`, with where each one's leaves start.
  private static func write(
    _ diagnostics: [Diagnostic], to leaves: inout PageLeaves, offsets: inout [Int]
  ) {
    offsets.removeAll(keepingCapacity: true)
    leaves.beginObject()
    leaves.key("diagnostics")
    leaves.beginArray()
    for diagnostic in diagnostics {
      offsets.append(leaves.kinds.count)
      diagnostic.write(to: &leaves)
    }
    leaves.endArray()
    leaves.endObject()
  }

  /// When `new` holds diagnostics of the kinds of the previous step's, in the same order: writes
  /// the leaves that changed of those whose values changed, and how many; `nil` (and nothing
  /// written) when the kinds differ or a diagnostic's leaves are not where they were.
  private mutating func addChangedValues(_ new: [Diagnostic]) -> Int? {
    guard new.count == diagnostics.count, diagnosticOffsets.count == new.count else { return nil }
    for (diagnostic, previous) in zip(new, diagnostics) where diagnostic.kind != previous.kind {
      return nil
    }
    while diagnosticCache.count < new.count {
      diagnosticCache.append(PageLeaves(leavesMessagesToScript: textsToScript))
      cachedDiagnostics.append(nil)
    }
    // Each changed diagnostic written after (before: kept from the step it was written at);
    // checked before anything is written.
    changedPositions.removeAll(keepingCapacity: true)
    for position in new.indices where new[position] != diagnostics[position] {
      if cachedDiagnostics[position] != diagnostics[position] {
        diagnosticCache[position].reset()
        diagnostics[position].write(to: &diagnosticCache[position])
        cachedDiagnostics[position] = diagnostics[position]
      }
      let changed = changedPositions.count
      if changedLeaves.count <= changed {
        changedLeaves.append(PageLeaves(leavesMessagesToScript: textsToScript))
      }
      changedLeaves[changed].reset()
      new[position].write(to: &changedLeaves[changed])
      // The leaves are read where they are kept, not bound to a name: a binding copied them
      // (retaining each of their arrays) at every changed diagnostic.
      guard diagnosticCache[position].shape == changedLeaves[changed].shape,
        diagnosticCache[position].kinds.count == changedLeaves[changed].kinds.count,
        diagnosticOffsets[position] + changedLeaves[changed].kinds.count <= diagnosticIDs.count
      else { return nil }
      changedPositions.append(position)
    }
    var count = 0
    for (changed, position) in changedPositions.enumerated() {
      // The two leaves are copied once each, to be passed beside the builder's own writer (bound
      // to names in both loops, they were copied twice each).
      count += Self.writeChanges(
        of: changedLeaves[changed], from: diagnosticCache[position],
        ids: diagnosticIDs[diagnosticOffsets[position]...], to: &changes)
      // The leaves written become the ones kept for this position.
      swap(&changedLeaves[changed], &diagnosticCache[position])
      cachedDiagnostics[position] = new[position]
    }
    keep(new)
    isDiagnosticLeavesStale = true
    return count
  }

  /// Writes each leaf of `after` that differs from the same leaf of `before` (which has the same
  /// shape), `id, value`, the leaf's id the one at its index in `ids`; how many.
  private static func writeChanges(
    of after: borrowing PageLeaves, from before: borrowing PageLeaves, ids: ArraySlice<Int>,
    to changes: inout JSONWriter
  ) -> Int {
    var count = 0
    for leaf in after.kinds.indices where !after.isSame(leaf, as: before, leaf) {
      changes.integer(ids[ids.startIndex + leaf])
      after.write(leaf, to: &changes)
      count += 1
    }
    return count
  }

  /// Keeps a copy of `new` (a state's diagnostics) as ``diagnostics``: the values copied into the
  /// builder's own storage, so that the state's storage stays held once and the replay's next
  /// step writes its diagnostics over it in place, not into a copy.
  private mutating func keep(_ new: [Diagnostic]) {
    diagnostics.removeAll(keepingCapacity: true)
    diagnostics.append(contentsOf: new)
  }

  /// Writes the messages that appeared, or all of them when the list's width (and so their
  /// frames) changed, the last ``PageData/messageRows``: `index, step, value…`.
  private mutating func addMessages(_ state: ChatState) {
    let width = state.list.frame.width
    // The page shows the last ``PageData/messageRows`` messages: when their frames change, only
    // those are written again (messages are only appended, so no earlier one shows later).
    let first =
      width == listWidth && state.messages.count >= messageCount
      ? messageCount : max(0, state.messages.count - PageData.messageRows)
    guard first < state.messages.count else {
      messageCount = state.messages.count
      listWidth = width
      return
    }
    for number in first..<state.messages.count {
      if messageFields.isEmpty {
        var recorder = PagePaths()
        state.writeMessage(at: number, to: &recorder)
        messageFields = recorder.paths
        writesMessageFields = messageFields == Self.messageFieldsRead
      }
      messages.stream.integer(number)
      messages.stream.integer(index)
      if writesMessageFields {
        // Read from the message's fields, in the order of their paths.
        let message = state.messages[number]
        messages.stream.string(message.from.rawValue)
        messages.stream.string(message.text)
        messages.stream.integer(0)
        messages.stream.pageNumber(message.y)
        messages.stream.pageNumber(width)
        messages.stream.pageNumber(message.height)
      } else {
        state.writeMessage(at: number, to: &messages)
      }
    }
    messageCount = state.messages.count
    listWidth = width
  }

  /// The number of `text` among the texts; `previous`'s when that text is the same, which needs
  /// no hashing (a value's blame and why are often the same text again, and long).
  private mutating func internAgain(_ text: String, was previous: Int?) -> Int {
    if let previous, texts[previous] == text { return previous }
    return Self.intern(text, &texts, &textIndex)
  }

  #if !hasFeature(Embedded)
    /// Writes `why` and `blame` for every value but the messages': `path, why, blame…`.
    private mutating func addExplanations(_ state: ChatState, changed: Set<Int>) {
      guard var debugger, let timeline else { return }
      let step = state.step
      _ = debugger.execute("goto \(step)")
      var isObservation = false
      if step > 0, case .observed = timeline.event(at: step).event { isObservation = true }
      why.beginArray()
      for id in leafIDs.filter({ $0 >= 0 }) + diagnosticIDs {
        let path = paths[id]
        let isChanged = index == 0 || changed.contains(id) || id < 2
        let statePath: StatePath?
        let bits: UInt32?
        if let found = statePaths[id] {
          (statePath, bits) = found
        } else {
          statePath = StatePath(parsing: path)
          bits = statePath.flatMap { debugger.index.bits(for: $0) }?.bits
          statePaths[id] = (statePath, bits)
        }
        // `blame` at a step depends only on which of the steps it lists set the value, so it
        // stays the same text until one of those steps (those the change index marks).
        let marks = bits.map { debugger.index.mask(at: step) & $0 != 0 }
        let blame =
          isChanged || marks != false || explained[id] == nil
          ? internAgain(debugger.execute("blame \(path)").text, was: explained[id]?.blame)
          : explained[id]?.blame ?? 0
        // `why` reads the rule, the value and its inputs' values and last changes: while none
        // of them changed (and no observation came in), its text is the previous step's.
        let explanation = statePath.flatMap { state.explain($0) }
        let isSame =
          !isChanged && !isObservation && explained[id] != nil
          && explained[id]?.explanation == explanation
          && !(explanation?.inputs ?? []).contains { input in
            // The debugger's states are the page's (the same replay), and it remembers values.
            debugger.value(of: input.path, at: step)
              != (previousState == nil ? nil : debugger.value(of: input.path, at: step - 1))
          }
        let text =
          isSame
          ? explained[id]?.why ?? 0
          : internAgain(debugger.execute("why \(path)").text, was: explained[id]?.why)
        explained[id] = (text, blame, explanation)
        why.integer(id)
        why.integer(text)
        why.integer(blame)
      }
      why.endArray()
      self.debugger = debugger
    }
  #endif

  /// The data as one JSON object, in UTF-8: `title` is the page's, `layout` the recording's and
  /// `lastStep` its last step.
  mutating func finish(name: String, title: String, layout: LayoutID, lastStep: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    finish(name: name, title: title, layout: layout, lastStep: lastStep) {
      bytes.append(contentsOf: $0)
    }
    return bytes
  }

  /// Writes the data as one JSON object, in UTF-8, piece by piece into `output` (no copy of the
  /// whole is made): `title` is the page's, `layout` the recording's and `lastStep` its last
  /// step; `scene` the one drawn apart, when this builder does not draw it.
  ///
  /// A builder that writes pieces leaves out the columns written in pieces: its last piece
  /// (``writePiece(to:)``) and the phone's must be written before.
  mutating func finish(
    name: String, title: String, layout: LayoutID, lastStep: Int,
    scene drawnApart: PageScene? = nil, to output: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    precondition(
      writesPieces ? drawnApart == nil : drawsScene == (drawnApart == nil),
      "A page needs its scene")
    let scene = drawnApart ?? self.scene
    for ordinal in openRuns.indices where openRuns[ordinal] >= 0 {
      runs[ordinal] += [openRuns[ordinal], index - 1]
    }
    let (tracks, ticks) = self.tracks.columns(PageData.trackColumns)
    var head = PageJSON()
    head.open()
    head.key("file", name)
    head.key("title", title)
    head.key("layout", layout.rawValue)
    head.key("first", first)
    head.key("last", first + index - 1)
    head.key("lastStep", lastStep)
    head.key("checkpoint", PageData.checkpointInterval)
    head.key("explainedStepLimit", PageData.explainedStepLimit)
    head.key("messageRows", PageData.messageRows)
    head.key("summary", tally.description)
    head.key("paths", paths)
    head.key("types", types)
    head.keyName("summaries")
    summaries.withTexts { head.rawArray($0, through: output) }
    head.key("texts", texts)
    head.key("explains", explains)
    head.key("messageFields", messageFields)
    head.key("columns", ticks.count)
    head.keyName("tracks")
    head.openArray()
    for track in tracks {
      // Written as bytes (``JSONWriter/number(_:)`` writes a number as `format` does), not as
      // strings joined: 8,000 numbers a page.
      var writer = JSONWriter()
      writer.beginArray()
      for value in track {
        if value.isFinite { writer.number(value) } else { writer.null() }
      }
      writer.endArray()
      head.raw(bytes: writer.bytes)
    }
    head.closeArray()
    head.key("ticks", ticks.map { Int(truncatingIfNeeded: $0 & 0xFFFF_FFFF) })
    head.key("ticksHigh", ticks.map { Int(truncatingIfNeeded: $0 >> 32) })
    head.keyName("diagnostics")
    head.openArray()
    let kinds = Diagnostic.Kind.all
    for ordinal in runs.indices.filter({ !runs[$0].isEmpty }).sorted(by: {
      kinds[$0].rawValue < kinds[$1].rawValue
    }) {
      head.openArray()
      head.element(kinds[ordinal].rawValue)
      // Written as bytes, not as strings joined: two numbers a run, thousands of runs a page.
      var writer = JSONWriter()
      writer.beginArray()
      for step in runs[ordinal] { writer.integer(step) }
      writer.endArray()
      head.raw(bytes: writer.bytes)
      head.closeArray()
    }
    head.closeArray()
    head.close()
    var bytes = head.bytes
    bytes.removeLast()  // the closing brace
    bytes.withUnsafeBufferPointer { output($0) }
    // A page in pieces wrote its grown columns and its phone before its data.
    var streams: [(name: StaticString, stream: JSONWriter)] = []
    if !writesPieces {
      forEachGrownColumn { name, column in streams.append((name, column)) }
      streams.append(("phone", scene.column))
    }
    streams.append(("why", why))
    let bracket: StaticString = "]"
    for (name, stream) in streams {
      // The array closed apart: `endArray()` on this copy of the stream's writer would copy its
      // bytes first (their storage is shared with the builder's).
      Array(",\"\(name)\":".utf8).withUnsafeBufferPointer { output($0) }
      stream.withBytes { PageData.writeEscaped($0, to: output) }
      bracket.withUTF8Buffer { output($0) }
    }
    let brace: StaticString = "}"
    brace.withUTF8Buffer { output($0) }
  }
}
