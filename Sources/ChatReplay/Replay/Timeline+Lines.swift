extension Timeline {
  /// Where each event's line is in the recording, in about two bytes a line rather than the 24
  /// of a ``Line``: what keeps the debugger's memory close to the size of the file.
  ///
  /// A line almost always follows the previous one directly: it starts after the previous
  /// line's `\n` (or `\r\n`) and its number is one more. Such a line is stored as its length,
  /// with the top bit set when a `\r\n` came before it. The first line of every block of
  /// ``blockSize`` lines is stored whole, and so is any line that does not fit the pattern (one
  /// after blank or bad lines, or 32,767 bytes long or more), so that a line is found from its
  /// block's first in at most ``blockSize`` - 1 additions.
  public struct Lines: RandomAccessCollection, Sendable {
    /// Lines per block.
    static let blockSize = 64
    /// A ``codes`` value: the line is stored whole in ``exceptions``.
    private static let storedWhole: UInt16 = .max
    /// The bit of a ``codes`` value set when the line follows a `\r\n`.
    private static let afterCRLF: UInt16 = 0x8000

    /// The first line of each block.
    private var blockFirsts: [Line] = []
    /// Each line's length and line break before it (0 for a block's first).
    private var codes: [UInt16] = []
    /// The lines that do not follow the previous one directly, by index.
    private var exceptions: [Int: Line] = [:]
    /// The last line appended.
    private var last: Line?

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { codes.count }

    /// Makes room for `count` lines in all.
    mutating func reserveCapacity(_ count: Int) {
      codes.reserveCapacity(count)
      blockFirsts.reserveCapacity((count + Self.blockSize - 1) / Self.blockSize)
    }

    /// Adds the next line, which comes after the last one in the file.
    @inline(__always)
    mutating func append(_ line: Line) {
      let index = codes.count
      defer { last = line }
      if index % Self.blockSize == 0 {
        blockFirsts.append(line)
        codes.append(0)
        return
      }
      if let last, line.number == last.number + 1, line.bytes.count < Int(Self.afterCRLF) {
        let gap = line.bytes.lowerBound - last.bytes.upperBound
        if gap == 1 || gap == 2 {
          codes.append(UInt16(line.bytes.count) | (gap == 2 ? Self.afterCRLF : 0))
          return
        }
      }
      codes.append(Self.storedWhole)
      exceptions[index] = line
    }

    public subscript(position: Int) -> Line {
      precondition(position >= 0 && position < count, "Line index \(position) out of range")
      var line = blockFirsts[position / Self.blockSize]
      var index = position / Self.blockSize * Self.blockSize + 1
      while index <= position {
        line = self.line(at: index, after: line)
        index += 1
      }
      return line
    }

    /// The line at `position`, from the one before it (`previous`) without walking its block:
    /// for reading lines in order.
    func line(at position: Int, after previous: Line) -> Line {
      if position % Self.blockSize == 0 { return blockFirsts[position / Self.blockSize] }
      let code = codes[position]
      if code == Self.storedWhole, let whole = exceptions[position] { return whole }
      let start = previous.bytes.upperBound + (code & Self.afterCRLF == 0 ? 1 : 2)
      let length = Int(code & ~Self.afterCRLF)
      return Line(number: previous.number + 1, bytes: start..<(start + length))
    }
  }
}
