extension CheckRun {
  /// How many `error` annotations GitHub shows for one step of a job; past this many, it drops
  /// the rest from the summary (the log still has them).
  public static let annotationLimit = 10

  /// GitHub Actions workflow commands: one `::error` per failure, pointing at the recording's
  /// line (`file=F,line=L,col=C,title=T`), and a `::warning` per obsolete reference.
  ///
  /// GitHub shows at most ``annotationLimit`` errors and as many warnings per step, so past the
  /// ninth error the tenth says how many more there are, and the rest are plain lines (in the
  /// log, not annotated); the same for warnings.
  public var githubCommands: [String] {
    var errors: [String] = []
    for (report, failures) in failing {
      for failure in failures {
        var properties = ["file=" + Self.property(report.file)]
        if let line = failure.line { properties.append("line=\(line)") }
        if let column = failure.column { properties.append("col=\(column)") }
        properties.append("title=" + Self.property("replay check: " + failure.title))
        errors.append(
          "::error \(properties.joined(separator: ","))::" + Self.data(failure.message))
      }
    }
    let warnings = obsolete.map { path in
      "::warning file=\(Self.property(path)),title=\(Self.property("replay check: obsolete"))::"
        + Self.data("\(path) has no recording; delete it or restore the recording")
    }
    return Self.limited(errors, kind: "error") + Self.limited(warnings, kind: "warning")
  }

  /// `commands` up to the limit, the last annotation saying how many more were not annotated,
  /// and those as plain lines.
  static func limited(_ commands: [String], kind: String) -> [String] {
    guard commands.count > annotationLimit else { return commands }
    let more = commands.count - (annotationLimit - 1)
    let note =
      "::\(kind) title=\(property("replay check: more failures"))::"
      + data(
        "\(more) more \(kind)s are not annotated (GitHub shows \(annotationLimit) per step); "
          + "the log lists them")
    let rest = commands.dropFirst(annotationLimit - 1).map { "(not annotated) " + $0.dropFirst(2) }
    return Array(commands.prefix(annotationLimit - 1)) + [note] + rest
  }

  /// A command's message, escaped as GitHub requires: `%`, `\r` and `\n`.
  public static func data(_ text: String) -> String {
    var escaped = ""
    for character in text.unicodeScalars {
      switch character {
      case "%": escaped += "%25"
      case "\r": escaped += "%0D"
      case "\n": escaped += "%0A"
      default: escaped.unicodeScalars.append(character)
      }
    }
    return escaped
  }

  /// A command's property value, escaped as GitHub requires: as ``data(_:)``, and `:` and `,`.
  public static func property(_ text: String) -> String {
    data(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
  }
}
