/// A scene shape as a dictionary key, its numbers compared bit for bit: the page builder looks a
/// shape's number up by its value and formats only the shapes it has not seen.
///
/// Two shapes with equal keys write the same JSON text; two with different keys may still write
/// the same text (`-0` and `0`, or any two non-finite numbers, are all written `0`) and then take
/// two numbers, which the page draws alike.
struct PageShapeKey: Hashable {
  private var kind: Scene.Shape.Kind
  private var style: String
  private var text: String
  private var frame: (UInt64, UInt64, UInt64, UInt64)
  private var fontSize: UInt64
  private var cornerRadius: UInt64
  private var isCentred: Bool
  private var clip: (UInt64, UInt64, UInt64, UInt64)?

  init(_ shape: Scene.Shape) {
    kind = shape.kind
    style = shape.style
    text = shape.text
    frame = Self.bits(shape.frame)
    fontSize = shape.fontSize.bitPattern
    cornerRadius = shape.cornerRadius.bitPattern
    isCentred = shape.isCentred
    clip = shape.clip.map(Self.bits)
  }

  /// A rectangle's numbers as bit patterns.
  static func bits(_ rect: Rect) -> (UInt64, UInt64, UInt64, UInt64) {
    (rect.x.bitPattern, rect.y.bitPattern, rect.width.bitPattern, rect.height.bitPattern)
  }

  /// Whether `lhs` and `rhs` have equal keys, without making the keys.
  static func isSame(_ lhs: Scene.Shape, _ rhs: Scene.Shape) -> Bool {
    bits(lhs.frame) == bits(rhs.frame) && lhs.fontSize.bitPattern == rhs.fontSize.bitPattern
      && lhs.cornerRadius.bitPattern == rhs.cornerRadius.bitPattern
      && lhs.isCentred == rhs.isCentred && lhs.kind == rhs.kind
      && lhs.clip.map(bits)?.0 == rhs.clip.map(bits)?.0
      && lhs.clip.map(bits)?.1 == rhs.clip.map(bits)?.1
      && lhs.clip.map(bits)?.2 == rhs.clip.map(bits)?.2
      && lhs.clip.map(bits)?.3 == rhs.clip.map(bits)?.3 && lhs.style == rhs.style
      && lhs.text == rhs.text
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.frame == rhs.frame && lhs.fontSize == rhs.fontSize && lhs.cornerRadius == rhs.cornerRadius
      && lhs.isCentred == rhs.isCentred && lhs.kind == rhs.kind && lhs.clip?.0 == rhs.clip?.0
      && lhs.clip?.1 == rhs.clip?.1 && lhs.clip?.2 == rhs.clip?.2 && lhs.clip?.3 == rhs.clip?.3
      && lhs.style == rhs.style && lhs.text == rhs.text
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(frame.0)
    hasher.combine(frame.1)
    hasher.combine(frame.2)
    hasher.combine(frame.3)
    hasher.combine(fontSize)
    hasher.combine(cornerRadius)
    hasher.combine(isCentred)
    hasher.combine(kind)
    hasher.combine(clip?.0)
    hasher.combine(clip?.1)
    hasher.combine(clip?.2)
    hasher.combine(clip?.3)
    hasher.combine(style)
    hasher.combine(text)
  }
}

/// The page's shapes: a shape's number is its place in ``texts``.
///
/// A shape seen before is found by its value in a memory of the recent shapes, which starts
/// again (with the new shape alone) when a new shape would make it hold more than ``limit``: a
/// long page's memory stays small enough to stay in the caches, and a shape last seen before the
/// memory started again is written once more, under a new number (the page draws the same shape
/// either way). The memory is the page's only state, so the same input still gives the same
/// bytes.
struct PageShapeTable {
  /// The shapes' JSON texts, in number order, separated by commas.
  private(set) var texts: [UInt8] = []
  /// How many shapes ``texts`` holds.
  private(set) var count = 0
  private var numbers: [PageShapeKey: Int] = [:]
  /// The most shapes a page's memory holds before it starts again.
  static let limit = 65_536
  /// This table's ``limit``.
  private let memoryLimit: Int

  /// A table with room for `expected` shapes in its memory before it grows, whose memory starts
  /// again past `limit` shapes.
  init(expected: Int, limit: Int = Self.limit) {
    memoryLimit = limit
    numbers.reserveCapacity(min(expected, limit))
  }

  /// The numbers of `shapes`, each taken from `previous` (shapes drawn before, and their
  /// numbers) when the shape at its place there has the same key.
  mutating func numbers(
    of shapes: [Scene.Shape], previous: (shapes: [Scene.Shape], numbers: [Int])?
  ) -> [Int] {
    var numbers: [Int] = []
    numbers.reserveCapacity(shapes.count)
    for (position, shape) in shapes.enumerated() {
      if let previous, position < previous.shapes.count,
        PageShapeKey.isSame(shape, previous.shapes[position])
      {
        numbers.append(previous.numbers[position])
      } else {
        numbers.append(number(of: shape))
      }
    }
    return numbers
  }

  /// The number of `shape`, written into ``texts`` when the memory does not hold it.
  mutating func number(of shape: Scene.Shape) -> Int {
    // The table is looked up once, its slot filled in place when the key is new.
    let next = count
    let key = PageShapeKey(shape)
    let found = { (slot: inout Int?) -> Int in
      if let value = slot { return value }
      slot = next
      return next
    }(&numbers[key])
    if found == next {
      if next > 0 { texts.append(UInt8(ascii: ",")) }
      PageBytes.appendShape(shape, to: &texts)
      count += 1
      // Past the limit, the memory starts again with the new shape alone.
      if numbers.count > memoryLimit {
        numbers.removeAll(keepingCapacity: true)
        numbers[key] = next
      }
    }
    return found
  }
}
