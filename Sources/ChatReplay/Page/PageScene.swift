/// The scene's share of a page's data (``PageData``): the phone as its parts, each written only
/// where it changed.
///
/// The page's script draws a step's shapes from the parts in force at that step, by the rules
/// ``Scene/shapes`` draws them with (its `phoneShapes`).
///
/// Kept apart from ``PageBuilder`` so that the scene can be drawn on a thread of its own: it
/// needs each state, in order, and nothing else of the page.
///
/// Each step of ``column`` is `count` and then `count` parts, each `part, n` and its `n` values (a ``Part``'s
/// raw value; numbers that are not finite are written `0`):
///
/// ```text
/// window         width, height
/// bars           width, status bar's height[, navigation bar's y, height]
/// list           the list's frame: x, y, width, height
/// origin         the window y of the list content's top
/// visible        the indices of the bubbles drawn, in order
/// bubble         index, is mine, frame (content coordinates: x, y, width, height), is a balloon,
///                font size, line height, text origin x, y, line count, the lines
/// inputBar       frame, field, send button (x, y, width, height each)
/// send           whether the send button is enabled (1) or not (0)
/// fieldText      the field's text: font size, line height, origin x, y
/// draft          lines kept from the draft part before, then the lines after them
/// keyboard       x, y, width, height; none when no keyboard is in the window
/// gap, overlap   x, y, width, height, label; none when there is none
/// homeIndicator  x, y, width, height; none when there is none
/// marks          per mark: 0, reason (a crash); 1, child, container (a view outside its box);
///                2, index, frame, visible band (a hidden message)
/// ```
///
/// What only the library knows is written here, once: a message's bubble when it first shows
/// (and again only when the list's width or the layout changes), the draft's lines when the
/// draft changes (only the lines from the first that changed), the frames derived from the
/// state when they change. A step where nothing on the phone changed costs one number.
struct PageScene {
  /// A part of the phone, as the page's data numbers it.
  enum Part: Int, CaseIterable {
    case window
    case bars
    case list
    case origin
    case visible
    case bubble
    case inputBar
    case draft
    case keyboard
    case gap
    case overlap
    case homeIndicator
    case marks
    case send
    case fieldText
  }

  /// A draft part carries the lines it keeps from the one before, except the first of each run
  /// of this many steps, which carries them all: the script never goes back further.
  static let draftRun = 256

  /// The phone's parts, step by step.
  private(set) var column: JSONWriter
  private let measurer: MemoizingMeasurer
  /// The draft's lines, when the measurer is the font measurer: a draft typed on from the one
  /// before is laid out from there, its lines kept as ranges of its bytes (see ``DraftLines``),
  /// without the measurer's memory.
  private var draftLines: DraftLines?
  /// The page's step the next state is.
  private var index = 0
  /// The values of the parts of fixed size, as last written (see ``fixed(_:)``).
  private var written: [Double] = []
  /// This step's values of the same parts.
  private var values: [Double] = []
  private var isFirst = true

  // The bubbles: each message's, while the list's width and the layout stay the same and the
  // messages are the same (their logs share storage).
  //
  // The frames are by message index, of the messages whose cells were in view since the messages
  // last changed; they are emptied in one step (see ``FrameMemory``): arrays over every message
  // since the first, filled and cleared again, made a long page's phone cost grow with the square
  // of its length.
  /// The bubbles' frames.
  private var frames = FrameMemory()
  private var bubbleLog = MessageLog()
  private var bubbleWidth: UInt64 = 0
  private var bubbleLayout = LayoutID.rxkeyboard
  /// The messages whose cells lie in the list, and the bubbles of those drawn, as last written.
  private var cells: Range<Int> = 0..<0
  private var visible: [Int] = []
  private var newVisible: [Int] = []
  private var newBubbles: [Int] = []
  /// The bubbles made at this step, those of ``newBubbles``.
  private var newBubbleValues: [Scene.Bubble] = []
  private var messageCount = -1

  // The draft's lines, as last laid out, and what they were laid out from.
  private var draft = ""
  private var draftWidth: UInt64 = 0
  private var draftFontSize: UInt64 = 0
  /// The draft's lines when ``draftLines`` does not hold them.
  private var lines: [String] = []
  /// The lines kept from the draft part before, when the draft's lines changed at this step.
  private var draftKeep: Int?
  /// The run of steps (``draftRun``) of the last draft part that carried all its lines.
  private var draftRunWritten = -1

