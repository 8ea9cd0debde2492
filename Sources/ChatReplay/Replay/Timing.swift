/// Durations and speeds as the reports print them; the executable measures, this words.
public enum Timing {
  /// `212.4 ms, 395.6 MB/s`: the time (tenths of a millisecond below 1 s, else seconds with
  /// three decimals), then the speed over `bytes` when both are positive.
  public static func text(seconds: Double, bytes: Int) -> String {
    var text: String
    if seconds < 1 {
      text = fixed(seconds * 1000, decimals: 1) + " ms"
    } else {
      text = fixed(seconds, decimals: 3) + " s"
    }
    if seconds > 0 && bytes > 0 {
      text += ", " + fixed(Double(bytes) / seconds / 1e6, decimals: 1) + " MB/s"
    }
    return text
  }

  /// `0.42 ms`: milliseconds with two decimals.
  public static func milliseconds(_ seconds: Double) -> String {
    fixed(seconds * 1000, decimals: 2) + " ms"
  }

  /// `value` rounded to `decimals` places, all of them written (`1.50`); `value` is not
  /// negative.
  public static func fixed(_ value: Double, decimals: Int) -> String {
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    guard decimals > 0 else { return String(scaled) }
    let fraction = String(scaled % scale)
    return
      "\(scaled / scale).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
  }

  /// The `--timeline` line of `replay check`: the load time, and the median and slowest of
  /// ``Timeline/state(at:)`` over `samples` steps (`times` sorted, in seconds).
  public static func timeTravelLine(
    steps: Int, loadSeconds: Double, bytes: Int, times: [Double], checksum: Int
  ) -> String {
    guard let slowest = times.last else { return "  timeline: \(counted(steps, "step")) loaded" }
    return "  timeline: \(steps) steps loaded in \(text(seconds: loadSeconds, bytes: bytes)); "
      + "state(at:) over \(times.count) steps (checksum \(checksum)): median "
      + "\(milliseconds(times[times.count / 2])), slowest \(milliseconds(slowest))"
  }
}
