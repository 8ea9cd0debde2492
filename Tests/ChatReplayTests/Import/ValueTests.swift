import ChatReplay
import ReplayTestSupport
import Testing

/// Values import exactly as printed; what cannot be imported is reported with its place.
struct ValueTests {
  @Test func numbersKeepEveryDigitAndTheirSign() {
    expectEvents(
      """
      {name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboardFrameBeginUserInfoKey = "NSRect: {{-352, 0}, {352, 1024}}";
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 445.33333333333326}, {375, 366.66666666666674}}";
          UIKeyboardAnimationDurationUserInfoKey = 2.5e-1;
          UIKeyboardIsLocalUserInfoKey = true;
      }}
      """, named(),
      #"{"t":0,"type":"keyboard","name":"willShow","frameBegin":{"x":-352,"y":0,"width":352,"height":1024},"frameEnd":{"x":0,"y":445.33333333333326,"width":375,"height":366.66666666666674},"duration":0.25,"isLocal":true}"#
    )
  }

  @Test func spacesInsideKeyNamesAndNoSpaceAfterTheColon() {
    expectEvents(
      """
      {name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboard FrameEnd UserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
      }}
      [AnyHashable("UIKeyboardFrameBeginUserInfoKey"):NSRect: {{0, 812}, {375, 291}}]
      """, named(.didShow),
      """
      {"t":0,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":521,"width":375,"height":291}}
      {"t":0,"type":"keyboard","name":"didShow","frameBegin":{"x":0,"y":812,"width":375,"height":291}}
      """)
  }

  @Test func unknownKeysAndBadValuesAreReported() {
    let result = importPrintout(
      """
      {name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboardAnimationCurveUserInfoKey = "7.5";
          UIKeyboardFrameBeginUserInfoKey = "NSRect: {{inf, inf}, {0, 0}}";
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, -291}}";
          UIKeyboardAnimationDurationUserInfoKey = "soon";
          UIKeyboardFrameChangedByUserInteraction = 0;
          UIKeyboardPrivateFutureKey = 3;
          UIKeyboardAnimationDurationUserInfoKey = "0.25";
      }}
      """, named())
    expectNoDifference(
      result.events, #"{"t":0,"type":"keyboard","name":"willShow","duration":0.25}"#)
    expectNoDifference(
      problems(result),
      """
      log.txt:2:43: warning: 'UIKeyboardAnimationCurveUserInfoKey' should hold a whole number, not '7.5'; not imported
              UIKeyboardAnimationCurveUserInfoKey = "7.5";
                                                    ^
      log.txt:3:39: warning: 'UIKeyboardFrameBeginUserInfoKey' holds a rect with inf or nan (CGRectNull), which a recording cannot hold; not imported
              UIKeyboardFrameBeginUserInfoKey = "NSRect: {{inf, inf}, {0, 0}}";
                                                ^
      log.txt:4:37: warning: 'UIKeyboardFrameEndUserInfoKey' has a negative size, which a recording cannot hold; not imported
              UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, -291}}";
                                              ^
      log.txt:5:46: warning: 'UIKeyboardAnimationDurationUserInfoKey' should hold a number, not 'soon'; not imported
              UIKeyboardAnimationDurationUserInfoKey = "soon";
                                                       ^
      log.txt:7:5: warning: unknown key 'UIKeyboardPrivateFutureKey'; not imported
              UIKeyboardPrivateFutureKey = 3;
              ^
      """)
    #expect(
      result.messages.contains(
        "log.txt:6:5: note: 'UIKeyboardFrameChangedByUserInteraction' is a private key UIKit no longer posts; it is not imported"
      ))
  }

  @Test func legacyKeysBecomeExtraFields() {
    expectEvents(
      """
      {name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboardBoundsUserInfoKey = "NSRect: {{0, 0}, {320, 216}}";
          UIKeyboardCenterBeginUserInfoKey = "NSPoint: {160, 588}";
          UIKeyboardCenterEndUserInfoKey = "NSPoint: {160, 372}";
      }}
      """, named(),
      #"{"t":0,"type":"keyboard","name":"willShow","bounds":{"x":0,"y":0,"width":320,"height":216},"centerBegin":{"x":160,"y":588},"centerEnd":{"x":160,"y":372}}"#
    )
  }

  @Test func extraFieldsReadBackAsTheSameEvent() throws {
    let result = importPrintout(
      """
      {name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboardCenterEndUserInfoKey = "NSPoint: {160, 372}";
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 264}, {320, 216}}";
      }}
      """, named())
    let timeline = try Timeline.load(Array((result.header + "\n" + result.events).utf8)).get()
    #expect(timeline.errors.isEmpty)
    #expect(timeline.lastStep == 1)
  }
}
