/// What a ``LineBreaker`` tells about where lines start, for the measurer's `lines(of:…)`.
protocol LineRecording {
  /// A word starts at the current cluster.
  mutating func beginWord()
  /// A line ended; the next starts at the current word's start (`.word`), at the current
  /// cluster (`.cluster`), or after it (`.afterCluster`, for a paragraph separator).
  mutating func finishLine(nextStart: LineStart)
}

/// A ``LineRecording`` told where each cluster lies in a `String`, before it is fed.
protocol IndexedLineRecording: LineRecording {
  /// The cluster about to be fed spans `position..<next`.
  mutating func move(to position: String.Index, next: String.Index)
}

/// Where the line after a finished one starts.
enum LineStart {
  case word
  case cluster
  case afterCluster
}

/// Records nothing: measuring a size needs no positions.
struct NoLineRecorder: IndexedLineRecording, ByteLineRecording, Sendable {
  static var recordsPlaces: Bool { false }
  @inline(__always) mutating func move(to position: String.Index, next: String.Index) {}
  @inline(__always) mutating func move(toByte position: Int, next: Int) {}
  @inline(__always) mutating func beginWord() {}
  @inline(__always) mutating func finishLine(nextStart: LineStart) {}
}

/// Records the index where each line starts.
struct LineStarts: IndexedLineRecording {
  private var position: String.Index
  private var next: String.Index
  private var wordStart: String.Index
  /// The start of each line, then the end of the last one.
  private(set) var starts: [String.Index]

  init(start: String.Index) {
    position = start
    next = start
    wordStart = start
    starts = [start]
  }

  mutating func move(to position: String.Index, next: String.Index) {
    self.position = position
    self.next = next
  }

  mutating func beginWord() { wordStart = position }

  mutating func finishLine(nextStart: LineStart) {
    switch nextStart {
    case .word: starts.append(wordStart)
    case .cluster: starts.append(position)
    case .afterCluster: starts.append(next)
    }
  }
}

/// A ``LineRecording`` told where each cluster lies in the UTF-8 bytes being fed, before it is
/// fed.
protocol ByteLineRecording: LineRecording {
  /// Whether the recorder keeps the places: the feeder works them out only then.
  static var recordsPlaces: Bool { get }
  /// The cluster about to be fed spans the bytes `position..<next`.
  mutating func move(toByte position: Int, next: Int)
}

/// Records the UTF-8 offset where each line starts.
struct ByteLineStarts: ByteLineRecording {
  static var recordsPlaces: Bool { true }
  private var position = 0
  private var next = 0
  private var wordStart = 0
  /// The start of each line, then the end of the last one.
  private(set) var starts = [0]

  mutating func move(toByte position: Int, next: Int) {
    self.position = position
    self.next = next
  }

  mutating func beginWord() { wordStart = position }

  mutating func finishLine(nextStart: LineStart) {
    switch nextStart {
    case .word: starts.append(wordStart)
    case .cluster: starts.append(position)
    case .afterCluster: starts.append(next)
    }
  }

  /// Where the recorder stands: its places and how many line starts it holds.
  struct Place {
    fileprivate var position: Int
    fileprivate var next: Int
    fileprivate var wordStart: Int
    fileprivate var count: Int
  }

  var place: Place {
    Place(position: position, next: next, wordStart: wordStart, count: starts.count)
  }

  /// Goes back to `place`, taken when it held the first `place.count` of its line starts.
  mutating func restore(_ place: Place) {
    position = place.position
    next = place.next
    wordStart = place.wordStart
    starts.removeSubrange(place.count...)
  }
}

/// A ``LineBreaker`` recording byte offsets as it stood after some bytes, to go back to once it
/// was fed more (see ``LineBreaker/checkpoint`` and ``LineBreaker/restore(_:)``).
struct BreakerCheckpoint {
  fileprivate var lineUnits: Double
  fileprivate var pendingSpaceUnits: Double
  fileprivate var wordUnits: Double
  fileprivate var widestLine: Double
  fileprivate var lineCount: Int
  fileprivate var inWord: Bool
  fileprivate var lineHasWord: Bool
  fileprivate var lineHasContent: Bool
  fileprivate var place: ByteLineStarts.Place
  /// The number of line starts the breaker held.
  var startCount: Int { place.count }
}

