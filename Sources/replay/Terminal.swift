internal import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The controlling terminal: raw mode for the line editor, restored on every way out, and the
/// flags the signal handlers set.
///
/// The handlers only store flags and call async-signal-safe functions (`tcsetattr`, `write`,
/// `kill`, `raise`).
enum Terminal {
  /// Set by SIGINT (Ctrl-C while a command runs); the debugger's long loops poll it.
  fileprivate static let interrupted = Atomic<Bool>(false)
  /// Set by SIGWINCH and after a resume, so the prompt reads the size again and redraws.
  fileprivate static let resized = Atomic<Bool>(false)
  /// Whether the terminal is in raw mode now.
  fileprivate static let isRaw = Atomic<Bool>(false)
  /// Whether standard input is a terminal whose settings were saved.
  fileprivate static let hasSaved = Atomic<Bool>(false)
  nonisolated(unsafe) fileprivate static var saved = termios()
  nonisolated(unsafe) fileprivate static var raw = termios()

  /// Whether SIGINT came since the last call, clearing it.
  static func takeInterrupt() -> Bool {
    interrupted.exchange(false, ordering: .sequentiallyConsistent)
  }

  /// Whether SIGINT came since it was last taken (the check long commands poll).
  static var isInterrupted: Bool { interrupted.load(ordering: .sequentiallyConsistent) }

  /// Whether the window changed (or the process resumed) since the last call, clearing it.
  static func takeResize() -> Bool {
    resized.exchange(false, ordering: .sequentiallyConsistent)
  }

  /// Whether the line editor should be used: both ends are terminals and `TERM` is not `dumb`.
  static var isInteractive: Bool {
    guard isatty(0) == 1, isatty(1) == 1, let term = getenv("TERM") else { return false }
    let name = String(cString: term)
    return !name.isEmpty && name != "dumb"
  }

  /// The window's width in columns (80 when the terminal does not say).
  static var columns: Int {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }

  /// The window's height in rows (24 when the terminal does not say).
  static var rows: Int {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return 24 }
    return Int(size.ws_row)
  }

  /// Saves the terminal's settings and installs the handlers that restore them.
  static func prepare() {
    guard !hasSaved.load(ordering: .sequentiallyConsistent), tcgetattr(0, &saved) == 0 else {
      return
    }
    raw = saved
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    _ = pasteOff
    hasSaved.store(true, ordering: .sequentiallyConsistent)
    atexit { Terminal.restore() }
    for signal in [SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
      install(signal, onFatalSignal)
    }
    install(SIGINT, onInterrupt)
    install(SIGWINCH, onResize)
    install(SIGTSTP, onStop)
    install(SIGCONT, onContinue)
  }

  /// Raw mode, with bracketed paste on.
  static func enterRaw() {
    guard hasSaved.load(ordering: .sequentiallyConsistent) else { return }
    _ = tcsetattr(0, TCSADRAIN, &raw)
    isRaw.store(true, ordering: .sequentiallyConsistent)
    write("\u{1B}[?2004h")
  }

  /// The settings the terminal had, with bracketed paste off.
  static func restore() {
    guard isRaw.exchange(false, ordering: .sequentiallyConsistent) else { return }
    writeBytes(pasteOff)
    _ = tcsetattr(0, TCSADRAIN, &saved)
  }

  /// Stops the process as Ctrl-Z does, with the terminal restored; raw again after `fg`.
  static func suspend() {
    let wasRaw = isRaw.load(ordering: .sequentiallyConsistent)
    restore()
    kill(getpid(), SIGSTOP)
    if wasRaw { enterRaw() }
    resized.store(true, ordering: .sequentiallyConsistent)
  }

  /// Writes `text` to standard output at once.
  static func write(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBufferPointer { writeBytes(UnsafeBufferPointer($0)) }
  }

  /// Writes `text` to standard error at once (a warning that must not go into a pipe of
  /// standard output).
  static func writeError(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBufferPointer { writeBytes(UnsafeBufferPointer($0), to: 2) }
  }

  // Made before any handler runs (in `prepare`), so a handler never runs its initializer.
  nonisolated(unsafe) fileprivate static let pasteOff: UnsafeBufferPointer<UInt8> = {
    let bytes = Array("\u{1B}[?2004l".utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    return UnsafeBufferPointer(buffer)
  }()

  fileprivate static func writeBytes(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32 = 1)
  {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      #if canImport(Glibc)
        let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
      #else
        let written = Darwin.write(descriptor, base + offset, bytes.count - offset)
      #endif
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }

  private static func install(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(signal, &action, nil)
  }
}

private func onInterrupt(_: Int32) {
  Terminal.interrupted.store(true, ordering: .sequentiallyConsistent)
}

private func onResize(_: Int32) {
  Terminal.resized.store(true, ordering: .sequentiallyConsistent)
}

/// Ctrl-Z while a command runs, or `kill -TSTP`: restore, stop, and take raw mode back on `fg`.
private func onStop(_: Int32) {
  Terminal.suspend()
}

/// A resume after a stop that did not go through ``onStop(_:)`` (`kill -STOP`).
private func onContinue(_: Int32) {
  if Terminal.isRaw.load(ordering: .sequentiallyConsistent) {
    _ = tcsetattr(0, TCSADRAIN, &Terminal.raw)
  }
  Terminal.resized.store(true, ordering: .sequentiallyConsistent)
}

/// A signal that ends the process (or a crash): restore the terminal, then die of it as before.
private func onFatalSignal(_ signal: Int32) {
  Terminal.restore()
  var action = sigaction()
  sigemptyset(&action.sa_mask)
  #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = SIG_DFL
  #else
    action.__sigaction_u.__sa_handler = SIG_DFL
  #endif
  sigaction(signal, &action, nil)
  raise(signal)
}
