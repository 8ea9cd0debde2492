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
/// inputBar       frame, field, send button (x, y, width, height each), is send enabled, font
///                size, line height, text origin x, y
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
  }

  /// A draft part carries the lines it keeps from the one before, except the first of each run
  /// of this many steps, which carries them all: the script never goes back further.
  static let draftRun = 256

  /// The phone's parts, step by step.
  private(set) var column: JSONWriter
  private let measurer: MemoizingMeasurer
  /// The page's step the next state is.
  private var index = 0
  /// The values of the parts of fixed size, as last written (see ``fixed(_:)``).
  private var written: [Double] = []
  /// This step's values of the same parts.
  private var values: [Double] = []
  private var isFirst = true

  // The bubbles: each message's, while the list's width and the layout stay the same and the
  // messages are the same (their logs share storage).
  private var bubbles: [Scene.Bubble?] = []
  private var bubbleLog = MessageLog()
  private var bubbleWidth: UInt64 = 0
  private var bubbleLayout = LayoutID.rxkeyboard
  /// The messages whose cells lie in the list, and the bubbles of those drawn, as last written.
  private var cells: Range<Int> = 0..<0
  private var visible: [Int] = []
  private var newVisible: [Int] = []
  private var newBubbles: [Int] = []
  private var messageCount = -1

  // The draft's lines, as last laid out, and what they were laid out from.
  private var draft = ""
  private var draftWidth: UInt64 = 0
  private var draftFontSize: UInt64 = 0
  private var lines: [String] = []
  /// The lines kept from the draft part before, when the draft's lines changed at this step.
  private var draftKeep: Int?
  /// The run of steps (``draftRun``) of the last draft part that carried all its lines.
  private var draftRunWritten = -1

  private var marks: [Scene.Mark] = []
  private var newMarks: [Scene.Mark] = []
  private var gapLabel = ""
  private var overlapLabel = ""

  /// A scene column for about `expectedCount` steps, its texts measured with `measurer`.
  init(measurer: any TextMeasuring, expectedCount: Int) {
    self.measurer = MemoizingMeasurer(measurer)
    values = Array(repeating: 0, count: Self.fixedCount)
    written = values
    column = JSONWriter()
    column.beginArray()
  }

  /// Where each fixed-size part's values start in ``values``, and how many it has at most (an
  /// optional part's first value is whether it is there).
  private static let fixedParts: [(Part, Int)] = [
    (.window, 2), (.bars, 5), (.list, 4), (.origin, 1), (.inputBar, 17), (.keyboard, 5),
    (.gap, 5), (.overlap, 5), (.homeIndicator, 5),
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

  /// Adds the phone of `state`, the page's next step.
  mutating func add(_ state: ChatState) {
    let metrics = Scene.Metrics.of(state)
    let window = state.screen
    var slot = 0
    func put(_ value: Double) {
      values[slot] = value
      slot += 1
    }
    func put(_ rect: Rect?) {
      guard let rect else {
        for _ in 0..<5 { put(0) }
        return
      }
      put(1)
      put(rect.x)
      put(rect.y)
      put(rect.width)
      put(rect.height)
    }
    put(window.width)
    put(window.height)
    let (status, navigation) = Scene.bars(state)
    put(window.width)
    put(status.height)
    put(navigation.map { _ in 1 } ?? 0)
    put(navigation?.y ?? 0)
    put(navigation?.height ?? 0)
    let list = state.list.frame
    put(list.x)
    put(list.y)
    put(list.width)
    put(list.height)
    let origin = list.minY - state.list.contentOffsetY
    put(origin)
    let bar = Scene.inputBar(state, metrics: metrics, measurer: measurer)
    func put(frame rect: Rect) {
      put(rect.x)
      put(rect.y)
      put(rect.width)
      put(rect.height)
    }
    put(frame: bar.frame)
    put(frame: bar.field)
    put(frame: bar.sendButton)
    put(bar.isSendEnabled ? 1 : 0)
    put(bar.text.fontSize)
    put(bar.text.lineHeight)
    put(bar.text.origin.x)
    put(bar.text.origin.y)
    let (keyboard, gap, overlap, homeIndicator) = Scene.keyboardParts(state)
    put(keyboard)
    put(gap)
    put(overlap)
    put(homeIndicator)

    var changed = 0
    for (part, _) in Self.fixedParts where isFirst || !isSame(part) {
      changed |= 1 << part.rawValue
    }
    let isListChanged =
      changed & (1 << Part.list.rawValue | 1 << Part.origin.rawValue) != 0
    if updateBubbles(state, metrics: metrics, isListChanged: isListChanged) {
      changed |= 1 << Part.visible.rawValue
    }
    if updateDraft(state, width: bar.text.width, fontSize: bar.text.fontSize, index: index) {
      changed |= 1 << Part.draft.rawValue
    }
    newMarks.removeAll(keepingCapacity: true)
    let cells = self.cells
    let bubbles = self.bubbles
    for diagnostic in state.diagnostics {
      let mark = Scene.mark(
        for: diagnostic, window: window, inputBar: bar,
        bubbleFrame: { position in
          position >= 0 && position < cells.count
            ? bubbles[cells.lowerBound + position]?.frame : nil
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
    write(changed, to: &column)
    swap(&written, &values)
    isFirst = false
    index += 1
  }

  /// Whether `part`'s values are those last written, bit for bit.
  private func isSame(_ part: Part) -> Bool {
    let start = Self.fixedStarts[part.rawValue]
    var position = start
    let end = start + Self.fixedCounts[part.rawValue]
    while position < end {
      if values[position].bitPattern != written[position].bitPattern { return false }
      position += 1
    }
    return true
  }

  /// Makes the bubbles of the messages in the list's frame, and finds those drawn; whether the
  /// ones drawn changed.
  private mutating func updateBubbles(
    _ state: ChatState, metrics: Scene.Metrics, isListChanged: Bool
  ) -> Bool {
    newBubbles.removeAll(keepingCapacity: true)
    let width = state.list.frame.width.bitPattern
    let isSameLog = state.messages.sharesStorage(with: bubbleLog)
    if !isSameLog || width != bubbleWidth || state.layout != bubbleLayout {
      // Another list of messages, width or layout: every bubble is made again.
      bubbles.removeAll(keepingCapacity: true)
      bubbleLog = state.messages
      bubbleWidth = width
      bubbleLayout = state.layout
    } else if !isListChanged && state.messages.count == messageCount && !isFirst {
      return false
    }
    messageCount = state.messages.count
    cells = Scene.visibleMessages(state)
    if bubbles.count < cells.upperBound {
      bubbles += Array(repeating: nil, count: cells.upperBound - bubbles.count)
    }
    let list = state.list.frame
    let origin = list.minY - state.list.contentOffsetY
    newVisible.removeAll(keepingCapacity: true)
    for index in cells {
      let bubble: Scene.Bubble
      if let made = bubbles[index] {
        bubble = made
      } else {
        bubble = Scene.bubble(state, index, metrics: metrics, measurer: measurer)
        bubbles[index] = bubble
        newBubbles.append(index)
      }
      let frame = Rect(
        x: bubble.frame.x, y: origin + bubble.frame.y, width: bubble.frame.width,
        height: bubble.frame.height)
      if frame.intersection(list) != nil { newVisible.append(index) }
    }
    guard isFirst || newVisible != visible else { return false }
    swap(&visible, &newVisible)
    return true
  }

  /// Lays the draft out again when it or its block changed; whether its lines changed.
  private mutating func updateDraft(
    _ state: ChatState, width: Double, fontSize: Double, index: Int
  ) -> Bool {
    draftKeep = nil
    let text = state.inputBar.text
    guard
      isFirst || text != draft || width.bitPattern != draftWidth
        || fontSize.bitPattern != draftFontSize
    else { return false }
    draft = text
    draftWidth = width.bitPattern
    draftFontSize = fontSize.bitPattern
    let new = measurer.lines(of: text, width: width, fontSize: fontSize)
    var keep = 0
    let common = min(new.count, lines.count)
    while keep < common && new[keep] == lines[keep] { keep += 1 }
    if !isFirst && keep == common && new.count == lines.count { return false }
    lines = new
    let run = index / Self.draftRun
    if run != draftRunWritten {
      keep = 0
      draftRunWritten = run
    }
    draftKeep = keep
    return true
  }

  /// Writes the step's parts that `changed` (bits by ``Part``) and its new bubbles.
  private func write(_ changed: Int, to stream: inout JSONWriter) {
    stream.number(Double(changed.nonzeroBitCount + newBubbles.count))
    guard changed != 0 || !newBubbles.isEmpty else { return }
    for index in newBubbles { writeBubble(index, to: &stream) }
    for part in Part.allCases where changed & (1 << part.rawValue) != 0 {
      stream.number(Double(part.rawValue))
      switch part {
      case .window, .list, .origin, .inputBar:
        writeFixed(part, to: &stream)
      case .bars:
        let start = Self.fixedStarts[part.rawValue]
        let hasNavigation = values[start + 2] != 0
        stream.number(hasNavigation ? 4 : 2)
        Self.number(values[start], to: &stream)
        Self.number(values[start + 1], to: &stream)
        if hasNavigation {
          Self.number(values[start + 3], to: &stream)
          Self.number(values[start + 4], to: &stream)
        }
      case .keyboard, .homeIndicator, .gap, .overlap:
        let start = Self.fixedStarts[part.rawValue]
        guard values[start] != 0 else {
          stream.number(0)
          continue
        }
        let hasLabel = part == .gap || part == .overlap
        stream.number(hasLabel ? 5 : 4)
        for position in (start + 1)..<(start + 5) { Self.number(values[position], to: &stream) }
        if hasLabel { stream.string(part == .gap ? gapLabel : overlapLabel) }
      case .visible:
        stream.number(Double(visible.count))
        for index in visible { stream.number(Double(index)) }
      case .draft:
        let keep = draftKeep ?? 0
        stream.number(Double(1 + lines.count - keep))
        stream.number(Double(keep))
        for line in lines[keep...] { stream.string(line) }
      case .marks:
        writeMarks(to: &stream)
      case .bubble:
        break
      }
    }
  }

  private func writeFixed(_ part: Part, to stream: inout JSONWriter) {
    let start = Self.fixedStarts[part.rawValue]
    let count = Self.fixedCounts[part.rawValue]
    stream.number(Double(count))
    for position in start..<(start + count) { Self.number(values[position], to: &stream) }
  }

  private func writeBubble(_ index: Int, to stream: inout JSONWriter) {
    guard let bubble = bubbles[index] else { return }
    let text = bubble.text
    stream.number(Double(Part.bubble.rawValue))
    stream.number(Double(11 + text.lines.count))
    stream.number(Double(index))
    stream.number(bubble.from == .me ? 1 : 0)
    Self.number(bubble.frame.x, to: &stream)
    Self.number(bubble.frame.y, to: &stream)
    Self.number(bubble.frame.width, to: &stream)
    Self.number(bubble.frame.height, to: &stream)
    stream.number(bubble.isBalloon ? 1 : 0)
    Self.number(text.fontSize, to: &stream)
    Self.number(text.lineHeight, to: &stream)
    Self.number(text.origin.x, to: &stream)
    Self.number(text.origin.y, to: &stream)
    for line in text.lines { stream.string(line) }
  }

  private func writeMarks(to stream: inout JSONWriter) {
    var count = 0
    for mark in marks {
      switch mark {
      case .crash: count += 2
      case .outsideContainer: count += 9
      case .hiddenMessage: count += 10
      }
    }
    stream.number(Double(count))
    for mark in marks {
      switch mark {
      case .crash(let reason):
        stream.number(0)
        stream.string(reason)
      case .outsideContainer(let child, let container):
        stream.number(1)
        Self.rect(child, to: &stream)
        Self.rect(container, to: &stream)
      case .hiddenMessage(let index, let frame, let visible):
        stream.number(2)
        stream.number(Double(index))
        Self.rect(frame, to: &stream)
        Self.rect(visible, to: &stream)
      }
    }
  }

  private static func rect(_ rect: Rect, to stream: inout JSONWriter) {
    number(rect.x, to: &stream)
    number(rect.y, to: &stream)
    number(rect.width, to: &stream)
    number(rect.height, to: &stream)
  }

  /// A finite number as it is, anything else as `0`.
  private static func number(_ value: Double, to stream: inout JSONWriter) {
    stream.number(value.isFinite ? value : 0)
  }
}
