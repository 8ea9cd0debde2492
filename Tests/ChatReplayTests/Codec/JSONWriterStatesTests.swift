import ChatReplay
import ReplayTestSupport
import Testing

/// `replay --json`'s fast writer gives, state after state, the bytes of the plain one.
struct JSONWriterStatesTests {
  @Test(arguments: LayoutID.allCases)
  func statesWrittenOneAfterAnotherAreTheLinesOfThePlainWriter(layout: LayoutID) {
    let streams = Gen.oneOf([PropertyDefaults.realistic, PropertyDefaults.adversarial])
    expectProperty(streams, cases: 10) { recording in
      let states = recording.states(layout: layout)
      // One writer for every state, as `--json` writes them: what it reuses from one state must
      // never leak into the next. Then the last state in full, as `--at` writes it.
      var writer = JSONWriter()
      var expected = ""
      for state in states {
        writer.write(state, includeOptions: state.step == 0)
        writer.newline()
        expected += state.jsonLine(includeOptions: state.step == 0) + "\n"
      }
      if let last = states.last {
        writer.write(last, includeMessages: true)
        writer.newline()
        expected += last.jsonLine(includeMessages: true) + "\n"
      }
      let written = String(decoding: writer.bytes, as: UTF8.self)
      guard written != expected else { return nil }
      let line = zip(written.split(separator: "\n"), expected.split(separator: "\n"))
        .first { $0 != $1 }
      return "\(layout.rawValue): the fast writer wrote\n\(line?.0 ?? "")\ninstead of\n"
        + "\(line?.1 ?? "")"
    }
  }

  @Test(arguments: LayoutID.allCases)
  func linesCopiedFromThePreviousLineAreThoseOfThePlainWriter(layout: LayoutID) {
    let streams = Gen.oneOf([PropertyDefaults.realistic, PropertyDefaults.adversarial])
    expectProperty(streams, cases: 10) { recording in
      let states = recording.states(layout: layout)
      // States go in batches of one to four, as `--json`'s replaying thread hands them to its
      // writer (in batches of 256), and every fifth one on its own: a batch's first line
      // compares its diagnostics with the line before it, the others may share the previous
      // state's in the batch. The lines are taken after each batch, as `--json` takes them every
      // 64 KiB: the line kept to copy from moves to the front of the buffer each time.
      var lines = StateLineWriter()
      var batch = StateLineBatch()
      var written: [UInt8] = []
      var expected = ""
      for state in states {
        if state.step % 5 == 4 {
          lines.write(batch) { written += $0 }
          batch.removeAll()
          lines.write(state, includeOptions: state.step == 0)
        } else {
          batch.append(state, includeOptions: state.step == 0)
        }
        if batch.count >= state.step % 4 + 1 {
          lines.write(batch) { written += $0 }
          lines.take { written += $0 }
          batch.removeAll()
        }
        expected += state.jsonLine(includeOptions: state.step == 0) + "\n"
      }
      lines.write(batch) { written += $0 }
      lines.take { written += $0 }
      let text = String(decoding: written, as: UTF8.self)
      guard text != expected else { return nil }
      let line = zip(text.split(separator: "\n"), expected.split(separator: "\n"))
        .first { $0 != $1 }
      return "\(layout.rawValue): the line writer wrote\n\(line?.0 ?? "")\ninstead of\n"
        + "\(line?.1 ?? "")"
    }
  }
}
