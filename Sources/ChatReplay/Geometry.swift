/// A width and a height in points, like `CGSize`.
public struct Size: Hashable, Sendable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The zero size.
  public static let zero = Size(width: 0, height: 0)
}

/// A rectangle in window coordinates (origin top-left, y grows downwards), like `CGRect`.
///
/// Unlike `CGRect`, a `Rect` is never standardized: a device may report odd values and the
/// replayer keeps them as they were.
public struct Rect: Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The zero rectangle.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public var minX: Double { x }
  public var minY: Double { y }
  public var maxX: Double { x + width }
  public var maxY: Double { y + height }

  /// The rectangle moved by `dx` and `dy`.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width, height: height)
  }

  /// The overlap of two rectangles, or `nil` when they share no area.
  ///
  /// Rectangles that only touch along an edge do not intersect.
  @inline(__always)
  public func intersection(_ other: Rect) -> Rect? {
    let left = max(minX, other.minX)
    let right = min(maxX, other.maxX)
    let top = max(minY, other.minY)
    let bottom = min(maxY, other.maxY)
    guard left < right, top < bottom else { return nil }
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }
}

/// Insets from each edge of a rectangle, like `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No insets.
  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A point in window coordinates, like `CGPoint`.
public struct Point: Hashable, Sendable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}
