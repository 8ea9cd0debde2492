/// The scene's share of a page's data (``PageData``): each step's phone as the numbers of its
/// shapes, and the shapes' table.
///
/// Kept apart from ``PageBuilder`` so that the scene can be drawn on a thread of its own: it
/// needs each state, in order, and nothing else of the page.
struct PageScene {
  /// The scene of each step: `front, back, count, origin, bubble shapes, shape…` (see
  /// ``add(_:isCheckpoint:)``).
  private(set) var column: JSONWriter
  /// The shapes the scenes' numbers name.
  private(set) var shapeTable: PageShapeTable
  private let measurer: MemoizingMeasurer
  /// The previous step's scene as its shapes' numbers.
  private var sceneShapes: [Int] = []
  private var previousScene: Scene?
  /// The numbers of the shapes of each part drawn over the bubbles, in the previous scene.
  private var partShapes = Array(repeating: [Int](), count: Scene.Part.allCases.count)
  /// The shapes of each part drawn over the bubbles, as last drawn.
  private var partDrawn = Array(repeating: [Scene.Shape](), count: Scene.Part.allCases.count)
  /// Each bubble as last drawn: its message's index, its shapes in content coordinates and their
  /// numbers.
  private var drawnBubbles: [(index: Int, shapes: [Scene.Shape], numbers: [Int])] = []
  private var reusableBubbles: Scene.ReusableBubbles?
  /// The last bubbles drawn, where (the content's origin and the list, bit for bit), and their
  /// shapes' numbers (drawn in content coordinates).
  private var bubbleShapesCache:
    (
      bubbles: [Scene.Bubble], origin: UInt64, list: (UInt64, UInt64, UInt64, UInt64),
      shapes: [Int]
    )?
  /// Where shapes are drawn before they are numbered.
  private var drawn: [Scene.Shape] = []

  /// A scene column for about `expectedCount` steps, its texts measured with `measurer`.
  init(measurer: any TextMeasuring, expectedCount: Int) {
    self.measurer = MemoizingMeasurer(measurer)
    // About one new shape a step: room for them up to the memory's limit, made once rather than
    // by doubling.
    shapeTable = PageShapeTable(expected: min(PageShapeTable.limit, expectedCount))
    column = JSONWriter()
    column.beginArray()
  }

  /// Writes the scene as the shapes kept from the front and back of the previous step's and
  /// the new ones between: `front, back, count, origin, bubble shapes, shape…`.
  ///
  /// A scene is drawn part by part (the window, the bubbles, then each ``Scene/Part``), and a
  /// part whose fields are those of the previous scene keeps its shapes' numbers without being
  /// drawn again. Shapes are compared by their numbers: two shapes have the same number when
  /// they write the same text, so the page shows the same either way.
  mutating func add(_ state: ChatState, isCheckpoint: Bool) {
    var hasSameBubbles = false
    let scene = Scene(
      state, measurer: measurer, reusing: reusableBubbles, hasSameBubbles: &hasSameBubbles)
    reusableBubbles = scene.reusableBubbles(of: state)
    var shapes: [Int] = []
    shapes.reserveCapacity(sceneShapes.count)
    if let previousScene, previousScene.window == scene.window, let first = sceneShapes.first {
      shapes.append(first)
    } else {
      shapes.append(shapeTable.number(of: scene.windowShape))
    }
    // The bubbles' shapes (after the window's) in the list's content coordinates, and the
    // content's origin apart: scrolling then changes one number, not every bubble's shapes.
    let origin = scene.contentOriginY.bitPattern
    let list = PageShapeKey.bits(scene.list)
    // The cache holds the previous scene's bubbles (or equal ones), the ones the scene reused.
    if let cache = bubbleShapesCache, cache.origin == origin, cache.list == list,
      hasSameBubbles || cache.bubbles == scene.bubbles
    {
      // The same bubbles at the same place: the same shapes, without drawing them again.
      shapes += cache.shapes
    } else {
      // A bubble drawn again keeps the numbers of the shapes it draws as it did.
      let previous = drawnBubbles
      let firstPrevious = previous.first?.index ?? 0
      drawnBubbles.removeAll(keepingCapacity: true)
      var numbers: [Int] = []
      for bubble in scene.visibleBubbles {
        drawn.removeAll(keepingCapacity: true)
        scene.appendShapes(of: bubble, to: &drawn)
        for position in drawn.indices { drawn[position].frame.y -= scene.contentOriginY }
        let offset = bubble.index - firstPrevious
        let old =
          previous.indices.contains(offset) && previous[offset].index == bubble.index
          ? (previous[offset].shapes, previous[offset].numbers) : nil
        let bubbleNumbers = shapeTable.numbers(of: drawn, previous: old)
        numbers += bubbleNumbers
        drawnBubbles.append((bubble.index, drawn, bubbleNumbers))
      }
      shapes += numbers
      bubbleShapesCache = (scene.bubbles, origin, list, numbers)
    }
    let bubbleShapes = shapes.count - 1
    // Compared part by part with the previous scene, taken out of its optional once (not a copy
    // of the whole scene per part).
    let hasPrevious = previousScene != nil
    let previous = previousScene ?? scene
    for (position, part) in Scene.Part.allCases.enumerated() {
      if hasPrevious, scene.hasSameShapes(of: part, as: previous) {
        shapes += partShapes[position]
        continue
      }
      drawn.removeAll(keepingCapacity: true)
      scene.appendShapes(of: part, to: &drawn)
      let numbers = shapeTable.numbers(
        of: drawn, previous: (partDrawn[position], partShapes[position]))
      shapes += numbers
      partShapes[position] = numbers
      // Swapped, not copied: `drawn` keeps a buffer of its own to draw the next part into.
      swap(&partDrawn[position], &drawn)
    }
    var front = 0
    var back = 0
    if !isCheckpoint {
      let limit = min(shapes.count, sceneShapes.count)
      while front < limit && shapes[front] == sceneShapes[front] { front += 1 }
      while back < limit - front
        && shapes[shapes.count - 1 - back] == sceneShapes[sceneShapes.count - 1 - back]
      {
        back += 1
      }
    }
    column.number(Double(front))
    column.number(Double(back))
    column.number(Double(shapes.count - front - back))
    column.number(scene.contentOriginY.isFinite ? scene.contentOriginY : 0)
    column.number(Double(bubbleShapes))
    for number in shapes[front..<(shapes.count - back)] { column.number(Double(number)) }
    sceneShapes = shapes
    previousScene = scene
  }
}
