internal import ChatReplay

/// `replay accept [FILE...]`: moves the new states of `replay check --expect` over their
/// references.
struct AcceptCommand: Command {
  static let name = "accept"
  static let abstract = "Accept new golden states: move NAME.jsonl.expected.new over the reference."
  static let overview = """
    replay accept: moves each NAME.jsonl.expected.new that `replay check --expect` wrote over
    NAME.jsonl.expected. A FILE is a recording, its .expected.new file, or a directory (every
    pending file under it); with no FILE, the current directory.
    """
  static let epilogue =
    "Exit status: 0 accepted (or nothing pending), 1 a file cannot be moved, 64 bad arguments."

  static var positional: PositionalSpec<AcceptCommand>? {
    PositionalSpec(placeholder: "FILE", count: .any) { command, file throws(UsageError) in
      command.files.append(file)
    }
  }

  static var options: [OptionSpec<AcceptCommand>] {
    [
      .flag("--list-pending", help: "List the pending .expected.new files; move nothing.") {
        command throws(UsageError) in command.listsPending = true
      },
      SharedOptions.help(),
      SharedOptions.endOfOptions(),
    ]
  }

  var files: [String] = []
  var listsPending = false

  /// The pending new-states files that `files` name.
  var pending: [String] {
    var found: [String] = []
    for file in files.isEmpty ? ["."] : files {
      if Files.isDirectory(file) {
        found += Files.walk(file).filter { $0.hasSuffix(".jsonl.expected.new") }
      } else if file.hasSuffix(".expected.new") {
        found.append(file)
      } else {
        found.append(Golden.newPath(of: file))
      }
    }
    return found
  }

  func run(_ console: inout Console) -> ExitStatus {
    let pending = self.pending
    if listsPending {
      for path in pending where Files.exists(path) { console.output.line(path) }
      return .success
    }
    var status = ExitStatus.success
    var accepted = 0
    for path in pending {
      guard Files.exists(path) else {
        console.error.line("Error: nothing to accept: '\(path)' does not exist")
        status = .failure
        continue
      }
      let reference = String(path.dropLast(".new".count))
      do {
        try Files.move(path, over: reference)
        console.output.line("accepted \(reference)")
        accepted += 1
      } catch {
        console.error.line("Error: \(error.description)")
        status = .failure
      }
    }
    if accepted == 0 && status == .success { console.output.line("Nothing to accept.") }
    return status
  }
}
