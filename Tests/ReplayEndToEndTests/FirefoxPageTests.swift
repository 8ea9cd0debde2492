import Foundation
import ReplayTestSupport
import Testing

/// Where Debian's Firefox is, if it is installed (.ci/run installs `firefox-esr`).
let firefoxPath = ["/usr/bin/firefox-esr", "/usr/bin/firefox"]
  .first { FileManager.default.isExecutableFile(atPath: $0) }

/// `replay html` pages opened in headless Firefox: one screenshot of a harness that shows the
/// pages only when their script drew what the steps say.
///
/// Firefox's headless mode has no DOM dump, and a PNG cannot be read here, so the harness does
/// the checking: it opens the pages in frames, hidden, and shows them only if every check
/// passed. A drawn screenshot is then large; a blank one (a check failed, or the script did not
/// run) is a few kilobytes.
@Suite(
  .enabled(
    if: firefoxPath != nil,
    "Firefox is not installed (apt-get install firefox-esr; .ci/run installs it)"))
struct FirefoxPageTests {
  /// The frames: a page, the step in its address, and for each of its phones the input bar's y.
  ///
  /// basic-chat.jsonl (iPhone 15, H = 852, S.bottom = 34, bar 44): at step 0 the bar rests at
  /// 852 − 34 − 44 = 774; at step 2 the keyboard is up (k = 852 − 516 = 336) and the bar is at
  /// 852 − 34 − 336 − 44 = 438. The side-by-side page of ipad-undocked-keyboard.jsonl at step 11
  /// has rxkeyboard's bar at 1024 − 824 − 44 = 156 and keyboard-layout-guide's at rest,
  /// 1024 − 0 − 44 = 980 (worked out in HTMLPageTests'
  /// `sideBySideMarksTheStepsWhereTheLayoutsDiverge`).
  static let frames: [(page: String, step: Int, bars: [Int])] = [
    ("basic-chat.html", 0, [774]), ("basic-chat.html", 2, [438]),
    ("side-by-side.html", 11, [156, 980]),
  ]

  static func harness(_ frames: [(page: String, step: Int, bars: [Int])]) -> String {
    let list = frames.map { frame in
      "[\"\(frame.page)\", \(frame.step), [\(frame.bars.map(String.init).joined(separator: ","))]]"
    }
    return """
      <!DOCTYPE html><html><body style="margin:0"><script>
      "use strict";
      const frames = [\(list.joined(separator: ","))], windows = [];
      let loaded = 0;
      for (const [page, step] of frames) {
        const frame = document.createElement("iframe");
        frame.width = 400; frame.height = 900; frame.style.border = "0"; frame.style.visibility = "hidden";
        frame.src = page + "#step=" + step;
        frame.onload = () => { if (++loaded === frames.length) check(); };
        windows.push(frame); document.body.appendChild(frame);
      }
      // Each frame is on its step with its phones' input bars where expected, and the two steps
      // of the first page drew different phones; only then are the frames shown.
      function check() {
        const phones = windows.map((frame, k) => {
          const d = frame.contentDocument, [, step, bars] = frames[k];
          if (d.body.dataset.step !== String(step)) throw new Error("frame " + k + " is at " + d.body.dataset.step);
          const svgs = [...d.querySelectorAll("svg")];
          bars.forEach((y, n) => {
            const bar = svgs[n] && svgs[n].querySelector("rect.bar");
            if (!bar || bar.getAttribute("y") !== String(y)) throw new Error("frame " + k + " phone " + n);
          });
          return svgs[0].outerHTML;
        });
        if (phones[0] === phones[1]) throw new Error("steps 0 and 2 drew the same phone");
        for (const frame of windows) frame.style.visibility = "visible";
      }
      </script></body></html>
      """
  }

