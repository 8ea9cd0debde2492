extension CheckRun {
  /// One JSON document: per recording its counts, diagnostics, failures and golden outcome,
  /// then the obsolete references.
  ///
  /// ```text
  /// {"recordings":[{"file":"a.jsonl","passed":false,"events":4,"steps":5,"diagnostics":[…],
  ///   "failures":[{"reason":"keyboard-overlap","line":3,"message":"…"}]}],"obsolete":[]}
  /// ```
  public var json: String {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("recordings")
    writer.beginArray()
    for report in reports {
      writer.beginObject()
      writer.key("file")
      writer.string(report.file)
      writer.key("passed")
      writer.bool(!report.fails(policy: policy))
      writer.key("events")
      writer.number(Double(report.events))
      writer.key("steps")
      writer.number(Double(report.steps))
      writer.key("diagnostics")
      writer.beginArray()
      let runs = report.tally.runs
      let steps = report.tally.steps
      for kind in Diagnostic.Kind.allCases where (runs[kind.rawValue] ?? 0) > 0 {
        writer.beginObject()
        writer.key("id")
        writer.string(kind.rawValue)
        writer.key("runs")
        writer.number(Double(runs[kind.rawValue] ?? 0))
        writer.key("steps")
        writer.number(Double(steps[kind.rawValue] ?? 0))
        writer.endObject()
      }
      writer.endArray()
      writer.key("failures")
      writer.beginArray()
      for failure in report.failures(policy: policy) {
        writer.beginObject()
        writer.key("reason")
        writer.string(failure.title)
        if let line = failure.line {
          writer.key("line")
          writer.number(Double(line))
        }
        if let column = failure.column {
          writer.key("column")
          writer.number(Double(column))
        }
        writer.key("message")
        writer.string(failure.message)
        writer.endObject()
      }
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
    writer.key("obsolete")
    writer.beginArray()
    for path in obsolete { writer.string(path) }
    writer.endArray()
    writer.endObject()
    writer.newline()
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}
