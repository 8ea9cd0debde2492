extension CheckRun {
  /// A Markdown summary, for `$GITHUB_STEP_SUMMARY`: a count, a table of the recordings, and the
  /// reasons of each failing one.
  public var markdown: String {
    let failing = self.failing
    var lines = [
      "## replay check",
      "",
      "\(counted(reports.count, "recording")): \(reports.count - failing.count) passed, "
        + "\(failing.count) failed",
      "",
      "| Recording | Result | Events | Diagnostics |",
      "|---|---|---:|---|",
    ]
    for report in reports {
      let fails = report.fails(policy: policy)
      let result = report.readFailure != nil ? "❌ unreadable" : fails ? "❌ failed" : "✅ passed"
      lines.append(
        "| \(Self.cell(report.file)) | \(result) | \(report.events) | "
          + "\(Self.cell(report.tally.description)) |")
    }
    for (report, failures) in failing {
      lines += ["", "### \(Self.cell(report.file))", ""]
      for failure in failures {
        let place = failure.line.map {
          "line \($0)" + (failure.column.map { ":\($0)" } ?? "") + ": "
        }
        lines.append(
          "- **\(Self.cell(failure.title))** \(place ?? "")\(Self.cell(failure.message))")
      }
    }
    if !obsolete.isEmpty {
      lines += ["", "### Obsolete references", ""]
      lines += obsolete.map { "- `\($0)` has no recording" }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Text for a table cell or list item: `|` escaped, newlines as spaces, Markdown's
  /// punctuation that would start markup escaped.
  static func cell(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "|", "\\", "*", "_", "`", "<", ">", "[", "]": escaped += "\\" + String(character)
      case "\n", "\r": escaped += " "
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
