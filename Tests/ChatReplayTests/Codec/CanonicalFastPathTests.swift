import Foundation
import ReplayTestSupport
import Testing

@testable import ChatReplay

/// The canonical fast path of the line decoder never disagrees with the general decoder: it
/// gives the general decoder's event or declines (`nil`), and it declines every bad line, so
/// errors keep their wording.
struct CanonicalFastPathTests {
  static let keyboard =
    #"{"t":1,"type":"keyboard","name":"willShow","frameBegin":{"x":0,"y":852,"width":393,"height":336},"frameEnd":{"x":0,"y":516,"width":393,"height":336},"duration":0.25,"curve":7,"isLocal":true}"#

  /// Lines the fast path must take, each giving the general decoder's event.
  static let taken = [
    #"{"t":0,"type":"textChange","text":"Hi"}"#,
    #"{"t":2.5,"type":"textChange","text":""}"#,
    #"{"t":2.5,"type":"textChange","text":"caf\u00e9 \"quoted\" \\ 日本語"}"#,
    #"{"t":3,"type":"receive","text":"Yes! What do you have in mind?"}"#,
    #"{"t":4,"type":"sendTap"}"#, #"{"t":4,"type":"returnKey"}"#, #"{"t":4,"type":"doneTap"}"#,
    #"{"t":4,"type":"appear"}"#, #"{"t":4,"type":"disappear"}"#,
    #"{"t":5,"type":"pan","y":-12.5,"state":"changed"}"#,
    #"{"t":5,"type":"pan","y":400,"state":"cancelled"}"#,
    #"{"t":6,"type":"scroll","offsetY":-103}"#,
    // More than eight digits, at most seven on each side of the point: read a word a side.
    #"{"t":123456.789,"type":"sendTap"}"#,
    #"{"t":1234567.1234567,"type":"sendTap"}"#,
    #"{"t":9999999.9999999,"type":"scroll","offsetY":-1234567.125}"#,
    #"{"t":100000.001,"type":"pan","y":-7654321.0000001,"state":"changed"}"#,
    // Eight digits on a side: read byte by byte.
    #"{"t":12345678.9,"type":"sendTap"}"#,
    #"{"t":1.12345678,"type":"sendTap"}"#,
    #"{"t":1234567.12345678,"type":"sendTap"}"#,
    // More than fifteen digits, or an exponent: the number read by the general reader.
    #"{"t":1234567.123456789,"type":"textChange","text":"Hi"}"#,
    #"{"t":123456.789e1,"type":"textChange","text":"Hi"}"#,
    #"{"t":-0,"type":"scroll","offsetY":1e3}"#,
    keyboard,
    keyboard.replacingOccurrences(of: "\"x\":0,\"y\":852", with: "\"x\":-5,\"y\":-1"),
    viewport,
    viewport.replacingOccurrences(of: "\"width\":852", with: "\"width\":852.5")
      .replacingOccurrences(of: "\"top\":0", with: "\"top\":-0"),
  ]

  static let viewport =
    #"{"t":7,"type":"viewport","screen":{"width":852,"height":393},"safeArea":{"top":0,"left":59,"bottom":21,"right":59}}"#