  /// The text of the last number written that needed the general formatting (a bubble's line
  /// height, written again with each bubble).
  private var numberMemory = JSONWriter.NumberMemory()

  private var marks: [Scene.Mark] = []
  private var newMarks: [Scene.Mark] = []
  private var gapLabel = ""
  private var overlapLabel = ""

  /// A scene column for about `expectedCount` steps, its texts measured with `measurer`.
  init(measurer: AnyTextMeasuring, expectedCount: Int) {
    self.measurer = MemoizingMeasurer(measurer)
    #if hasFeature(Embedded)
      draftLines = DraftLines(measurer: measurer)
    #else
      draftLines = (measurer as? FontMetricsMeasurer).map { DraftLines(measurer: $0) }
    #endif
    values = Array(repeating: 0, count: Self.fixedCount)
    written = values
    column = JSONWriter()
    // Room for the steps expected (about the bytes a step of a generated recording takes),
    // rather than grown by doubling (see ``PageBuilder``).
    _ = column.reserve(40 * expectedCount)
    column.beginArray()
  }

  /// Writes the phone's values since the last piece as a piece of its column (see
  /// ``PageData/pieceSteps(expectedSteps:)``), and forgets them.
  mutating func writePiece(to output: (UnsafeBufferPointer<UInt8>) -> Void) {
    PageData.writePiece("phone", &column, to: output)
  }

  /// Where each fixed-size part's values start in ``values``, and how many it has at most (an
  /// optional part's first value is whether it is there).
  private static let fixedParts: [(Part, Int)] = [
    (.window, 2), (.bars, 5), (.list, 4), (.origin, 1), (.inputBar, 12), (.send, 1),
    (.fieldText, 4), (.keyboard, 5), (.gap, 5), (.overlap, 5), (.homeIndicator, 5),
  ]
  private static let fixedStarts: [Int] = {
    var starts = Array(repeating: -1, count: Part.allCases.count)
    var start = 0
    for (part, count) in fixedParts {
      starts[part.rawValue] = start
      start += count
    }
    return starts
  }()
  private static let fixedCounts: [Int] = {
    var counts = Array(repeating: 0, count: Part.allCases.count)
    for (part, count) in fixedParts { counts[part.rawValue] = count }
    return counts
  }()
  private static let fixedCount = fixedParts.reduce(0) { $0 + $1.1 }
  /// The bit of the part each value of ``values`` belongs to.
  private static let fixedBits: [Int] = fixedParts.flatMap { part, count in
    Array(repeating: 1 << part.rawValue, count: count)
  }