extension LineBreaker where Recorder == ByteLineStarts {
  /// The breaker as it stands, without its line starts (only how many there are).
  var checkpoint: BreakerCheckpoint {
    BreakerCheckpoint(
      lineUnits: lineUnits, pendingSpaceUnits: pendingSpaceUnits, wordUnits: wordUnits,
      widestLine: widestLine, lineCount: lineCount, inWord: inWord, lineHasWord: lineHasWord,
      lineHasContent: lineHasContent, place: recorder.place)
  }

  /// Goes back to `checkpoint`, taken from this breaker (at the same width) before it was fed
  /// more: it then stands as it stood, the line starts recorded since dropped.
  mutating func restore(_ checkpoint: BreakerCheckpoint) {
    lineUnits = checkpoint.lineUnits
    pendingSpaceUnits = checkpoint.pendingSpaceUnits
    wordUnits = checkpoint.wordUnits
    widestLine = checkpoint.widestLine
    lineCount = checkpoint.lineCount
    inWord = checkpoint.inWord
    lineHasWord = checkpoint.lineHasWord
    lineHasContent = checkpoint.lineHasContent
    recorder.restore(checkpoint.place)
  }
}

/// Greedy line filling in design units, fed one grapheme cluster or space at a time; its
/// `recorder` hears where lines start (nothing, when only the size is wanted).
struct LineBreaker<Recorder: LineRecording> {
  /// The line width in design units.
  let maxUnits: Double

  /// Where lines start, when asked.
  var recorder: Recorder

  /// The width of the words (and leading spaces) already on the current line.
  var lineUnits = 0.0

  /// The width of the spaces after the last word on the current line.
  var pendingSpaceUnits = 0.0

  /// The width of the word being built.
  var wordUnits = 0.0

  /// Whether a word is being built.
  var inWord = false

  /// Whether the current line holds a word.
  var lineHasWord = false

  /// Whether the current line holds anything, leading spaces included.
  var lineHasContent = false

  /// The width of the widest finished line.
  var widestLine = 0.0

  /// The number of finished lines.
  var lineCount = 0

  init(maxUnits: Double, recorder: Recorder) {
    self.maxUnits = maxUnits
    self.recorder = recorder
  }

  /// Adds a cluster of `units` to the current word, wrapping or breaking the word if needed.
  mutating func addWordCluster(_ units: Double) {
    if !inWord { recorder.beginWord() }
    if lineUnits + pendingSpaceUnits + wordUnits + units <= maxUnits {
      wordUnits += units
      inWord = true
      return
    }
    if lineHasContent {
      // The word moves to a new line; the spaces before it hang at the end of this one.
      finishLine(width: lineUnits, nextStart: .word)
      if wordUnits + units <= maxUnits {
        wordUnits += units
        inWord = true
        return
      }
    }
    // The word alone is wider than the line: break it before this cluster.
    if wordUnits > 0 {
      finishLine(width: wordUnits, nextStart: .cluster)
    }
    wordUnits = units
    inWord = true
  }

  /// Adds a cluster that is a word of its own, such as an ideograph or an emoji.
  mutating func addBreakingCluster(_ units: Double) {
    endWord()
    addWordCluster(units)
    endWord()
  }

  /// Adds a breaking space of `units`.
  mutating func addSpace(_ units: Double) {
    endWord()
    if lineHasWord {
      pendingSpaceUnits += units
    } else {
      lineUnits += units
      lineHasContent = true
    }
  }

  /// Ends the current paragraph, finishing its last line.
  mutating func endParagraph() {
    endWord()
    finishLine(width: lineUnits, nextStart: .afterCluster)
  }

  /// Puts the word being built on the current line.
  private mutating func endWord() {
    guard inWord else { return }
    lineUnits += pendingSpaceUnits + wordUnits
    pendingSpaceUnits = 0
    wordUnits = 0
    inWord = false
    lineHasWord = true
    lineHasContent = true
  }

  /// Records a finished line of `width` and starts an empty one (the current word stays).
  private mutating func finishLine(width: Double, nextStart: LineStart) {
    recorder.finishLine(nextStart: nextStart)
    widestLine = max(widestLine, width)
    lineCount += 1
    lineUnits = 0
    pendingSpaceUnits = 0
    lineHasWord = false
    lineHasContent = false
  }
}

extension LineBreaker: Sendable where Recorder: Sendable {}
