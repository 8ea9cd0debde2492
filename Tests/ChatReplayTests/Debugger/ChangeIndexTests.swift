import ReplayTestSupport
import Testing

@testable import ChatReplay

/// The change index against an oracle: the states' trees (``StateNode``, built by the `--json`
/// writer), whose leaves the index reads straight from the state instead.
struct ChangeIndexTests {
  /// A leaf's value as the tree holds it.
  private static func leafValues(_ node: StateNode) -> [StateNode] {
    switch node {
    case .number, .string, .bool: [node]
    case .object(let members): members.flatMap { leafValues($0.value) }
    case .array(let elements): elements.flatMap(leafValues)
    }
  }

  @Test func eachStepMarksExactlyTheLeavesThatChanged() {
    for seed: UInt64 in 0..<2 {
      for generator in [PropertyDefaults.realistic, PropertyDefaults.adversarial] {
        let recording = generator.generate(seed: seed)
        for layout in LayoutID.allCases {
          let states = recording.states(layout: layout)
          var index = ChangeIndex()
          for (step, state) in states.enumerated() {
            index.add(state, event: step == 0 ? nil : recording.events[step - 1])
          }
          let trees = states.map { state in
            var plain = state
            plain.diagnostics = []
            return Self.leafValues(StateNode(plain, includeMessages: false))
          }
          #expect(index.leaves.count == trees[0].count)
          for step in 1..<states.count {
            // Leaves 0 and 1 are `step` and `t`, which have no bit.
            var expected: UInt32 = 0
            for leaf in 2..<trees[step].count where trees[step][leaf] != trees[step - 1][leaf] {
              expected |= 1 << UInt32(leaf - 2)
            }
            if states[step].diagnostics != states[step - 1].diagnostics {
              expected |= ChangeIndex.diagnosticsBit
            }
            #expect(
              index.mask(at: step) == expected,
              "seed \(seed), \(recording.kind), \(layout.rawValue), step \(step)")
            // The kind read straight from the event is the event's class's code.
            #expect(index.kind(at: step) == EventClass(recording.events[step - 1].event).code)
          }
        }
      }
    }
  }

  /// Built as the debugger's load builds it, told which steps are settled (and then comparing
  /// only the text's leaves), the index is the one built comparing every leaf of every step.
  @Test func settledStepsMarkWhatComparingEveryLeafMarks() throws {
    var settledSteps = 0
    for seed: UInt64 in 0..<2 {
      for generator in [PropertyDefaults.realistic, PropertyDefaults.adversarial] {
        let recording = generator.generate(seed: seed)
        for layout in LayoutID.allCases {
          var told = ChangeIndex()
          var full = ChangeIndex()
          let loaded = Timeline.load(
            recording.bytes, options: PropertyDefaults.options(layout: layout),
            observe: { state, event, settled in
              if settled { settledSteps += 1 }
              told.add(state, event: event, settled: settled)
              full.add(state, event: event)
            })
          let timeline = try loaded.get()
          for step in 0...timeline.lastStep {
            #expect(
              told.mask(at: step) == full.mask(at: step)
                && told.kind(at: step) == full.kind(at: step),
              "seed \(seed), \(recording.kind), \(layout.rawValue), step \(step)")
          }
        }
      }
    }
    // Most keystrokes are settled: the comparison is not of full comparisons alone.
    #expect(settledSteps > 100)
  }

  @Test func everyEventClassHasACodeOfItsOwn() {
    let classes = EventClass.matching(nil, nil)
    // 14 kinds, of which keyboard stands for its 6 notifications and pan for its 4 states.
    #expect(classes.count == 12 + 6 + 4)
    #expect(Set(classes.map(\.code)).count == classes.count)
    #expect(!classes.contains { $0.code == 0 })
  }

  @Test func leavesAreTheStatePathsInWritingOrder() {
    let recording = PropertyDefaults.realistic.generate(seed: 0)
    var index = ChangeIndex()
    index.add(recording.states(layout: .rxkeyboard)[0], event: nil)
    expectNoDifference(
      index.leaves.joined(separator: "\n"),
      """
      step
      t
      layout
      screen.width
      screen.height
      safeArea.top
      safeArea.left
      safeArea.bottom
      safeArea.right
      keyboard.frame.x
      keyboard.frame.y
      keyboard.frame.width
      keyboard.frame.height
      keyboard.visibleHeight
      inputBar.frame.x
      inputBar.frame.y
      inputBar.frame.width
      inputBar.frame.height
      inputBar.text
      inputBar.sendEnabled
      list.frame.x
      list.frame.y
      list.frame.width
      list.frame.height
      list.contentInset.top
      list.contentInset.bottom
      list.adjustedContentInset.top
      list.adjustedContentInset.bottom
      list.contentOffset.y
      list.contentSize.height
      messageCount
      """)
  }
}
