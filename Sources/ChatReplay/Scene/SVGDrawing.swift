/// Draws a ``Scene`` as a standalone SVG document, one point to one pixel, with real text: the
/// phone, then a caption with the step and its diagnostics.
///
/// ```text
/// <svg xmlns="http://www.w3.org/2000/svg" width="393" height="932" viewBox="0 0 393 932">
/// <style>…</style>
/// <rect class="window" x="0" y="0" width="393" height="852"/>
/// …
/// ```
public enum SVGDrawing {
  /// The colours of the shapes' styles, for SVG and HTML alike.
  public static let styleSheet = """
    .window{fill:#ffffff}.status{fill:#f2f2f7}.status-text{fill:#000;font-weight:600}
    .navigation{fill:#f8f8fa;stroke:#c6c6c8;stroke-width:.5}.navigation-text{fill:#000;font-weight:600}
    .bubble-me{fill:#0a84ff}.bubble-other{fill:#e9e9eb}.row-me{fill:#eaf3ff;stroke:#d0d0d5;stroke-width:.5}
    .row-other{fill:#fff;stroke:#d0d0d5;stroke-width:.5}.text-me{fill:#fff}.text-other{fill:#000}
    .row-text{fill:#000}.bar{fill:#f6f6f6;stroke:#c6c6c8;stroke-width:.5}
    .field{fill:#fff;stroke:#c6c6c8}.field-text{fill:#000}.send{fill:#0a84ff}.send-disabled{fill:#b8d8ff}
    .send-text{fill:#fff;font-weight:600}.keyboard{fill:#d1d3d9}.key-text{fill:#333;letter-spacing:2px}
    .gap{fill:#ff3b30;fill-opacity:.35}.gap-label{fill:#a00;font-weight:700}
    .overlap{fill:#af52de;fill-opacity:.45}.overlap-label{fill:#fff;font-weight:700}
    .home{fill:#000}.crash{fill:#ff3b30;fill-opacity:.25}.crash-text{fill:#c00;font-weight:800}
    .crash-reason{fill:#600}.mark{fill:none;stroke:#ff3b30;stroke-width:2;stroke-dasharray:4 3}
    .mark-container{fill:none;stroke:#ff9500;stroke-width:1.5}.mark-text{fill:#d00;font-weight:700}
    .visible-band{fill:#34c759;fill-opacity:.08}.caption{fill:#333}.caption-bad{fill:#c00}
    """

  /// The font stack of the drawings' text.
  public static let fontFamily =
    "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif"

  /// The caption's line height.
  static let captionLineHeight = 16.0

  /// The caption's font size.
  static let captionFontSize = 11.0

  /// The SVG of `scene`, with `caption` paragraphs (the step, its diagnostics) below the phone,
  /// broken into lines by `measurer`.
  public static func document(
    _ scene: Scene, caption paragraphs: [String], measurer: AnyTextMeasuring
  ) -> String {
    let f = JSONWriter.format
    let caption = paragraphs.flatMap { paragraph in
      measurer.lines(of: paragraph, width: scene.window.width - 8, fontSize: captionFontSize)
    }
    let width = scene.window.width
    let height = scene.window.height + 12 + Double(caption.count) * captionLineHeight
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
      viewBox="0 0 \(f(width)) \(f(height))" font-family="\(escaped(fontFamily))">

      """
    out += "<title>\(escaped(paragraphs.first ?? "replay"))</title>\n"
    out += "<style>\n\(styleSheet)\n</style>\n"
    out +=
      "<rect x=\"0\" y=\"0\" width=\"\(f(width))\" height=\"\(f(height))\" fill=\"#fafafa\"/>\n"
    out += elements(scene.shapes)
    for (index, line) in caption.enumerated() {
      let y = scene.window.height + 12 + Double(index + 1) * captionLineHeight - 4
      out +=
        "<text class=\"caption\" x=\"4\" y=\"\(f(y))\" font-size=\"\(f(captionFontSize))\">\(escaped(line))</text>\n"
    }
    out += "</svg>\n"
    return out
  }

  /// The shapes as SVG elements, each clipped shape inside a group with its clip path.
  public static func elements(_ shapes: [Scene.Shape]) -> String {
    let f = JSONWriter.format
    var out = ""
    var clips: [Rect] = []
    for shape in shapes {
      var clipAttribute = ""
      if let clip = shape.clip {
        let number = clips.firstIndex(of: clip) ?? clips.count
        if number == clips.count {
          clips.append(clip)
          out +=
            "<clipPath id=\"clip\(number)\"><rect x=\"\(f(clip.x))\" y=\"\(f(clip.y))\" width=\"\(f(max(clip.width, 0)))\" height=\"\(f(max(clip.height, 0)))\"/></clipPath>\n"
        }
        clipAttribute = " clip-path=\"url(#clip\(number))\""
      }
      let frame = shape.frame
      switch shape.kind {
      case .rect:
        let radius = shape.cornerRadius > 0 ? " rx=\"\(f(shape.cornerRadius))\"" : ""
        out +=
          "<rect class=\"\(shape.style)\" x=\"\(f(frame.x))\" y=\"\(f(frame.y))\" width=\"\(f(max(frame.width, 0)))\" height=\"\(f(max(frame.height, 0)))\"\(radius)\(clipAttribute)/>\n"
      case .text:
        let anchor = shape.isCentred ? " text-anchor=\"middle\"" : ""
        out +=
          "<text class=\"\(shape.style)\" x=\"\(f(frame.x))\" y=\"\(f(frame.y))\" font-size=\"\(f(shape.fontSize))\"\(anchor)\(clipAttribute) xml:space=\"preserve\">\(escaped(shape.text))</text>\n"
      }
    }
    return out
  }

  /// `text` with XML's special characters escaped.
  public static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default:
        // XML 1.0 has no way to write most control characters: they become U+FFFD.
        if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