  /// Adds the phone of `state`, the page's next step; `isSettled` when `state` is the one added
  /// before with only its step, its time and its input text changed (see
  /// ``ChatScreen/reduceSettled(into:_:)``).
  mutating func add(_ state: ChatState, isSettled: Bool = false) {
    if isSettled && !isFirst {
      return addSettled(text: state.inputBar.text, isSendEnabled: state.isSendEnabled)
    }
    let metrics = Scene.Metrics.of(state)
    let window = state.screen
    let (status, navigation) = Scene.bars(state)
    let list = state.list.frame
    let origin = list.minY - state.list.contentOffsetY
    let bar = Scene.inputBar(state, metrics: metrics, measurer: measurer)
    let (keyboard, gap, overlap, homeIndicator) = Scene.keyboardParts(state)
    var changed = 0
    values.withUnsafeMutableBufferPointer { values in
      var slots = PartValues(values: values)
      slots.put(window.width)
      slots.put(window.height)
      slots.put(window.width)
      slots.put(status.height)
      slots.put(navigation == nil ? 0 : 1)
      slots.put(navigation?.y ?? 0)
      slots.put(navigation?.height ?? 0)
      slots.put(frame: list)
      slots.put(origin)
      slots.put(frame: bar.frame)
      slots.put(frame: bar.field)
      slots.put(frame: bar.sendButton)
      slots.put(bar.isSendEnabled ? 1 : 0)
      slots.put(bar.text.fontSize)
      slots.put(bar.text.lineHeight)
      slots.put(bar.text.origin.x)
      slots.put(bar.text.origin.y)
      slots.put(keyboard)
      slots.put(gap)
      slots.put(overlap)
      slots.put(homeIndicator)
      // Compared bit for bit with the values last written, in one pass.
      written.withUnsafeBufferPointer { written in
        Self.fixedBits.withUnsafeBufferPointer { bits in
          for position in 0..<values.count
          where values[position].bitPattern != written[position].bitPattern {
            changed |= bits[position]
          }
        }
      }
    }
    if isFirst {
      for (part, _) in Self.fixedParts { changed |= 1 << part.rawValue }
    }
    let isListChanged = changed & (1 << Part.list.rawValue | 1 << Part.origin.rawValue) != 0
    if updateBubbles(state, metrics: metrics, isListChanged: isListChanged) {
      changed |= 1 << Part.visible.rawValue
    }
    if updateDraft(
      state.inputBar.text, width: bar.text.width, fontSize: bar.text.fontSize, index: index)
    {
      changed |= 1 << Part.draft.rawValue
    }
    // Emptied only when they hold something: emptying an array costs a call even when it is
    // empty, and most steps have no marks and no new bubbles.
    if !newMarks.isEmpty { newMarks.removeAll(keepingCapacity: true) }
    let cells = self.cells
    let frames = self.frames
    for diagnostic in state.diagnostics {
      let mark = Scene.mark(
        for: diagnostic, window: window, inputBar: bar,
        bubbleFrame: { position in
          position >= 0 && position < cells.count ? frames[cells.lowerBound + position] : nil
        })
      if let mark { newMarks.append(mark) }
    }
    if isFirst || newMarks != marks {
      swap(&marks, &newMarks)
      changed |= 1 << Part.marks.rawValue
    }
    if changed & (1 << Part.gap.rawValue) != 0, let gap { gapLabel = Scene.gapLabel(gap) }
    if changed & (1 << Part.overlap.rawValue) != 0, let overlap {
      overlapLabel = Scene.overlapLabel(overlap)
    }
    write(changed)
    swap(&written, &values)
    isFirst = false
    index += 1
  }

  /// Adds the phone of the state added before with only its step, time and input text changed,
  /// its input text now `text` and its send button enabled when `isSendEnabled`, as
  /// ``add(_:isSettled:)`` draws it whole: the window, the bars, the list, the frames of the
  /// input bar and the keyboard's parts are the step before's, and so are the bubbles and the
  /// marks (the messages, the diagnostics and the frames they are drawn from are); only whether
  /// the send button is enabled and the draft's lines can change.
  mutating func addSettled(text: String, isSendEnabled isEnabled: Bool) {
    precondition(!isFirst, "A settled step follows a step drawn whole")
    var changed = 0
    let send = Self.fixedStarts[Part.send.rawValue]
    let isSendEnabled: Double = isEnabled ? 1 : 0
    if isSendEnabled.bitPattern != written[send].bitPattern { changed |= 1 << Part.send.rawValue }
    // Written from ``values``; kept in ``written``, the values last written, for the next step.
    values[send] = isSendEnabled
    written[send] = isSendEnabled
    if !newBubbles.isEmpty {
      newBubbles.removeAll(keepingCapacity: true)
      newBubbleValues.removeAll(keepingCapacity: true)
    }
    // The draft's block is the step before's: its width and font size are those it was last
    // laid out at.
    let width = Double(bitPattern: draftWidth)
    let fontSize = Double(bitPattern: draftFontSize)
    if updateDraft(text, width: width, fontSize: fontSize, index: index) {
      changed |= 1 << Part.draft.rawValue
    }
    write(changed)
    index += 1
  }

  /// Makes the bubbles of the messages in the list's frame, and finds those drawn; whether the
  /// ones drawn changed.
  private mutating func updateBubbles(
    _ state: ChatState, metrics: Scene.Metrics, isListChanged: Bool
  ) -> Bool {
    if !newBubbles.isEmpty {
      newBubbles.removeAll(keepingCapacity: true)
      newBubbleValues.removeAll(keepingCapacity: true)
    }
    let width = state.list.frame.width.bitPattern
    let isSameLog = state.messages.sharesStorage(with: bubbleLog)
    if !isSameLog || width != bubbleWidth || state.layout != bubbleLayout {
      // Another list of messages, width or layout: every bubble is made again.
      frames.removeAll()
      bubbleLog = state.messages
      bubbleWidth = width
      bubbleLayout = state.layout
    } else if !isListChanged && state.messages.count == messageCount && !isFirst {
      return false
    }
    messageCount = state.messages.count
    cells = Scene.visibleMessages(state)
    let list = state.list.frame
    let origin = list.minY - state.list.contentOffsetY
    if !newVisible.isEmpty { newVisible.removeAll(keepingCapacity: true) }
    for index in cells {
      let content: Rect
      if let made = frames[index] {
        content = made
      } else {
        let bubble = Scene.bubble(state, index, metrics: metrics, measurer: measurer)
        frames.set(bubble.frame, at: index)
        newBubbles.append(index)
        newBubbleValues.append(bubble)
        content = bubble.frame
      }
      let frame = Rect(
        x: content.x, y: origin + content.y, width: content.width, height: content.height)
      if frame.intersection(list) != nil { newVisible.append(index) }
    }
    guard isFirst || newVisible != visible else { return false }
    swap(&visible, &newVisible)
    return true
  }

