import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The SVG of a scene, read back with an XML parser: well-formed, to scale, with real text.
struct SVGDrawingTests {
  /// The elements of an XML document, in order, with their attributes and text.
  final class Elements: NSObject, XMLParserDelegate {
    struct Element {
      var name: String
      var attributes: [String: String]
      var text = ""
    }
    var elements: [Element] = []
    private var open: [Int] = []

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      open.append(elements.count)
      elements.append(Element(name: name, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if let last = open.last { elements[last].text += string }
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
    ) {
      open.removeLast()
    }

    static func parse(_ text: String) -> Elements? {
      let elements = Elements()
      let parser = XMLParser(data: Data(text.utf8))
      parser.delegate = elements
      return parser.parse() ? elements : nil
    }
  }

  static func svg(_ timeline: Timeline, at step: Int) -> String {
    let scene = Scene(timeline.state(at: step), measurer: timeline.screen.measurer)
    return SVGDrawing.document(
      scene, caption: ["step \(step)", "keyboard-gap: <a & b>"],
      measurer: timeline.screen.measurer)
  }

  @Test func drawsThePartsToScaleWithRealText() throws {
    let timeline = DebuggerFixture.timeline()
    let svg = Self.svg(timeline, at: 2)
    let parsed = try #require(Elements.parse(svg))
    let root = try #require(parsed.elements.first)
    #expect(root.name == "svg")
    // The phone 393 × 852, then 12 pt and two caption lines of 16: 852 + 12 + 32 = 896.
    #expect(root.attributes["viewBox"] == "0 0 393 896")
    #expect(root.attributes["width"] == "393")
    func rect(_ style: String) -> [String]? {
      parsed.elements.first { $0.name == "rect" && $0.attributes["class"] == style }.map {
        [$0.attributes["x"], $0.attributes["y"], $0.attributes["width"], $0.attributes["height"]]
          .map { $0 ?? "?" }
      }
    }
    #expect(rect("bar") == ["0", "438", "393", "44"])
    #expect(rect("keyboard") == ["0", "516", "393", "336"])
    #expect(rect("gap") == ["0", "482", "393", "34"])
    #expect(rect("navigation") == ["0", "59", "393", "44"])
    #expect(rect("field") == ["8", "446", "309", "28"])
    // The field's text at its baseline: 446 + 5.5 + 0.8 × 17 = 465.1.
    let field = try #require(parsed.elements.first { $0.attributes["class"] == "field-text" })
    #expect(field.text == "Yo")
    #expect(field.attributes["x"] == "16")
    #expect(field.attributes["y"] == "465.1")
    let texts = parsed.elements.filter { $0.name == "text" }.map(\.text)
    #expect(texts.contains("gap 34 pt"))
    // Caption text is escaped and parses back as it was.
    #expect(texts.contains("keyboard-gap: <a & b>"))
    // The same input, the same bytes.
    #expect(Self.svg(timeline, at: 2) == svg)
  }

  @Test func bubblesAreClippedToTheList() throws {
    let timeline = DebuggerFixture.timeline()
    let parsed = try #require(Elements.parse(Self.svg(timeline, at: 0)))
    // Step 0: offset −103, "Hi" in a 40 × 37 balloon at content (10, 10): window y 113.
    let bubble = try #require(parsed.elements.first { $0.attributes["class"] == "bubble-other" })
    #expect(bubble.attributes["y"] == "113")
    #expect(bubble.attributes["width"] == "40")
    #expect(bubble.attributes["clip-path"] == "url(#clip0)")
    let clip = try #require(parsed.elements.firstIndex { $0.name == "clipPath" })
    #expect(parsed.elements[clip + 1].attributes["height"] == "852")
    let text = try #require(parsed.elements.first { $0.attributes["class"] == "text-other" })
    #expect(text.text == "Hi")
  }
}