  @Test func pagesDrawTheirStepsInFirefox() async throws {
    let folder = try TemporaryDirectory()
    // Short windows: a page's cost is mostly its why and blame texts, for every step.
    for (page, arguments) in [
      ("basic-chat.html", ["basic-chat.jsonl", "--from", "0", "--to", "2"]),
      (
        "side-by-side.html",
        [
          "ipad-undocked-keyboard.jsonl", "--layouts", "rxkeyboard,keyboard-layout-guide", "--from",
          "8", "--to", "11",
        ]
      ),
    ] {
      let written = try ReplayBinary.run(
        ["html", ReplayBinary.recording(arguments[0])] + arguments.dropFirst()
          + ["-o", folder.path + "/" + page])
      #expect(written.status == 0, "\(written.standardError)")
    }
    // A long page (601 steps) as `replay html` makes it, which replays its recording with the
    // library built as WebAssembly when it opens, and the same page with `--precomputed`,
    // written in pieces (three of 256 steps and the rest: see HTMLPageTests'
    // `aLongPageIsWrittenInPieces`); each opened at a step of the second piece, its bar where
    // `replay --json --at` puts it.
    let generated = folder.path + "/generated.jsonl"
    for arguments in [
      ["generate", "--seed", "3", "--events", "600", "--output", generated],
      ["html", generated, "-o", folder.path + "/replaying.html"],
      ["html", generated, "-o", folder.path + "/pieces.html", "--precomputed"],
    ] {
      let run = try ReplayBinary.run(arguments)
      #expect(run.status == 0, "\(run.standardError)")
    }
    let state = try ReplayBinary.run([generated, "--json", "--at", "300"]).standardOutput
    let object = try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any]
    let bar = (object?["inputBar"] as? [String: Any])?["frame"] as? [String: Double]
    let barY = try #require(bar?["y"], "no input bar in \(state)")
    try #require(barY == barY.rounded(), "the harness compares the bar's y as an integer")
    try Data(
      Self.harness(
        Self.frames + [("replaying.html", 300, [Int(barY)]), ("pieces.html", 300, [Int(barY)])]
      ).utf8
    ).write(
      to: URL(fileURLWithPath: folder.path + "/harness.html"))
    // A fresh profile. Frames of file:// pages may read each other only with the first
    // preference; the others turn off what a first start does besides (extensions, updates,
    // telemetry, the network checks), which halves Firefox's CPU time here.
    let profile = folder.path + "/profile"
    try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
    let preferences = [
      ("security.fileuri.strict_origin_policy", "false"), ("extensions.enabledScopes", "0"),
      ("extensions.autoDisableScopes", "0"), ("browser.startup.page", "0"),
      ("browser.shell.checkDefaultBrowser", "false"), ("browser.newtabpage.enabled", "false"),
      ("browser.safebrowsing.update.enabled", "false"), ("browser.search.update", "false"),
      ("browser.sessionstore.resume_from_crash", "false"), ("browser.cache.disk.enable", "false"),
      ("app.normandy.enabled", "false"), ("toolkit.telemetry.enabled", "false"),
      ("datareporting.healthreport.uploadEnabled", "false"),
      ("datareporting.policy.dataSubmissionEnabled", "false"),
      ("network.captive-portal-service.enabled", "false"),
      ("network.connectivity-service.enabled", "false"),
    ]
    try Data(
      preferences.map { "user_pref(\"\($0.0)\", \($0.1));\n" }.joined().utf8
    ).write(to: URL(fileURLWithPath: profile + "/user.js"))
    let png = folder.path + "/shot.png"
    let harness = "file://\(folder.path)/harness.html"
    // Firefox starts in seconds, mostly waiting: waited for off the tests' threads.
    try await onOwnThread {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: firefoxPath ?? "firefox-esr")
      process.arguments = [
        "--headless", "--no-remote", "--profile", profile, "--window-size=1200,900",
        "--screenshot", png, harness,
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      let watchdog = DispatchWorkItem { process.terminate() }
      DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: watchdog)
      process.waitUntilExit()
      watchdog.cancel()
    }
    let shot = try Data(contentsOf: URL(fileURLWithPath: png))
    // A blank 1200 × 900 PNG is about 21 kB; the four drawn pages far more.
    #expect(shot.count > 100_000, "the harness hid the pages: a check failed")
  }
}
