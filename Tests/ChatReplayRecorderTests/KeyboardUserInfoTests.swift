import ChatReplayRecorder
import Testing

struct KeyboardUserInfoTests {
  typealias Rect = SessionRecorder.Rect

  @Test func everyStandardKeyIsWrittenByName() {
    let (recorder, clock, sink) = makeRecorder()
    clock.now += 1.25
    recorder.keyboardNotificationPosted(
      .willShow,
      userInfo: [
        "UIKeyboardFrameBeginUserInfoKey": .rect(Rect(x: 0, y: 852, width: 393, height: 336)),
        "UIKeyboardFrameEndUserInfoKey": .rect(Rect(x: 0, y: 516, width: 393, height: 336)),
        "UIKeyboardAnimationDurationUserInfoKey": .number(0.25),
        "UIKeyboardAnimationCurveUserInfoKey": .number(7),
        "UIKeyboardIsLocalUserInfoKey": .bool(true),
      ])
    recorder.flush()
    // t: the clock moved from 100 to 101.25, so the event is 1.25 s after the start.
    expectLines(
      sink.lines,
      [
        iPhone15Line,
        #"{"t":1.25,"type":"keyboard","name":"willShow","#
          + #""frameBegin":{"x":0,"y":852,"width":393,"height":336},"#
          + #""frameEnd":{"x":0,"y":516,"width":393,"height":336},"#
          + #""duration":0.25,"curve":7,"isLocal":true}"#,
      ])
  }

  @Test func absentStandardKeysAreNullAndNothingIsInvented() {
    let (recorder, _, sink) = makeRecorder()
    // The predictive bar's toggle: a frame change with neither duration nor curve.
    recorder.keyboardNotificationPosted(
      .didChangeFrame,
      userInfo: [
        "UIKeyboardFrameEndUserInfoKey": .rect(Rect(x: 0, y: 560, width: 393, height: 292))
      ]
    )
    recorder.keyboardNotificationPosted(.didHide, userInfo: [:])
    recorder.flush()
    expectLines(
      sink.lines,
      [
        iPhone15Line,
        #"{"t":0,"type":"keyboard","name":"didChangeFrame","frameBegin":null,"#
          + #""frameEnd":{"x":0,"y":560,"width":393,"height":292},"#
          + #""duration":null,"curve":null,"isLocal":null}"#,
        #"{"t":0,"type":"keyboard","name":"didHide","frameBegin":null,"frameEnd":null,"#
          + #""duration":null,"curve":null,"isLocal":null}"#,
      ])
  }

  @Test func legacyAndUnknownKeysAreKept() {
    let (recorder, _, sink) = makeRecorder()
    // The keys of a userInfo printed by iOS 6 on a 320-pt iPhone (CenterBegin, CenterEnd and
    // Bounds are the pre-3.2 keys), plus the private FrameChangedByUserInteraction key and the
    // screen object.
    recorder.keyboardNotificationPosted(
      .willShow,
      userInfo: [
        "UIKeyboardAnimationCurveUserInfoKey": .number(0),
        "UIKeyboardAnimationDurationUserInfoKey": .number(0.25),
        "UIKeyboardBoundsUserInfoKey": .rect(Rect(x: 0, y: 0, width: 320, height: 216)),
        "UIKeyboardCenterBeginUserInfoKey": .point(.init(x: 160, y: 676)),
        "UIKeyboardCenterEndUserInfoKey": .point(.init(x: 160, y: 460)),
        "UIKeyboardFrameBeginUserInfoKey": .rect(Rect(x: 0, y: 568, width: 320, height: 216)),
        "UIKeyboardFrameChangedByUserInteraction": .number(0),
        "UIKeyboardFrameEndUserInfoKey": .rect(Rect(x: 0, y: 352, width: 320, height: 216)),
        "UIKeyboardScreen": .other("<UIScreen: 0x7f8>"),
      ])
    recorder.flush()
    expectLines(
      sink.lines,
      [
        iPhone15Line,
        #"{"t":0,"type":"keyboard","name":"willShow","#
          + #""frameBegin":{"x":0,"y":568,"width":320,"height":216},"#
          + #""frameEnd":{"x":0,"y":352,"width":320,"height":216},"#
          + #""duration":0.25,"curve":0,"isLocal":null,"#
          + #""centerBegin":{"x":160,"y":676},"centerEnd":{"x":160,"y":460},"#
          + #""bounds":{"x":0,"y":0,"width":320,"height":216},"#
          + #""extra":{"UIKeyboardFrameChangedByUserInteraction":0,"#
          + #""UIKeyboardScreen":"<UIScreen: 0x7f8>"}}"#,
      ])
  }

  @Test func unusableStandardValuesAreNullAndKeptUnderExtra() {
    let (recorder, _, sink) = makeRecorder()
    recorder.keyboardNotificationPosted(
      .willChangeFrame,
      userInfo: [
        // A negative height, which the replayer refuses as a frame.
        "UIKeyboardFrameEndUserInfoKey": .rect(Rect(x: 0, y: 852, width: 393, height: -336)),
        "UIKeyboardFrameBeginUserInfoKey": .rect(Rect(x: .nan, y: 0, width: 1, height: 1)),
        "UIKeyboardAnimationDurationUserInfoKey": .string("0.25"),
        "UIKeyboardAnimationCurveUserInfoKey": .number(7.5),
        "UIKeyboardIsLocalUserInfoKey": .number(2),
      ])
    recorder.flush()
    expectLines(
      sink.lines,
      [
        iPhone15Line,
        #"{"t":0,"type":"keyboard","name":"willChangeFrame","frameBegin":null,"frameEnd":null,"#
          + #""duration":null,"curve":null,"isLocal":null,"extra":{"#
          + #""UIKeyboardAnimationCurveUserInfoKey":7.5,"#
          + #""UIKeyboardAnimationDurationUserInfoKey":"0.25","#
          + #""UIKeyboardFrameBeginUserInfoKey":"{{nan, 0.0}, {1.0, 1.0}}","#
          + #""UIKeyboardFrameEndUserInfoKey":{"x":0,"y":852,"width":393,"height":-336},"#
          + #""UIKeyboardIsLocalUserInfoKey":2}}"#,
      ])
  }

  @Test func isLocalAcceptsTheNumbersZeroAndOne() {
    let (recorder, _, sink) = makeRecorder()
    recorder.keyboardNotificationPosted(
      .didShow, userInfo: ["UIKeyboardIsLocalUserInfoKey": .number(0)])
    recorder.flush()
    expectLines(
      sink.lines,
      [
        iPhone15Line,
        #"{"t":0,"type":"keyboard","name":"didShow","frameBegin":null,"frameEnd":null,"#
          + #""duration":null,"curve":null,"isLocal":false}"#,
      ])
  }

  @Test(arguments: KeyboardNotificationName.allCases)
  func notificationNamesMapBothWays(name: KeyboardNotificationName) {
    #expect(KeyboardNotificationName(notificationName: name.notificationName) == name)
  }

  @Test func notificationNamesAreUIKits() {
    #expect(
      KeyboardNotificationName.allCases.map(\.notificationName) == [
        "UIKeyboardWillShowNotification", "UIKeyboardDidShowNotification",
        "UIKeyboardWillHideNotification", "UIKeyboardDidHideNotification",
        "UIKeyboardWillChangeFrameNotification", "UIKeyboardDidChangeFrameNotification",
      ])
    #expect(
      KeyboardNotificationName(notificationName: "UITextViewTextDidChangeNotification") == nil)
  }
}
