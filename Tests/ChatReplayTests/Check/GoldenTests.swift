import ChatReplay
import ReplayTestSupport
import Testing

/// Golden states compared as `replay check --expect` compares them, and JSON read back into
/// the debugger's tree.
struct GoldenTests {
  @Test func jsonReadsBackIntoTheStateTree() {
    let node = StateNode(json: #"{"a":[1,-2.5e1,true],"b":{"c":"x\"\n\u00e9"},"d":false}"#)
    #expect(node?["a"] == .array([.number(1), .number(-25), .bool(true)]))
    #expect(node?["b"]?["c"] == .string("x\"\né"))
    #expect(node?["d"] == .bool(false))
    for broken in [#"{"a":1"#, #"{"a":null}"#, "[1,]", #"{"a":1} x"#, ""] {
      #expect(StateNode(json: broken) == nil, "\(broken)")
    }
  }

  @Test func sameStatesHaveNoMismatch() {
    #expect(Golden.mismatch(expected: "{\"a\":1}\n", actual: "{\"a\":1}\n", lines: [nil]) == nil)
  }

  @Test func aMismatchShowsTheFirstDifferingStepsWithTheirLines() {
    // Steps 1 and 2 differ; step 3 is only in the new states: 3 differing steps, all shown.
    // Five members, so that the diff does not print the object on one line.
    let rest = #","c":0,"d":0,"e":0}"#
    let mismatch = Golden.mismatch(
      expected: #"{"a":1,"b":0"# + rest + "\n" + #"{"a":2,"b":0"# + rest + "\n" + #"{"a":3,"b":0"#
        + rest + "\n",
      actual: #"{"a":1,"b":0"# + rest + "\n" + #"{"a":5,"b":0"# + rest + "\n" + #"{"a":3,"b":1"#
        + rest + "\n" + #"{"a":4}"# + "\n",
      lines: [nil, 2, 3, 5])
    #expect(mismatch?.step == 1)
    #expect(mismatch?.differingSteps == 3)
    expectNoDifference(
      mismatch?.diff.joined(separator: "\n") ?? "",
      """
      step 1 (line 2 of the recording) (Expected: −, Actual: +)
        ChatState(
      −   a: 2
      +   a: 5
          … (4 unchanged)
        )
      step 2 (line 3 of the recording) (Expected: −, Actual: +)
        ChatState(
          … (1 unchanged)
      −   b: 0
      +   b: 1
          … (3 unchanged)
        )
      step 3 (line 5 of the recording) (Expected: −, Actual: +)
      + {"a":4}  (only in the new states)
      """)
  }
}
