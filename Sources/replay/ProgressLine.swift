#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-line progress report on standard error, for work that takes more than about 0.3 s:
/// drawn only when standard error is a terminal, redrawn at most ten times a second, and
/// cleared when the work is done.
///
/// A class, so the debugger's cancellation check (a closure) can update it; it is only ever
/// used from the main thread.
final class ProgressLine: @unchecked Sendable {
  /// When the line shows, from the environment: `REPLAY_PROGRESS_DELAY=SECONDS` (0.3 unless
  /// set) and `REPLAY_PROGRESS_HOLD=1`.
  ///
  /// The hold is for tests of Ctrl-C during a long command: once its line is drawn, the command
  /// waits there for Ctrl-C (at most ``Settings/holdLimit`` seconds), so that a test presses it
  /// while the work is surely under way, however fast the machine.
  struct Settings {
    /// Seconds of work before the line first shows.
    var delay = 0.3
    /// Whether a command waits for Ctrl-C once its line is drawn.
    var holdsForInterrupt = false
    /// What was wrong with the variables, as `warning:` lines.
    var warnings: [String] = []
    /// The longest a held command waits.
    static let holdLimit = 10.0

    /// The settings the variables' values give (`nil` when a variable is unset).
    init(delay: String?, hold: String?) {
      if let delay {
        if let seconds = Double(delay), seconds >= 0, seconds.isFinite {
          self.delay = seconds
        } else {
          warnings.append(
            "warning: REPLAY_PROGRESS_DELAY='\(delay)' is not a number of seconds; using 0.3")
        }
      }
      switch hold {
      case nil, "0": break
      case "1": holdsForInterrupt = true
      case let other?:
        warnings.append("warning: REPLAY_PROGRESS_HOLD='\(other)' is neither 0 nor 1; using 0")
      }
    }

    /// This process's settings.
    static let current = Settings(
      delay: getenv("REPLAY_PROGRESS_DELAY").map { String(cString: $0) },
      hold: getenv("REPLAY_PROGRESS_HOLD").map { String(cString: $0) })
  }

  /// What is being done: `Loading chat.jsonl`, `continue`.
  let label: String
  private let isEnabled: Bool
  private let settings: Settings
  private let start = Stopwatch.now()
  private var lastDrawn = -Double.infinity
  private var isShown = false
  private var hasHeld = false

  /// A report for `label`; `isEnabled: false` (a pipe) draws nothing.
  init(_ label: String, isEnabled: Bool = isatty(2) == 1, settings: Settings = .current) {
    self.label = label
    self.isEnabled = isEnabled
    self.settings = settings
  }

  /// Loading: `bytes` of `total` read, `events` replayed.
  func loading(bytes: Int, of total: Int, events: Int) {
    guard let elapsed = dueTime() else { return }
    let rate = Double(bytes) / elapsed
    let left = rate > 0 ? Double(total - bytes) / rate : 0
    let percent = total > 0 ? bytes * 100 / total : 100
    draw(
      "\(label): \(Self.mebibytes(bytes)) of \(Self.mebibytes(total)) MiB (\(percent)%), "
        + "\(Self.grouped(events)) events, \(Self.mebibytes(Int(rate))) MiB/s, "
        + "\(Self.seconds(left)) left")
  }

  /// A scan of the timeline: at `step` of `last`.
  func scanning(step: Int, of last: Int) {
    guard let elapsed = dueTime() else { return }
    draw(
      "\(label): at step \(Self.grouped(step)) of \(Self.grouped(last)), \(Self.seconds(elapsed))"
        + " so far (Ctrl-C stops)")
  }

  /// Clears the line if it was drawn.
  func finish() {
    guard isShown else { return }
    isShown = false
    write("\r\u{1B}[K")
  }

  /// The time since the start when a redraw is due, else `nil`.
  private func dueTime() -> Double? {
    guard isEnabled else { return nil }
    let elapsed = Stopwatch.seconds(since: start)
    guard elapsed >= settings.delay, elapsed - lastDrawn >= 0.1 else { return nil }
    lastDrawn = elapsed
    return elapsed
  }

  private func draw(_ text: String) {
    isShown = true
    let width = Terminal.columns - 1
    write("\r\u{1B}[K" + (text.count > width ? String(text.prefix(max(width, 1))) : text))
    if settings.holdsForInterrupt && !hasHeld {
      hasHeld = true
      let held = Stopwatch.now()
      while !Terminal.isInterrupted && Stopwatch.seconds(since: held) < Settings.holdLimit {
        usleep(10_000)
      }
    }
  }

  private func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { raw in
        #if canImport(Glibc)
          Glibc.write(2, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        #else
          Darwin.write(2, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        #endif
      }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }

  /// `12.3`: bytes as MiB with one decimal.
  static func mebibytes(_ bytes: Int) -> String {
    let tenths = Int((Double(bytes) / 1_048_576 * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// `1,000,000`.
  static func grouped(_ value: Int) -> String {
    var digits = String(value)
    var result = ""
    while digits.count > 3 {
      result = "," + digits.suffix(3) + result
      digits.removeLast(3)
    }
    return digits + result
  }

  /// `2 s`, `0.4 s`.
  static func seconds(_ value: Double) -> String {
    value >= 10
      ? "\(Int(value.rounded())) s"
      : "\(Int((value * 10).rounded()) / 10).\(Int((value * 10).rounded()) % 10) s"
  }
}
