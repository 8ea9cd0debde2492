import Foundation
import ReplayTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Where tmux is, if it is installed (.ci/run installs it).
let tmuxPath = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
  .first { FileManager.default.isExecutableFile(atPath: $0) }

/// The debugger at a real terminal, through tmux: the prompt, the blank-line repeat, colours.
struct DebuggerTerminalTests {
  /// A private tmux server, so that nothing else's sessions are touched.
  let socket = "replay-test-\(getpid())-\(UUID().uuidString.prefix(8))"

  /// Runs tmux through the shell and returns what it printed.
  ///
  /// `system` rather than `Process`: the server that `new-session` forks keeps the descriptors
  /// Foundation watches, and `Process.waitUntilExit` would never return.
  @discardableResult
  func tmux(_ arguments: String...) throws -> String {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(socket)-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: output) }
    let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let command =
      "'\(tmuxPath ?? "tmux")' -L '\(socket)' \(quoted.joined(separator: " ")) "
      + "</dev/null >'\(output.path)' 2>/dev/null"
    _ = system(command)
    return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
  }

  /// The pane's text (with `-e`, its colours too), once `text` shows up or after 10 s.
  func screen(waitingFor text: String, colors: Bool = false) throws -> String {
    var pane = ""
    for _ in 0..<100 {
      pane =
        try colors
        ? tmux("capture-pane", "-t", "t", "-p", "-e", "-S", "-200")
        : tmux("capture-pane", "-t", "t", "-p", "-S", "-200")
      if pane.contains(text) { return pane }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return pane
  }

  @Test func promptRepeatsTheLastMoveOnABlankLineAndDrawsInColour() throws {
    let binary = try #require(ReplayBinary.url)
    defer { _ = try? tmux("kill-server") }
    let recording = ReplayBinary.packageRoot.appendingPathComponent("Recordings/basic-chat.jsonl")
    try tmux(
      "new-session", "-d", "-s", "t", "-x", "110", "-y", "70",
      "env -u NO_COLOR TERM=xterm-256color '\(binary.path)' '\(recording.path)'")

    let opened = try screen(waitingFor: "(replay)")
    #expect(
      opened.contains(
        "bad-index: scrollToItem(at: item -1) but the list has items 0..<19\n(replay)"))
    try tmux("send-keys", "-t", "t", "next", "Enter")
    #expect(try screen(waitingFor: "step 1 of 32").contains("(replay) next\nstep 1 of 32"))
    try tmux("send-keys", "-t", "t", "Enter")
    let repeated = try screen(waitingFor: "step 2 of 32")
    #expect(repeated.contains("(replay)\nstep 2 of 32  t=1s  line 3: keyboard willShow"))

    try tmux("send-keys", "-t", "t", "screen", "Enter")
    let drawn = try screen(waitingFor: "GAP 482", colors: true)
    // The gap row: white on red, as tmux re-renders the colours it was sent (97, 41).
    #expect(drawn.contains("\u{1B}[97m\u{1B}[41m░░░░"))
    #expect(drawn.contains(" gap 34 pt "))
    // The bar on bright white, the keyboard on grey.
    #expect(drawn.contains("\u{1B}[107m"))
    #expect(drawn.contains("\u{1B}[100m"))

    try tmux("send-keys", "-t", "t", "quit", "Enter")
    var ended = false
    for _ in 0..<50 where !ended {
      ended = try tmux("list-sessions").isEmpty
      if !ended { Thread.sleep(forTimeInterval: 0.1) }
    }
    #expect(ended)
  }
}
