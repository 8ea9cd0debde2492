/// A note, warning or error of `replay import`, with the place it is about.
///
/// All wording lives in ``Problem/message``; ``rendered(files:)`` lays a message out for a
/// terminal, as compilers do:
///
/// ```text
/// console.txt:7:5: warning: unknown key 'UIKeyboardFooUserInfoKey'; not imported
///     UIKeyboardFooUserInfoKey = 1;
///     ^
/// ```
public struct ImportMessage: Hashable, Sendable {
  /// Note, warning or error.
  public var severity: Severity
  /// What the message is about, worded by ``Problem/message``.
  public var problem: Problem
  /// Where: the source's index, 1-based line and column (columns count Unicode scalars).
  public var source: Int?
  /// The 1-based line, if the message is about one.
  public var line: Int?
  /// The 1-based column, if the message is about one place in the line.
  public var column: Int?
  /// The line as printed (or the part of it around the column), and the column within it.
  public var excerpt: String?
  /// The 1-based column of the caret within ``excerpt``.
  public var excerptColumn: Int?

  public init(
    _ severity: Severity, _ problem: Problem, source: Int? = nil, line: Int? = nil,
    column: Int? = nil, excerpt: String? = nil, excerptColumn: Int? = nil
  ) {
    self.severity = severity
    self.problem = problem
    self.source = source
    self.line = line
    self.column = column
    self.excerpt = excerpt
    self.excerptColumn = excerptColumn
  }

  /// How bad it is.
  public enum Severity: String, Hashable, Sendable {
    case note
    case warning
    case error
  }

  /// What happened.
  public enum Problem: Hashable, Sendable {
    case unknownKey(String)
    case unexpectedValue(key: String, expected: String, printed: String)
    case nonFiniteRect(key: String)
    case outOfRange(key: String, reason: String)
    case duplicateKey(String)
    case ignoredKey(String)
    case rectWithoutKey
    case rectInsideNotification
    case incompleteGDBStruct
    case unterminatedBlock(startLine: Int)
    case cutOffLine
    case nameWithoutUserInfo(KeyboardNotification.Name)
    case lineTooLong(bytes: Int, limit: Int)
    case invalidUTF8
    case binaryInput
    case utf16Input
    case unreadable(reason: String)
    case unnamedBlock
    case unnamedBlocks(count: Int, rerun: String)
    case nameCountMismatch(given: Int, unnamed: Int)
    case noKeyboardNotifications
    case tooManyEvents(limit: Int)
    case stampBeforePrevious
    case nameFromLabel(KeyboardNotification.Name, labelLine: Int)
    case screenFromFrames(Size, evidence: String)
    case screenAmbiguous([Size])
    case screenUnknown
    case deviceFromProfile(String, model: String, safeArea: EdgeInsets)
    case defaultSafeArea(EdgeInsets)
    case timesFromStamps(first: Int)
    case timesByRule
    case unstampedEvents(count: Int)
    case moreMessages(count: Int)
    /// A warning that `--strict` made an error.
    indirect case strict(Problem)

