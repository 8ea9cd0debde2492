/// Greedy line filling in design units, fed one grapheme cluster or space at a time.
struct LineBreaker {
  /// The line width in design units.
  let maxUnits: Double

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

  init(maxUnits: Double) {
    self.maxUnits = maxUnits
  }

  /// Adds a cluster of `units` to the current word, wrapping or breaking the word if needed.
  mutating func addWordCluster(_ units: Double) {
    if lineUnits + pendingSpaceUnits + wordUnits + units <= maxUnits {
      wordUnits += units
      inWord = true
      return
    }
    if lineHasContent {
      // The word moves to a new line; the spaces before it hang at the end of this one.
      finishLine(width: lineUnits)
      if wordUnits + units <= maxUnits {
        wordUnits += units
        inWord = true
        return
      }
    }
    // The word alone is wider than the line: break it before this cluster.
    if wordUnits > 0 {
      finishLine(width: wordUnits)
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
    finishLine(width: lineUnits)
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
  private mutating func finishLine(width: Double) {
    widestLine = max(widestLine, width)
    lineCount += 1
    lineUnits = 0
    pendingSpaceUnits = 0
    lineHasWord = false
    lineHasContent = false
  }
}
