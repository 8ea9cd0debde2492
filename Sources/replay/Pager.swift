#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Long output at a terminal goes through `$PAGER` (`less -FRX` when it is not set), as git does.
enum Pager {
  /// The pager's command line: `$PAGER`, else `less -FRX`; `nil` when `PAGER` is empty.
  static var command: String? {
    guard let value = getenv("PAGER") else { return "less -FRX" }
    let text = String(cString: value)
    return text.isEmpty ? nil : text
  }

  /// Shows `text` through the pager; `false` when no pager could be started (print it then).
  static func page(_ text: String) -> Bool {
    guard let command else { return false }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return false }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
    posix_spawn_file_actions_addclose(&actions, ends[1])
    var process: pid_t = 0
    let arguments = ["/bin/sh", "-c", command]
    var argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let spawned = posix_spawn(&process, "/bin/sh", &actions, nil, &argv, environ)
    close(ends[0])
    guard spawned == 0 else {
      close(ends[1])
      return false
    }
    // A pager quit early (q in less) closes the pipe: the rest is dropped, not an error.
    let ignored = signal(SIGPIPE, SIG_IGN)
    var output = Output(descriptor: ends[1])
    output.write(text)
    output.flush()
    close(ends[1])
    var status: Int32 = 0
    while waitpid(process, &status, 0) < 0 && errno == EINTR {}
    signal(SIGPIPE, ignored)
    return true
  }
}
