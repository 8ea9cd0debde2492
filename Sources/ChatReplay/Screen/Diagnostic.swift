/// A defect of the screen that a state shows, named with the rule and the numbers behind it.
///
/// The ids are the wire names of <doc:Layouts>; ``message`` words each one in one place.
public enum Diagnostic: Hashable, Sendable {
  /// The seed asks to scroll to an index path that does not exist.
  case badIndex(item: Int, count: Int)
  /// The seed's code would crash here (a nil unwrap), and does nothing after.
  case crash(reason: CrashReason)
  /// The field's rect, converted from its own coordinates, counts its origin twice.
  case doubledOrigin(convertedMaxY: Double, fieldMaxY: Double)
  /// Keyboard notifications run their handler `count` times: observers added again and again.
  case duplicateObserver(count: Int)
  /// A message row holds the empty string.
  case emptyMessage(index: Int)
  /// A child view is taller than its container.
  case frameMismatch(child: View, childHeight: Double, container: View, containerHeight: Double)
  /// A shown keyboard's top is more than 0.5 pt below the input bar's bottom.
  case keyboardGap(gap: Double, inputBarMaxY: Double, keyboardMinY: Double)
  /// What UIKit laid out on the device (an `observed` event) differs from the model's state by
  /// more than ``Observation/tolerance``.
  case modelDivergence(path: ObservedPath, model: Double, device: Double)
  /// The input bar's frame intersects the keyboard's on-screen frame.
  case keyboardOverlap(overlap: Double, inputBarMaxY: Double, keyboardMinY: Double)
  /// A child view lies, at least in part, beyond its container's right edge, where touches cannot
  /// reach it.
  case outsideContainer(
    child: View, childMinX: Double, childMaxX: Double, container: View, containerWidth: Double)
  /// Right after a send or receive, the newest message is not wholly between the effective top
  /// inset and the input bar's top (window coordinates).
  case messageHidden(
    index: Int, messageMinY: Double, messageMaxY: Double, visibleMinY: Double, visibleMaxY: Double)
  /// `contentOffset.y` lies outside the range the list can rest at.
  case offsetOutOfRange(offsetY: Double, minimum: Double, maximum: Double)
  /// The layout makes room for a keyboard (its visible height is positive) while no keyboard is
  /// on screen.
  case phantomKeyboard(visibleHeight: Double)
  /// With the keyboard hidden, the input bar reaches into the bottom safe area.
  case unsafeInput(inputBarMaxY: Double, safeAreaMinY: Double)

  /// A view a diagnostic names, as its message words it.
  ///
  /// An enumeration rather than a `String`, so that a diagnostic holds no reference and the
  /// diagnostics of a state are copied and cleared without reference counting.
  public enum View: String, Hashable, Sendable {
    case box = "the box"
    case sendButton = "the send button"
    case textView = "the text view"
  }

  /// Why a seed's code would crash.
  public enum CrashReason: String, Hashable, Sendable {
    /// `frKeyboard` is read before any keyboard frame was remembered.
    case keyboardFrameNotRemembered =
      "the remembered keyboard frame is nil (textChange before any willShow)"
    /// `userInfo[UIKeyboardFrameEndUserInfoKey] as! NSValue` on a missing key.
    case frameEndMissing = "willShow has no frameEnd (as! NSValue on nil)"
  }

  /// Which diagnostic this is, without its numbers.
  public var kind: Kind {
    switch self {
    case .badIndex: .badIndex
    case .crash: .crash
    case .doubledOrigin: .doubledOrigin
    case .duplicateObserver: .duplicateObserver
    case .emptyMessage: .emptyMessage
    case .frameMismatch: .frameMismatch
    case .keyboardGap: .keyboardGap
    case .keyboardOverlap: .keyboardOverlap
    case .messageHidden: .messageHidden
    case .modelDivergence: .modelDivergence
    case .offsetOutOfRange: .offsetOutOfRange
    case .outsideContainer: .outsideContainer
    case .phantomKeyboard: .phantomKeyboard
    case .unsafeInput: .unsafeInput
    }
  }

  /// The diagnostic's id, as `--json` and `replay check` write it.
  public var id: String { kind.rawValue }

  /// The position of the diagnostic's kind in ``Kind/allCases``: a small integer for counting
  /// without hashing strings.
  public var ordinal: Int { kind.ordinal }

  /// A diagnostic without its numbers; the raw value is its id.
  ///
  /// The cases follow the order of the layout rules' table of diagnostics, which summaries
  /// follow too.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    case keyboardOverlap = "keyboard-overlap"
    case keyboardGap = "keyboard-gap"
    case messageHidden = "message-hidden"
    case offsetOutOfRange = "offset-out-of-range"
    case unsafeInput = "unsafe-input"
    case phantomKeyboard = "phantom-keyboard"
    case crash
    case badIndex = "bad-index"
    case frameMismatch = "frame-mismatch"
    case outsideContainer = "outside-container"
    case duplicateObserver = "duplicate-observer"
    case doubledOrigin = "doubled-origin"
    case emptyMessage = "empty-message"
    case modelDivergence = "model-divergence"

    /// `allCases` kept once, so that summaries index it without building it.
    static let all = allCases

