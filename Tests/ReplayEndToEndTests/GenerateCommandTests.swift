import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

/// `replay generate`, run as a process.
struct GenerateCommandTests {
  @Test func generateWritesThePropertyCaseOfTheSameSeed() throws {
    let executable = try #require(replayExecutable(), "the replay executable was not built")
    for (generator, seed) in [(PropertyDefaults.realistic, 11), (PropertyDefaults.adversarial, 12)]
    {
      let recording = generator.generate(seed: UInt64(seed))
      let run = try runReplay(executable, recording.generateArguments(seed: UInt64(seed)))
      #expect(run.status == 0)
      expectNoDifference(run.output, recording.text)
    }
  }

  @Test func generateRejectsAnUnknownProfileWithASuggestion() throws {
    let executable = try #require(replayExecutable(), "the replay executable was not built")
    let process = Process()
    process.executableURL = executable
    process.arguments = ["generate", "--seed", "1", "--events", "3", "--profile", "iphone16"]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let output = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 64)
    expectNoDifference(
      String(decoding: output, as: UTF8.self),
      """
      Error: unknown profile 'iphone16'; did you mean 'iphone15'?
      Usage: replay generate [--seed N] [--events N] [--profile NAME] [--adversarial] [--layout NAME]
                             [--output FILE]

      """)
  }

  @Test func generateZeroEventsWritesOnlyTheHeader() throws {
    let executable = try #require(replayExecutable(), "the replay executable was not built")
    let run = try runReplay(
      executable, ["generate", "--seed", "0", "--events", "0", "--profile", "iphonese"])
    #expect(run.status == 0)
    expectNoDifference(
      run.output,
      """
      {"type":"session","version":1,"device":{"model":"iPhone SE","screen":{"width":375,"height":667},"safeArea":{"top":20,"left":0,"bottom":0,"right":0}}}

      """)
  }
}
