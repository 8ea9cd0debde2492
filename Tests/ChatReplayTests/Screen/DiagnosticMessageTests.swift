import ReplayTestSupport
import Testing

@testable import ChatReplay

/// The fixed pieces a diagnostic's message is worded with are copied into `--json` and
/// `compare --json` as they are, unescaped: none may hold a byte JSON escapes.
struct DiagnosticMessageTests {
  /// Keeps the fixed pieces (`literal`) of a message and drops the rest.
  private struct FixedPieces: MessageWriter {
    var pieces: [[UInt8]] = []

    mutating func text(_ text: StaticString) {
      pieces.append(
        Array(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)))
    }

    mutating func text(_ text: String) {}
    mutating func number(_ value: Double) {}
    mutating func integer(_ value: Int) {}
  }

  /// Diagnostics of `kind`, enough of them to take every branch its wording has.
  private static func samples(of kind: Diagnostic.Kind) -> [Diagnostic] {
    switch kind {
    case .keyboardOverlap: [.keyboardOverlap(overlap: 12, inputBarMaxY: 500, keyboardMinY: 488)]
    case .keyboardGap: [.keyboardGap(gap: 8, inputBarMaxY: 480, keyboardMinY: 488)]
    case .messageHidden:
      [
        .messageHidden(
          index: 3, messageMinY: 700, messageMaxY: 740, visibleMinY: 100, visibleMaxY: 600)
      ]
    case .offsetOutOfRange: [.offsetOutOfRange(offsetY: -40, minimum: 0, maximum: 300)]
    case .unsafeInput: [.unsafeInput(inputBarMaxY: 852, safeAreaMinY: 818)]
    case .phantomKeyboard: [.phantomKeyboard(visibleHeight: 336)]
    case .crash: [.crash(reason: .keyboardFrameNotRemembered), .crash(reason: .frameEndMissing)]
    case .badIndex: [.badIndex(item: -1, count: 19)]
    case .frameMismatch:
      [.frameMismatch(child: .textView, childHeight: 60, container: .box, containerHeight: 50)]
    case .outsideContainer:
      [
        .outsideContainer(
          child: .sendButton, childMinX: 380, childMaxX: 430, container: .box, containerWidth: 393)
      ]
    case .duplicateObserver: [.duplicateObserver(count: 2)]
    case .doubledOrigin: [.doubledOrigin(convertedMaxY: 1200, fieldMaxY: 600)]
    case .emptyMessage: [.emptyMessage(index: 0)]
    case .modelDivergence:
      // Points and not, more and less: each path both ways.
      ObservedPath.allCases.flatMap { path in
        [
          Diagnostic.modelDivergence(path: path, model: 10, device: 12),
          .modelDivergence(path: path, model: 12, device: 10),
        ]
      }
    }
  }

  @Test(arguments: Diagnostic.Kind.allCases)
  func fixedPiecesNeedNoEscape(kind: Diagnostic.Kind) {
    for diagnostic in Self.samples(of: kind) {
      #expect(diagnostic.kind == kind)
      var writer = FixedPieces()
      diagnostic.writeMessage(to: &writer)
      // Every message has words of its own besides the values it names.
      #expect(!writer.pieces.isEmpty, "\(diagnostic)")
      for piece in writer.pieces {
        // JSON escapes the quote (0x22), the backslash (0x5C), the control bytes below 0x20,
        // and, as the writers do, DEL (0x7F).
        let escaped = piece.filter { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }
        #expect(
          escaped.isEmpty,
          "\(kind.rawValue): \"\(String(decoding: piece, as: UTF8.self))\" holds \(escaped)")
      }
    }
  }

  /// `--json`'s writer, which copies the fixed pieces, writes what the plain writer writes,
  /// which escapes the whole message.
  @Test(arguments: Diagnostic.Kind.allCases)
  func statesWithTheKindWriteThePlainWritersLine(kind: Diagnostic.Kind) {
    var state = ChatScreen(measurer: FixedWidthMeasurer()).initialState(header: .default)
    state.diagnostics = Self.samples(of: kind)
    var lines = StateLineWriter()
    lines.write(state)
    var written: [UInt8] = []
    lines.take { written += $0 }
    let line = String(decoding: written, as: UTF8.self)
    #expect(line == state.jsonLine() + "\n")
    // Every message is in the line, quoted whole.
    for diagnostic in state.diagnostics {
      #expect(line.contains("\"message\":\"\(diagnostic.message)\""))
    }
  }
}