    /// The message, in sentence case without a final period.
    public var message: String {
      switch self {
      case .unknownKey(let key):
        "unknown key '\(key)'; not imported"
      case .unexpectedValue(let key, let expected, let printed):
        "'\(key)' should hold \(expected), not '\(printed)'; not imported"
      case .nonFiniteRect(let key):
        "'\(key)' holds a rect with inf or nan (CGRectNull), which a recording cannot hold; "
          + "not imported"
      case .outOfRange(let key, let reason):
        "'\(key)' \(reason), which a recording cannot hold; not imported"
      case .duplicateKey(let key):
        "'\(key)' appears twice in one notification; the first value is kept"
      case .ignoredKey(let key):
        "'\(key)' is a private key UIKit no longer posts; it is not imported"
      case .rectWithoutKey:
        "a rect without a key is not imported; pass --key frameBegin or --key frameEnd "
          + "(and --name) to import it"
      case .rectInsideNotification:
        "a rect without a key inside a notification; not imported"
      case .incompleteGDBStruct:
        "a gdb struct without all of x, y, width and height; not imported"
      case .unterminatedBlock(let startLine):
        "the printout ends inside the notification that starts on line \(startLine); "
          + "what it printed up to here is imported"
      case .cutOffLine:
        "the printout ends in the middle of a line; the line is not imported"
      case .nameWithoutUserInfo(let name):
        "'\(name.printedName)' is not followed by a userInfo; not imported"
      case .lineTooLong(let bytes, let limit):
        "the line is \(bytes) bytes long, more than the \(limit) a printout line may have; "
          + "not imported"
      case .invalidUTF8:
        "the line is not valid UTF-8; not imported"
      case .binaryInput:
        "the input holds a NUL byte: it is binary data, not a console printout"
      case .utf16Input:
        "the input is UTF-16 text; convert it to UTF-8 (iconv -f UTF-16 -t UTF-8)"
      case .unreadable(let reason):
        "cannot read the input: \(reason)"
      case .unnamedBlock:
        "block without a notification name"
      case .unnamedBlocks(let count, let rerun):
        (count == 1
          ? "1 block has no notification name"
          : "\(count) blocks have no notification name")
          + "; the import never guesses one. Name them with --name (one name for all, or one "
          + "per block in order), for example:\n  \(rerun)"
      case .nameCountMismatch(let given, let unnamed):
        "--name lists \(given) \(given == 1 ? "name" : "names") but "
          + (unnamed == 1 ? "1 block has" : "\(unnamed) blocks have")
          + " no notification name; give one name for all of them, or exactly one per block"
      case .noKeyboardNotifications:
        "no keyboard notification found in the input; nothing to import"
      case .tooManyEvents(let limit):
        "more than \(limit) keyboard notifications; split the printout"
      case .stampBeforePrevious:
        "this time stamp is earlier than the one before; the event keeps the earlier time"
      case .nameFromLabel(let name, let labelLine):
        "block named '\(name.rawValue)' from the label on line \(labelLine)"
      case .screenFromFrames(let size, let evidence):
        "screen \(Self.format(size)) inferred from the frames: \(evidence)"
      case .screenAmbiguous(let sizes):
        "the frames fit more than one screen (\(sizes.map(Self.format).joined(separator: ", "))); "
          + "pass --device PROFILE or --screen WxH"
      case .screenUnknown:
        "the frames do not show the screen size; pass --device PROFILE or --screen WxH"
      case .deviceFromProfile(let profile, let model, let insets):
        "safe area \(Self.format(insets)) and model '\(model)' from the device profile "
          + "'\(profile)', whose screen matches"
      case .defaultSafeArea(let insets):
        "no device profile has this screen; safe area \(Self.format(insets)) assumed "
          + "(a status bar and no home indicator); pass --safe-area T,L,B,R to change it"
      case .timesFromStamps(let first):
        "times are taken from the log time stamps, relative to the first one (line \(first))"
      case .timesByRule:
        "the printout has no time stamps; times follow the import's rule: the first event at 0, "
          + "willShow or willHide next to willChangeFrame at its time, a did "
          + "notification at its will notification's time plus the will's duration, and any "
          + "other event 1 s after the one before"
      case .unstampedEvents(let count):
        "\(count) \(count == 1 ? "event has" : "events have") no time stamp of "
          + "\(count == 1 ? "its" : "their") own and "
          + "\(count == 1 ? "takes" : "take") the time of the event before"
      case .moreMessages(let count):
        "\(count) more \(count == 1 ? "message" : "messages") like the ones above not shown"
      case .strict(let problem):
        problem.message + " (an error with --strict)"
      }
    }

    static func format(_ size: Size) -> String {
      "\(JSONWriter.format(size.width))x\(JSONWriter.format(size.height))"
    }

    static func format(_ insets: EdgeInsets) -> String {
      [insets.top, insets.left, insets.bottom, insets.right].map(JSONWriter.format)
        .joined(separator: ",")
    }
  }

  /// The message as printed, `FILE:LINE:COLUMN: SEVERITY: MESSAGE`.
  ///
  /// The line follows, quoted, with a caret under the column. `files` names the sources by
  /// index.
  public func rendered(files: [String]) -> String {
    var place = ""
    if let source, source < files.count {
      place = files[source]
      if let line { place += ":\(line)" }
      if let column { place += ":\(column)" }
      place += ": "
    }
    var text = place + severity.rawValue + ": " + problem.message
    if let excerpt {
      text += "\n    " + excerpt
      if let excerptColumn {
        text += "\n    " + String(repeating: " ", count: max(excerptColumn - 1, 0)) + "^"
      }
    }
    return text
  }
}