  /// Lays the draft out again when its text (`text`) or its block changed; whether its lines
  /// changed.
  private mutating func updateDraft(
    _ text: String, width: Double, fontSize: Double, index: Int
  ) -> Bool {
    draftKeep = nil
    var keep = 0
    // Optional chaining, not `if let`: binding the draft's lines copies them.
    if let previousCount = draftLines?.lineCount {
      // Not laid out again when it is the same text as `String`s compare them (another form of
      // it is the same draft) at the same width and font size.
      guard let same = draftLines?.layOut(text, width: width, fontSize: fontSize, always: isFirst)
      else { return false }
      draftWidth = width.bitPattern
      draftFontSize = fontSize.bitPattern
      let count = draftLines?.lineCount ?? 0
      if !isFirst && same == count && previousCount == count { return false }
      keep = same
    } else {
      guard
        isFirst || text != draft || width.bitPattern != draftWidth
          || fontSize.bitPattern != draftFontSize
      else { return false }
      draft = text
      draftWidth = width.bitPattern
      draftFontSize = fontSize.bitPattern
      let new = measurer.lines(of: text, width: width, fontSize: fontSize)
      let common = min(new.count, lines.count)
      while keep < common && new[keep] == lines[keep] { keep += 1 }
      if !isFirst && keep == common && new.count == lines.count { return false }
      lines = new
    }
    let run = index / Self.draftRun
    if run != draftRunWritten {
      keep = 0
      draftRunWritten = run
    }
    draftKeep = keep
    return true
  }

  /// Writes the step's parts that `changed` (bits by ``Part``) and its new bubbles.
  private mutating func write(_ changed: Int) {
    if changed == 1 << Part.draft.rawValue && newBubbles.isEmpty,
      let count = draftLines?.lineCount
    {
      // The draft alone (a keystroke, most often): one part, its number, its count of values
      // and the lines kept, then the lines after them.
      let keep = draftKeep ?? 0
      column.integers(1, Part.draft.rawValue, 1 + count - keep, keep)
      draftLines?.writeLines(from: keep, to: &column)
      return
    }
    column.integer(changed.nonzeroBitCount + newBubbles.count)
    guard changed != 0 || !newBubbles.isEmpty else { return }
    for position in newBubbles.indices { writeBubble(position) }
    // The parts in the order of their raw values, read from the bits (not from `allCases`, an
    // array made at each call).
    var bits = changed
    while bits != 0 {
      let raw = bits.trailingZeroBitCount
      bits &= bits - 1
      guard let part = Part(rawValue: raw) else { continue }
      column.integer(raw)
      switch part {
      case .window, .list, .origin, .inputBar, .send, .fieldText:
        writeFixed(part)
      case .bars:
        let start = Self.fixedStarts[part.rawValue]
        let hasNavigation = values[start + 2] != 0
        column.integer(hasNavigation ? 4 : 2)
        number(values[start])
        number(values[start + 1])
        if hasNavigation {
          number(values[start + 3])
          number(values[start + 4])
        }
      case .keyboard, .homeIndicator, .gap, .overlap:
        let start = Self.fixedStarts[part.rawValue]
        guard values[start] != 0 else {
          column.integer(0)
          continue
        }
        let hasLabel = part == .gap || part == .overlap
        column.integer(hasLabel ? 5 : 4)
        for position in (start + 1)..<(start + 5) { number(values[position]) }
        if hasLabel { column.string(part == .gap ? gapLabel : overlapLabel) }
      case .visible:
        column.integer(visible.count)
        for index in visible { column.integer(index) }
      case .draft:
        let keep = draftKeep ?? 0
        if let count = draftLines?.lineCount {
          column.integer(1 + count - keep)
          column.integer(keep)
          draftLines?.writeLines(from: keep, to: &column)
        } else {
          column.integer(1 + lines.count - keep)
          column.integer(keep)
          for line in lines[keep...] { column.string(line) }
        }
      case .marks:
        writeMarks()
      case .bubble:
        break
      }
    }
  }

