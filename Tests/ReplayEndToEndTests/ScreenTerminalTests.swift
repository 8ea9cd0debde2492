import Foundation
import ReplayTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `screen` in a real 80 × 24 terminal (tmux): the drawing is scaled to fit the window.
struct ScreenTerminalTests {
  let socket = "replay-screen-\(getpid())-\(UUID().uuidString.prefix(8))"

  @discardableResult
  func tmux(_ arguments: String...) -> String {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(socket)-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: output) }
    let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    _ = system(
      "'\(tmuxPath ?? "tmux")' -L '\(socket)' \(quoted.joined(separator: " ")) "
        + "</dev/null >'\(output.path)' 2>/dev/null")
    return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
  }

  @Test(.enabled(if: tmuxPath != nil)) func screenFitsAnEightyByTwentyFourTerminal() throws {
    let binary = try #require(ReplayBinary.url)
    defer { tmux("kill-server") }
    let recording = ReplayBinary.recording("basic-chat.jsonl")
    tmux(
      "new-session", "-d", "-s", "s", "-x", "80", "-y", "24",
      "TERM=xterm '\(binary.path)' --color never '\(recording)'")
    var pane = ""
    for _ in 0..<100 where !pane.contains("(replay)") {
      Thread.sleep(forTimeInterval: 0.05)
      pane = tmux("capture-pane", "-t", "s", "-p")
    }
    tmux("send-keys", "-t", "s", "goto 2", "Enter")
    tmux("send-keys", "-t", "s", "screen", "Enter")
    for _ in 0..<100 where !pane.contains("╰") {
      Thread.sleep(forTimeInterval: 0.05)
      pane = tmux("capture-pane", "-t", "s", "-p")
    }
    let lines = pane.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // 24 rows less the title, two borders, the legend and the prompt: 19 rows of 17 columns
    // (2 × 393 / 17 = 46.2 pt a row; 852 / 46.2 = 18.4, so 19).
    let top = try #require(lines.firstIndex { $0.hasPrefix("╭") })
    let bottom = try #require(lines.firstIndex { $0.hasPrefix("╰") })
    #expect(lines[top] == "╭" + String(repeating: "─", count: 17) + "╮")
    #expect(bottom - top - 1 == 19)
    #expect(lines[top - 1].hasPrefix("screen at step 2: 393×852 pt; 1 column = 23.1 pt"))
    #expect(lines.contains { $0.contains("← GAP 482…516: 34 pt") })
    #expect(lines[bottom + 1] == "( ) other  [ ] me  ░ gap  ▓ overlap  ! marked")
    #expect(lines[bottom + 2].hasPrefix("(replay)"))
  }
}
