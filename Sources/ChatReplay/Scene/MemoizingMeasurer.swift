/// A text measurer that remembers what it measured: a page lays out the same bubbles at step
/// after step.
final class MemoizingMeasurer: TextMeasuring, @unchecked Sendable {
  // `@unchecked`: one page builder uses it, on one thread, and drops it when the page is done.
  private let measurer: AnyTextMeasuring
  /// Past this many texts the memory starts again (a draft typed key by key is a new text each
  /// step, and is never laid out again).
  private static let limit = 4_096
  private var sizes: [Key: Size] = [:]
  private var lines: [Key: [String]] = [:]
  private var lastLines: (key: Key, lines: [String])?
  /// The measurer, when it is the font measurer: a text typed on from the last one it laid out
  /// is then laid out from there (see ``LaidOutText``).
  private let fontMeasurer: FontMetricsMeasurer?
  /// The last text laid out whole or carried on from the one before.
  private var lastLaidOut: LaidOutText?

  /// A text at a width and a font size, equal to another as `String`s and `Double`s compare
  /// them, hashed from its bytes when they are its normal form (see ``CanonicalBytes``).
  private struct Key: Hashable {
    var text: String
    var width: Double
    var fontSize: Double

    static func == (lhs: Key, rhs: Key) -> Bool {
      lhs.width == rhs.width && lhs.fontSize == rhs.fontSize
        && CanonicalBytes.areEqual(lhs.text, rhs.text)
    }

    func hash(into hasher: inout Hasher) {
      CanonicalBytes.hash(text, into: &hasher)
      hasher.combine(width)
      hasher.combine(fontSize)
    }
  }

  init(_ measurer: AnyTextMeasuring) {
    self.measurer = measurer
    #if hasFeature(Embedded)
      fontMeasurer = measurer
    #else
      fontMeasurer = measurer as? FontMetricsMeasurer
    #endif
    // Room for every text the memory holds before it starts again: it never grows by
    // rehashing.
    sizes.reserveCapacity(Self.limit)
    lines.reserveCapacity(Self.limit)
  }

  func boundingSize(of text: String, width: Double, fontSize: Double) -> Size {
    let key = Key(text: text, width: width, fontSize: fontSize)
    if let size = sizes[key] { return size }
    let size = measurer.boundingSize(of: text, width: width, fontSize: fontSize)
    if sizes.count >= Self.limit { sizes.removeAll(keepingCapacity: true) }
    sizes[key] = size
    return size
  }

  func lines(of text: String, width: Double, fontSize: Double) -> [String] {
    let key = Key(text: text, width: width, fontSize: fontSize)
    // The input bar's text is laid out at every step and mostly stays the same: comparing it
    // with the last one costs less than hashing it.
    if let last = lastLines, last.key == key { return last.lines }
    // A draft typed on: laid out from the text before it, and not remembered by its text (it is
    // seldom seen again, and hashing it would cost more than laying it out again).
    // Optional chaining, not `if let`: binding the measurer or the laid-out text copies it.
    if lastLaidOut?.isCarriedOn(by: text, width: width, fontSize: fontSize) == true,
      let laid = fontMeasurer?.layOut(
        text, width: width, fontSize: fontSize, continuing: lastLaidOut)
    {
      lastLaidOut = laid
      lastLines = (key, laid.lines)
      return laid.lines
    }
    if lines.count >= Self.limit { lines.removeAll(keepingCapacity: true) }
    // One lookup: a new text's slot is filled in place.
    let found = { (slot: inout [String]?) -> [String] in
      if let found = slot { return found }
      let found: [String]
      if let laid = fontMeasurer?.layOut(text, width: width, fontSize: fontSize, continuing: nil) {
        lastLaidOut = laid
        found = laid.lines
      } else {
        found = measurer.lines(of: text, width: width, fontSize: fontSize)
      }
      slot = found
      return found
    }(&lines[key])
    lastLines = (key, found)
    return found
  }

  func lineHeight(fontSize: Double) -> Double { measurer.lineHeight(fontSize: fontSize) }
}
