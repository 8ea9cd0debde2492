extension SessionRecorder {
  /// A point, in points.
  public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
      self.x = x
      self.y = y
    }
  }

  /// A width and a height, in points.
  public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
      self.width = width
      self.height = height
    }
  }

  /// A rectangle as UIKit's `CGRect` stores it: an origin and a size.
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

    /// Whether the replayer reads this rectangle as a frame: finite, within ±1e9, and with a
    /// size that is not negative.
    var isWritableAsFrame: Bool {
      [x, y, width, height].allSatisfy(LineWriter.isWritableNumber) && width >= 0 && height >= 0
    }
  }

  /// Edge insets, like `UIEdgeInsets`.
  public struct Insets: Hashable, Sendable {
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
  }

  /// A range of UTF-16 code units, as `NSRange` counts them.
  public struct TextRange: Hashable, Sendable {
    public var location: Int
    public var length: Int

    public init(location: Int, length: Int) {
      self.location = location
      self.length = length
    }
  }
}
