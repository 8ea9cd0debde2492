import ReplayTestSupport
import Testing

@testable import ChatReplay

/// A keystroke's summary in `replay compare`'s event column is what its definition gives.
///
/// The definition: the text's first 23 characters and `…` past 24, quoted, after `textChange `,
/// cut to the column's 44 characters. The summary is copied from the last keystroke's while the
/// first 25 scalars of a shortened plain text stay the same (`KeystrokeSummary`), and shortened
/// in one walk when its scalars may join.
struct KeystrokeSummaryTests {
  /// The summary by its definition, with the column's width, and the characters it takes.
  static func reference(_ text: String, width: Int = 44) -> (String, Int) {
    var bytes: [UInt8] = []
    JSONWriter.appendString(
      text.count > 24 ? String(text.prefix(23)) + "…" : text, to: &bytes)
    let summary = "textChange " + String(decoding: bytes, as: UTF8.self)
    let kept = String(summary.prefix(width))
    return (kept, kept.count)
  }

  /// Drafts typed a character at a time, edited at the start and in the middle, and cleared.
  static let drafts: [String] = {
    let texts = [
      "The quick brown fox jumps over the lazy dog, again and again",
      "Emoji 👩‍👩‍👧 and flags 🇫🇷🇩🇪🇫🇷 in a draft longer than the summary shows",
      "Flags 🇫🇷🇩🇪🇫🇷🇩🇪🇫🇷🇩🇪🇫🇷🇩🇪🇫🇷🇩🇪🇫🇷🇩🇪🇫🇷🇩🇪🇫🇷🇩🇪🇫🇷🇩🇪🇫🇷 about the 26th character",
      "Joined 👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧 emoji past 26",
      "Accented e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}\u{302} and a\u{301}a\u{301}a\u{301}a\u{301}a\u{301}a\u{301}a\u{301}a\u{301}a\u{301}a\u{301} on",
      "e\u{301}e\u{301}e\u{301} accents that join, then plain text at the end of it all",
      "Quotes \" and \\ backslashes, a tab\t, a line\nbreak and \r\n in a long draft",
      "Control \u{01}\u{7F} bytes and CJK 漢字かな in a draft that goes on and on",
      "Twenty-four characters!!", "Twenty-five characters!!!", "Twenty-six characters!!!!!",
      "abcdefghijklmnopqrstuvw\u{301}xyz and a combining accent on the 23rd character",
      "abcdefghijklmnopqrstuvwx\u{301}yz and a combining accent on the 24th character",
      "abcdefghijklmnopqrstuvwxy\u{301}z and a combining accent on the 25th character",
      "\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\" quotes, escaped past 44",
      "\u{01}\u{02}\u{03}\u{04}\u{05}\u{06}\u{07}\u{08}\u{0B}\u{0C}\u{0E}\u{0F} controls past 44",
    ]
    var drafts: [String] = []
    for text in texts {
      var draft = ""
      for character in text {
        draft.append(character)
        drafts.append(draft)
      }
      // A scalar at a time too: a flag's first half, an emoji before its joiner, a letter before
      // its accent, each then joined by the next keystroke.
      var scalars = ""
      for scalar in text.unicodeScalars {
        scalars.unicodeScalars.append(scalar)
        drafts.append(scalars)
      }
      drafts.append("X" + draft)
      drafts.append(String(draft.prefix(10)) + "Y" + String(draft.dropFirst(10)))
      drafts.append(draft)
      drafts.append("")
    }
    return drafts
  }()

  @Test func keystrokesGiveTheSummaryOfTheirText() {
    var keystrokes = KeystrokeSummary()
    let storage = ByteStorage(capacity: 64)
    for text in Self.drafts {
      let event = Event.textChange(text: text)
      storage.count = 0
      let characters = keystrokes.append(event, width: 44, to: storage)
      let copied = String(decoding: storage.buffer, as: UTF8.self)
      storage.count = 0
      let alone = TextBytes.appendSummary(event, width: 44, to: storage)
      let worded = String(decoding: storage.buffer, as: UTF8.self)
      let (expected, count) = Self.reference(text)
      #expect(copied == expected, "\(text.debugDescription)")
      #expect(characters == count, "\(text.debugDescription)")
      #expect(worded == expected, "\(text.debugDescription)")
      #expect(alone == count, "\(text.debugDescription)")
    }
  }

  /// In a column narrower than a plain text's summary (at most 37 characters), the summary
  /// written straight from the text's bytes is cut as the general one is.
  @Test func narrowColumnsCutTheSummary() {
    var keystrokes = KeystrokeSummary()
    let storage = ByteStorage(capacity: 64)
    for width in [12, 20, 30, 36, 37] {
      for text in Self.drafts {
        storage.count = 0
        let characters = keystrokes.append(.textChange(text: text), width: width, to: storage)
        let (expected, count) = Self.reference(text, width: width)
        #expect(
          String(decoding: storage.buffer, as: UTF8.self) == expected,
          "\(width) \(text.debugDescription)")
        #expect(characters == count, "\(width) \(text.debugDescription)")
      }
    }
  }

  @Test func shortenedTextsAreTheirFirstCharactersPastTheLimit() {
    for text in Self.drafts {
      for limit in [1, 2, 24, .max] {
        let expected = text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
        #expect(Event.shortened(text, limit: limit) == expected, "\(text.debugDescription)")
      }
    }
  }
}
