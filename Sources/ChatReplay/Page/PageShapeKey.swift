/// A scene shape as a dictionary key, its numbers compared bit for bit: the page builder looks a
/// shape's number up by its value and formats only the shapes it has not seen.
///
/// Two shapes with equal keys write the same JSON text; two with different keys may still write
/// the same text (`-0` and `0`, or any two non-finite numbers, are all written `0`), so a key
/// seen for the first time is still interned by its text.
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