  private mutating func writeFixed(_ part: Part) {
    let start = Self.fixedStarts[part.rawValue]
    let count = Self.fixedCounts[part.rawValue]
    column.integer(count)
    for position in start..<(start + count) { number(values[position]) }
  }

  /// Writes the step's new bubble at `position` of ``newBubbles``.
  private mutating func writeBubble(_ position: Int) {
    let index = newBubbles[position]
    let bubble = newBubbleValues[position]
    let text = bubble.text
    column.integer(Part.bubble.rawValue)
    column.integer(11 + text.lines.count)
    column.integer(index)
    column.integer(bubble.from == .me ? 1 : 0)
    number(bubble.frame.x)
    number(bubble.frame.y)
    number(bubble.frame.width)
    number(bubble.frame.height)
    column.integer(bubble.isBalloon ? 1 : 0)
    number(text.fontSize)
    number(text.lineHeight)
    number(text.origin.x)
    number(text.origin.y)
    for line in text.lines { column.string(line) }
  }

  private mutating func writeMarks() {
    var count = 0
    for mark in marks {
      switch mark {
      case .crash: count += 2
      case .outsideContainer: count += 9
      case .hiddenMessage: count += 10
      }
    }
    column.integer(count)
    for mark in marks {
      switch mark {
      case .crash(let reason):
        column.integer(0)
        column.string(reason)
      case .outsideContainer(let child, let container):
        column.integer(1)
        rect(child)
        rect(container)
      case .hiddenMessage(let index, let frame, let visible):
        column.integer(2)
        column.integer(index)
        rect(frame)
        rect(visible)
      }
    }
  }

  private mutating func rect(_ rect: Rect) {
    number(rect.x)
    number(rect.y)
    number(rect.width)
    number(rect.height)
  }

  /// Writes a finite number as it is, anything else as `0`, into ``column``.
  private mutating func number(_ value: Double) {
    // An integer, as ``JSONWriter/pageNumber(_:)`` writes it (no sign for zero), without the
    // multiplication and division that find its decimals.
    if value.magnitude < 1e9 {
      let integer = Int(value)
      if Double(integer) == value { return column.integer(integer) }
    }
    column.pageNumber(value.isFinite ? value : 0, memory: &numberMemory)
  }
}

/// Rectangles by message index, each valid while its stamp is the memory's generation: emptied
/// in one step however many it holds (a new generation), and read without hashing the index.
private struct FrameMemory {
  private var frames: [Rect] = []
  private var stamps: [UInt32] = []
  private var generation: UInt32 = 1

  subscript(index: Int) -> Rect? {
    index >= 0 && index < stamps.count && stamps[index] == generation ? frames[index] : nil
  }

  mutating func set(_ frame: Rect, at index: Int) {
    if index >= stamps.count {
      let added = index + 1 - stamps.count
      frames.append(contentsOf: repeatElement(Rect(x: 0, y: 0, width: 0, height: 0), count: added))
      stamps.append(contentsOf: repeatElement(0, count: added))
    }
    frames[index] = frame
    stamps[index] = generation
  }

  mutating func removeAll() {
    generation &+= 1
    if generation == 0 {
      // Every stamp written so far could be taken for the new generation's: cleared once in
      // four billion.
      for index in stamps.indices { stamps[index] = 0 }
      generation = 1
    }
  }
}

/// The values of a step's parts of fixed size, written one after the other.
private struct PartValues {
  let values: UnsafeMutableBufferPointer<Double>
  var position = 0

  mutating func put(_ value: Double) {
    values[position] = value
    position += 1
  }

  mutating func put(frame rect: Rect) {
    put(rect.x)
    put(rect.y)
    put(rect.width)
    put(rect.height)
  }

  /// Whether there is a rectangle (1 or 0), then its frame (zeros for none).
  mutating func put(_ rect: Rect?) {
    guard let rect else {
      for _ in 0..<5 { put(0) }
      return
    }
    put(1)
    put(frame: rect)
  }
}
