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

    /// `allCases` kept once, so that ``ordinal`` searches it without building it.
    static let all = allCases

    /// The kind's index in `allCases`.
    public var ordinal: Int {
      var index = 0
      while Self.all[index] != self { index += 1 }
      return index
    }
  }

  /// The diagnostic in words, with its numbers.
  public var message: String {
    let f = JSONWriter.format
    switch self {
    case .badIndex(let item, let count):
      return "scrollToItem(at: item \(item)) but the list has items 0..<\(count)"
    case .crash(let reason):
      return "the app would crash: \(reason.rawValue)"
    case .doubledOrigin(let convertedMaxY, let fieldMaxY):
      return
        "the field converted from its own coordinates ends at \(f(convertedMaxY)), but it ends at \(f(fieldMaxY)) (origin counted twice)"
    case .duplicateObserver(let count):
      return
        "keyboard notifications run their handler \(count) times (viewWillDisappear removes with object: view.window, which matches no registration)"
    case .emptyMessage(let index):
      return "message \(index) is the empty string (the seed's [String()])"
    case .frameMismatch(let child, let childHeight, let container, let containerHeight):
      return
        "\(child.rawValue) is \(f(childHeight)) pt tall inside \(container.rawValue) of \(f(containerHeight)) pt"
    case .keyboardGap(let gap, let inputBarMaxY, let keyboardMinY):
      return
        "input bar bottom \(f(inputBarMaxY)) is \(f(gap)) pt above the keyboard top \(f(keyboardMinY))"
    case .keyboardOverlap(let overlap, let inputBarMaxY, let keyboardMinY):
      return
        "keyboard top \(f(keyboardMinY)) covers the input bar (bottom \(f(inputBarMaxY))) by \(f(overlap)) pt"
    case .messageHidden(let index, let minY, let maxY, let visibleMinY, let visibleMaxY):
      return
        "message \(index) spans \(f(minY))...\(f(maxY)) on screen, outside the visible \(f(visibleMinY))...\(f(visibleMaxY))"
    case .modelDivergence(let path, let model, let device):
      let difference = device - model
      let unit = path.isInPoints ? " pt" : ""
      let direction = difference > 0 ? "more" : "less"
      return
        "\(path.rawValue) is \(f(model)) in the model but \(f(device)) on the device (\(f(difference.magnitude))\(unit) \(direction))"
    case .offsetOutOfRange(let offsetY, let minimum, let maximum):
      return "contentOffset.y \(f(offsetY)) is outside \(f(minimum))...\(f(maximum))"
    case .outsideContainer(let child, let minX, let maxX, let container, let width):
      return
        "\(child.rawValue) spans x \(f(minX))...\(f(maxX)) but \(container.rawValue) is \(f(width)) pt wide: touches beyond it are lost"
    case .phantomKeyboard(let visibleHeight):
      return
        "the layout makes room for a keyboard \(f(visibleHeight)) pt high, but no keyboard is on screen"
    case .unsafeInput(let inputBarMaxY, let safeAreaMinY):
      return
        "input bar bottom \(f(inputBarMaxY)) reaches into the bottom safe area, which starts at \(f(safeAreaMinY))"
    }
  }
}