    /// The kind's index in `allCases`.
    ///
    /// Written out (in the cases' order) rather than searched for: it is read for every
    /// diagnostic of every step that is counted.
    public var ordinal: Int {
      switch self {
      case .keyboardOverlap: 0
      case .keyboardGap: 1
      case .messageHidden: 2
      case .offsetOutOfRange: 3
      case .unsafeInput: 4
      case .phantomKeyboard: 5
      case .crash: 6
      case .badIndex: 7
      case .frameMismatch: 8
      case .outsideContainer: 9
      case .duplicateObserver: 10
      case .doubledOrigin: 11
      case .emptyMessage: 12
      case .modelDivergence: 13
      }
    }
  }

  /// The diagnostic in words, with its numbers.
  public var message: String {
    var text = MessageText()
    writeMessage(to: &text)
    return String(decoding: text.bytes, as: UTF8.self)
  }

  /// Writes ``message`` piece by piece: the one place it is worded, whether it is built as a
  /// `String` or written straight into `--json`'s bytes.
  ///
  /// Its fixed words go through ``MessageWriter/literal(_:)``: a string literal handed to `text`
  /// would be made a `String`.
  func writeMessage(to w: inout some MessageWriter) {
    switch self {
    case .badIndex(let item, let count):
      w.literal("scrollToItem(at: item ")
      w.integer(item)
      w.literal(") but the list has items 0..<")
      w.integer(count)
    case .crash(let reason):
      w.literal("the app would crash: ")
      w.text(reason.rawValue)
    case .doubledOrigin(let convertedMaxY, let fieldMaxY):
      w.literal("the field converted from its own coordinates ends at ")
      w.number(convertedMaxY)
      w.literal(", but it ends at ")
      w.number(fieldMaxY)
      w.literal(" (origin counted twice)")
    case .duplicateObserver(let count):
      w.literal("keyboard notifications run their handler ")
      w.integer(count)
      w.literal(
        " times (viewWillDisappear removes with object: view.window, which matches no registration)"
      )
    case .emptyMessage(let index):
      w.literal("message ")
      w.integer(index)
      w.literal(" is the empty string (the seed's [String()])")
    case .frameMismatch(let child, let childHeight, let container, let containerHeight):
      w.text(child.rawValue)
      w.literal(" is ")
      w.number(childHeight)
      w.literal(" pt tall inside ")
      w.text(container.rawValue)
      w.literal(" of ")
      w.number(containerHeight)
      w.literal(" pt")
    case .keyboardGap(let gap, let inputBarMaxY, let keyboardMinY):
      w.literal("input bar bottom ")
      w.number(inputBarMaxY)
      w.literal(" is ")
      w.number(gap)
      w.literal(" pt above the keyboard top ")
      w.number(keyboardMinY)
    case .keyboardOverlap(let overlap, let inputBarMaxY, let keyboardMinY):
      w.literal("keyboard top ")
      w.number(keyboardMinY)
      w.literal(" covers the input bar (bottom ")
      w.number(inputBarMaxY)
      w.literal(") by ")
      w.number(overlap)
      w.literal(" pt")
    case .messageHidden(let index, let minY, let maxY, let visibleMinY, let visibleMaxY):
      w.literal("message ")
      w.integer(index)
      w.literal(" spans ")
      w.number(minY)
      w.literal("...")
      w.number(maxY)
      w.literal(" on screen, outside the visible ")
      w.number(visibleMinY)
      w.literal("...")
      w.number(visibleMaxY)
    case .modelDivergence(let path, let model, let device):
      let difference = device - model
      w.text(path.rawValue)
      w.literal(" is ")
      w.number(model)
      w.literal(" in the model but ")
      w.number(device)
      w.literal(" on the device (")
      w.number(difference.magnitude)
      w.literal(path.isInPoints ? " pt " : " ")
      w.literal(difference > 0 ? "more)" : "less)")
    case .offsetOutOfRange(let offsetY, let minimum, let maximum):
      w.literal("contentOffset.y ")
      w.number(offsetY)
      w.literal(" is outside ")
      w.number(minimum)
      w.literal("...")
      w.number(maximum)
    case .outsideContainer(let child, let minX, let maxX, let container, let width):
      w.text(child.rawValue)
      w.literal(" spans x ")
      w.number(minX)
      w.literal("...")
      w.number(maxX)
      w.literal(" but ")
      w.text(container.rawValue)
      w.literal(" is ")
      w.number(width)
      w.literal(" pt wide: touches beyond it are lost")
    case .phantomKeyboard(let visibleHeight):
      w.literal("the layout makes room for a keyboard ")
      w.number(visibleHeight)
      w.literal(" pt high, but no keyboard is on screen")
    case .unsafeInput(let inputBarMaxY, let safeAreaMinY):
      w.literal("input bar bottom ")
      w.number(inputBarMaxY)
      w.literal(" reaches into the bottom safe area, which starts at ")
      w.number(safeAreaMinY)
    }
  }
}

/// Receives a diagnostic's message in pieces (see ``Diagnostic/writeMessage(to:)``).
protocol MessageWriter {
  /// A fixed piece of the message (see ``literal(_:)``): words that hold no byte JSON escapes,
  /// so that a writer of JSON may copy them as they are (`DiagnosticMessageTests` holds every
  /// kind's wording to that).
  mutating func text(_ text: StaticString)
  mutating func text(_ text: String)
  /// A number as ``JSONWriter/format(_:)`` writes it.
  mutating func number(_ value: Double)
  /// An integer in decimal, as string interpolation writes it.
  mutating func integer(_ value: Int)
}

extension MessageWriter {
  /// A fixed piece of the message, taken as a `StaticString`: a string literal handed to `text`
  /// picks the `String` overload, and is made a `String` and read through it at every message.
  @inline(__always)
  mutating func literal(_ text: StaticString) { self.text(text) }
}

/// A message's bytes, gathered to become a `String`.
private struct MessageText: MessageWriter {
  var bytes: [UInt8] = []

  mutating func text(_ text: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  mutating func text(_ text: String) { bytes.append(contentsOf: text.utf8) }

  mutating func number(_ value: Double) { JSONWriter.appendNumber(value, to: &bytes) }

  mutating func integer(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }
}
