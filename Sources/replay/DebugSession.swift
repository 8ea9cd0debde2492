internal import ChatReplay
internal import LineEditing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The debugger's loop: commands from `-ex`/`-x`, the prompt or a script; output, errors and
/// the pager; the files `save` and `source` need.
///
/// At a terminal a failing command prints its error and the prompt comes back. In a script
/// (standard input not a terminal, or `-batch`) the first failing command prints its error on
/// standard error, naming the script's line, and ends the run with status 1.
struct DebugSession {
  var debugger: Debugger
  let file: String
  let arguments: RootCommand
  /// How commands are read.
  let mode: Mode
  var output = Output.standardOutput
  var standardError = Output.standardError
  /// How deep `source` files run inside each other.
  private var sourceDepth = 0

  /// How the session reads commands.
  enum Mode {
    /// Both ends are terminals (`TERM` not `dumb`): the prompt with the line editor.
    case editor
    /// Standard input is a terminal but the editor cannot be used (output to a pipe, a dumb
    /// terminal): a plain prompt read line by line, errors do not end the session.
    case plainPrompt
    /// A script (standard input not a terminal, or `-batch`): no banner, no prompt, the first
    /// failing command ends the run.
    case script

    /// The mode for this process's standard input and output.
    static func current(isBatch: Bool) -> Mode {
      if isBatch || isatty(0) != 1 { return .script }
      return Terminal.isInteractive ? .editor : .plainPrompt
    }
  }

  init(debugger: Debugger, file: String, arguments: RootCommand, mode: Mode) {
    self.debugger = debugger
    self.file = file
    self.arguments = arguments
    self.mode = mode
  }

  /// Whether the line editor (and so raw mode, the Ctrl-C handler, the pager) is used.
  private var isInteractive: Bool { mode == .editor }

  /// Runs the session; the exit status.
  mutating func run() -> ExitStatus {
    switch mode {
    case .editor:
      Terminal.prepare()
      output.line(debugger.opening(file: file))
    case .plainPrompt:
      output.line(debugger.opening(file: file))
    case .script:
      _ = debugger.opening(file: file)
    }
    var exCount = 0
    for command in arguments.startupCommands {
      let outcome: Outcome
      switch command {
      case .line(let line):
        exCount += 1
        outcome = execute(line, origin: "-ex \(exCount)")
      case .file(let path):
        outcome = source(path, origin: "-x")
      }
      switch outcome {
      case .quit: return .success
      case .failed where mode == .script: return .failure
      case .failed, .ran: break
      }
    }
    if arguments.isBatch && !arguments.startupCommands.isEmpty { return .success }
    switch mode {
    case .editor: return prompt()
    case .plainPrompt: return plainPrompt()
    case .script: return script()
    }
  }

  /// What running a command (or a file of them) came to.
  enum Outcome {
    case ran
    case failed
    case quit
  }

  private mutating func prompt() -> ExitStatus {
    var reader = PromptReader(prompt: debugger.prompt)
    while true {
      output.flush()
      standardError.flush()
      reader.prompt = debugger.prompt
      let line = reader.readLine { prefix in
        let found = debugger.completions(for: prefix, files: fileNames)
        return Completion(start: found.start, candidates: found.candidates)
      }
      guard let line else { return .success }
      if case .quit = execute(line, origin: nil) { return .success }
    }
  }

  private mutating func plainPrompt() -> ExitStatus {
    while true {
      output.write(debugger.prompt)
      output.flush()
      standardError.flush()
      guard let line = readLine(strippingNewline: true) else {
        output.line()
        return .success
      }
      if case .quit = execute(line, origin: nil) { return .success }
    }
  }

  private mutating func script() -> ExitStatus {
    var number = 0
    while let line = readLine(strippingNewline: true) {
      number += 1
      switch execute(line, origin: "<stdin>:\(number)") {
      case .ran: continue
      case .failed: return .failure
      case .quit: return .success
      }
    }
    return .success
  }

  /// Runs one line; `origin` names where it came from in errors (none at the prompt).
  mutating func execute(_ line: String, origin: String?) -> Outcome {
    let start = Stopwatch.now()
    _ = Terminal.takeInterrupt()
    let name = line.split(separator: " ").first.map(String.init) ?? ""
    let progress = ProgressLine(name, isEnabled: isInteractive && isatty(2) == 1)
    let last = debugger.timeline.lastStep
    debugger.terminalSize = Terminal.drawingSize
    let reply = debugger.execute(
      line,
      isCancelled: { step in
        progress.scanning(step: step, of: last)
        return Terminal.isInterrupted
      })
    progress.finish()
    _ = Terminal.takeInterrupt()
    if arguments.reportsTiming {
      standardError.line("[timing] \(line): \(Stopwatch.milliseconds(since: start)) ms")
    }
    if reply.isFailure {
      fail(reply.text, origin: origin)
      return .failed
    }
    if !reply.text.isEmpty { show(reply.text) }
    if reply.quits { return .quit }
    switch reply.request {
    case nil: return .ran
    case .write(let path, let text)?:
      do {
        try writeFileAtomically(Array(text.utf8), to: path, protecting: [file])
        return .ran
      } catch {
        fail("Error: \(error.description)", origin: origin)
        return .failed
      }
    case .source(let path)?:
      return source(path, origin: origin)
    }
  }

  private mutating func fail(_ message: String, origin: String?) {
    output.flush()
    standardError.line(origin.map { "\($0): " + message } ?? message)
    standardError.flush()
  }

  /// Runs the commands in the file at `path`; a failing one stops it.
  private mutating func source(_ path: String, origin: String?) -> Outcome {
    guard sourceDepth < 16 else {
      fail(
        "Error: 'source' files nest more than 16 deep; is '\(path)' sourcing itself?",
        origin: origin)
      return .failed
    }
    let text: String
    do {
      text = String(decoding: try readFile(path), as: UTF8.self)
    } catch {
      fail("Error: \(error.description)", origin: origin)
      return .failed
    }
    sourceDepth += 1
    defer { sourceDepth -= 1 }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    for (index, line) in lines.enumerated() {
      let command = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
      // A blank line in a file does not repeat the last move; '#' starts a comment.
      if command.allSatisfy(\.isWhitespace) || command.drop(while: \.isWhitespace).hasPrefix("#") {
        continue
      }
      switch execute(command, origin: "\(path):\(index + 1)") {
      case .ran: continue
      case .failed: return .failed
      case .quit: return .quit
      }
    }
    return .ran
  }

  /// Prints a command's output, through the pager when it is taller than the window.
  private mutating func show(_ text: String) {
    if isInteractive && arguments.usesPager && debugger.paginates {
      let lines = text.reduce(into: 1) { count, character in if character == "\n" { count += 1 } }
      if lines >= Terminal.rows {
        output.flush()
        if Pager.page(text + "\n") { return }
      }
    }
    output.line(text)
  }

  /// The file names that start with `word` (a path, possibly with folders), folders ending in `/`.
  private func fileNames(_ word: String) -> [String] {
    let slash = word.lastIndex(of: "/")
    let folder = slash.map { String(word[...$0]) } ?? ""
    let name = slash.map { String(word[word.index(after: $0)...]) } ?? word
    guard let directory = opendir(folder.isEmpty ? "." : folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard entryName != ".", entryName != "..", entryName.hasPrefix(name) else { continue }
      if entryName.hasPrefix(".") && !name.hasPrefix(".") { continue }
      var status = stat()
      let isFolder = stat(folder + entryName, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
      names.append(folder + entryName + (isFolder ? "/" : ""))
    }
    return names.sorted()
  }
}
