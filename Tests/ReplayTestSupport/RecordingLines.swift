/// A recording's bytes and where its lines are, for tests that break lines in place.
package struct RecordingLines {
  package private(set) var bytes: [UInt8]
  /// The ranges of the lines, without their `\n` (a `\r` before it is kept); a last line without
  /// a line break included.
  package private(set) var lines: [Range<Int>] = []

  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
    findLines()
  }

  private mutating func findLines() {
    lines = bytes.withUnsafeBufferPointer { buffer in
      var ranges: [Range<Int>] = []
      var start = 0
      for index in buffer.indices where buffer[index] == 0x0A {
        ranges.append(start..<index)
        start = index + 1
      }
      if start < buffer.count { ranges.append(start..<buffer.count) }
      return ranges
    }
  }

  /// The 1-based number of the line that holds byte `offset`, or ends just before it (its
  /// `\n` is at `offset`); the last line's for an offset past the end.
  package func lineNumber(containing offset: Int) -> Int {
    (lines.firstIndex { $0.upperBound >= offset } ?? lines.count - 1) + 1
  }

  /// The number of events: the lines that are neither blank nor the session header (the first
  /// line that is not blank, if it is a `session` line).
  package var eventCount: Int {
    let filled = lines.filter { range in
      !bytes[range].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
    guard let first = filled.first else { return 0 }
    let header = String(decoding: bytes[first], as: UTF8.self).contains(#""type":"session""#)
    return filled.count - (header ? 1 : 0)
  }

  /// A line that is not in the shape a test wanted to break.
  package struct UnexpectedLine: Error {
    var number: Int
  }

  /// Makes line `number` end early without changing its length: its closing `}` becomes `,`.
  package mutating func truncate(line number: Int) throws {
    var end = lines[number - 1].upperBound - 1
    if bytes[end] == 0x0D { end -= 1 }
    guard bytes[end] == UInt8(ascii: "}") else { throw UnexpectedLine(number: number) }
    bytes[end] = UInt8(ascii: ",")
  }

  /// Sends line `number` back in time without changing its length or its canonical shape: its
  /// `t` becomes 1 (`{"t":1234.56,` becomes `{"t":1.00000,`), so it is decoded ahead.
  package mutating func sendBackInTime(line number: Int) throws {
    let start = lines[number - 1].lowerBound + 5
    let length = (bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? start) - start
    guard bytes[(start - 5)..<start].elementsEqual(#"{"t":"#.utf8), length >= 3 else {
      throw UnexpectedLine(number: number)
    }
    bytes.replaceSubrange(
      start..<(start + length), with: Array("1.".utf8) + repeatElement(0x30, count: length - 2))
  }

  /// Shifts every line after the header by `count` bytes: spaces after the header's `{`.
  package mutating func padHeader(by count: Int) throws {
    guard bytes.starts(with: Array(#"{"type":"session""#.utf8)) else {
      throw UnexpectedLine(number: 1)
    }
    bytes.insert(contentsOf: repeatElement(0x20, count: count), at: 1)
    findLines()
  }

  /// The same recording with every `\n` made `\r\n`.
  package var crlf: RecordingLines {
    var crlf: [UInt8] = []
    crlf.reserveCapacity(bytes.count + lines.count)
    for range in lines {
      crlf.append(contentsOf: bytes[range])
      if range.upperBound < bytes.count { crlf.append(contentsOf: [0x0D, 0x0A]) }
    }
    return RecordingLines(crlf)
  }
}
