import Foundation
import ReplayTestSupport
import Testing

/// Where Debian's headless Chromium is, if it is installed (.ci/run installs it).
let chromiumPath = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"]
  .first { FileManager.default.isExecutableFile(atPath: $0) }

/// `replay html` pages opened in a real headless browser: what the page rendered (not its
/// embedded data) agrees with `replay FILE --json --at N`.
///
/// The pages are built once and opened in one browser run for the whole suite
/// (``RenderedPages``), since building a page and starting the browser are what cost.
@Suite(.enabled(if: chromiumPath != nil))
struct HTMLPageTests {
  /// The `--json` paths and values of `object`, as the page names them.
  static func leaves(_ value: Any, _ prefix: String = "") -> [String: Any] {
    if let object = value as? [String: Any] {
      return object.reduce(into: [:]) { result, member in
        result.merge(leaves(member.value, prefix.isEmpty ? member.key : prefix + "." + member.key))
        { a, _ in a }
      }
    }
    if let array = value as? [Any] {
      if array.isEmpty { return [prefix: "[]"] }
      return array.enumerated().reduce(into: [:]) { result, element in
        result.merge(leaves(element.element, prefix + "[\(element.offset)]")) { a, _ in a }
      }
    }
    return [prefix: value]
  }

  /// The rendered state panel's rows: path → value text, unescaped.
  static func panel(_ dom: String) throws -> [String: String] {
    let row = try Regex(
      #"<tr data-path="([^"]*)"[^>]*><td class="path">[^<]*</td><td class="value">([^<]*)</td>"#)
    var rows: [String: String] = [:]
    for match in dom.matches(of: row) {
      let path = String(match.output[1].substring ?? "")
      rows[path] = RenderedPages.unescaped(String(match.output[2].substring ?? ""))
    }
    return rows
  }

  static func attribute(_ name: String, ofRect style: String, in dom: String) -> Double? {
    guard let range = dom.range(of: "<rect class=\"\(style)\"") else { return nil }
    let tag = dom[range.lowerBound...].prefix { $0 != ">" }
    guard let value = tag.range(of: " \(name)=\"") else { return nil }
    return Double(tag[value.upperBound...].prefix { $0 != "\"" })
  }

  @Test(arguments: RenderedPages.visits.flatMap { visit in visit.steps.map { (visit.name, $0) } })
  func renderedPageAgreesWithTheJSONState(_ name: String, _ step: Int) throws {
    let pages = try RenderedPages.shared.get()
    let dom = try #require(pages.doms["\(name)#\(step)"], "no DOM for \(name) at step \(step)")
    let json = try ReplayBinary.run([ReplayBinary.recording(name), "--json", "--at", "\(step)"])
    let state = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    let expected = Self.leaves(state)
    let shown = try Self.panel(dom)
    #expect(Set(shown.keys) == Set(expected.keys), "step \(step)")
    for (path, value) in expected {
      let text = try #require(shown[path], "\(path) at step \(step)")
      if value as? String == "[]" {
        #expect(text == "[]")
        continue
      }
      let decoded = try JSONSerialization.jsonObject(
        with: Data(text.utf8), options: .fragmentsAllowed)
      #expect("\(decoded)" == "\(value)", "\(path) at step \(step)")
    }
    // The scrubber and the list are on the step.
    #expect(dom.contains("<body data-step=\"\(step)\">"))
    #expect(dom.contains("id=\"scrub\" type=\"range\" min=\"0\""))
    #expect(dom.contains("value=\"\(step)\""))
    #expect(dom.contains(try Regex("<div class=\"row sel[^\"]*\" data-step=\"\(step)\"")))
    // The phone's input bar and keyboard are where the state says.
    let bar = try #require(state["inputBar"] as? [String: Any])
    let frame = try #require(bar["frame"] as? [String: Double])
    for key in ["x", "y", "width", "height"] {
      #expect(Self.attribute(key, ofRect: "bar", in: dom) == frame[key], "bar \(key) at \(step)")
    }
    let keyboard = try #require(
      (state["keyboard"] as? [String: Any])?["frame"] as? [String: Double])
    let screen = try #require(state["screen"] as? [String: Double])
    let top = max(keyboard["y"] ?? 0, 0)
    let bottom = min((keyboard["y"] ?? 0) + (keyboard["height"] ?? 0), screen["height"] ?? 0)
    if bottom > top {
      #expect(Self.attribute("y", ofRect: "keyboard", in: dom) == top, "keyboard at \(step)")
      #expect(Self.attribute("height", ofRect: "keyboard", in: dom) == bottom - top)
    } else {
      #expect(Self.attribute("y", ofRect: "keyboard", in: dom) == nil, "no keyboard at \(step)")
    }
  }

