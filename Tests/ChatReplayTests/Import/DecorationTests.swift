import ChatReplay
import ReplayTestSupport
import Testing

/// The text around the data — indentation, comments, Markdown, log prefixes, labels, debugger
/// commands, annotations, other lines — is stripped or skipped, never fatal.
struct DecorationTests {
  static let willShow =
    #"{"t":0,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":521,"width":375,"height":291},"duration":0.25}"#

  @Test func leadingWhitespaceAndBlankLinesInsideABlock() {
    expectEvents(
      """
                  {name = UIKeyboardWillShowNotification; userInfo = {

      \tUIKeyboardAnimationDurationUserInfoKey = "0.25";
         \u{20}
              UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
        }}
      """, named(), Self.willShow)
  }

  @Test func sourceCommentMarkers() {
    expectEvents(
      """
      /**
       * {name = UIKeyboardWillShowNotification; userInfo = {
       *     UIKeyboardAnimationDurationUserInfoKey = "0.25";
       */
      //    UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
      ///}}
      /*
      {name = UIKeyboardDidShowNotification; userInfo = {}} */
      """, named(),
      Self.willShow + "\n"
        + #"{"t":0.25,"type":"keyboard","name":"didShow"}"#)
  }

  @Test func markdownBackticksAndFences() {
    expectEvents(
      """
      Here is what I see:
      ```objc
      `{name = UIKeyboardWillShowNotification; userInfo = {`
      `    UIKeyboardAnimationDurationUserInfoKey = "0.25";`
      `    UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";`
      `}}`
      ```
      > `userInfo = Optional([AnyHashable("UIKeyboardAnimationDurationUserInfoKey"): 0.25]))`
      """, named(.didShow),
      Self.willShow + "\n"
        + #"{"t":0.25,"type":"keyboard","name":"didShow","duration":0.25}"#)
  }

  @Test func logPrefixesWithSpacesInTheProcessName() {
    expectEvents(
      """
      2016-05-02 10:11:12.345 My Chat App[4242:1019] {name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboardAnimationDurationUserInfoKey = "0.25";
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
      }}
      2016-05-02 10:11:12.625 My Chat App[4242:1019] {name = UIKeyboardDidShowNotification; userInfo = {
      }}
      """, named(),
      Self.willShow + "\n"
        + #"{"t":0.28,"type":"keyboard","name":"didShow"}"#)
  }

  @Test func labelsBeforeTheDescription() {
    expectEvents(
      """
      note: {name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboardAnimationDurationUserInfoKey = "0.25";
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
      }}
      notw show is NSConcreteNotification 0x1 {name = UIKeyboardDidShowNotification; userInfo = {
      }}
      键盘出现通知来了: {name = UIKeyboardWillHideNotification; userInfo = {
      }}
      -----NSConcreteNotification 0x2 {name = UIKeyboardDidHideNotification; userInfo = {
      }}
      """, named(),
      """
      \(Self.willShow)
      {"t":0.25,"type":"keyboard","name":"didShow"}
      {"t":1.25,"type":"keyboard","name":"willHide"}
      {"t":1.25,"type":"keyboard","name":"didHide"}
      """)
  }

  @Test func debuggerCommandLines() {
    expectEvents(
      """
      (lldb) po notification.userInfo
      Printing description of userInfo:
      po [note userInfo]
       $2 = {
      {
          UIKeyboardAnimationDurationUserInfoKey = "0.25";
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
      }
      """, named(.willShow), Self.willShow)
  }

  @Test func annotationsAfterAValue() {
    expectEvents(
      """
      {name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboardAnimationCurveUserInfoKey = 7;  动画curve
          UIKeyboardAnimationDurationUserInfoKey = "0.25";-------------- // 动画时间
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}"; 结束时frame
      }}
      """, named(),
      #"{"t":0,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":521,"width":375,"height":291},"duration":0.25,"curve":7}"#
    )
  }

  @Test func linesThatAreNotDataAndOtherNotifications() {
    expectEvents(
      """
      2016-05-02 10:11:10.000 Chat[1:2] will rotate
      // 开始
      {name = UITextFieldTextDidBeginEditingNotification; object = <UITextField: 0x189f10; frame = (20 20; 97 31); text = ''; layer = <CALayer: 0x189a30>>}
      // one
      {name = UIKeyboardWillShowNotification; userInfo = {
          // 键盘动画的时间
          UIKeyboardAnimationDurationUserInfoKey = "0.25";
                //键盘出现时候的frame
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
      }}
      -done:
      ❌ ▿ (x, y, width, height) ，全角
      {name = UIApplicationDidBecomeActiveNotification; object = <UIApplication: 0x7f>; userInfo = {
          UIApplicationLaunchOptionsKey = 1;
      }}
      """, named(), Self.willShow)
  }
}
