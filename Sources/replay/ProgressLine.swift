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
  /// What is being done: `Loading chat.jsonl`, `continue`.
  let label: String
  private let isEnabled: Bool
  private let start = Stopwatch.now()
  private var lastDrawn = 0.0
  private var isShown = false

  /// A report for `label`; `isEnabled: false` (a pipe) draws nothing.
  init(_ label: String, isEnabled: Bool = isatty(2) == 1) {
    self.label = label
    self.isEnabled = isEnabled
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
    guard elapsed >= 0.3, elapsed - lastDrawn >= 0.1 else { return nil }
    lastDrawn = elapsed
    return elapsed
  }

  private func draw(_ text: String) {
    isShown = true
    let width = Terminal.columns - 1
    write("\r\u{1B}[K" + (text.count > width ? String(text.prefix(max(width, 1))) : text))
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