  /// Lines the fast path must leave to the general decoder: bad ones, and good ones in another
  /// shape.
  static let declined = [
    #"{"t":-1,"type":"textChange","text":"Hi"}"#,
    #"{"t":01,"type":"textChange","text":"Hi"}"#,
    #"{"t":1e10,"type":"textChange","text":"Hi"}"#,
    #"{"t":1,"type":"textChange","text":"Hi"} "#,
    #"{"t":1,"type":"textChange","text":"Hi"}x"#,
    #"{"t":1,"type":"textChange","text":"Hi","extra":1}"#,
    #"{"t":1,"type":"textChange","text":"Hi","text":"again"}"#,
    #"{"t":1,"type":"textChange"}"#,
    #"{"t":1,"type":"textChange","text":5}"#,
    "{\"t\":1,\"type\":\"textChange\",\"text\":\"tab\tinside\"}",
    #"{"t":1,"type":"textChang","text":"Hi"}"#,
    #"{"type":"textChange","t":1,"text":"Hi"}"#,
    #"{ "t":1,"type":"textChange","text":"Hi"}"#,
    #"{"t":1,"type":"pan","y":1,"state":"moved"}"#,
    #"{"t":1,"type":"safeArea","insets":{"top":0,"left":0,"bottom":0,"right":0}}"#,
    #"{"type":"session","version":1}"#,
    keyboard.replacingOccurrences(of: "\"width\":393", with: "\"width\":-393"),
    keyboard.replacingOccurrences(of: "\"curve\":7", with: "\"curve\":7.5"),
    keyboard.replacingOccurrences(of: "\"duration\":0.25", with: "\"duration\":-0.25"),
    keyboard.replacingOccurrences(of: "\"isLocal\":true", with: "\"isLocal\":1"),
    keyboard.replacingOccurrences(of: "\"frameEnd\":{", with: "\"frameEnd\":null,\"x\":{"),
    keyboard.replacingOccurrences(of: "willShow", with: "willShows"),
    viewport.replacingOccurrences(
      of: "}}", with: #"},"windowFrameInScreen":{"x":0,"y":0,"width":852,"height":393}}"#),
    viewport.replacingOccurrences(of: "safeArea", with: "safeAreas"),
    // Sizes and insets cannot be negative: the general decoder words the error.
    viewport.replacingOccurrences(of: "\"width\":852", with: "\"width\":-852.5"),
    viewport.replacingOccurrences(of: "\"right\":59", with: "\"right\":-3"),
    viewport.replacingOccurrences(of: "\"height\":393}", with: "\"height\":393,\"depth\":1}"),
    viewport.replacingOccurrences(of: "\"right\":59}}", with: "\"right\":59}"),
  ]

  func canonical(_ text: String) -> TimedEvent? {
    Array(text.utf8).withUnsafeBufferPointer { LineDecoder.decodeCanonical($0) }
  }

  func general(_ text: String) -> Result<DecodedLine, RecordingError> {
    Array(text.utf8).withUnsafeBufferPointer { bytes in
      Result { () throws(RecordingError) in try LineDecoder.decodeGeneral(bytes, lineNumber: 1) }
    }
  }

  @Test(arguments: taken)
  func takesCanonicalLinesWithTheGeneralDecodersEvent(_ line: String) throws {
    let event = try #require(canonical(line))
    guard case .success(.event(let expected)) = general(line) else {
      Issue.record("the general decoder rejects \(line)")
      return
    }
    #expect(event == expected)
  }

  @Test(arguments: declined)
  func leavesOtherLinesToTheGeneralDecoder(_ line: String) {
    #expect(canonical(line) == nil)
    #expect(canonicalLine(line) == nil)
  }

  /// What `LineDecoder.canonicalLine(_:)` makes of `text`, a keystroke's text made a `String`.
  func canonicalLine(_ text: String) -> TimedEvent? {
    Array(text.utf8).withUnsafeBufferPointer { bytes in
      var scanner = JSONScanner(bytes)
      var frames = LineDecoder.KeyboardFrames()
      switch LineDecoder.canonicalLine(&scanner, frames: &frames) {
      case .event(let event)?:
        return event
      case .keystroke(let t, let start, let length, _)?:
        let text = String(decoding: bytes[start..<(start + length)], as: UTF8.self)
        return TimedEvent(t: t, event: .textChange(text: text))
      case nil:
        return nil
      }
    }
  }

  /// The decoder that leaves a keystroke's text in the line takes the same lines, with the same
  /// events.
  @Test(arguments: taken)
  func canonicalLineTakesWhatTheFastPathTakes(_ line: String) throws {
    let event = try #require(canonicalLine(line))
    #expect(event == canonical(line))
  }

  @Test func agreesOnEveryLineOfTheBundledRecordings() throws {
    let folder = #filePath.split(separator: "/").dropLast(4).joined(separator: "/")
    var taken = 0
    for name in ["basic-chat", "interactive-dismiss", "rotation", "scroll-history"] {
      let text = try String(contentsOfFile: "/\(folder)/Recordings/\(name).jsonl", encoding: .utf8)
      for line in text.split(separator: "\n") {
        guard let event = canonical(String(line)) else { continue }
        taken += 1
        guard case .success(.event(let expected)) = general(String(line)) else {
          Issue.record("the general decoder rejects \(line)")
          continue
        }
        #expect(event == expected)
      }
    }
    #expect(taken > 100)
  }
}
