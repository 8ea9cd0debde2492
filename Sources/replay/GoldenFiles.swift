internal import ChatReplay

/// The files of one recording's golden states: the reference beside it, the new states written
/// on a mismatch, and the copies for an artifacts directory.
struct GoldenFiles {
  /// The recording.
  let recording: String
  let mode: CheckCommand.RecordMode
  /// Where failures are copied, if anywhere.
  let artifacts: String?

  var reference: String { Golden.referencePath(of: recording) }
  var new: String { Golden.newPath(of: recording) }

  /// Compares `states` with the reference, writing what `mode` allows; the outcome, and the
  /// lines the text report prints under the recording's line.
  func compare(_ states: String, lines: [Int?]) -> (outcome: GoldenOutcome, details: [String]) {
    let expected: String
    do {
      expected = String(decoding: try readFile(reference), as: UTF8.self)
    } catch {
      guard !Files.exists(reference) else {
        return (.missing, ["  Error: \(error.description)"])
      }
      copyToArtifacts(reference: nil, states: states, diff: nil)
      guard mode != .never else {
        return (.missing, ["  no reference \(reference); --record never (or CI) writes none"])
      }
      if let problem = write(states, to: reference) { return (.missing, [problem]) }
      Files.remove(new)
      return (.recorded, ["  recorded \(reference); check it, then run again"])
    }
    guard let mismatch = Golden.mismatch(expected: expected, actual: states, lines: lines) else {
      if mode != .never { Files.remove(new) }
      return (.matched, [])
    }
    var details = ["  @− \(reference)"]
    switch mode {
    case .missing:
      details.append(write(states, to: new) ?? "  @+ \(new)")
    case .failed, .all:
      if let problem = write(states, to: reference) {
        details.append(problem)
      } else {
        Files.remove(new)
        details.append("  @+ \(reference) (recorded over the reference: --record \(mode.rawValue))")
      }
    case .never:
      details.append("  @+ (not written: --record never)")
    }
    details += mismatch.diff.map { "  " + $0 }
    copyToArtifacts(
      reference: expected, states: states, diff: mismatch.diff.joined(separator: "\n") + "\n")
    return (.mismatched(mismatch), details)
  }

  /// Writes `text` to `path` atomically; the problem, as a detail line, when it fails.
  private func write(_ text: String, to path: String) -> String? {
    do {
      try writeFileAtomically(Array(text.utf8), to: path, protecting: [recording])
      return nil
    } catch {
      return "  Error: \(error.description)"
    }
  }

  /// Copies the reference, the new states and the diff into the artifacts directory, named
  /// after the recording's path (`/` as `_`).
  private func copyToArtifacts(reference: String?, states: String, diff: String?) {
    guard let artifacts else { return }
    do {
      try Files.makeDirectory(artifacts)
    } catch {
      return
    }
    let base = artifacts + "/" + recording.replacing("/", with: "_")
    if let reference { _ = write(reference, to: base + ".expected") }
    _ = write(states, to: base + ".expected.new")
    if let diff { _ = write(diff, to: base + ".diff") }
  }
}
