package import ChatReplay

/// A measurer whose arithmetic a test can do by hand: every character is `characterWidth` wide,
/// lines break at `width` by characters, and a line is `lineHeight` high.
package struct FixedWidthMeasurer: TextMeasuring {
  package var characterWidth = 10.0
  package var lineHeightValue = 17.0

  package init() {}

  package func boundingSize(of text: String, width: Double, fontSize: Double) -> Size {
    guard !text.isEmpty else { return .zero }
    let perLine = max(Int(width / characterWidth), 1)
    let lines = (text.count + perLine - 1) / perLine
    let widest = Double(min(text.count, perLine)) * characterWidth
    return Size(width: widest, height: Double(lines) * lineHeightValue)
  }

  package func lines(of text: String, width: Double, fontSize: Double) -> [String] {
    let perLine = max(Int(width / characterWidth), 1)
    let characters = Array(text)
    return stride(from: 0, to: characters.count, by: perLine).map {
      String(characters[$0..<min($0 + perLine, characters.count)])
    }
  }

  package func lineHeight(fontSize: Double) -> Double { lineHeightValue }
}
