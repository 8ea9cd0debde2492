import Foundation
import ReplayTestSupport
import Testing

/// Where Debian's headless Chromium is, if it is installed (.ci/run installs it).
let chromiumPath = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"]
  .first { FileManager.default.isExecutableFile(atPath: $0) }

/// `replay html` pages opened in a real headless browser: what the page rendered (not its
/// embedded data) agrees with `replay FILE --json --at N`.
@Suite(.enabled(if: chromiumPath != nil))
struct HTMLPageTests {
  /// Runs the browser on `url` with `arguments`; its standard output.
  static func browser(_ arguments: [String], _ url: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: chromiumPath ?? "chromium")
    process.arguments =
      ["--no-sandbox", "--disable-gpu", "--virtual-time-budget=2000"] + arguments + [url]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

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
      let value = String(match.output[2].substring ?? "")
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
      rows[path] = value
    }
    return rows
  }

  static func attribute(_ name: String, ofRect style: String, in dom: String) -> Double? {
    guard let range = dom.range(of: "<rect class=\"\(style)\"") else { return nil }
    let tag = dom[range.lowerBound...].prefix { $0 != ">" }
    guard let value = tag.range(of: " \(name)=\"") else { return nil }
    return Double(tag[value.upperBound...].prefix { $0 != "\"" })
  }

  @Test(arguments: [
    ("basic-chat.jsonl", [2, 16]), ("growing-five-lines.jsonl", [2]),
    ("growing-hardware-keyboard-crash.jsonl", [21]),
  ])
  func renderedPageAgreesWithTheJSONState(_ name: String, _ steps: [Int]) throws {
    let folder = try TemporaryDirectory()
    let page = folder.path + "/page.html"
    let recording = ReplayBinary.recording(name)
    let written = try ReplayBinary.run(["html", recording, "-o", page])
    try #require(written.status == 0, "\(written.standardError)")
    for step in steps {
      let dom = try Self.browser(["--dump-dom"], "file://\(page)#step=\(step)")
      let json = try ReplayBinary.run([recording, "--json", "--at", "\(step)"])
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
  }

  @Test func screenshotsAreDrawnAndDifferWhereTheScreenChanged() throws {
    let folder = try TemporaryDirectory()
    let page = folder.path + "/page.html"
    let written = try ReplayBinary.run([
      "html", ReplayBinary.recording("basic-chat.jsonl"), "-o", page,
    ])
    try #require(written.status == 0)
    var shots: [Data] = []
    for step in [0, 2] {
      let png = folder.path + "/\(step).png"
      _ = try Self.browser(
        ["--screenshot=\(png)", "--window-size=1200,900"], "file://\(page)#step=\(step)")
      shots.append(try Data(contentsOf: URL(fileURLWithPath: png)))
    }
    // A blank 1200 × 900 PNG compresses to a few kilobytes; a drawn page is far larger.
    for shot in shots { #expect(shot.count > 50_000) }
    // Step 0 has no keyboard, step 2 has it with a gap: the pictures differ.
    #expect(shots[0] != shots[1])
    // The same input gives the same page.
    let again = try ReplayBinary.run([
      "html", ReplayBinary.recording("basic-chat.jsonl"), "-o", folder.path + "/again.html",
    ])
    #expect(again.status == 0)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: page))
        == Data(contentsOf: URL(fileURLWithPath: folder.path + "/again.html")))
  }
}
