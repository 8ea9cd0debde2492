extension SessionRecorder {
  /// UIKit posted a keyboard notification with this `userInfo` (keys as UIKit names them,
  /// `UIKeyboardFrameEndUserInfoKey` and so on).
  public func keyboardNotificationPosted(
    _ name: KeyboardNotificationName, userInfo: [String: UserInfoValue]
  ) {
    emit("keyboard") { writer in
      writer.key("name")
      writer.string(name.rawValue)
      KeyboardLine.writeFields(of: userInfo, to: &writer)
    }
  }

  /// The input's text changed; `markedRange` (UTF-16 offsets) is the provisional text an input
  /// method is composing, if any.
  public func textChanged(_ text: String, markedRange: TextRange? = nil) {
    emit("textChange") { writer in
      writer.key("text")
      writer.string(self.text(text))
      if let markedRange {
        let range =
          options.masksText ? TextMasking.maskedRange(markedRange, in: text) : markedRange
        writer.key("marked")
        writer.beginObject()
        writer.key("location")
        writer.number(Double(range.location))
        writer.key("length")
        writer.number(Double(range.length))
        writer.endObject()
      }
    }
  }

  /// The send button was tapped.
  public func sendTapped() {
    emit("sendTap")
  }

  /// A "Done" button above the keyboard was tapped.
  public func doneTapped() {
    emit("doneTap")
  }

  /// The return key was pressed; `whileComposing` when an input method had marked text, so the
  /// key committed the composition rather than ending a line.
  public func returnKeyPressed(whileComposing: Bool = false) {
    emit("returnKey") { writer in
      if whileComposing {
        writer.key("marked")
        writer.bool(true)
      }
    }
  }

  /// A finger dragged the message list; `y` is in window coordinates.
  public func panned(y: Double, phase: PanPhase) {
    emit("pan") { writer in
      writer.key("y")
      writer.number(y)
      writer.key("state")
      writer.string(phase.rawValue)
    }
  }

  /// The chat screen became visible.
  public func appeared() {
    emit("appear")
  }

  /// The chat screen stopped being visible.
  public func disappeared() {
    emit("disappear")
  }

  /// A message from the other person arrived.
  public func messageReceived(_ text: String) {
    emit("receive") { writer in
      writer.key("text")
      writer.string(self.text(text))
    }
  }
}

/// The phase of a pan, as the recording format names it.
public enum PanPhase: String, CaseIterable, Hashable, Sendable {
  case began
  case changed
  case ended
  case cancelled

  /// The phase for a `UIGestureRecognizer.State.rawValue`: a failed gesture is `cancelled`, and
  /// `possible` (no touch yet) or a value UIKit may add later is no phase at all.
  public init?(gestureRecognizerStateRawValue raw: Int) {
    switch raw {
    case 1: self = .began
    case 2: self = .changed
    case 3: self = .ended
    case 4, 5: self = .cancelled
    default: return nil
    }
  }
}
