import Foundation
import ReplayTestSupport
import Testing

@testable import ChatReplay

/// The page's phone against `replay svg`'s: the page writes the scene's parts and its script
/// draws the shapes from them by the rules ``Scene/shapes`` draws with, so at every step of
/// every page the script's shapes must be the scene's (the ones `replay svg` writes), in the same
/// order, with the same styles, texts and numbers, bit for bit.
///
/// One browser run opens every page (each bundled recording, and two generated ones through each
/// layout) and compares a digest of every step's shapes with the scene's; only the first step
/// that differs is written back whole, for the failure's diff.
@Suite(.enabled(if: chromiumPath != nil))
struct PagePhoneTests {
  /// A page of the suite: its name and what it is replayed from.
  struct Page: Sendable, CustomTestStringConvertible {
    var name: String
    var source: [UInt8]
    var layout: LayoutID?
    var testDescription: String { name }
  }

  static let pages: [Page] = {
    let folder = ReplayBinary.packageRoot.appendingPathComponent("Recordings")
    let names =
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".jsonl") }.sorted()
    var pages = names.map { name in
      Page(
        name: name,
        source: Array((try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()))
    }
    // A realistic session of 80 steps (typing, sends, replies, the keyboard up and down) and 50
    // steps of odd values, through each layout: with the bundled recordings, every part the page
    // writes, at a cost the whole test run can afford.
    for (label, arguments) in [
      ("realistic", ["--seed", "7", "--events", "80"]),
      ("adversarial", ["--seed", "3", "--adversarial", "--events", "50"]),
    ] {
      let generated = try? ReplayBinary.run(["generate"] + arguments)
      let source = Array((generated?.standardOutput ?? "").utf8)
      for layout in LayoutID.allCases {
        pages.append(Page(name: "\(label)-\(layout.rawValue)", source: source, layout: layout))
      }
    }
    return pages
  }()

  static func timeline(of page: Page) throws -> Timeline {
    switch Timeline.load(
      page.source, options: Replayer.Options(layout: page.layout), keepGoing: true)
    {
    case .success(let timeline): return timeline
    case .failure(let error): throw RenderedPages.Failure("\(page.name): \(error)")
    }
  }

  /// The page's data, made the way `replay html` makes a page too long to carry `why` and
  /// `blame` (the phone is the same either way, and explaining costs), and each step's scene's
  /// shapes (`replay svg`'s, their texts laid out through a memory, which gives the measurer's
  /// lines), passed to `shapes` with the step.
  static func data(of page: Page, shapes: (Int, [Scene.Shape]) -> Void) throws -> String {
    let timeline = try timeline(of: page)
    let measurer = MemoizingMeasurer(timeline.screen.measurer)
    var builder = PageBuilder(
      measurer: timeline.screen.measurer, first: 0, expectedCount: timeline.stepCount,
      explaining: nil)
    var state = timeline.state(at: 0)
    builder.add(state, event: nil, line: timeline.headerLine)
    shapes(0, Scene(state, measurer: measurer).shapes)
    for step in stride(from: 1, through: timeline.lastStep, by: 1) {
      let line = timeline.lines[step - 1]
      let event = timeline.event(on: line)
      timeline.screen.reduce(into: &state, event)
      builder.add(state, event: event, line: line.number)
      shapes(step, Scene(state, measurer: measurer).shapes)
    }
    let bytes = builder.finish(
      name: page.name, title: page.name, layout: timeline.state(at: 0).layout,
      lastStep: timeline.lastStep)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// What the browser found on a page: how many steps it has, the first whose shapes' digest is
  /// not the scene's (`-1` for none), and that step's shapes (each in ``row(_:)``'s form).
  struct Drawn: Sendable {
    var steps: Int
    var first: Int
    var shapes: [[String]]
  }

  /// What the browser found on each page, by page name, and the scene's step count: built on
  /// a thread of its own from when the run is planned (the test's arguments start it).
  static let drawn = Background {
    () -> Result<[String: (drawn: Drawn, steps: Int)], RenderedPages.Failure> in
    do { return .success(try draw()) } catch let failure as RenderedPages.Failure {
      return .failure(failure)
    } catch {
      return .failure(RenderedPages.Failure("\(error)"))
    }
  }

  /// The pages, once their drawing has started (see ``drawn``).
  static func whileDrawing(_ pages: [Page]) -> [Page] {
    if chromiumPath != nil { _ = drawn }
    return pages
  }

  /// Writes every page and the scene's digests of its steps (the pages at once, each on a
  /// thread of its own), then opens them in the browser.
  static func draw() throws -> [String: (drawn: Drawn, steps: Int)] {
    let folder = try TemporaryDirectory()
    let path = folder.path
    let built = try allAtOnce(
      pages.map { page in
        { () throws -> (digests: String, steps: Int) in
          var stepDigests: [String] = []
          let data = try data(of: page) { _, shapes in stepDigests.append(String(digest(shapes))) }
          try Data(PageTemplate.html(title: page.name, data: data).utf8).write(
            to: URL(fileURLWithPath: path + "/" + page.name + ".html"))
          return ("\"\(page.name)\": [\(stepDigests.joined(separator: ","))]", stepDigests.count)
        }
      })
    var steps: [String: Int] = [:]
    for (page, result) in zip(pages, built) { steps[page.name] = result.steps }
    let harness = path + "/phones.html"
    try Data(Self.harness(digests: "{" + built.map(\.digests).joined(separator: ",") + "}").utf8)
      .write(to: URL(fileURLWithPath: harness))
    let dump = try RenderedPages.browser(
      ["--dump-dom", "--allow-file-access-from-files"], "file://\(harness)")
    guard let start = dump.range(of: "<pre id=\"out\">"),
      let end = dump[start.upperBound...].range(of: "</pre>")
    else { throw RenderedPages.Failure("the harness wrote nothing: " + dump.prefix(2_000)) }
    let json = RenderedPages.unescaped(String(dump[start.upperBound..<end.lowerBound]))
    guard let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    else { throw RenderedPages.Failure("the harness wrote " + json.prefix(2_000)) }
    if let error = object["error"] as? String {
      throw RenderedPages.Failure("the harness failed: " + error)
    }
    var found: [String: (drawn: Drawn, steps: Int)] = [:]
    for (name, value) in object {
      guard let result = value as? [String: Any], let count = result["steps"] as? Int,
        let first = result["first"] as? Int
      else { continue }
      let shapes = ((result["shapes"] as? [[Any]]) ?? []).map(Self.row)
      found[name] = (Drawn(steps: count, first: first, shapes: shapes), steps[name] ?? 0)
    }
    return found
  }

  /// The FNV-1a digest of `shapes` that the harness's `digest` makes of the script's: each text
  /// as its UTF-8 length and bytes, each number as its 8 bytes (one not finite, or -0, as 0), a
  /// clip as 1 and its four numbers, no clip as 0.
  static func digest(_ shapes: [Scene.Shape]) -> UInt32 {
    var hash: UInt32 = 0x811c_9dc5
    func byte(_ value: UInt8) { hash = (hash ^ UInt32(value)) &* 0x0100_0193 }
    func word(_ value: UInt32) {
      byte(UInt8(truncatingIfNeeded: value))
      byte(UInt8(truncatingIfNeeded: value >> 8))
      byte(UInt8(truncatingIfNeeded: value >> 16))
      byte(UInt8(truncatingIfNeeded: value >> 24))
    }
    func number(_ value: Double) {
      let bits = (value.isFinite && value != 0 ? value : 0).bitPattern
      word(UInt32(truncatingIfNeeded: bits))
      word(UInt32(truncatingIfNeeded: bits >> 32))
    }
    func text(_ value: String) {
      word(UInt32(value.utf8.count))
      for unit in value.utf8 { byte(unit) }
    }
    func rect(_ rect: Rect) {
      number(rect.x)
      number(rect.y)
      number(rect.width)
      number(rect.height)
    }
    for shape in shapes {
      text(shape.kind.rawValue)
      text(shape.style)
      rect(shape.frame)
      text(shape.text)
      number(shape.fontSize)
      number(shape.cornerRadius)
      number(shape.isCentred ? 1 : 0)
      if let clip = shape.clip {
        byte(1)
        rect(clip)
      } else {
        byte(0)
      }
    }
    return hash
  }

  /// A page that opens each page in a frame (not displayed), compares the digest of
  /// `phoneShapes(i)` at every step with the scene's (`digests`, by page name), and writes what
  /// it found, as JSON by page name, into `<pre id="out">`.
  static func harness(digests: String) -> String {
    """
    <!DOCTYPE html><html><body><pre id="out"></pre><script>
    "use strict";
    const expected = \(digests), names = Object.keys(expected), results = {};
    const f64 = new Float64Array(1), u32 = new Uint32Array(f64.buffer), utf8 = new TextEncoder();
    function digest(shapes) {
      let h = 0x811c9dc5;
      const byte = (b) => { h = Math.imul(h ^ b, 0x01000193) >>> 0; };
      const word = (w) => { byte(w & 255); byte((w >>> 8) & 255); byte((w >>> 16) & 255); byte(w >>> 24); };
      const number = (x) => { f64[0] = Number.isFinite(x) && x !== 0 ? x : 0; word(u32[0]); word(u32[1]); };
      const text = (t) => { const b = utf8.encode(t); word(b.length); for (const c of b) byte(c); };
      for (const [kind, style, x, y, width, height, t, size, radius, centred, clip] of shapes) {
        text(kind); text(style); number(x); number(y); number(width); number(height);
        text(t); number(size); number(radius); number(centred);
        if (clip) { byte(1); clip.forEach(number); } else byte(0);
      }
      return h;
    }
    // Numbers as text, read back exactly (Foundation's JSON reader can be off in the last digit).
    const exact = (v) => typeof v === "number" ? String(v) : Array.isArray(v) ? v.map(exact) : v;
    let pending = names.length;
    const done = () => { document.getElementById("out").textContent = JSON.stringify(results); };
    names.forEach((name) => {
      const frame = document.createElement("iframe");
      // Not displayed: the shapes are the script's to compute, and a frame that is not laid out
      // and painted halves the browser's time (HTMLPageTests looks at pages as drawn).
      frame.style.display = "none";
      frame.src = name + ".html";
      frame.onload = () => {
        try {
          const w = frame.contentWindow, want = expected[name];
          const steps = JSON.parse(w.document.getElementById("data").textContent).t.length;
          let first = -1;
          for (let i = 0; i < Math.min(steps, want.length) && first < 0; i++) if (digest(w.phoneShapes(i)) !== want[i]) first = i;
          results[name] = { steps, first, shapes: first < 0 ? [] : w.phoneShapes(first).map(exact) };
        } catch (e) { results.error = name + ": " + String(e) + " " + e.stack; }
        if (--pending === 0) done();
      };
      document.body.appendChild(frame);
    });
    </script></body></html>
    """
  }

  /// A shape as the page's script writes it: `[kind, style, x, y, width, height, text, size,
  /// radius, centred, clip]`, numbers that are not finite as `0` (as the page's data has them).
  static func row(_ shape: Scene.Shape) -> [String] {
    func number(_ value: Double) -> String { value.isFinite ? "\(value == 0 ? 0 : value)" : "0" }
    let frame = shape.frame
    var row = [shape.kind.rawValue, shape.style]
    row += [frame.x, frame.y, frame.width, frame.height].map(number)
    row += [shape.text, number(shape.fontSize), number(shape.cornerRadius)]
    row.append(number(shape.isCentred ? 1 : 0))
    row.append(
      shape.clip.map { clip in
        [clip.x, clip.y, clip.width, clip.height].map(number).joined(separator: " ")
      } ?? number(0))
    return row
  }

  /// A shape the browser wrote, its numbers as JavaScript writes them (the shortest text that
  /// reads back as the number), in ``row(_:)``'s form.
  static func row(_ values: [Any]) -> [String] {
    func text(_ value: Any) -> String {
      if let values = value as? [Any] { return values.map(text).joined(separator: " ") }
      guard let value = value as? String, let double = Double(value) else { return "\(value)" }
      return "\(double == 0 ? 0 : double)"
    }
    return values.enumerated().map { position, value in
      position == 0 || position == 1 || position == 6 ? "\(value)" : text(value)
    }
  }

  @Test(arguments: whileDrawing(pages))
  func pageDrawsTheScenesShapesAtEveryStep(_ page: Page) async throws {
    let (drawn, steps) = try #require(
      try await Self.drawn.value.get()[page.name], "no page \(page.name)")
    #expect(drawn.steps == steps, "\(page.name): steps")
    #expect(steps > 1)
    #expect(drawn.first == -1, "\(page.name): the shapes differ from step \(drawn.first)")
    guard drawn.first >= 0 else { return }
    var want: [String] = []
    _ = try Self.data(of: page) { step, shapes in
      if step == drawn.first { want = shapes.map { Self.row($0).joined(separator: " | ") } }
    }
    let got = drawn.shapes.map { $0.joined(separator: " | ") }
    expectNoDifference(
      got.joined(separator: "\n"), want.joined(separator: "\n"),
      "\(page.name) at step \(drawn.first)")
  }
}
