import ChatReplay
import ReplayTestSupport
import Testing

@testable import ChatReplay

/// The canonical fast path against the general decoder on generated lines in the recorders'
/// shape, with numbers and strings of every form, good and bad: the fast path gives the general
/// decoder's event, bit for bit, or declines, and it declines every line the general decoder
/// rejects.
struct CanonicalFastPathPropertyTests {
  /// A number as a recording may write it: mostly short decimals (the word-at-a-time reader's),
  /// and leading zeros, exponents, lone signs and points, long runs of digits.
  static let number: Gen<String> = {
    let digit = Gen.element(of: Array("0123456789").map(String.init))
    let leading = Gen.element(of: Array("123456789").map(String.init))
    // Mostly without a leading zero, which the format forbids before other digits.
    let integers = Gen.frequency([
      (weight: 1, generator: Gen.always("0")),
      (weight: 1, generator: digit.array(count: 1...12, averageExtra: 3).map { $0.joined() }),
      (
        weight: 6,
        generator: leading.flatMap { first in
          digit.array(count: 0...11, averageExtra: 3).map { first + $0.joined() }
        }
      ),
    ])
    let fractions = digit.array(count: 0...10, averageExtra: 3)
    // Negative now and then: `t`, sizes and durations must not be.
    let sign = Gen.frequency([
      (weight: 7, generator: Gen.always(false)), (weight: 1, generator: .always(true)),
    ])
    let decimal = sign.flatMap { negative in
      integers.flatMap { integer in
        fractions.optional.map { fraction in
          (negative ? "-" : "") + integer + (fraction.map { "." + $0.joined() } ?? "")
        }
      }
    }
    let odd = Gen.element(of: [
      "-", ".5", "1.", "1e3", "2E-2", "0.5e1", "00", "-01", "1.5.2", "+1", "12345678", "1234567.8",
      "99999999", "123456789.123", "0.000000001", "1e999", "-0", "0.0", "7x", "1 ",
    ])
    return Gen.frequency([(weight: 12, generator: decimal), (weight: 1, generator: odd)])
  }()

