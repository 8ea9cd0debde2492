import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `replay check --format`: each format of one hand-made run against a hand-written output, the
/// JUnit XML read back by a parser, and GitHub's escaping and annotation limit.
struct CheckFormatTests {
  /// Three recordings and an obsolete reference.
  ///
  /// One clean, one whose keyboard-overlap run (which `--fail-on` names) and
  /// keyboard-gap run (which it does not) begin at lines 3 and 5, one with a bad line 3; and an
  /// obsolete reference. The file name and message hold every character the formats escape.
  static var run: CheckRun {
    var good = CheckReport(file: "Recordings/good.jsonl", stopsAtFirstError: true)
    good.steps = 3
    var overlap = CheckReport(file: "Recordings/a,b:c.jsonl", stopsAtFirstError: true)
    overlap.steps = 5
    overlap.runs = [
      DiagnosticRun(
        kind: .keyboardOverlap, step: 2, line: 3, message: "bar <under> 50% & \"k\"\nx"),
      DiagnosticRun(kind: .keyboardGap, step: 4, line: 5, message: "gap"),
    ]
    var bad = CheckReport(file: "bad.jsonl", stopsAtFirstError: true)
    bad.steps = 2
    bad.errors = [
      RecordingError(
        line: 3, column: 7, problem: .invalidNumber("1e"), excerpt: #"{"t":1e}"#, excerptColumn: 6)
    ]
    return CheckRun(
      reports: [good, overlap, bad], policy: .kinds([.keyboardOverlap]),
      obsolete: ["Recordings/old.jsonl.expected"])
  }

  @Test func githubAnnotatesTheLineOfEachFailureEscapedAsGitHubRequires() {
    // Messages escape %, CR and LF; properties also ':' and ','.
    expectNoDifference(
      Self.run.githubCommands.joined(separator: "\n"),
      """
      ::error file=Recordings/a%2Cb%3Ac.jsonl,line=3,title=replay check%3A keyboard-overlap::step 2: bar <under> 50%25 & "k"%0Ax
      ::error file=bad.jsonl,line=3,col=7,title=replay check%3A bad line::'1e' is not a JSON number
      ::warning file=Recordings/old.jsonl.expected,title=replay check%3A obsolete::Recordings/old.jsonl.expected has no recording; delete it or restore the recording
      """)
  }

  @Test func githubEscapesDataAndProperties() {
    #expect(CheckRun.data("50% done\r\nnext: a,b") == "50%25 done%0D%0Anext: a,b")
    #expect(CheckRun.property("50% done\r\nnext: a,b") == "50%25 done%0D%0Anext%3A a%2Cb")
  }

  @Test func pastTheTenthErrorTheTenthSaysHowManyMoreAndTheRestArePlainLines() {
    var report = CheckReport(file: "a.jsonl", stopsAtFirstError: true)
    report.steps = 13
    report.runs = (1...12).map { step in
      DiagnosticRun(kind: .keyboardGap, step: step, line: step + 1, message: "gap \(step)")
    }
    let commands = CheckRun(reports: [report], policy: .any).githubCommands
    // 12 errors: 9 annotated, the 10th annotation counts the 12 - 9 = 3 left, then those 3.
    #expect(commands.count == 13)
    #expect(commands.prefix(9).allSatisfy { $0.hasPrefix("::error file=a.jsonl,line=") })
    expectNoDifference(
      commands.dropFirst(9).joined(separator: "\n"),
      """
      ::error title=replay check%3A more failures::3 more errors are not annotated (GitHub shows 10 per step); the log lists them
      (not annotated) error file=a.jsonl,line=11,title=replay check%3A keyboard-gap::step 10: gap 10
      (not annotated) error file=a.jsonl,line=12,title=replay check%3A keyboard-gap::step 11: gap 11
      (not annotated) error file=a.jsonl,line=13,title=replay check%3A keyboard-gap::step 12: gap 12
      """)
    #expect(commands.filter { $0.hasPrefix("::error") }.count == CheckRun.annotationLimit)
  }

  @Test func junitHasATestCasePerRecordingAndAFailurePerReason() {
    expectNoDifference(
      Self.run.junit,
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="replay check" tests="3" failures="1" errors="1">
        <testsuite name="replay check" tests="3" failures="1" errors="1" skipped="0">
          <testcase classname="replay.check" name="Recordings/good.jsonl" file="Recordings/good.jsonl"/>
          <testcase classname="replay.check" name="Recordings/a,b:c.jsonl" file="Recordings/a,b:c.jsonl">
            <failure type="keyboard-overlap" message="line 3: step 2: bar &lt;under&gt; 50% &amp; &quot;k&quot;&#10;x">Recordings/a,b:c.jsonl:3: step 2: bar &lt;under&gt; 50% &amp; &quot;k&quot;
      x</failure>
          </testcase>
          <testcase classname="replay.check" name="bad.jsonl" file="bad.jsonl">
            <error type="bad line" message="line 3: &apos;1e&apos; is not a JSON number">bad.jsonl:3: &apos;1e&apos; is not a JSON number</error>
            <system-err>bad.jsonl:3:7: error: &apos;1e&apos; is not a JSON number
          {&quot;t&quot;:1e}
               ^</system-err>
          </testcase>
        </testsuite>
      </testsuites>

      """)
  }

  /// What a JUnit reader sees: the elements, in order, with the attributes the schema requires.
  final class JUnitReader: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var messages: [String] = []

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      switch name {
      case "testsuites", "testsuite":
        elements.append(
          "\(name) tests=\(attributes["tests"] ?? "?") failures=\(attributes["failures"] ?? "?") errors=\(attributes["errors"] ?? "?")"
        )
      case "testcase":
        elements.append("testcase \(attributes["classname"] ?? "?") \(attributes["name"] ?? "?")")
      case "failure", "error":
        elements.append("\(name) \(attributes["type"] ?? "?")")
        messages.append(attributes["message"] ?? "?")
      default:
        elements.append(name)
      }
    }
  }

  @Test func junitParsesWithTheSchemasStructure() throws {
    let parser = XMLParser(data: Data(Self.run.junit.utf8))
    let reader = JUnitReader()
    parser.delegate = reader
    #expect(parser.parse())
    // testsuites > testsuite > testcase > (failure | error | system-err)*.
    #expect(
      reader.elements == [
        "testsuites tests=3 failures=1 errors=1",
        "testsuite tests=3 failures=1 errors=1",
        "testcase replay.check Recordings/good.jsonl",
        "testcase replay.check Recordings/a,b:c.jsonl",
        "failure keyboard-overlap",
        "testcase replay.check bad.jsonl",
        "error bad line",
        "system-err",
      ])
    // The newline in the attribute survives as a newline, not a space.
    #expect(
      reader.messages == [
        "line 3: step 2: bar <under> 50% & \"k\"\nx", "line 3: '1e' is not a JSON number",
      ])
  }

  @Test func markdownSummarizesForTheStepSummary() {
    expectNoDifference(
      Self.run.markdown,
      """
      ## replay check

      3 recordings: 1 passed, 2 failed

      | Recording | Result | Events | Diagnostics |
      |---|---|---:|---|
      | Recordings/good.jsonl | ✅ passed | 2 | none |
      | Recordings/a,b:c.jsonl | ❌ failed | 4 | none |
      | bad.jsonl | ❌ failed | 1 | none |

      ### Recordings/a,b:c.jsonl

      - **keyboard-overlap** line 3: step 2: bar \\<under\\> 50% & "k" x

      ### bad.jsonl

      - **bad line** line 3:7: '1e' is not a JSON number

      ### Obsolete references

      - `Recordings/old.jsonl.expected` has no recording

      """)
  }

  @Test func jsonIsOneDocumentForTools() {
    expectNoDifference(
      Self.run.json,
      #"{"recordings":[{"file":"Recordings/good.jsonl","passed":true,"events":2,"steps":3,"diagnostics":[],"failures":[]},"#
        + #"{"file":"Recordings/a,b:c.jsonl","passed":false,"events":4,"steps":5,"diagnostics":[],"failures":[{"reason":"keyboard-overlap","line":3,"message":"step 2: bar <under> 50% & \"k\"\nx"}]},"#
        + #"{"file":"bad.jsonl","passed":false,"events":1,"steps":2,"diagnostics":[],"failures":[{"reason":"bad line","line":3,"column":7,"message":"'1e' is not a JSON number"}]}],"#
        + #""obsolete":["Recordings/old.jsonl.expected"]}"# + "\n")
  }
}
