import ChatReplay
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

  @Test(
    arguments: RenderedPages.whileBuilding(
      RenderedPages.visits.flatMap { visit in visit.steps.map { (visit.name, $0) } }))
  func renderedPageAgreesWithTheJSONState(_ name: String, _ step: Int) async throws {
    let pages = try await RenderedPages.get()
    let dom = try #require(pages.doms["\(name)#\(step)"], "no DOM for \(name) at step \(step)")
    let state = try Self.state(name, at: step, in: pages)
    try Self.expectPanel(dom, showing: state, step: step)
    // The scrubber and the list are on the step.
    #expect(dom.contains("<body data-step=\"\(step)\">"))
    #expect(dom.contains("id=\"scrub\" type=\"range\" min=\"0\""))
    #expect(dom.contains("value=\"\(step)\""))
    #expect(dom.contains(try Regex("<div class=\"row sel[^\"]*\" data-step=\"\(step)\"")))
    try Self.expectPhone(dom, showing: state, step: step)
  }

  /// `replay NAME --json --at STEP` (`--layout LAYOUT` when given), parsed: run with the
  /// pages (``RenderedPages/jsonStates``).
  static func state(
    _ name: String, layout: String? = nil, at step: Int, in pages: RenderedPages
  ) throws -> [String: Any] {
    let json = try #require(
      pages.states[RenderedPages.key(name, layout, step)], "no --json of \(name) at \(step)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  /// The state panel of `dom` shows `state`'s paths and values, and only those.
  static func expectPanel(_ dom: String, showing state: [String: Any], step: Int) throws {
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
  }

  /// The phone drawn in `dom` (the first SVG's shapes in it) has its input bar and keyboard where
  /// `state` says.
  static func expectPhone(_ dom: String, showing state: [String: Any], step: Int) throws {
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

  @Test func screenshotsAreDrawnAndDifferWhereTheScreenChanged() async throws {
    let pages = try await RenderedPages.get()
    // A blank 1200 × 900 PNG compresses to a few kilobytes; a drawn page is far larger.
    for shot in pages.screenshots { #expect(shot.count > 50_000) }
    // Step 0 has no keyboard, step 2 has it with a gap: the pictures differ.
    #expect(pages.screenshots.count == 2)
    #expect(pages.screenshots.first != pages.screenshots.last)
  }

  @Test func blameRowsSelectTheirStep() async throws {
    let pages = try await RenderedPages.get()
    let dom = try #require(pages.doms["basic-chat.jsonl#blame"])
    // basic-chat.jsonl moves the input bar twice: line 2 (step 1) shows the keyboard at y 516,
    // so the bar's y is 852 − 34 − 336 − 44 = 438; line 30 (step 29) hides it (774 again).
    #expect(dom.contains("<span class=\"jump\" data-step=\"1\">"))
    #expect(dom.contains("<span class=\"jump\" data-step=\"29\">"))
    #expect(dom.contains("blame inputBar.frame.y: 2 changes in steps 0…32; now 438, set at step 1"))
    // Clicked at step 16, the row of step 1 selected step 1.
    #expect(dom.contains("<body data-step=\"1\">"))
  }

  @Test func eventTicksMarkTheStepsOfEachType() async throws {
    let pages = try await RenderedPages.get()
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

  @Test func theHeaderNamesTheOptionsInForce() async throws {
    let pages = try await RenderedPages.get()
    let dom = try #require(pages.doms[RenderedPages.withOption.page + "#0"])
    #expect(
      dom.contains(
        "<h1 id=\"title\">" + ReplayBinary.recording("growing-hardware-keyboard-crash.jsonl")
          + ": growing (inputBar.height=52) on "))
  }

  @Test func checkWritesTheFailingRecordingsPageIntoTheArtifacts() async throws {
    let pages = try await RenderedPages.get()
    #expect(pages.checkOutput.contains("  page: "))
    let page = String(decoding: pages.artifactPage, as: UTF8.self)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains("<script type=\"application/json\" id=\"data\">"))
    #expect(page.contains("\"file\":\"growing-hardware-keyboard-crash.jsonl\""))
  }

  @Test func theSameInputGivesTheSamePage() async throws {
    let pages = try await RenderedPages.get()
    #expect(!pages.sameInputPages.0.isEmpty)
    #expect(pages.sameInputPages.0 == pages.sameInputPages.1)
  }

  @Test func onePassPagesAreTheSameOnOneThreadAndOnTwo() async throws {
    // 601 steps: more than an explained page's 200, so made in one pass, the phone drawn on a
    // thread of its own with two.
    let pages = try await RenderedPages.get()
    #expect(pages.threadPages.0.count > 10_000)
    #expect(pages.threadPages.0 == pages.threadPages.1)
  }

  /// A long page replays its recording when it opens, with the library built as WebAssembly
  /// that it carries, and has the same data as the page made with `--precomputed`, which
  /// carries the data made by `replay html`: a generated recording, an adversarial one (extreme
  /// numbers, texts with every escape) and a hostile one (texts that end a script element or
  /// open a comment, CR LF, lone CRs).
  @Test(arguments: [
    (RenderedPages.onePass, RenderedPages.onePassPrecomputed),
    (RenderedPages.adversarial, RenderedPages.adversarialPrecomputed),
    (RenderedPages.hostile, RenderedPages.hostilePrecomputed),
    (RenderedPages.windowed, RenderedPages.windowedPrecomputed),
  ])
  func aPageThatReplaysItsRecordingHasThePrecomputedData(
    _ replaying: RenderedPages.Visit, _ precomputed: RenderedPages.Visit
  ) async throws {
    let pages = try await RenderedPages.get()
    let made = try #require(pages.doms[replaying.page + "#data"], "no data in \(replaying.page)")
    let carried = try #require(pages.doms[precomputed.page + "#data"])
    #expect(made.count > 10_000)
    // Where they part, not the two texts (a hundred kilobytes each).
    let parted = zip(made.utf8, carried.utf8).prefix { $0 == $1 }.count
    #expect(
      made.utf8.count == carried.utf8.count && parted == made.utf8.count,
      "\(replaying.page): the data made in the page differ from byte \(parted): \(String(decoding: made.utf8.dropFirst(parted).prefix(80), as: UTF8.self))"
    )
    // What each page carries, and the replaying page's settings: its name, from step 0 to the
    // last (or the window), the header's layout, RxKeyboard 1.0.0 (or 2.0.1 and the option).
    let page = String(decoding: try #require(pages.longPages[replaying.page]), as: UTF8.self)
    #expect(page.contains(#"<script type="application/jsonl" id="recording">"#))
    #expect(!page.contains(#"id="data""#))
    let settings =
      replaying.arguments.isEmpty
      ? #""0","","","1.0.0"]</script>"#
      : #""100","450","","2.0.1","inputBar.height","52"]</script>"#
    #expect(page.contains("/\(replaying.name)\"," + settings))
    if replaying.name == RenderedPages.hostile.name {
      // 600 lines ended by CR LF, every CR carried as a space; each `<` escaped.
      #expect(page.ranges(of: " \n").count >= 600)
      #expect(!page.contains("\r"))
      #expect(page.contains(#"\u003c/script>\u003c!--\u003cscript>"#))
    }
    let other = String(decoding: try #require(pages.longPages[precomputed.page]), as: UTF8.self)
    #expect(other.contains(#"<script type="application/json" id="data">"#))
    #expect(!other.contains(#"id="recording""#))
  }

  @Test func aLongPageIsWrittenInPieces() async throws {
    let pages = try await RenderedPages.get()
    let page = String(decoding: pages.threadPages.1, as: UTF8.self)
    // The file's 600 events of about 78 bytes (46,800 bytes) make about 46,800 / 40 = 1,170
    // steps expected, whose sixteenth (73) is less than 256: pieces of 256 steps. Its 601 steps
    // are two whole pieces (512 steps) and a last one of 89: three of each column.
    let pieces = page.ranges(of: #"<script type="application/json" data-column="t">"#)
    #expect(pieces.count == 3)
    #expect(page.ranges(of: #"data-column="phone">"#).count == 3)
    // The page's pieces, then the phone's one behind: t of the first, t of the second, the
    // phone's first.
    let order = page.ranges(of: #"data-column=""#).map {
      page[$0.upperBound...].prefix { $0 != "\"" }
    }
    #expect(
      order.prefix(15).joined(separator: " ")
        == "t line type summaryOf counts changes messages t line type summaryOf counts changes messages phone"
    )
  }

  @Test(arguments: RenderedPages.whileBuilding(RenderedPages.onePass.steps))
  func aPageInPiecesAgreesWithTheJSONState(_ step: Int) async throws {
    let pages = try await RenderedPages.get()
    let name = RenderedPages.onePass.name
    let dom = try #require(pages.doms["\(name)#\(step)"], "no DOM for \(name) at step \(step)")
    let state = try Self.state(name, at: step, in: pages)
    try Self.expectPanel(dom, showing: state, step: step)
    #expect(dom.contains("<body data-step=\"\(step)\">"))
    #expect(dom.contains(try Regex("<div class=\"row sel[^\"]*\" data-step=\"\(step)\"")))
    // Every row's summary found: its number in the summaries' pieces is one the data hold.
    #expect(!dom.contains("undefined"), "a summary missing at step \(step)")
    try Self.expectRows(dom, step: step, summaries: pages.summaries[name] ?? [])
    let page = String(decoding: pages.threadPages.1, as: UTF8.self)
    #expect(page.contains(#/data-column="summaryOf">\[[^\]]*-1,/#), "no keystroke numbered -1")
    // The keyboard gap's messages are worded by the page's script (the panel above holds them to
    // replay's), none written in the data.
    #expect(page.firstMatch(of: #/"input bar bottom -?\d/#) == nil, "a worded message in the data")
    try Self.expectPhone(dom, showing: state, step: step)
  }

  @Test func anAdversarialPageShowsReplaysSummariesAndMessages() async throws {
    let pages = try await RenderedPages.get()
    let visit = RenderedPages.adversarial
    for step in visit.steps {
      let dom = try #require(pages.doms["\(visit.page)#\(step)"], "no DOM at step \(step)")
      try Self.expectRows(dom, step: step, summaries: pages.summaries[visit.name] ?? [])
      try Self.expectPanel(
        dom, showing: try Self.state(visit.name, at: step, in: pages), step: step)
    }
    // Around step 75, keystrokes with a tab, a NUL, a backslash and quotes, which replay escapes.
    let around = try #require(pages.doms["\(visit.page)#75"])
    #expect(around.contains(#"textChange "\t\u0000 ""#))
    #expect(around.contains(#"textChange "日本語\"quoted\"Hello""#))
  }

  /// Each row of the event list in `dom` (the page opened at `step`) ends with its event's
  /// summary as replay writes it (`summaries`, by step): most keystrokes' made by the page's
  /// script from the step's input text (numbered -1 in the data), the others read from the
  /// data's summaries.
  static func expectRows(_ dom: String, step: Int, summaries: [String]) throws {
    let rows = dom.matches(of: #/<div class="row[^"]*" data-step="(\d+)"[^>]*>([^<]*)</div>/#)
    #expect(rows.count >= 10, "the rows around step \(step)")
    for row in rows {
      let rowStep = try #require(Int(row.1))
      let text = RenderedPages.unescaped(String(row.2))
      #expect(
        rowStep < summaries.count && text.hasSuffix("  " + summaries[rowStep]),
        "row \(rowStep): \(text)")
    }
  }

  /// The SVG `<svg id="ID" …>…</svg>` in `dom`.
  static func svg(id: String, in dom: String) -> Substring? {
    guard let start = dom.range(of: "<svg id=\"\(id)\"") else { return nil }
    guard let end = dom[start.upperBound...].range(of: "</svg>") else { return nil }
    return dom[start.lowerBound..<end.upperBound]
  }

  @Test(arguments: RenderedPages.whileBuilding(RenderedPages.sideBySide.steps))
  func sideBySidePhonesShowEachLayoutsInputBarAndKeyboard(_ step: Int) async throws {
    let pages = try await RenderedPages.get()
    let visit = RenderedPages.sideBySide
    let dom = try #require(pages.doms["\(visit.page)#\(step)"], "no DOM at step \(step)")
    #expect(dom.contains("<body data-step=\"\(step)\">"))
    #expect(dom.contains(try Regex("<div class=\"row sel[^\"]*\" data-step=\"\(step)\"")))
    for (index, layout) in RenderedPages.sideBySideLayouts.enumerated() {
      let state = try Self.state(visit.name, layout: layout, at: step, in: pages)
      let phone = try #require(Self.svg(id: "phone\(index)", in: dom), "no phone for \(layout)")
      try Self.expectPhone(String(phone), showing: state, step: step)
      // The state panel shows the layout chosen in the page, the first at the start.
      if index == 0 { try Self.expectPanel(dom, showing: state, step: step) }
    }
  }

  @Test func sideBySideStatePanelFollowsTheChosenLayout() async throws {
    let pages = try await RenderedPages.get()
    let visit = RenderedPages.sideBySide
    // Chosen in the page's menu at step 8 (where the harness's keys left it).
    let dom = try #require(pages.doms["\(visit.page)#side1"])
    #expect(dom.contains("<body data-step=\"8\">"))
    let state = try Self.state(
      visit.name, layout: RenderedPages.sideBySideLayouts[1], at: 8, in: pages)
    try Self.expectPanel(dom, showing: state, step: 8)
  }

  @Test func sideBySideMarksTheStepsWhereTheLayoutsDiverge() async throws {
    let pages = try await RenderedPages.get()
    let visit = RenderedPages.sideBySide
    let json = try #require(pages.doms["\(visit.page)#marks"])
    let marks = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
    // ipad-undocked-keyboard.jsonl, steps 3…12, rxkeyboard against keyboard-layout-guide. The
    // iPad is H = 1024 high with a bottom safe area S.bottom = 0; both bars are 44 high, and the
    // guide's screen is rxkeyboard's list with the keyboard left to UIKit's guide, so both start
    // from the same list (content 1256 high) at the same offset, 266 (`--json` at step 0).
    // - Steps 3–4 (the docked show of steps 1–4, frame (0, 720, 768, 304)): rxkeyboard has
    //   k = H − y = 304, bar bottom H − S.bottom − k = 720, bar y 676, inset k + 44 + 0 = 348,
    //   offset 266 + k = 570 (its "will show"); the guide puts the bar's bottom on the keyboard's
    //   top 720 (y 676), inset H − 676 = 348, offset moved by the inset's change 348 − 44 = 304 to
    //   570 (within its greatest, 1256 + 348 − 1024 = 580). No gap (720 = 720), so no diagnostics
    //   in either. Agree: 0 0.
    // - Steps 5–6 type one line: nothing moves. 0 0.
    // - Step 7, willChangeFrame to (0, −264, …): rxkeyboard corrects the negative origin to
    //   H − 304 = 720, the frame it has; the guide skips a frame starting above the window. 0.
    // - Step 8, willHide to (0, −264, …): rxkeyboard corrects it to y = H, so k = 0, bar y
    //   1024 − 44 = 980, inset 44; the guide still skips it, bar 676. Diverge: 1.
    // - Steps 9–10, did… to (0, 380, 768, 304), undocked (its bottom 684 is not H): rxkeyboard
    //   reads only will… frames (nothing changes); the guide counts an undocked keyboard as off
    //   screen: bar 980 and inset 44, as rxkeyboard's, and offset 570 − 304 = 266, where
    //   rxkeyboard's stays 570, past its greatest 1256 + 44 − 1024 = 276 (offset-out-of-range).
    //   Diverge, now on the offset and diagnostics only: 1 1, a new divergence.
    // - Steps 11–12, to (0, 200, 768, 304): rxkeyboard k = 1024 − 200 = 824 from 0, bar y
    //   1024 − 824 − 44 = 156, inset 824 + 44 = 868, offset 570 + 824 = 1394; the guide rests. 1 1.
    #expect(marks["marks"] == "0000011111")
    // From step 4, `}` goes to 8, then to 9 (the offsets now differ where the bars agree), and
    // `{` back to 8.
    #expect(marks["keys"] == "8,9,8")
    // At step 11 the panel names what differs, with each layout's value (worked out above).
    let dom = try #require(pages.doms["\(visit.page)#11"])
    for (path, values) in [
      ("inputBar.frame.y", ["156", "980"]), ("list.adjustedContentInset.bottom", ["868", "44"]),
      ("list.contentOffset.y", ["1394", "266"]),
    ] {
      #expect(
        dom.contains(
          "<tr data-path=\"\(path)\"><td class=\"path\">\(path)</td>"
            + values.map { "<td class=\"layout\">\($0)</td>" }.joined() + "</tr>"))
    }
    // rxkeyboard's 1394 is outside the offsets its list rests at, −(20 + 44) (the top safe area
    // and the navigation bar) to 1256 + 868 − 1024 = 1100; the guide has no diagnostic.
    #expect(
      dom.contains(
        "<td class=\"layout\">offset-out-of-range: contentOffset.y 1394 is outside -64...1100"))
    #expect(dom.contains("<td class=\"layout\">none</td></tr>"))
    // The agreeing sides of the frame are left out, and step 4 shows no divergence.
    #expect(!dom.contains("<td class=\"path\">inputBar.frame.x</td><td class=\"layout\">"))
    let agreeing = try #require(pages.doms["\(visit.page)#4"])
    #expect(agreeing.contains("<div id=\"divergence\" class=\"\"><p>= the layouts agree at step 4"))
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
    /// What tells the page's file from the recording's plain page.
    var label = "options"
    /// The page's file, and the key of its DOMs.
    var page: String { name + (arguments.isEmpty ? "" : "." + label) }
    /// Whether the page is a side-by-side one (`--layouts`).
    var isSideBySide: Bool { arguments.contains("--layouts") }
    /// Whether the harness writes the page's data as the script holds it (`PAGE#data`).
    var dumpsData = false
  }

  static let visits = [
    Visit(name: "basic-chat.jsonl", steps: [2, 16]),
    Visit(name: "growing-five-lines.jsonl", steps: [2]),
    Visit(name: "growing-hardware-keyboard-crash.jsonl", steps: [21]),
  ]

  /// A generated recording of 600 events, long enough for a page in pieces (made in one pass,
  /// once with one thread and once with two): opened at a step of each of its three pieces, and
  /// among keystrokes whose summaries the page's script makes: at 400 (more than 24 characters,
  /// ideographs among them), 476 (an emoji, then ASCII) and 556 (more than 24 ASCII characters,
  /// ideographs past the 25th).
  ///
  /// The page opened is the one `replay html` makes by default, which replays its recording
  /// when it opens (``PageReplaySettings``); ``onePassPrecomputed`` is the page made in one pass
  /// with `--precomputed`, which carries the data.
  static let onePass = Visit(
    name: "generated.jsonl", steps: [3, 300, 400, 476, 556, 600], dumpsData: true)
  static let onePassPrecomputed = Visit(
    name: "generated.jsonl", steps: [3], arguments: ["--precomputed"], label: "precomputed",
    dumpsData: true)

  /// A generated adversarial recording of 400 events (a page made in one pass): opened at a
  /// step among keystrokes whose texts replay escapes (75), and at steps whose diagnostics'
  /// messages the page's script words (37: a message hidden and the offset out of range; 39: the
  /// keyboard gap and a message hidden).
  static let adversarial = Visit(name: "adversarial.jsonl", steps: [75, 37, 39], dumpsData: true)
  static let adversarialPrecomputed = Visit(
    name: "adversarial.jsonl", steps: [37], arguments: ["--precomputed"], label: "precomputed",
    dumpsData: true)

  /// ``onePass``'s recording through a window, another RxKeyboard release and an option: the
  /// page that replays its recording makes its data with the settings it carries.
  static let windowed = Visit(
    name: "generated.jsonl", steps: [200],
    arguments: [
      "--from", "100", "--to", "450", "--rxkeyboard-version", "2.0.1", "--option",
      "inputBar.height=52",
    ], label: "window", dumpsData: true)
  static let windowedPrecomputed = Visit(
    name: "generated.jsonl", steps: [200], arguments: windowed.arguments + ["--precomputed"],
    label: "window-precomputed", dumpsData: true)

  /// ``onePass``'s recording made hostile to a page that carries it: texts that end a script
  /// element and open an HTML comment, lines ended by CR LF, and a lone CR (white space) inside
  /// some lines, which HTML reads as a line break (``hostileRecording(_:)``).
  static let hostile = Visit(name: "hostile.jsonl", steps: [300], dumpsData: true)
  static let hostilePrecomputed = Visit(
    name: "hostile.jsonl", steps: [300], arguments: ["--precomputed"], label: "precomputed",
    dumpsData: true)

  /// `recording` with every fifth text prefixed by `</script><!--<script>`, a CR after the first
  /// comma of every seventh line, and CR LF between lines: the same events, as valid.
  static func hostileRecording(_ recording: String) -> String {
    var texts = 0
    let lines = recording.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .map { index, line in
        var line = String(line)
        if let text = line.range(of: #""text":""#) {
          texts += 1
          if texts % 5 == 0 {
            line.insert(contentsOf: "</script><!--<script>", at: text.upperBound)
          }
        }
        if index % 7 == 3, let comma = line.firstIndex(of: ",") {
          line.insert("\r", at: line.index(after: comma))
        }
        return line
      }
    return lines.joined(separator: "\r\n")
  }

  /// A page with a layout option, for its header.
  static let withOption = Visit(
    name: "growing-hardware-keyboard-crash.jsonl", steps: [0],
    arguments: ["--option", "inputBar.height=52"])

  /// The layouts of ``sideBySide``.
  static let sideBySideLayouts = ["rxkeyboard", "keyboard-layout-guide"]

  /// A side-by-side page of a window where the two layouts agree, then diverge; opened at step
  /// 11 through the address, then 4, where the harness presses `}`, `}` and `{`, then chooses
  /// the second layout in the menu.
  static let sideBySide = Visit(
    name: "ipad-undocked-keyboard.jsonl", steps: [11, 4],
    arguments: [
      "--layouts", sideBySideLayouts.joined(separator: ","), "--from", "3", "--to", "12",
    ], label: "layouts")

  /// Built on threads of their own from when the run is planned (``whileBuilding(_:)``),
  /// shared by every test of the suite.
  static let shared = Background { () -> Result<RenderedPages, Failure> in
    do { return .success(try RenderedPages.make()) } catch let failure as Failure {
      return .failure(failure)
    } catch { return .failure(Failure("\(error)")) }
  }

  /// `arguments`, once the pages' build has started: the suite's arguments are worked out when
  /// the run is planned, so the build runs beside the other suites from the start.
  static func whileBuilding<Arguments>(_ arguments: Arguments) -> Arguments {
    // Without a browser the suite does not run: nothing to build.
    if chromiumPath != nil { _ = shared }
    return arguments
  }

  /// The built pages, once they are.
  static func get() async throws -> RenderedPages {
    try await shared.value.get()
  }

  /// The page's DOM after the browser selected the step, by `NAME#STEP`, without its scripts'
  /// texts (its data and its code): only what the page rendered.
  let doms: [String: String]
  /// PNG screenshots of basic-chat's page at steps 0 and 2.
  let screenshots: [Data]
  /// Two pages built from the same recording.
  let sameInputPages: (Data, Data)
  /// The page that carries its data (`--precomputed`) of ``onePass``'s recording (600 events),
  /// made with `--jobs 1` and with `--jobs 2`.
  let threadPages: (Data, Data)
  /// The pages of ``onePass``, ``adversarial``, ``hostile``, ``windowed`` and their precomputed
  /// visits, by their names.
  let longPages: [String: Data]

  /// The page `replay check --artifacts` wrote for a failing recording, and what check printed.
  let artifactPage: Data
  let checkOutput: String
  /// Each step's summary in ``onePass``'s and ``adversarial``'s recordings, as replay writes it
  /// (`start` for step 0), by the visit's name.
  let summaries: [String: [String]]
  /// What `replay --json --at` printed for each of ``jsonStates``, by ``key(_:_:_:)``.
  let states: [String: String]

  static func key(_ name: String, _ layout: String?, _ step: Int) -> String {
    "\(name) \(layout ?? "") \(step)"
  }

  /// Runs `replay ARGUMENTS` (in `directory`); throws what it printed to standard error when it
  /// fails, unless `failing` says a failure is expected.
  @discardableResult
  private static func replay(
    _ arguments: [String], in directory: String? = nil, failing: Bool = false
  ) throws -> ProcessResult {
    let result = try ReplayBinary.run(arguments, in: directory)
    guard result.status == 0 || failing else {
      throw Failure("replay \(arguments[0]): " + result.standardError)
    }
    return result
  }

  /// The `replay NAME --json --at STEP` runs (`--layout LAYOUT` when given) whose states the
  /// tests compare the pages with.
  static let jsonStates: [(name: String, layout: String?, step: Int)] =
    visits.flatMap { visit in visit.steps.map { (visit.name, nil, $0) } }
    + sideBySide.steps.flatMap { step in sideBySideLayouts.map { (sideBySide.name, $0, step) } }
    + [(sideBySide.name, sideBySideLayouts[1], 8)]

  /// Builds the pages and runs `replay --json` for ``jsonStates``, each `replay` on a thread of
  /// its own and all at once, then opens the pages in the browser while two more browsers take
  /// the screenshots.
  private static func make() throws -> RenderedPages {
    let folder = try TemporaryDirectory()
    let path = folder.path
    let generated = path + "/generated.jsonl"
    let adversarial = path + "/" + Self.adversarial.name
    var runs: [@Sendable () throws -> ProcessResult] = (visits + [withOption, sideBySide]).map {
      visit in
      {
        try replay(
          ["html", ReplayBinary.recording(visit.name), "-o", path + "/" + visit.page + ".html"]
            + visit.arguments)
      }
    }
    runs.append {
      try replay(["html", ReplayBinary.recording(visits[2].name), "-o", path + "/again.html"])
    }
    runs.append {
      try replay(["generate", "--seed", "3", "--events", "600", "--output", generated])
      for jobs in ["1", "2"] {
        try replay(
          ["html", generated, "-o", path + "/jobs\(jobs).html", "--jobs", jobs, "--precomputed"])
      }
      try replay(["html", generated, "-o", path + "/" + onePass.page + ".html"])
      let hostile = path + "/" + Self.hostile.name
      try Data(
        hostileRecording(
          String(decoding: try Data(contentsOf: URL(fileURLWithPath: generated)), as: UTF8.self)
        ).utf8
      ).write(to: URL(fileURLWithPath: hostile))
      for visit in [Self.hostile, hostilePrecomputed] {
        try replay(["html", hostile, "-o", path + "/" + visit.page + ".html"] + visit.arguments)
      }
      for visit in [windowed, windowedPrecomputed] {
        try replay(["html", generated, "-o", path + "/" + visit.page + ".html"] + visit.arguments)
      }
      try replay(
        ["generate", "--adversarial", "--seed", "1", "--events", "400", "--output", adversarial])
      for visit in [Self.adversarial, adversarialPrecomputed] {
        try replay(
          ["html", adversarial, "-o", path + "/" + visit.page + ".html"] + visit.arguments)
      }
      for step in Self.adversarial.steps {
        let json = try replay([adversarial, "--json", "--at", "\(step)"]).standardOutput
        try Data(json.utf8).write(
          to: URL(fileURLWithPath: path + "/adversarial.\(step).json"))
      }
      // The states the page opened at each step must show, beside it (the recording is made
      // here, not bundled).
      for step in onePass.steps {
        let json = try replay([generated, "--json", "--at", "\(step)"]).standardOutput
        try Data(json.utf8).write(to: URL(fileURLWithPath: path + "/generated.\(step).json"))
      }
      return ProcessResult(status: 0, standardOutput: "", standardError: "", outputBytes: Data())
    }
    runs.append {
      try replay(
        ["check", "--fail-on", "any", "--artifacts", path + "/artifacts", visits[2].name],
        in: ReplayBinary.packageRoot.appendingPathComponent("Recordings").path, failing: true)
    }
    let check = runs.count - 1
    for (name, layout, step) in jsonStates {
      runs.append {
        try replay(
          [ReplayBinary.recording(name)] + (layout.map { ["--layout", $0] } ?? [])
            + ["--json", "--at", "\(step)"])
      }
    }
    let results = try allAtOnce(runs)
    var summaries: [String: [String]] = [:]
    for (name, file) in [(onePass.name, generated), (Self.adversarial.name, adversarial)] {
      let recording = try Data(contentsOf: URL(fileURLWithPath: file))
      let timeline = try Timeline.load(Array(recording)).get()
      summaries[name] =
        ["start"] + (1...max(1, timeline.lastStep)).map { timeline.event(at: $0).event.summary }
    }
    var states: [String: String] = [:]
    for ((name, layout, step), result) in zip(jsonStates, results.suffix(jsonStates.count)) {
      states[Self.key(name, layout, step)] = result.standardOutput
    }
    for step in Self.adversarial.steps {
      states[Self.key(Self.adversarial.name, nil, step)] = String(
        decoding: try Data(contentsOf: URL(fileURLWithPath: path + "/adversarial.\(step).json")),
        as: UTF8.self)
    }
    for step in onePass.steps {
      states[Self.key(onePass.name, nil, step)] = String(
        decoding: try Data(contentsOf: URL(fileURLWithPath: path + "/generated.\(step).json")),
        as: UTF8.self)
    }
    // The page made in one pass with two threads is the one the browser opens.
    try FileManager.default.copyItem(
      atPath: path + "/jobs2.html", toPath: path + "/" + onePassPrecomputed.page + ".html")
    func read(_ name: String) throws -> Data {
      try Data(contentsOf: URL(fileURLWithPath: path + "/" + name))
    }
    let harness = path + "/harness.html"
    try Data(
      Self.harness(
        Self.visits + [
          Self.withOption, Self.sideBySide, Self.onePass, Self.adversarial,
          Self.onePassPrecomputed, Self.adversarialPrecomputed, Self.hostile,
          Self.hostilePrecomputed, Self.windowed, Self.windowedPrecomputed,
        ]
      ).utf8
    )
    .write(
      to: URL(fileURLWithPath: harness))
    let page = path + "/" + Self.visits[0].name + ".html"
    var browsers: [@Sendable () throws -> String] = [
      { try Self.browser(["--dump-dom", "--allow-file-access-from-files"], "file://\(harness)") }
    ]
    for step in [0, 2] {
      browsers.append {
        try Self.browser(
          ["--screenshot=\(path)/\(step).png", "--window-size=1200,900"],
          "file://\(page)#step=\(step)")
      }
    }
    let dump = try allAtOnce(browsers)[0]
    guard let start = dump.range(of: "<pre id=\"out\">"),
      let end = dump[start.upperBound...].range(of: "</pre>")
    else { throw Failure("the harness wrote nothing: " + dump.prefix(2_000)) }
    let json = Self.unescaped(String(dump[start.upperBound..<end.lowerBound]))
    guard let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
    else { throw Failure("the harness wrote " + json.prefix(2_000)) }
    if let error = object["error"] { throw Failure("the harness failed: " + error) }
    return RenderedPages(
      doms: object, screenshots: try [0, 2].map { try read("\($0).png") },
      sameInputPages: (try read("again.html"), try read(Self.visits[2].name + ".html")),
      threadPages: (try read("jobs1.html"), try read("jobs2.html")),
      longPages: try Dictionary(
        uniqueKeysWithValues: [
          Self.onePass, Self.onePassPrecomputed, Self.adversarial, Self.adversarialPrecomputed,
          Self.hostile, Self.hostilePrecomputed, Self.windowed, Self.windowedPrecomputed,
        ]
        .map { ($0.page, try read($0.page + ".html")) }),
      artifactPage: (try? read("artifacts/" + Self.visits[2].name + ".html")) ?? Data(),
      checkOutput: results[check].standardOutput + results[check].standardError,
      summaries: summaries, states: states)
  }

  /// A page that opens each visit's page in a frame, selects its steps one after the other and
  /// writes each step's DOM, as JSON by `PAGE#STEP`, into `<pre id="out">`.
  ///
  /// On the first page it then reads the tracks' tick rows (`PAGE#ticks`: for each event type,
  /// a `0`/`1` per column) and, at its last step, clicks the value of `inputBar.frame.y` and in
  /// its blame the row of step 1 (`PAGE#blame`: the DOM after the click). On a side-by-side page
  /// it reads the divergence marks (a `0`/`1` per step) and the steps that `}`, `}` and `{` select
  /// (`PAGE#marks`), then chooses the second layout (`PAGE#side1`: the DOM after). A visit that
  /// dumps its data has the page's data as its script holds it in `PAGE#data`.
  static func harness(_ visits: [Visit]) -> String {
    let list = visits.map { visit in
      "[\"\(visit.page).html\", \"\(visit.page)\", [\(visit.steps.map(String.init).joined(separator: ","))], \(visit.isSideBySide), \(visit.dumpsData)]"
    }
    return """
      <!DOCTYPE html><html><body><pre id="out"></pre><script>
      "use strict";
      const visits = [\(list.joined(separator: ","))], results = {};
      let pending = visits.length;
      const done = () => { document.getElementById("out").textContent = JSON.stringify(results); };
      // The DOM without its scripts' texts (the page's data, megabytes, and its code), put back
      // after: what the page rendered.
      const dom = (d) => {
        const scripts = [...d.querySelectorAll("script")], texts = scripts.map((s) => s.textContent);
        for (const script of scripts) script.textContent = "";
        const html = d.documentElement.outerHTML;
        scripts.forEach((script, k) => { script.textContent = texts[k]; });
        return html;
      };
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
        results[name + "#blame"] = dom(d);
      }
      function sideBySide(name, w) {
        const d = w.document, canvas = d.getElementById("marks"), g = canvas.getContext("2d");
        const N = JSON.parse(d.getElementById("data").textContent).pages[0].t.length;
        let marks = "";
        for (let k = 0; k < N; k++) marks += g.getImageData(Math.floor((k + 0.5) * canvas.width / N), 4, 1, 1).data[3] > 0 ? "1" : "0";
        const keys = [];
        for (const key of ["}", "}", "{"]) {
          d.dispatchEvent(new w.KeyboardEvent("keydown", { key }));
          keys.push(d.body.dataset.step);
        }
        results[name + "#marks"] = JSON.stringify({ marks, keys: keys.join(",") });
        const menu = d.getElementById("side");
        menu.value = "1";
        menu.dispatchEvent(new w.Event("change"));
        results[name + "#side1"] = dom(d);
      }
      visits.forEach(([file, name, steps, isSideBySide, dumpsData], index) => {
        const frame = document.createElement("iframe");
        frame.width = 1200; frame.height = 900;
        frame.src = file + "#step=" + steps[0];
        frame.onload = () => {
          try {
            const w = frame.contentWindow;
            let k = 0;
            const take = () => {
              results[name + "#" + steps[k]] = dom(w.document);
              k += 1;
              if (k < steps.length) {
                // Registered after the page's own listener, so it runs once the page has drawn.
                w.addEventListener("hashchange", take, { once: true });
                w.location.hash = "#step=" + steps[k];
                return;
              }
              if (index === 0) extra(name, w);
              if (isSideBySide) sideBySide(name, w);
              // The script's data, its keys sorted (a page in pieces adds its columns last).
              if (dumpsData) { const D = w.eval("D"); results[name + "#data"] = JSON.stringify(Object.keys(D).sort().map((k) => [k, D[k]])); }
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
