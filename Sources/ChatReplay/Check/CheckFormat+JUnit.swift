extension CheckRun {
  /// JUnit XML: a `testsuite` named `replay check` with one `testcase` per recording, and in
  /// it a `failure` (or, for an input that cannot be replayed, an `error`) per reason.
  ///
  /// ```text
  /// <testcase classname="replay.check" name="Recordings/a.jsonl" file="Recordings/a.jsonl">
  ///   <failure type="keyboard-overlap" message="line 7: step 6: …">…</failure>
  /// </testcase>
  /// ```
  public var junit: String {
    let cases = reports.map { ($0, $0.failures(policy: policy)) }
    let failures = cases.reduce(0) { $0 + ($1.1.contains { !$0.isError } ? 1 : 0) }
    let errors = cases.reduce(0) { $0 + ($1.1.contains(where: \.isError) ? 1 : 0) }
    var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
    let counts = #"tests="\#(reports.count)" failures="\#(failures)" errors="\#(errors)""#
    lines.append(#"<testsuites name="replay check" \#(counts)>"#)
    lines.append(#"  <testsuite name="replay check" \#(counts) skipped="0">"#)
    for (report, reasons) in cases {
      let name = Self.xml(report.file, inAttribute: true)
      let time = report.seconds.map { #" time="\#(Timing.fixed($0, decimals: 3))""# } ?? ""
      let open = #"    <testcase classname="replay.check" name="\#(name)" file="\#(name)"\#(time)"#
      guard !reasons.isEmpty else {
        lines.append(open + "/>")
        continue
      }
      lines.append(open + ">")
      for reason in reasons {
        let element = reason.isError ? "error" : "failure"
        let place = reason.line.map { "line \($0): " } ?? ""
        let message = Self.xml(place + reason.message, inAttribute: true)
        lines.append(
          #"      <\#(element) type="\#(Self.xml(reason.title, inAttribute: true))" message="\#(message)">"#
            + Self.xml("\(report.file)\(reason.line.map { ":\($0)" } ?? ""): \(reason.message)")
            + "</\(element)>")
      }
      if !report.errors.isEmpty || report.readFailure != nil {
        let text =
          (report.readFailure.map { [$0] } ?? [])
          + report.errors.map { $0.rendered(file: report.file) }
        lines.append("      <system-err>\(Self.xml(text.joined(separator: "\n")))</system-err>")
      }
      lines.append("    </testcase>")
    }
    lines.append("  </testsuite>")
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` with XML's five special characters escaped, control characters other than tab and
  /// newline (which XML 1.0 cannot carry) written as `?`, and in an attribute tab and newline
  /// as character references (a parser would turn them into spaces).
  static func xml(_ text: String, inAttribute: Bool = false) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      case "\t": escaped += inAttribute ? "&#9;" : "\t"
      case "\n": escaped += inAttribute ? "&#10;" : "\n"
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          escaped += "?"
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped
  }
}
