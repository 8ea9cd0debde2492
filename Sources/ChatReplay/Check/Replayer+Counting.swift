/// `replay check`'s replay: every state counted into a report where the replayer keeps it, with
/// no copy handed out (kept apart from ``Replayer`` so that the replay builds without the check's
/// reports, as the WebAssembly module does).
extension Replayer {
  /// Replays the events in the next chunk like ``read(_:decoded:step:error:)``, counting each
  /// state into `report` as it passes.
  ///
  /// For `replay check`, which only counts the states: each is counted in place, where the
  /// replayer keeps it, while a closure would be handed a copy of it (a few hundred bytes).
  ///
  /// A keystroke that leaves the state settled (``ChatScreen/reduceSettled(into:_:)``) is
  /// counted with its text still in the chunk: the text becomes the state's input text only
  /// when something is about to read it (the next event that is not such a keystroke, or the
  /// chunk's end), so a run of keystrokes makes one `String`, its last text, not one each.
  @discardableResult
  public mutating func read(
    _ chunk: UnsafeBufferPointer<UInt8>, decoded: DecodedChunk? = nil,
    countingInto report: inout CheckReport, error: (RecordingError) -> Bool
  ) -> Bool {
    var reader = takeReader()
    defer { self.reader = reader }
    // The text of the last keystroke taken, not yet the state's: its bytes (valid UTF-8, within
    // `chunk`) and whether they are all ASCII.
    var pending: (text: UnsafeBufferPointer<UInt8>, isASCII: Bool)?
    defer {
      if let pending { takeText(pending.text, isASCII: pending.isASCII) }
    }
    return reader.read(
      chunk, decoded: decoded,
      takingKeystroke: { t, text, isASCII in
        guard started, reducer.takeKeystrokeSettled(into: &current, t: t) else { return false }
        pending = (text, isASCII)
        report.countKeptDiagnostics()
        return true
      },
      { item in
        if let taken = pending {
          pending = nil
          takeText(taken.text, isASCII: taken.isASCII)
        }
        return count(item, into: &report, error: error)
      })
  }

  /// Makes `text` the settled state's input text, which leaves it settled: the last of a run of
  /// keystrokes that ``read(_:decoded:countingInto:error:)`` took with their texts in the chunk.
  @inline(never)
  private mutating func takeText(_ text: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
    ChatScreen.takeSettledText(JSONScanner.string(text, isASCII: isASCII), into: &current)
  }

  /// Replays the last line and ends the replay, like ``finish(step:error:)`` for
  /// ``read(_:decoded:countingInto:error:)``.
  @discardableResult
  public mutating func finish(
    countingInto report: inout CheckReport, error: (RecordingError) -> Bool
  ) -> Bool {
    var reader = takeReader()
    defer { self.reader = reader }
    return reader.finish { item in count(item, into: &report, error: error) }
  }

  private mutating func count(
    _ item: RecordingReader.Item, into report: inout CheckReport,
    error: (RecordingError) -> Bool
  ) -> Bool {
    switch item {
    case .event(let event, let line, _):
      guard started else { return false }
      reducer.reduce(into: &current, event, countingInto: &report, line: line)
      return true
    case .header, .error:
      return handle(
        item,
        state: { value, _, line, _, _ in
          report.count(value, line: line)
          return true
        }, error: error)
    }
  }
}
