import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

/// `replay import`, run as a process: what it writes, where, and its exit status.
struct ImportCommandTests {
  static let printout = """
    2019-03-04 23:59:59.870 ChatDemo[812:3301] NSConcreteNotification 0x600000c5a1f0 {name = UIKeyboardWillShowNotification; userInfo = {
        UIKeyboardAnimationCurveUserInfoKey = 7;
        UIKeyboardAnimationDurationUserInfoKey = "0.25";
        UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 812}, {375, 291}}";
        UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
    }}
    2019-03-05 00:00:00.153 ChatDemo[812:3301] NSConcreteNotification 0x600000c5a1f0 {name = UIKeyboardDidShowNotification; userInfo = {
        UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
        UIKeyboardFooUserInfoKey = 3;
    }}

    """

  static let recording = """
    {"type":"session","version":1,"device":{"model":"iPhone XS","screen":{"width":375,"height":812},"safeArea":{"top":44,"left":0,"bottom":34,"right":0}},"import":{"sources":["log.txt"],"styles":["nsnotification","nsdictionary"],"screen":{"from":"printout","source":"log.txt","line":1},"safeArea":{"from":"profile","profile":"iphonex"},"times":{"from":"printout","source":"log.txt","line":1},"names":{"printed":2,"label":0,"option":0},"warnings":1}}
    {"t":0,"type":"keyboard","name":"willShow","frameBegin":{"x":0,"y":812,"width":375,"height":291},"frameEnd":{"x":0,"y":521,"width":375,"height":291},"duration":0.25,"curve":7}
    {"t":0.283,"type":"keyboard","name":"didShow","frameEnd":{"x":0,"y":521,"width":375,"height":291}}

    """

  @Test func importWritesTheRecordingAndSaysWhatItInferred() throws {
    let folder = try TemporaryDirectory()
    try Data(Self.printout.utf8).write(to: URL(fileURLWithPath: folder.path + "/log.txt"))
    let run = try ReplayBinary.run(["import", "log.txt"], in: folder.path)
    #expect(run.status == 0)
    expectNoDifference(run.standardOutput, Self.recording)
    expectNoDifference(
      run.standardError,
      """
      log.txt:9:5: warning: unknown key 'UIKeyboardFooUserInfoKey'; not imported
              UIKeyboardFooUserInfoKey = 3;
              ^
      log.txt:1: note: times are taken from the log time stamps, relative to the first one (line 1)
      log.txt:1: note: screen 375x812 inferred from the frames: frameBegin y 812 = frameEnd y 521 + height 291
      note: safe area 44,0,34,0 and model 'iPhone XS' from the device profile 'iphonex', whose screen matches

      """)
  }

  @Test func theBundledImportedRecordingIsWhatItsPrintoutImportsTo() throws {
    let folder = ReplayBinary.packageRoot.appendingPathComponent("Recordings").path
    let run = try ReplayBinary.run(["import", "imported-console-log.txt"], in: folder)
    #expect(run.status == 0)
    let recording = try String(
      contentsOfFile: folder + "/imported-console-log.jsonl", encoding: .utf8)
    expectNoDifference(run.standardOutput, recording)
  }

