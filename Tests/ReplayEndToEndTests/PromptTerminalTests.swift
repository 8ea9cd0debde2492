import Foundation
import ReplayTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A `replay` debugger in a tmux pane of its own (a private tmux server named `prompt-…`).
final class PromptPane {
  let socket = "prompt-\(UUID().uuidString.prefix(12))"

  /// Starts `replay ARGUMENTS` in a `width`×`height` pane with `environment` added; `after`
  /// is a shell command run once it ends.
  init(
    _ arguments: [String], width: Int = 100, height: Int = 40,
    environment: [String: String] = [:], after: String? = nil
  ) throws {
    let binary = try #require(ReplayBinary.url)
    let variables = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "REPLAY_HISTORY": "0"]
      .merging(environment) { $1 }
      .map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
    let command =
      "cd '\(ReplayBinary.packageRoot.path)' && env -u NO_COLOR \(variables) '\(binary.path)' "
      + arguments.map { "'\($0)'" }.joined(separator: " ")
      + (after.map { "; " + $0 } ?? "")
    tmux("new-session", "-d", "-s", "t", "-x", String(width), "-y", String(height), command)
  }

  deinit {
    tmux("kill-server")
  }

  /// Runs tmux through the shell (`system`: a forked tmux server keeps `Process`'s pipes open).
  @discardableResult
  func tmux(_ arguments: String...) -> String {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(socket)-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: output) }
    let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let tmux =
      ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
      .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "tmux"
    _ = system(
      "'\(tmux)' -u -L '\(socket)' \(quoted.joined(separator: " ")) </dev/null >'\(output.path)' 2>/dev/null"
    )
    return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
  }

  /// Sends keys by tmux name (`Enter`, `Up`, `C-r`, `Tab`).
  func keys(_ names: String...) {
    for name in names { tmux("send-keys", "-t", "t", name) }
  }

  /// Types `text` literally.
  func type(_ text: String) {
    tmux("send-keys", "-t", "t", "-l", text)
  }

  /// The pane's rows (and its history), once `text` shows up or after 20 s.
  ///
  /// It sleeps its thread between looks, on purpose: a test's task that sleeps (or awaits) is
  /// resumed only once the tests queued before it have had their turn on the tests' threads,
  /// seconds later in a full run, and the program waiting at a prompt or a held progress line
  /// (at most 10 s) must be answered in time.
  @discardableResult
  func screen(waitingFor text: String) -> String {
    var pane = ""
    for _ in 0..<200 {
      pane = tmux("capture-pane", "-t", "t", "-p", "-S", "-300")
      while pane.hasSuffix("\n\n") { pane.removeLast() }
      if pane.contains(text) { return pane }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return pane
  }

  /// The process id of the pane's shell's child (`replay`), or `nil`.
  func replayProcess() -> pid_t? {
    let shell = tmux("display-message", "-p", "-t", "t", "#{pane_pid}")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let children =
      (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
    return children.split(separator: " ").first.flatMap { pid_t($0) }
  }

  /// Whether process `pid` is stopped (as Ctrl-Z leaves it) within 5 s: state `T` in
  /// `/proc/PID/stat`, after the command's name in parentheses.
  func isStopped(_ pid: pid_t) -> Bool {
    for _ in 0..<100 {
      let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
      if let name = stat.lastIndex(of: ")"), stat[name...].dropFirst(2).first == "T" {
        return true
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return false
  }

  /// Whether the program ended (its pane closed) within 5 s.
  func hasEnded() -> Bool {
    for _ in 0..<50 {
      if tmux("list-sessions").isEmpty { return true }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return false
  }
}

/// The prompt as a person uses it, through tmux on the real binary.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")))
struct PromptTerminalTests {
  let recording = "Recordings/basic-chat.jsonl"

  @Test func historyPersistsAcrossRunsAndUpDownAndCtrlRFindIt() throws {
    let state = try TemporaryDirectory()
    let environment = ["REPLAY_HISTORY": "1", "XDG_STATE_HOME": state.path]
    do {
      let first = try PromptPane([recording], environment: environment)
      first.screen(waitingFor: "(replay)")
      first.type("goto 5\r")
      first.screen(waitingFor: "step 5 of 32")
      first.type("print inputBar.text\r")
      first.screen(waitingFor: "inputBar.text = \"H\"")
      first.type("quit\r")
      #expect(first.hasEnded())
    }
    let saved = try String(contentsOfFile: state.path + "/replay/history", encoding: .utf8)
    #expect(saved == "goto 5\nprint inputBar.text\nquit\n")

    let second = try PromptPane([recording], environment: environment)
    second.screen(waitingFor: "(replay)")
    second.keys("Up", "Up")
    #expect(
      second.screen(waitingFor: "(replay) print inputBar.text").contains(
        "(replay) print inputBar.text"))
    second.keys("Up", "Down")
    #expect(
      second.screen(waitingFor: "(replay) print inputBar.text").hasSuffix(
        "(replay) print inputBar.text\n"))
    second.keys("C-u", "C-r")
    second.type("got")
    #expect(
      second.screen(waitingFor: "(reverse-i-search)'got': goto 5").contains(
        "(reverse-i-search)'got': goto 5"))
    second.keys("Enter")
    #expect(second.screen(waitingFor: "step 5 of 32").contains("(replay) goto 5\nstep 5 of 32"))
  }

  @Test func aHistoryThatCannotBeSavedIsReportedOnceAndThePromptGoesOn() throws {
    // A plain file where the history's folder should be: every write fails with ENOTDIR,
    // even for root (who would pass a permission check).
    let state = try TemporaryDirectory()
    try Data("not a folder".utf8).write(to: URL(fileURLWithPath: state.path + "/replay"))
    let pane = try PromptPane(
      [recording], width: 320,
      environment: ["REPLAY_HISTORY": "1", "XDG_STATE_HOME": state.path])
    pane.screen(waitingFor: "(replay)")
    pane.type("goto 5\r")
    pane.screen(waitingFor: "step 5 of 32")
    pane.type("goto 6\r")
    let screen = pane.screen(waitingFor: "step 6 of 32")
    let warnings = screen.split(separator: "\n").filter { $0.hasPrefix("warning:") }
    let history = state.path + "/replay/history"
    // The temporary file beside the history gets a unique name, so the line is compared up
    // to it and from the reason on.
    #expect(warnings.count == 1)
    let warning = try #require(warnings.first)
    #expect(
      warning.hasPrefix("warning: history not saved: cannot write '\(history)': cannot create '"))
    #expect(warning.hasSuffix("': Not a directory; REPLAY_HISTORY=0 turns it off"))
    #expect(screen.contains("(replay) goto 6\nstep 6 of 32"))
  }

  @Test func tabCompletesCommandsPathsAndFileNames() throws {
    let pane = try PromptPane([recording])
    pane.screen(waitingFor: "(replay)")
    pane.type("bla")
    pane.keys("Tab")
    pane.type("inputBar.fr")
    pane.keys("Tab")
    #expect(
      pane.screen(waitingFor: "(replay) blame inputBar.frame.").contains(
        "(replay) blame inputBar.frame."))
    pane.keys("C-u")
    // Two files start so: Tab goes as far as they agree, a second Tab lists them.
    pane.type("source Recordings/hardw")
    pane.keys("Tab")
    pane.screen(waitingFor: "source Recordings/hardware-keyboard.jsonl")
    pane.keys("Tab")
    let listed = pane.screen(waitingFor: "hardware-keyboard.jsonl.expected")
    #expect(
      listed.contains(
        // The cells are 43 + 2 wide: the shorter name is padded with 11 spaces.
        "Recordings/hardware-keyboard.jsonl           Recordings/hardware-keyboard.jsonl.expected\n(replay) source Recordings/hardware-keyboard.jsonl"
      ))
  }

  @Test func editingJapaneseTextPastingCtrlDAndAResize() throws {
    let pane = try PromptPane([recording], width: 60, height: 30)
    pane.screen(waitingFor: "(replay)")
    // Type the first string without "に", go back to where it belongs, insert it.
    pane.type("print \"こんちは\" == \"こんにちは\"")
    // Back over `"こんにちは"` (7), ` == ` (4), `"` and `は`, `ち` (3): 14 to land before `ち`.
    for _ in 0..<14 { pane.keys("Left") }
    pane.type("に")
    pane.keys("Enter")
    #expect(
      pane.screen(waitingFor: "= true").contains(
        "(replay) print \"こんにちは\" == \"こんにちは\"\n\"こんにちは\" == \"こんにちは\" = true"))

    // Ctrl-C at the prompt drops the line and prompts again.
    pane.type("blame inputBar")
    pane.keys("C-c")
    #expect(pane.screen(waitingFor: "inputBar^C").contains("(replay) blame inputBar^C\n(replay)"))

    // Ctrl-D on a partial line deletes under the cursor: "nextx" becomes "next".
    pane.type("nextx")
    pane.keys("Left", "C-d", "Enter")
    #expect(pane.screen(waitingFor: "step 1 of 32").contains("(replay) next\nstep 1 of 32"))

    // Three pasted commands run one after the other.
    pane.tmux("set-buffer", "goto 4\nwhere\nprint inputBar.text\n")
    pane.tmux("paste-buffer", "-p", "-t", "t")
    let pasted = pane.screen(waitingFor: "inputBar.text = \"\"")
    #expect(pasted.contains("(replay) goto 4\nstep 4 of 32"))
    #expect(pasted.contains("(replay) where\nstep 4 of 32"))
    #expect(pasted.contains("(replay) print inputBar.text\ninputBar.text = \"\""))

    // 30 columns: a 47-character line wraps after "(replay) " and 21 more.
    pane.tmux("resize-window", "-t", "t", "-x", "30")
    pane.type("print keyboard.visibleHeight + 1000000")
    let wrapped = pane.screen(waitingFor: "+ 1000000")
    #expect(wrapped.contains("(replay) print keyboard.visibl\neHeight + 1000000"))
    pane.keys("Enter")
    // At step 4 the keyboard is up: 336 + 1000000.
    #expect(
      pane.screen(waitingFor: "= 1000336").contains(
        "eHeight + 1000000\nkeyboard.visibleHeight + 10000\n00 = 1000336"))
    pane.keys("C-d")
    #expect(pane.hasEnded())
  }

  @Test func longOutputGoesThroughThePager() throws {
    // basic-chat's 19 messages take more rows than the 20 the pane has.
    let pane = try PromptPane(
      [recording], width: 100, height: 20, environment: ["PAGER": "sed s/^/paged:/"])
    pane.screen(waitingFor: "(replay)")
    pane.type("print messages\r")
    #expect(pane.screen(waitingFor: "paged:messages: [").contains("paged:messages: ["))
    pane.type("print inputBar.text\r")
    #expect(pane.screen(waitingFor: "= \"\"").contains("\ninputBar.text = \"\""))
    // Short output is printed straight; with pagination off, long output too.
    pane.type("set pagination off\rprint messages\rwhere\r")
    let straight = pane.screen(waitingFor: "(replay) where")
    #expect(straight.components(separatedBy: "paged:messages: [").count == 2)
    #expect(straight.contains("(replay) print messages\nmessages: ["))

    let cat = try PromptPane([recording], width: 100, height: 20, environment: ["PAGER": "cat"])
    cat.screen(waitingFor: "(replay)")
    cat.type("print messages\r")
    #expect(cat.screen(waitingFor: "messages: [").contains("(replay) print messages\nmessages: ["))
    cat.type("set pagination off\r")
    cat.type("quit\r")
    #expect(cat.hasEnded())
  }

  @Test func progressAndCtrlCWhileLoadingAndDuringReverseContinue() throws {
    let folder = try TemporaryDirectory()
    let file = folder.path + "/long.jsonl"
    // The load reports its progress every 4,096 events: 5,000 give one report.
    let generated = try ReplayBinary.run([
      "generate", "--seed", "1", "--events", "5000", "--output", file,
    ])
    try #require(generated.status == 0)
    // The progress line shows at once, and the command then waits at it for Ctrl-C: the test
    // presses Ctrl-C while the work is surely under way, however fast or loaded the machine.
    let pane = try PromptPane(
      [file], width: 200, height: 40,
      environment: ["REPLAY_PROGRESS_DELAY": "0", "REPLAY_PROGRESS_HOLD": "1"])
    let loading = pane.screen(waitingFor: "Loading \(file): ")
    let progress = try #require(loading.range(of: "Loading \(file): "), "no progress line")
    #expect(loading[progress.upperBound...].contains(" MiB (") && loading.contains(" events, "))
    // Ctrl-C at the first report stops the load after 4,096 events; the line is cleared.
    pane.keys("C-c")
    let opened = pane.screen(waitingFor: "(replay)")
    #expect(opened.contains("Loading stopped by Ctrl-C after "))
    #expect(opened.contains("; the debugger has the first 4,096 events.\n"))
    #expect(!opened.contains(" left"))
    // A watch on a message's text makes reverse-continue replay every step, a segment of 256 at a
    // time from the last (3,840…4,095), then look at Ctrl-C: its line says step 3,840.
    pane.type("goto last\rwatch messages[3].text\rbreak 10\rreverse-continue\r")
    pane.screen(waitingFor: "reverse-continue: at step 3,840 of 4,096, ")
    pane.keys("C-c")
    let stopped = pane.screen(waitingFor: "Interrupted (Ctrl-C) after searching steps")
    #expect(
      stopped.contains(
        "Interrupted (Ctrl-C) after searching steps 3840…4096; breakpoints, watchpoints and displays are kept."
      ))
    pane.type("info breakpoints\r")
    // The listing's last row: "at step 10" alone is already on the screen, in `break 10`'s reply.
    let listed = pane.screen(waitingFor: "2    breakpoint  keep  y    0     at step 10")
    #expect(listed.contains("1    watchpoint  keep  y    0     messages[3].text"))
    #expect(listed.contains("2    breakpoint  keep  y    0     at step 10"))
  }

  @Test func ctrlZAndASignalLeaveTheTerminalAsItWas() throws {
    let settings = "stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon\\|-\\?echo' | tr '\\n' ' '"
    let pane = try PromptPane([recording], after: "echo \"status $?\"; \(settings); sleep 30")
    pane.screen(waitingFor: "(replay)")
    pane.type("nex")
    // Ctrl-Z stops it with the terminal restored; SIGCONT (as fg sends) brings the prompt back.
    pane.keys("C-z")
    let process = try #require(pane.replayProcess())
    #expect(pane.isStopped(process))
    kill(process, SIGCONT)
    pane.type("t\r")
    #expect(pane.screen(waitingFor: "step 1 of 32").contains("(replay) next\nstep 1 of 32"))
    pane.type("goto")
    // A crash in raw mode: the handler restores the terminal, then dies of the signal (128 + 11).
    kill(process, SIGSEGV)
    #expect(pane.screen(waitingFor: "echo").contains("status 139\nicanon echo"))
  }

  @Test func aDumbTerminalGetsAPlainPromptThatSurvivesErrors() throws {
    let pane = try PromptPane([recording], environment: ["TERM": "dumb"])
    pane.screen(waitingFor: "(replay)")
    // No editor (the terminal's own line discipline); an error does not end the session.
    pane.type("nxt\r")
    // The error goes to standard error and the next prompt to standard output, a moment apart:
    // the wait is for both, not for the error alone.
    #expect(
      pane.screen(waitingFor: "did you mean 'next'?\n(replay)").contains(
        "(replay) nxt\nError: unknown command 'nxt'; did you mean 'next'?\n(replay)"))
    pane.type("next\r")
    #expect(pane.screen(waitingFor: "step 1 of 32").contains("(replay) next\nstep 1 of 32"))
    pane.type("quit\r")
    #expect(pane.hasEnded())
  }
}
