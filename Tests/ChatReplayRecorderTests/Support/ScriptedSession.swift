import ChatReplayRecorder
import Foundation

/// A short session on an iPhone 15 with the rxkeyboard layout, recorded through the core: the
/// keyboard shows, "Hi" is typed and sent, the keyboard hides; after each layout change the app
/// reports what UIKit laid out.
///
/// `inputBarYWithKeyboard` is the input bar's `y` the device reports while the keyboard is up.
/// The rxkeyboard model puts it at H − S.bottom − k − 44 = 852 − 34 − 336 − 44 = 438 (the 34-pt
/// gap of the seed); a screen that ignores the safe area under the keyboard puts it at
/// 852 − 336 − 44 = 472.
func scriptedSession(inputBarYWithKeyboard: Double) -> [String] {
  var header = iPhone15
  header.layout = "rxkeyboard"
  header.messages = [.init(isFromMe: false, text: "Hello")]
  let (recorder, clock, sink) = makeRecorder(header: header)
  typealias Rect = SessionRecorder.Rect
  let hidden = Rect(x: 0, y: 852, width: 393, height: 336)
  let shown = Rect(x: 0, y: 516, width: 393, height: 336)
  func keyboard(_ name: KeyboardNotificationName, from begin: Rect, to end: Rect) {
    recorder.keyboardNotificationPosted(
      name,
      userInfo: [
        "UIKeyboardFrameBeginUserInfoKey": .rect(begin),
        "UIKeyboardFrameEndUserInfoKey": .rect(end),
        "UIKeyboardAnimationDurationUserInfoKey": .number(0.25),
        "UIKeyboardAnimationCurveUserInfoKey": .number(7),
        "UIKeyboardIsLocalUserInfoKey": .bool(true),
      ])
  }
  // What UIKit laid out, in the paths the tests can work out by hand (no text measurement):
  // the input bar's frame, the list's insets, the keyboard height, the message count.
  func observe(inputBarY: Double, keyboardHeight k: Double, messages: Int) {
    recorder.layoutObserved(
      ObservedLayout(
        inputBarFrame: Rect(x: 0, y: inputBarY, width: 393, height: 44),
        // contentInset.bottom = k + 44; adjusted adds the nav bar and safe area at the top
        // (59 + 44 = 103) and the bottom safe area (34).
        contentInset: .init(top: 0, left: 0, bottom: k + 44, right: 0),
        adjustedContentInset: .init(top: 103, left: 0, bottom: k + 44 + 34, right: 0),
        messageCount: messages))
  }
  recorder.appeared()  // step 1
  // Keyboard hidden: y = 852 − 34 − 0 − 44 = 774, insets 44 and 78.
  observe(inputBarY: 774, keyboardHeight: 0, messages: 1)  // step 2
  clock.now += 0.5
  keyboard(.willChangeFrame, from: hidden, to: shown)  // step 3
  keyboard(.willShow, from: hidden, to: shown)  // step 4
  clock.now += 0.25
  observe(inputBarY: inputBarYWithKeyboard, keyboardHeight: 336, messages: 1)  // step 5
  keyboard(.didChangeFrame, from: hidden, to: shown)  // step 6
  keyboard(.didShow, from: hidden, to: shown)  // step 7
  clock.now += 0.5
  recorder.textChanged("H")  // step 8
  clock.now += 0.125
  recorder.textChanged("Hi")  // step 9
  clock.now += 0.375
  recorder.sendTapped()  // step 10
  recorder.textChanged("")  // step 11
  // Layout runs after the send: the list has a second row.
  observe(inputBarY: inputBarYWithKeyboard, keyboardHeight: 336, messages: 2)  // step 12
  // Layout runs again with nothing changed: not recorded again.
  observe(inputBarY: inputBarYWithKeyboard, keyboardHeight: 336, messages: 2)
  clock.now += 1
  keyboard(.willHide, from: shown, to: hidden)  // step 13
  clock.now += 0.25
  observe(inputBarY: 774, keyboardHeight: 0, messages: 2)  // step 14
  keyboard(.didHide, from: shown, to: hidden)  // step 15
  recorder.stop()
  return sink.lines
}
