/// Measures text the way UIKit's
/// `NSString.boundingRect(with:options: [.usesLineFragmentOrigin, .usesFontLeading], attributes: [.font: UIFont.systemFont(ofSize:)], context: nil)`
/// does, before any rounding.
///
/// The replayer ships ``FontMetricsMeasurer``, which wraps text with a freely licensed font's
/// metrics; on Apple platforms a CoreText-backed type can conform instead.
public protocol TextMeasuring: Sendable {
  /// The bounding size of `text` wrapped at `width` points in the system font of `fontSize`
  /// points: the widest line's width and the height of all lines, unrounded.
  func boundingSize(of text: String, width: Double, fontSize: Double) -> Size

  /// The lines of `text` wrapped at `width` points, broken exactly where
  /// ``boundingSize(of:width:fontSize:)`` breaks them, without line separators and the spaces
  /// that hang at a line's end.
  func lines(of text: String, width: Double, fontSize: Double) -> [String]

  /// The height of one line of the system font of `fontSize` points, leading included.
  func lineHeight(fontSize: Double) -> Double
}

#if hasFeature(Embedded)
  /// The measurer a screen and its layout measure texts with: the font measurer.
  ///
  /// Embedded Swift (the WebAssembly build in `Sources/ChatReplayWasm`) has no existentials.
  public typealias AnyTextMeasuring = FontMetricsMeasurer
#else
  /// The measurer a screen and its layout measure texts with: any ``TextMeasuring``.
  public typealias AnyTextMeasuring = any TextMeasuring
#endif
