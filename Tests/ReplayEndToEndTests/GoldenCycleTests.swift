import Foundation
import ReplayTestSupport
import Testing

/// `replay check --expect` and `replay accept` on the real binary, in a temporary folder: the
/// whole golden cycle, the record modes, `CI`, artifacts, obsolete references and `--fail-on`.
struct GoldenCycleTests {
  /// basic-chat.jsonl's line as `check --no-times` prints it (the README quotes it too).
  static let line =
    "a.jsonl: 32 events, 33 steps; diagnostics: keyboard-gap ×1 (28 steps), message-hidden ×2 "
    + "(2 steps), offset-out-of-range ×1 (4 steps), bad-index ×1 (1 step)"

  /// Runs `replay` in `folder` with `CI` unset (or set to `ci`).
  func replay(_ arguments: [String], in folder: String, ci: String? = nil, artifacts: String? = nil)
    throws -> ProcessResult
  {
    try ReplayBinary.run(
      arguments, in: folder, environment: ["CI": ci, "REPLAY_ARTIFACTS": artifacts])
  }

  func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  @Test func missingIsRecordedAndFailsThenPassesThenAChangeMismatchesAndIsAccepted() throws {
    let folder = try TemporaryDirectory()
    let recording = folder.path + "/a.jsonl"
    try FileManager.default.copyItem(
      atPath: ReplayBinary.recording("basic-chat.jsonl"), toPath: recording)
    let check = ["check", "--expect", "--no-times", "a.jsonl"]

    let first = try replay(check, in: folder.path)
    #expect(first.status == 3)
    expectNoDifference(
      first.standardOutput,
      Self.line + "; reference recorded (no reference existed)\n"
        + "  recorded a.jsonl.expected; check it, then run again\n")
    // The reference is what `replay FILE --json` prints: the repository's own for this file.
    expectNoDifference(
      try read(recording + ".expected"),
      try read(ReplayBinary.recording("basic-chat.jsonl") + ".expected"))

    let second = try replay(check, in: folder.path)
    #expect(second.status == 0)
    expectNoDifference(second.standardOutput, Self.line + "; states match the reference\n")

    // Line 8 is the third textChange: the draft becomes "Hex" instead of "Hey" at step 7, and
    // the next textChange ("Hey ") overwrites it, so only step 7 differs.
    let text = try read(recording)
    try text.replacing(#""text":"Hey"}"#, with: #""text":"Hex"}"#)
      .write(toFile: recording, atomically: true, encoding: .utf8)
    let changed = try replay(check, in: folder.path)
    #expect(changed.status == 3)
    #expect(changed.standardError == "")
    expectNoDifference(
      changed.standardOutput,
      Self.line + "; states differ from step 7 (1 step)\n" + """
          @− a.jsonl.expected
          @+ a.jsonl.expected.new
          step 7 (line 8 of the recording) (Expected: −, Actual: +)
            ChatState(
              … (6 unchanged)
              inputBar: {
                … (1 unchanged)
          −     text: "Hey"
          +     text: "Hex"
                … (1 unchanged)
              }
              … (3 unchanged)
            )

        """)
    #expect(folder.contents == ["a.jsonl", "a.jsonl.expected", "a.jsonl.expected.new"])

    let pending = try replay(["accept", "--list-pending", "a.jsonl"], in: folder.path)
    expectNoDifference(pending.standardOutput, "a.jsonl.expected.new\n")
    let accepted = try replay(["accept", "a.jsonl"], in: folder.path)
    #expect(accepted.status == 0)
    expectNoDifference(accepted.standardOutput, "accepted a.jsonl.expected\n")
    #expect(folder.contents == ["a.jsonl", "a.jsonl.expected"])
    #expect(try replay(check, in: folder.path).status == 0)
  }

  @Test func withCISetNothingIsWrittenAndAMissingReferenceFails() throws {
    let folder = try TemporaryDirectory()
    try FileManager.default.copyItem(
      atPath: ReplayBinary.recording("basic-chat.jsonl"), toPath: folder.path + "/a.jsonl")
    let artifacts = folder.path + "/artifacts"
    let missing = try replay(
      ["check", "--expect", "--no-times", "--record", "all", "a.jsonl"], in: folder.path,
      ci: "true", artifacts: artifacts)
    #expect(missing.status == 3)
    expectNoDifference(
      missing.standardOutput,
      Self.line + "; no reference (a.jsonl.expected)\n"
        + "  no reference a.jsonl.expected; --record never (or CI) writes none\n")
    // Beside the recording nothing is written; the artifacts get the new states.
    #expect(folder.contents == ["a.jsonl", "artifacts"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: artifacts) == [
        "a.jsonl.expected.new"
      ])
    // `CI=false` is not CI: the default mode records.
    let local = try replay(
      ["check", "--expect", "--no-times", "a.jsonl"], in: folder.path, ci: "false")
    #expect(local.status == 3)
    #expect(folder.contents == ["a.jsonl", "a.jsonl.expected", "artifacts"])
  }

  @Test func obsoleteReferencesUnderADirectoryAreReported() throws {
    let folder = try TemporaryDirectory()
    try FileManager.default.copyItem(
      atPath: ReplayBinary.recording("basic-chat.jsonl"), toPath: folder.path + "/a.jsonl")
    try FileManager.default.copyItem(
      atPath: ReplayBinary.recording("basic-chat.jsonl.expected"),
      toPath: folder.path + "/a.jsonl.expected")
    try "{}\n".write(
      toFile: folder.path + "/gone.jsonl.expected", atomically: true, encoding: .utf8)
    let result = try replay(["check", "--expect", "--no-times", "."], in: folder.path)
    #expect(result.status == 0)
    expectNoDifference(
      result.standardOutput,
      "./" + Self.line + "; states match the reference\n"
        + "./gone.jsonl.expected: obsolete (no recording ./gone.jsonl)\n")
  }

  @Test func failOnExitsTwoWhenARecordingReachesANamedDiagnostic() throws {
    let path = ReplayBinary.recording("basic-chat.jsonl")
    let folder = (path as NSString).deletingLastPathComponent
    let reached = try replay(
      ["check", "--no-times", "--fail-on", "keyboard-gap", "basic-chat.jsonl"], in: folder)
    #expect(reached.status == 2)
    expectNoDifference(
      reached.standardOutput,
      "basic-chat.jsonl: 32 events, 33 steps; diagnostics: keyboard-gap ×1 (28 steps), "
        + "message-hidden ×2 (2 steps), offset-out-of-range ×1 (4 steps), bad-index ×1 (1 step); "
        + "fails on keyboard-gap ×1\n")
    // basic-chat never overlaps the keyboard, and `none` is the default.
    for policy in ["keyboard-overlap", "none"] {
      let passed = try replay(
        ["check", "--no-times", "--fail-on", policy, "basic-chat.jsonl"], in: folder)
      #expect(passed.status == 0)
    }
    let misspelt = try replay(
      ["check", "--fail-on", "keyboard-gapp", "basic-chat.jsonl"], in: folder)
    #expect(misspelt.status == 64)
    #expect(
      misspelt.standardError.hasPrefix(
        "Error: unknown diagnostic id 'keyboard-gapp'; did you mean 'keyboard-gap'?\n"))
  }
}