  @Test func screenshotsAreDrawnAndDifferWhereTheScreenChanged() throws {
    let pages = try RenderedPages.shared.get()
    // A blank 1200 × 900 PNG compresses to a few kilobytes; a drawn page is far larger.
    for shot in pages.screenshots { #expect(shot.count > 50_000) }
    // Step 0 has no keyboard, step 2 has it with a gap: the pictures differ.
    #expect(pages.screenshots.count == 2)
    #expect(pages.screenshots.first != pages.screenshots.last)
  }

  @Test func blameRowsSelectTheirStep() throws {
    let pages = try RenderedPages.shared.get()
    let dom = try #require(pages.doms["basic-chat.jsonl#blame"])
    // basic-chat.jsonl moves the input bar twice: line 2 (step 1) shows the keyboard at y 516,
    // so the bar's y is 852 − 34 − 336 − 44 = 438; line 30 (step 29) hides it (774 again).
    #expect(dom.contains("<span class=\"jump\" data-step=\"1\">"))
    #expect(dom.contains("<span class=\"jump\" data-step=\"29\">"))
    #expect(dom.contains("blame inputBar.frame.y: 2 changes in steps 0…32; now 438, set at step 1"))
    // Clicked at step 16, the row of step 1 selected step 1.
    #expect(dom.contains("<body data-step=\"1\">"))
  }

  @Test func eventTicksMarkTheStepsOfEachType() throws {
    let pages = try RenderedPages.shared.get()
    let json = try #require(pages.doms["basic-chat.jsonl#ticks"])
    let ticks = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
    // A page of 33 steps has a column per step; line N + 1 of the recording is step N.
    let lines = try String(
      contentsOfFile: ReplayBinary.recording("basic-chat.jsonl"), encoding: .utf8
    )
    .split(separator: "\n")
    func steps(where match: (Substring) -> Bool) -> String {
      String(lines.indices.map { $0 > 0 && match(lines[$0]) ? "1" : "0" })
    }
    #expect(ticks["sendTap"] == steps { $0.contains(#""type":"sendTap""#) })
    #expect(
      ticks["keyboard willChangeFrame"]
        == steps { $0.contains(#""type":"keyboard","name":"willChangeFrame""#) })
    #expect(ticks["start"] == "1" + String(repeating: "0", count: 32))
  }

  @Test func theHeaderNamesTheOptionsInForce() throws {
    let pages = try RenderedPages.shared.get()
    let dom = try #require(pages.doms[RenderedPages.withOption.page + "#0"])
    #expect(
      dom.contains(
        "<h1 id=\"title\">" + ReplayBinary.recording("growing-hardware-keyboard-crash.jsonl")
          + ": growing (inputBar.height=52) on "))
  }

  @Test func checkWritesTheFailingRecordingsPageIntoTheArtifacts() throws {
    let pages = try RenderedPages.shared.get()
    #expect(pages.checkOutput.contains("  page: "))
    let page = String(decoding: pages.artifactPage, as: UTF8.self)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains("<script type=\"application/json\" id=\"data\">"))
    #expect(page.contains("\"file\":\"growing-hardware-keyboard-crash.jsonl\""))
  }

  @Test func theSameInputGivesTheSamePage() throws {
    let pages = try RenderedPages.shared.get()
    #expect(!pages.sameInputPages.0.isEmpty)
    #expect(pages.sameInputPages.0 == pages.sameInputPages.1)
  }
}

/// The suite's pages, each built once, and what one run of the browser showed of them.
struct RenderedPages: Sendable {
  /// A recording and the steps its page is opened at: the first through `#step=` in the address,
  /// the others by changing the address of the open page (the `hashchange` path).
  struct Visit: Sendable {
    var name: String
    var steps: [Int]
    /// More arguments of `replay html`.
    var arguments: [String] = []
    /// The page's file, and the key of its DOMs.
    var page: String { name + (arguments.isEmpty ? "" : ".options") }
  }

