/// "Did you mean" suggestions by edit distance.
public enum Suggestion {
  /// The candidate closest to `word`, if it is close enough to be a plausible misspelling.
  ///
  /// Close enough means at most one edit for short words and two for longer ones, ignoring case,
  /// and fewer edits than either word has characters: `bt` is not a misspelling of `b`.
  public static func nearest(to word: String, in candidates: [String]) -> String? {
    let limit = word.count <= 4 ? 1 : 2
    var best: (String, Int)?
    for candidate in candidates where candidate != word {
      let distance = editDistance(word.lowercased(), candidate.lowercased())
      guard distance < word.count && distance < candidate.count else { continue }
      if distance <= limit && distance < (best?.1 ?? .max) { best = (candidate, distance) }
    }
    return best?.0
  }

  /// The Levenshtein distance with adjacent transpositions counted as one edit.
  public static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