  /// A JSON string's bytes, quotes included: ASCII, escapes, multi-byte characters, control
  /// bytes and bytes that are not valid UTF-8, sometimes without its closing quote.
  static let string: Gen<[UInt8]> = {
    let good: [[UInt8]] = [
      Array("a".utf8), Array("Hello".utf8), Array(" ".utf8), Array("é".utf8), Array("日本".utf8),
      Array("😀".utf8), Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\u00e9"#.utf8),
      Array(#"\ud83d\ude00"#.utf8), [0x7F], Array("0123456789abcdef".utf8),
    ]
    let bad: [[UInt8]] = [
      Array(#"\ud800"#.utf8), Array(#"\x"#.utf8), [0x09], [0x01], [0x80], [0xC0, 0xAF],
      [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE6, 0x97], [0xFF],
      [0xC3],
    ]
    let piece = Gen.frequency([
      (weight: 30, generator: Gen.element(of: good)), (weight: 1, generator: .element(of: bad)),
    ])
    let body = piece.array(count: 0...24, averageExtra: 4)
    return body.flatMap { body in
      Gen.frequency([(weight: 12, generator: Gen.always(true)), (weight: 1, generator: .bool)])
        .map { closed in [0x22] + body.flatMap { $0 } + (closed ? [0x22] : []) }
    }
  }()

  /// A line in the recorders' shape, with generated numbers and strings in it.
  static let line: Gen<[UInt8]> = {
    let n = number
    let text = Gen.element(of: ["textChange", "receive"]).flatMap { type in
      n.flatMap { t in
        string.map { text in
          Array(#"{"t":\#(t),"type":"\#(type)","text":"#.utf8) + text + Array("}".utf8)
        }
      }
    }
    let pan = n.flatMap { t in
      n.map { y in #"{"t":\#(t),"type":"pan","y":\#(y),"state":"changed"}"# }
    }
    let scroll = n.flatMap { t in n.map { y in #"{"t":\#(t),"type":"scroll","offsetY":\#(y)}"# } }
    let keyboard = n.array(count: 10...10).map { v in
      let frame = { (i: Int) in
        #"{"x":\#(v[i]),"y":\#(v[i + 1]),"width":\#(v[i + 2]),"height":\#(v[i + 3])}"#
      }
      return
        #"{"t":\#(v[0]),"type":"keyboard","name":"willShow","frameBegin":\#(frame(1)),"#
        + #""frameEnd":\#(frame(5)),"duration":\#(v[9]),"curve":7,"isLocal":true}"#
    }
    return Gen.frequency([
      (weight: 4, generator: text),
      (weight: 2, generator: pan.map { Array($0.utf8) }),
      (weight: 1, generator: scroll.map { Array($0.utf8) }),
      (weight: 1, generator: keyboard.map { Array($0.utf8) }),
    ])
  }()

  @Test func agreesWithTheGeneralDecoderOnGeneratedLines() {
    let failure = PropertyRunner.run(currentTestName(), Self.line, cases: 500) { line in
      Self.disagreement(line)
    }
    if let failure {
      Issue.record(
        """
        seed \(failure.seed): \(failure.message)
        \(String(decoding: failure.shrunk, as: UTF8.self))
        """)
    }
  }

  /// What is wrong with the fast path's reading of `line`, or `nil`.
  static func disagreement(_ line: [UInt8]) -> String? {
    line.withUnsafeBufferPointer { bytes in
      let fast = LineDecoder.decodeCanonical(bytes)
      let general = Result { () throws(RecordingError) in
        try LineDecoder.decodeGeneral(bytes, lineNumber: 1)
      }
      guard let fast else { return nil }
      guard case .success(.event(let expected)) = general else {
        return "the fast path took a line the general decoder rejects"
      }
      guard fast == expected, fast.t.bitPattern == expected.t.bitPattern else {
        return "the fast path read \(fast), the general decoder \(expected)"
      }
      switch (fast.event, expected.event) {
      case (.pan(let y, _), .pan(let other, _)), (.scroll(let y), .scroll(let other)):
        return y.bitPattern == other.bitPattern ? nil : "\(y) against \(other)"
      default:
        return nil
      }
    }
  }

  /// A run of keyboard lines whose frames are drawn from a few, so that a line often repeats a
  /// frame of the line before byte for byte (as a keyboard's notifications do) and sometimes
  /// differs from it by one number, a sign or a digit.
  static let keyboardRun: Gen<[[UInt8]]> = {
    let frame: @Sendable ([String]) -> String = { v in
      #"{"x":\#(v[0]),"y":\#(v[1]),"width":\#(v[2]),"height":\#(v[3])}"#
    }
    // A frame, the same with its height changed (which only the rect's last bytes show), and
    // the same with another number changed.
    let frames = number.array(count: 4...4).flatMap { base in
      number.array(count: 2...2).flatMap { others in
        Gen.int(in: 0...3).map { changed in
          var tall = base
          tall[3] = others[0]
          var moved = base
          moved[changed] = others[1]
          return [frame(base), frame(tall), frame(moved)]
        }
      }
    }
    // The members after the frames drawn from a few too (two durations a run): a line often
    // repeats every member of one of the lines before, and may differ from it only in its curve
    // or in whether it is local (its last bytes).
    return frames.flatMap { pool in
      number.array(count: 2...2).flatMap { durations in
        let index = Gen.int(in: 0...(pool.count - 1))
        let line = index.flatMap { begin in
          index.flatMap { end in
            Gen.int(in: 0...1).map { durations[$0] }.flatMap { duration in
              Gen.int(in: 0...3).map { other in
                let curve = other & 1 == 0 ? 7 : 0
                let isLocal = other & 2 == 0
                return Array(
                  (#"{"t":1,"type":"keyboard","name":"willShow","frameBegin":\#(pool[begin]),"#
                    + #""frameEnd":\#(pool[end]),"duration":\#(duration),"curve":\#(curve),"#
                    + #""isLocal":\#(isLocal)}"#)
                    .utf8)
              }
            }
          }
        }
        return line.array(count: 1...12, averageExtra: 4)
      }
    }
  }()

  /// The frames and members of a keyboard line found among those of the lines before
  /// (`KeyboardFrames`) are those read number by number, bit for bit.
  ///
  /// Each line is read as the reader reads a chunk's lines, with the bytes after it (its line
  /// feed, then the next line): the rects' memories compare whole words, and a line's last word
  /// often runs past its end.
  @Test func rememberedFramesAndMembersAreThoseRead() {
    let failure = PropertyRunner.run(currentTestName(), Self.keyboardRun, cases: 300) { lines in
      var frames = LineDecoder.KeyboardFrames()
      for (index, line) in lines.enumerated() {
        let next = index + 1 < lines.count ? lines[index + 1] : line
        let chunk = line + [0x0A] + next + [0x0A]
        let problem = chunk.withUnsafeBufferPointer { (bytes) -> String? in
          var scanner = JSONScanner(bytes)
          let remembered = LineDecoder.canonicalLine(&scanner, frames: &frames)
          let read = line.withUnsafeBufferPointer { LineDecoder.decodeCanonical($0) }
          switch (remembered, read) {
          case (nil, nil):
            return nil
          case (.event(let event)?, let expected?):
            guard case .keyboard(let got) = event.event,
              case .keyboard(let wanted) = expected.event, got == wanted,
              Self.bits(got.frameBegin) == Self.bits(wanted.frameBegin),
              Self.bits(got.frameEnd) == Self.bits(wanted.frameEnd),
              got.duration?.bitPattern == wanted.duration?.bitPattern
            else { return "remembered \(event), read \(expected)" }
            return nil
          default:
            return "remembered \(String(describing: remembered)), read \(String(describing: read))"
          }
        }
        if let problem { return problem }
      }
      return nil
    }
    if let failure {
      let lines = failure.shrunk.map { (line: [UInt8]) -> String in
        String(decoding: line, as: UTF8.self)
      }
      Issue.record("seed \(failure.seed): \(failure.message)\n\(lines.joined(separator: "\n"))")
    }
  }

  static func bits(_ rect: Rect?) -> [UInt64] {
    guard let rect else { return [] }
    return [rect.x.bitPattern, rect.y.bitPattern, rect.width.bitPattern, rect.height.bitPattern]
  }

  /// The fast path makes strings of at most 15 bytes in a `String`'s inline storage itself, as the
  /// standard library lays them out; this is the check that it still does.
  @Test func smallStringsAreLaidOutAsTheStandardLibraryLaysThemOut() {
    #expect(JSONScanner.isSmallStringLayoutKnown)
  }

  /// The lines of the generator this suite relies on are taken by the fast path often enough to
  /// test it, and rejected by the general decoder often enough to test declining.
  @Test func generatedLinesAreOftenTakenAndSometimesBad() {
    var taken = 0
    var rejected = 0
    for seed in PropertyRunner.seeds(for: "canonical.mix", count: 300, honoringEnvironment: false) {
      let line = Self.line.generate(seed: seed)
      line.withUnsafeBufferPointer { bytes in
        if LineDecoder.decodeCanonical(bytes) != nil { taken += 1 }
        if (try? LineDecoder.decodeGeneral(bytes, lineNumber: 1)) == nil { rejected += 1 }
      }
    }
    // Of 300 lines, a third or more taken and a tenth or more rejected: far from either end.
    #expect(taken >= 100)
    #expect(rejected >= 30)
  }
}
