internal import LineEditing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads command lines at a terminal through the ``LineEditor``, drawing it, and keeps the
/// history file.
struct PromptReader {
  private var editor: LineEditor
  private var renderer: ScreenRenderer
  /// Bytes read but not yet fed (the rest of a paste after the line that ran).
  private var queued: ArraySlice<UInt8> = []
  private let historyPath: String?
  /// Whether a failed history write has been reported (once per session is enough).
  private var reportedHistoryFailure = false

  /// `$XDG_STATE_HOME/replay/history`, else `~/.local/state/replay/history`; `nil` when
  /// `REPLAY_HISTORY=0` or there is no home.
  static var historyPath: String? {
    let environment = { (name: String) in getenv(name).map { String(cString: $0) } }
    if environment("REPLAY_HISTORY") == "0" { return nil }
    if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
      return state + "/replay/history"
    }
    guard let home = environment("HOME"), !home.isEmpty else { return nil }
    return home + "/.local/state/replay/history"
  }

  /// What the prompt says.
  var prompt: String {
    get { editor.prompt }
    set { editor.prompt = newValue }
  }

  init(prompt: String) {
    historyPath = Self.historyPath
    var history = History()
    if let historyPath, let bytes = try? readFile(historyPath) {
      history = History(fileText: String(decoding: bytes, as: UTF8.self))
    }
    editor = LineEditor(prompt: prompt, history: history)
    renderer = ScreenRenderer(width: Terminal.columns)
  }

  /// The next line, or `nil` at the end of input (Ctrl-D on an empty line).
  mutating func readLine(completer: (String) -> Completion) -> String? {
    Terminal.enterRaw()
    defer { Terminal.restore() }
    if editor.hasFinishedLine { editor.startLine() }
    resize()
    draw()
    while true {
      if Terminal.takeResize() {
        resize()
        draw()
      }
      if Terminal.takeInterrupt() {
        _ = act(on: [.cancel])
        draw()
      }
      if queued.isEmpty {
        switch waitForInput() {
        case .bytes(let bytes): queued = bytes[...]
        case .nothing: continue
        case .end:
          Terminal.write(renderer.finish(editor.finalDisplay))
          return nil
        }
      }
      while let byte = queued.popFirst() {
        if byte == 0x1A && !editor.isPasting {
          Terminal.write(renderer.finish(editor.finalDisplay))
          Terminal.suspend()
          renderer.reset()
          continue
        }
        switch act(on: editor.feed(byte, completer: completer)) {
        case .keepEditing: break
        case .run(let line): return line
        case .end: return nil
        }
      }
      draw()
    }
  }

  private enum Input {
    case bytes([UInt8])
    case nothing
    case end
  }

  private mutating func waitForInput() -> Input {
    // A lone ESC is Esc when nothing follows it soon; otherwise it starts a sequence.
    var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, editor.isHoldingKey ? 50 : -1)
    if ready == 0 {
      switch act(on: editor.flushHeldKey()) {
      case .keepEditing, .run: break
      case .end: return .end
      }
      draw()
      return .nothing
    }
    if ready < 0 { return errno == EINTR ? .nothing : .end }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(0, &buffer, buffer.count)
    if count < 0 { return errno == EINTR || errno == EAGAIN ? .nothing : .end }
    if count == 0 { return .end }
    return .bytes(Array(buffer[0..<count]))
  }

  /// What the prompt does after some effects.
  private enum Outcome {
    case keepEditing
    case run(String)
    case end
  }

  /// Carries out the effects.
  private mutating func act(on effects: [EditorEffect]) -> Outcome {
    for effect in effects {
      switch effect {
      case .submit(let line):
        Terminal.write(renderer.draw(editor.display) + renderer.finish(editor.display))
        saveHistory()
        return .run(line)
      case .cancel:
        Terminal.write(renderer.draw(editor.finalDisplay) + "^C\r\n")
        renderer.reset()
        editor.startLine()
      case .endOfInput:
        Terminal.write(renderer.finish(editor.finalDisplay))
        return .end
      case .clearScreen:
        Terminal.write("\u{1B}[H\u{1B}[2J")
        renderer.reset()
      case .show(let lines):
        Terminal.write(
          renderer.draw(editor.finalDisplay) + renderer.finish(editor.finalDisplay)
            + lines.map { $0 + "\r\n" }.joined())
        renderer.reset()
      case .bell:
        Terminal.write("\u{07}")
      }
    }
    return .keepEditing
  }

  private mutating func draw() {
    Terminal.write(renderer.draw(editor.display))
  }

  private mutating func resize() {
    let width = Terminal.columns
    renderer.resize(to: width, showing: editor.display)
    editor.width = width
  }

  /// Writes the history file; the first failure is reported on standard error (the prompt
  /// goes on without it), later ones are not repeated.
  private mutating func saveHistory() {
    guard let historyPath else { return }
    makeFolders(for: historyPath)
    do {
      try writeFileAtomically(Array(editor.history.fileText.utf8), to: historyPath)
    } catch {
      guard !reportedHistoryFailure else { return }
      reportedHistoryFailure = true
      Terminal.writeError(
        "warning: history not saved: \(error.description); REPLAY_HISTORY=0 turns it off\r\n")
    }
  }

  /// Creates the folders above `path` that are missing (owner-only, as state should be).
  private func makeFolders(for path: String) {
    var prefix = ""
    let parts = path.split(separator: "/", omittingEmptySubsequences: true).dropLast()
    for part in parts {
      prefix += "/" + part
      if access(prefix, F_OK) != 0 { mkdir(prefix, 0o700) }
    }
  }
}