  static let visits = [
    Visit(name: "basic-chat.jsonl", steps: [2, 16]),
    Visit(name: "growing-five-lines.jsonl", steps: [2]),
    Visit(name: "growing-hardware-keyboard-crash.jsonl", steps: [21]),
  ]

  /// A page with a layout option, for its header.
  static let withOption = Visit(
    name: "growing-hardware-keyboard-crash.jsonl", steps: [0],
    arguments: ["--option", "inputBar.height=52"])

  /// Built on first use, shared by every test of the suite.
  static let shared: Result<RenderedPages, Failure> = {
    do { return .success(try RenderedPages()) } catch let failure as Failure {
      return .failure(failure)
    } catch { return .failure(Failure("\(error)")) }
  }()

  /// The page's DOM after the browser selected the step, by `NAME#STEP`.
  let doms: [String: String]
  /// PNG screenshots of basic-chat's page at steps 0 and 2.
  let screenshots: [Data]
  /// Two pages built from the same recording.
  let sameInputPages: (Data, Data)

  /// The page `replay check --artifacts` wrote for a failing recording, and what check printed.
  let artifactPage: Data
  let checkOutput: String

  private init() throws {
    let folder = try TemporaryDirectory()
    for visit in Self.visits + [Self.withOption] {
      let written = try ReplayBinary.run(
        [
          "html", ReplayBinary.recording(visit.name), "-o",
          folder.path + "/" + visit.page + ".html",
        ]
          + visit.arguments)
      guard written.status == 0 else { throw Failure("replay html: " + written.standardError) }
    }
    let again = try ReplayBinary.run([
      "html", ReplayBinary.recording(Self.visits[2].name), "-o", folder.path + "/again.html",
    ])
    guard again.status == 0 else { throw Failure("replay html: " + again.standardError) }
    sameInputPages = (
      try Data(contentsOf: URL(fileURLWithPath: folder.path + "/again.html")),
      try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + Self.visits[2].name + ".html"))
    )
    let check = try ReplayBinary.run(
      [
        "check", "--fail-on", "any", "--artifacts", folder.path + "/artifacts", Self.visits[2].name,
      ],
      in: ReplayBinary.packageRoot.appendingPathComponent("Recordings").path)
    checkOutput = check.standardOutput + check.standardError
    artifactPage =
      (try? Data(
        contentsOf: URL(
          fileURLWithPath: folder.path + "/artifacts/" + Self.visits[2].name + ".html"))) ?? Data()
    let harness = folder.path + "/harness.html"
    try Data(Self.harness(Self.visits + [Self.withOption]).utf8).write(
      to: URL(fileURLWithPath: harness))
    let dump = try Self.browser(
      ["--dump-dom", "--allow-file-access-from-files"], "file://\(harness)")
    guard let start = dump.range(of: "<pre id=\"out\">"),
      let end = dump[start.upperBound...].range(of: "</pre>")
    else { throw Failure("the harness wrote nothing: " + dump.prefix(2_000)) }
    let json = Self.unescaped(String(dump[start.upperBound..<end.lowerBound]))
    guard let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
    else { throw Failure("the harness wrote " + json.prefix(2_000)) }
    if let error = object["error"] { throw Failure("the harness failed: " + error) }
    doms = object
    var shots: [Data] = []
    let page = folder.path + "/" + Self.visits[0].name + ".html"
    for step in [0, 2] {
      let png = folder.path + "/\(step).png"
      _ = try Self.browser(
        ["--screenshot=\(png)", "--window-size=1200,900"], "file://\(page)#step=\(step)")
      shots.append(try Data(contentsOf: URL(fileURLWithPath: png)))
    }
    screenshots = shots
  }

  /// A page that opens each visit's page in a frame, selects its steps one after the other and
  /// writes each step's DOM, as JSON by `PAGE#STEP`, into `<pre id="out">`.
  ///
  /// On the first page it then reads the tracks' tick rows (`PAGE#ticks`: for each event type,
  /// a `0`/`1` per column) and, at its last step, clicks the value of `inputBar.frame.y` and in
  /// its blame the row of step 1 (`PAGE#blame`: the DOM after the click).
  static func harness(_ visits: [Visit]) -> String {
    let list = visits.map { visit in
      "[\"\(visit.page).html\", \"\(visit.page)\", [\(visit.steps.map(String.init).joined(separator: ","))]]"
    }
    return """
      <!DOCTYPE html><html><body><pre id="out"></pre><script>
      "use strict";
      const visits = [\(list.joined(separator: ","))], results = {};
      let pending = visits.length;
      const done = () => { document.getElementById("out").textContent = JSON.stringify(results); };
      function extra(name, w) {
        const d = w.document, canvas = d.getElementById("tracks"), g = canvas.getContext("2d");
        const data = JSON.parse(d.getElementById("data").textContent), C = data.columns;
        const ticks = {};
        data.types.forEach((type, n) => {
          let row = "";
          for (let k = 0; k < C; k++) {
            const x = Math.floor((k + 0.5) * canvas.width / C);
            row += g.getImageData(x, 90 + 3 * n, 1, 1).data[3] > 0 ? "1" : "0";
          }
          ticks[type] = row;
        });
        results[name + "#ticks"] = JSON.stringify(ticks);
        d.querySelector('tr[data-path="inputBar.frame.y"] td.value').click();
        d.querySelector('#why span.jump[data-step="1"]').click();
        results[name + "#blame"] = d.documentElement.outerHTML;
      }
      visits.forEach(([file, name, steps], index) => {
        const frame = document.createElement("iframe");
        frame.width = 1200; frame.height = 900;
        frame.src = file + "#step=" + steps[0];
        frame.onload = () => {
          try {
            const w = frame.contentWindow;
            let k = 0;
            const take = () => {
              results[name + "#" + steps[k]] = w.document.documentElement.outerHTML;
              k += 1;
              if (k < steps.length) {
                // Registered after the page's own listener, so it runs once the page has drawn.
                w.addEventListener("hashchange", take, { once: true });
                w.location.hash = "#step=" + steps[k];
                return;
              }
              if (index === 0) extra(name, w);
              if (--pending === 0) done();
            };
            take();
          } catch (e) { results.error = String(e) + " " + e.stack; done(); }
        };
        document.body.appendChild(frame);
      });
      </script></body></html>
      """
  }

  /// Runs the browser on `url` with `arguments`; its standard output.
  static func browser(_ arguments: [String], _ url: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: chromiumPath ?? "chromium")
    process.arguments =
      ["--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000"] + arguments + [url]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// Text as the DOM serializer wrote it, with its entities replaced.
  static func unescaped(_ text: String) -> String {
    [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&nbsp;", "\u{a0}"), ("&amp;", "&")]
      .reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: some StringProtocol) { self.description = String(description) }
  }
}
