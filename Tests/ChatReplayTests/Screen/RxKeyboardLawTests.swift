import ChatReplay
import ReplayTestSupport
import Testing

/// The `rxkeyboard` layout's laws (see its DocC article), on realistic streams, checked at every step
/// against a running oracle of what RxKeyboard 1.0.0 has accepted.
struct RxKeyboardLawTests {
  @Test func keyboardInputBarInsetAndMessagesFollowTheLaws() {
    expectProperty(
      PropertyDefaults.realistic, cases: 1_000
    ) { recording in
      Self.lawViolation(in: recording, states: recording.states(layout: .rxkeyboard))
    }
  }

  /// The first law the states break, or `nil`.
  static func lawViolation(in recording: GeneratedRecording, states: [ChatState]) -> String? {
    let screen = recording.header.device.screen
    let defaultFrame = Rect(x: 0, y: screen.height, width: screen.width, height: 0)
    var frame = defaultFrame
    var visibleHeight = 0.0
    var text = ""
    for (index, timed) in recording.events.enumerated() {
      let before = states[index]
      let after = states[index + 1]
      let height = after.screen.height
      var accepted: Rect?
      switch timed.event {
      case .keyboard(let notification) where notification.name == .willChangeFrame:
        var end = notification.frameEnd ?? defaultFrame
        if end.y < 0 { end.y = height - end.height }
        accepted = end
      case .keyboard(let notification) where notification.name == .willHide:
        var end = notification.frameEnd ?? defaultFrame
        if end.y < 0 { end.y = height }
        accepted = end
      case .pan(let y, .changed) where frame.y < height:
        var moved = frame
        moved.y = max(y, height - frame.height)
        accepted = moved
      case .textChange(let new):
        text = new
      case .sendTap:
        let count = before.messages.count + (text.isEmpty ? 0 : 1)
        if after.messages.count != count {
          return
            "step \(after.step): sendTap with text '\(text)' left \(after.messages.count) messages, not \(count)"
        }
        if !text.isEmpty,
          after.messages.last.map({ ($0.from, $0.text) }) ?? (.other, "") != (.me, text)
        {
          return "step \(after.step): the message sent is not the last text, '\(text)'"
        }
        text = ""
      default:
        break
      }
      if let accepted, accepted != frame {
        frame = accepted
        visibleHeight = height - accepted.y
      }
      let place = "step \(after.step) (\(timed.event.kind.rawValue))"
      if after.keyboard.frame != frame {
        return "\(place): keyboard frame \(after.keyboard.frame), not the last accepted \(frame)"
      }
      if after.keyboard.visibleHeight != visibleHeight {
        return
          "\(place): visible height \(after.keyboard.visibleHeight), not H - y = \(visibleHeight)"
      }
      let barBottom = height - after.safeArea.bottom - visibleHeight
      if after.inputBar.frame.maxY != barBottom {
        return
          "\(place): input bar bottom \(after.inputBar.frame.maxY), not H - S.bottom - k = \(barBottom)"
      }
      let inset = visibleHeight + 44 == 0 ? 44 : visibleHeight + 44
      if after.list.contentInset.bottom != inset {
        return "\(place): contentInset.bottom \(after.list.contentInset.bottom), not \(inset)"
      }
      if after.messages.count < before.messages.count
        || (before.messages.count > 0
          && after.messages[before.messages.count - 1] != before.messages[before.messages.count - 1])
      {
        return "\(place): messages shrank or changed"
      }
      if after.inputBar.text != text || after.isSendEnabled != !text.isEmpty {
        return
          "\(place): text '\(after.inputBar.text)', send enabled \(after.isSendEnabled); expected '\(text)', \(!text.isEmpty)"
      }
    }
    return nil
  }
}