  @Test func theRecordingPipesIntoReplay() throws {
    // `replay import log.txt | replay --summary -`
    let imported = try ReplayBinary.run(["import"], input: Self.printout)
    let replayed = try ReplayBinary.run(["--summary", "-"], input: imported.standardOutput)
    #expect(replayed.status == 0)
    #expect(replayed.standardError == "")
    #expect(
      replayed.standardOutput.hasPrefix(
        "<stdin>: rxkeyboard (RxKeyboard 1.0.0) on iPhone XS, 375×812 pt, safe area 44/0/34/0\n"))
    #expect(
      replayed.standardOutput.hasSuffix(
        "2 events, 3 steps; diagnostics: bad-index ×1 (1 step)\n"))
  }

  @Test func standardInputAndOutputFile() throws {
    let folder = try TemporaryDirectory()
    let run = try ReplayBinary.run(
      ["import", "-", "--output", "out.jsonl"], input: Self.printout, in: folder.path)
    #expect(run.status == 0)
    expectNoDifference(run.standardOutput, "")
    let written = try String(contentsOfFile: folder.path + "/out.jsonl", encoding: .utf8)
    expectNoDifference(written, Self.recording.replacingOccurrences(of: "log.txt", with: "<stdin>"))
    #expect(folder.contents == ["out.jsonl"])
    // What it wrote replays without an error.
    let replayed = try ReplayBinary.run([folder.path + "/out.jsonl", "--summary"])
    #expect(replayed.status == 0)
    #expect(replayed.standardError == "")
  }

  @Test func importNeverWritesOverItsInput() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path + "/log.txt"
    try Data(Self.printout.utf8).write(to: URL(fileURLWithPath: path))
    let run = try ReplayBinary.run(["import", "log.txt", "--output", "./log.txt"], in: folder.path)
    #expect(run.status == 1)
    #expect(
      run.standardError.hasSuffix(
        "Error: cannot write './log.txt': it is a recording being read; replay never writes to its input\n"
      ))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.printout)
    #expect(folder.contents == ["log.txt"])
  }

  @Test func unnamedBlocksStopWithTheCommandToRunAgain() throws {
    let folder = try TemporaryDirectory()
    let printout = """
      [AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 521}, {375, 291}}]
      [AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 812}, {375, 291}}]
      """
    try Data(printout.utf8).write(to: URL(fileURLWithPath: folder.path + "/my log.txt"))
    let run = try ReplayBinary.run(
      ["import", "my log.txt", "--device", "iphonex"], in: folder.path)
    #expect(run.status == 1)
    expectNoDifference(run.standardOutput, "")
    expectNoDifference(
      run.standardError,
      """
      my log.txt:1: note: block without a notification name
      my log.txt:2: note: block without a notification name
      error: 2 blocks have no notification name; the import never guesses one. Name them with --name (one name for all, or one per block in order), for example:
        replay import 'my log.txt' --device iphonex --name NAME1,NAME2
        (each NAME one of willShow, didShow, willHide, didHide, willChangeFrame, didChangeFrame)

      """)
    let named = try ReplayBinary.run(
      [
        "import", "my log.txt", "--device", "iphonex", "--name",
        "willShow,UIKeyboardWillHideNotification",
      ],
      in: folder.path)
    #expect(named.status == 0)
    #expect(named.standardOutput.contains(#""name":"willHide""#))
  }

  @Test func strictWarningsFail() throws {
    let run = try ReplayBinary.run(["import", "--strict"], input: Self.printout)
    #expect(run.status == 1)
    expectNoDifference(run.standardOutput, "")
    #expect(
      run.standardError.hasPrefix(
        "<stdin>:9:5: error: unknown key 'UIKeyboardFooUserInfoKey'; not imported (an error with --strict)"
      ))
  }

  @Test func nothingToImport() throws {
    let run = try ReplayBinary.run(["import", "-"], input: "hello\nworld\n")
    #expect(run.status == 1)
    expectNoDifference(
      run.standardError, "error: no keyboard notification found in the input; nothing to import\n")
  }

  @Test func aTenMegabyteLineIsReportedAndTheRestImported() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path + "/big.txt"
    var bytes = Array("// ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 10 << 20)
    bytes += Array(("\n" + Self.printout).utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let run = try ReplayBinary.run(["import", "big.txt"], in: folder.path)
    #expect(run.status == 0)
    #expect(
      run.standardError.hasPrefix(
        "big.txt:1: warning: the line is 10485763 bytes long, more than the 1048576 a printout line may have; not imported\n"
      ))
    #expect(run.standardOutput.contains(#""name":"didShow""#))
  }

  @Test func binaryInputFails() throws {
    let folder = try TemporaryDirectory()
    try Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x00, 0x0A]).write(
      to: URL(fileURLWithPath: folder.path + "/a.out"))
    let run = try ReplayBinary.run(["import", "a.out"], in: folder.path)
    #expect(run.status == 1)
    expectNoDifference(
      run.standardError,
      "a.out:1: error: the input holds a NUL byte: it is binary data, not a console printout\n")
  }

  @Test(arguments: [
    (
      ["--device", "iphonex", "--screen", "375x812"],
      "Error: --device and --screen cannot be used together"
    ),
    (
      ["--name", "willshow"],
      "Error: unknown notification name 'willshow'; did you mean 'willShow'?"
    ),
    (["--key", "frame"], "Error: unknown key 'frame'; use one of frameBegin, frameEnd"),
    (
      ["--screen", "375"],
      "Error: --screen takes WIDTHxHEIGHT in points, such as 375x812, not '375'"
    ),
    (
      ["--safe-area", "1,2"],
      "Error: --safe-area takes TOP,LEFT,BOTTOM,RIGHT in points, such as 44,0,34,0, not '1,2'"
    ),
    (["-", "-"], "Error: standard input ('-') can be read only once"),
  ])
  func badArguments(_ arguments: [String], _ message: String) throws {
    let run = try ReplayBinary.run(["import"] + arguments)
    #expect(run.status == 64)
    #expect(
      run.standardError.hasPrefix(message + "\nUsage: replay import "), "\(run.standardError)")
  }
}
