import Foundation
import ReplayTestSupport
import Testing

/// `replay svg`: the binary writing a file and standard output, the rest in process.
struct SVGCommandTests {
  @Test func writesTheSameSVGToAFileAndToStandardOutput() throws {
    let folder = try TemporaryDirectory()
    let out = folder.path + "/step2.svg"
    let recording = ReplayBinary.recording("basic-chat.jsonl")
    let written = try ReplayBinary.run(["svg", recording, "--at", "2", "-o", out])
    #expect(written.status == 0)
    #expect(written.standardOutput.isEmpty && written.standardError.isEmpty)
    let file = try String(contentsOfFile: out, encoding: .utf8)
    let printed = try ReplayBinary.run(["svg", recording, "--at", "2"])
    #expect(printed.standardOutput == file)
    #expect(file.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"393\""))
    // Step 2 of basic-chat: the bar at 438…482 and the keyboard at 516, a 34 pt gap.
    #expect(file.contains("<rect class=\"bar\" x=\"0\" y=\"438\" width=\"393\" height=\"44\"/>"))
    #expect(
      file.contains("<rect class=\"keyboard\" x=\"0\" y=\"516\" width=\"393\" height=\"336\"/>"))
    #expect(file.contains("<rect class=\"gap\" x=\"0\" y=\"482\" width=\"393\" height=\"34\"/>"))
    #expect(file.contains("keyboard-gap: input bar bottom 482 is 34 pt above the keyboard top 516"))
    #expect(folder.contents == ["step2.svg"])
  }

  @Test func refusesBadStepsArgumentsAndItsInput() throws {
    let recording = ReplayBinary.recording("basic-chat.jsonl")
    let outOfRange = runInProcess(["svg", recording, "--at", "99"])
    #expect(outOfRange.status == 1)
    #expect(
      outOfRange.standardError
        == "Error: step 99 is out of range; the recording has 33 steps (0…32), -1 is the last\n")
    // Without --at, the last step.
    let last = runInProcess(["svg", recording])
    #expect(last.status == 0)
    #expect(
      last.standardOutput
        == runInProcess(["svg", recording, "--at", "32"]).standardOutput)
    let bad = runInProcess(["svg", recording, "--at", "soon"])
    #expect(bad.status == 64)
    let folder = try TemporaryDirectory()
    let copy = folder.path + "/in.jsonl"
    try FileManager.default.copyItem(atPath: recording, toPath: copy)
    let over = runInProcess(["svg", copy, "--at", "last", "-o", copy])
    #expect(over.status == 1)
    #expect(over.standardError.contains("replay never writes to its input"))
    #expect(
      try String(contentsOfFile: copy, encoding: .utf8)
        == String(contentsOfFile: recording, encoding: .utf8))
  }
}
