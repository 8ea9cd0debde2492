extension PageData {
  /// The steps of each piece of a long page's columns, for a page of about `expectedSteps`
  /// steps: a sixteenth of it, at least 256 and at most 32,768.
  ///
  /// A page made in one pass (``OnePass``) writes the columns that grow with its steps (the
  /// steps' times, lines, types, summaries, counts, changes and messages, and the phone) in
  /// pieces as it goes, each piece a `<script type="application/json" data-column="NAME">`
  /// element holding the piece's values as an array, placed before the page's data; the page's
  /// script joins each column's pieces, in order, into the column. So the page is written while
  /// it is made, and only a piece of each column is held at once.
  public static func pieceSteps(expectedSteps: Int) -> Int {
    min(32_768, max(256, expectedSteps / 16))
  }

  /// Writes `stream` (a JSON array left open: `[` and its values) as a piece of the column
  /// `name` into `output`, then empties it to an open array again.
  static func writePiece(
    _ name: StaticString, _ stream: inout JSONWriter,
    to output: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let open: StaticString = "<script type=\"application/json\" data-column=\""
    let close: StaticString = "]</script>\n"
    open.withUTF8Buffer { output($0) }
    name.withUTF8Buffer { output($0) }
    let tagEnd: StaticString = "\">"
    tagEnd.withUTF8Buffer { output($0) }
    stream.withBytes { writeEscaped($0, to: output) }
    close.withUTF8Buffer { output($0) }
    stream.reset()
    stream.beginArray()
  }

  /// Writes `bytes` (JSON) into `output` with each `<` escaped as `\u003c`: `<` only ever appears
  /// inside strings, and escaped, no `</script>` can end the page's data early.
  static func writeEscaped(
    _ bytes: UnsafeBufferPointer<UInt8>, to output: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let escaped: StaticString = "\\u003c"
    var start = 0
    while let index = firstIndex(of: UInt8(ascii: "<"), in: bytes, from: start) {
      output(UnsafeBufferPointer(rebasing: bytes[start..<index]))
      escaped.withUTF8Buffer { output($0) }
      start = index + 1
    }
    output(UnsafeBufferPointer(rebasing: bytes[start...]))
  }
}
