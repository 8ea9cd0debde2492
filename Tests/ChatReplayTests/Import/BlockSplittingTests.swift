import ChatReplay
import Foundation
import ReplayTestSupport
import Testing

/// A printout splits into one block per notification, however the blocks follow each other.
struct BlockSplittingTests {
  @Test func blocksWithAndWithoutSeparators() {
    expectEvents(
      """
      {name = UIKeyboardWillChangeFrameNotification; userInfo = {
          UIKeyboardAnimationDurationUserInfoKey = "0.25";
      }}{name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboardAnimationDurationUserInfoKey = "0.25";
      }}

      // 开始
      {name = UIKeyboardDidChangeFrameNotification; userInfo = {
      }}
      {name = UIKeyboardDidShowNotification; userInfo = {
      }}
      """, named(),
      """
      {"t":0,"type":"keyboard","name":"willChangeFrame","duration":0.25}
      {"t":0,"type":"keyboard","name":"willShow","duration":0.25}
      {"t":0.25,"type":"keyboard","name":"didChangeFrame"}
      {"t":0.25,"type":"keyboard","name":"didShow"}
      """)
  }

  @Test func closingOnTwoLinesAndGluedToALabel() {
    expectEvents(
      """
      ❌NSConcreteNotification 0x1b0220 {name = UIKeyboardWillHideNotification; userInfo = {
          UIKeyboardAnimationDurationUserInfoKey = "0.25";
      }
      }❌
      ❌NSConcreteNotification 0x1b0220 {name = UIKeyboardDidHideNotification; userInfo = {
      }
      }
      """, named(),
      """
      {"t":0,"type":"keyboard","name":"willHide","duration":0.25}
      {"t":0.25,"type":"keyboard","name":"didHide"}
      """)
  }

  @Test func unterminatedBlocksEndAtTheNextBlockOrTheEnd() {
    let result = importPrintout(
      """
      2020-01-01 10:00:00.000 Chat[1:2] {name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboardAnimationDurationUserInfoKey = "0.25";
      2020-01-01 10:00:00.300 Chat[1:2] {name = UIKeyboardDidShowNotification; userInfo = {
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
      """, named())
    expectNoDifference(
      result.events,
      """
      {"t":0,"type":"keyboard","name":"willShow","duration":0.25}
      {"t":0.3,"type":"keyboard","name":"didShow","frameEnd":{"x":0,"y":521,"width":375,"height":291}}
      """)
    expectNoDifference(
      problems(result),
      """
      log.txt:3: warning: the printout ends inside the notification that starts on line 3; what it printed up to here is imported
      """)
  }

  @Test func barePairsSplitWhereAKeyRepeats() {
    expectEvents(
      """
      UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 812}, {375, 291}}";
      UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
      UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
      UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 812}, {375, 291}}";
      """, named(.willShow, .willHide),
      """
      {"t":0,"type":"keyboard","name":"willShow","frameBegin":{"x":0,"y":812,"width":375,"height":291},"frameEnd":{"x":0,"y":521,"width":375,"height":291}}
      {"t":1,"type":"keyboard","name":"willHide","frameBegin":{"x":0,"y":521,"width":375,"height":291},"frameEnd":{"x":0,"y":812,"width":375,"height":291}}
      """)
  }

  @Test func condensedLogSharesOneUserInfo() {
    expectEvents(
      """
      UIKeyboardWillChangeFrameNotification:
      UIKeyboardWillShowNotification:
      UIKeyboardDidChangeFrameNotification:
      UIKeyboardDidShowNotification:
      userInfo = {
          UIKeyboardAnimationDurationUserInfoKey = "0.25";
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
      }
      """, named(),
      """
      {"t":0,"type":"keyboard","name":"willChangeFrame","frameEnd":{"x":0,"y":521,"width":375,"height":291},"duration":0.25}
      {"t":0,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":521,"width":375,"height":291},"duration":0.25}
      {"t":0.25,"type":"keyboard","name":"didChangeFrame","frameEnd":{"x":0,"y":521,"width":375,"height":291},"duration":0.25}
      {"t":0.25,"type":"keyboard","name":"didShow","frameEnd":{"x":0,"y":521,"width":375,"height":291},"duration":0.25}
      """)
  }

  @Test func freeTextLabelNamingTwoNotifications() {
    expectEvents(
      """
      在UIKeyboardWillShowNotification，UIKeyboardDidShowNotification通知中:
      {
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
      }
      """, named(),
      """
      {"t":0,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":521,"width":375,"height":291}}
      {"t":0,"type":"keyboard","name":"didShow","frameEnd":{"x":0,"y":521,"width":375,"height":291}}
      """)
  }

  @Test func aPrintedNameWinsOverALabel() {
    expectEvents(
      """
      UIKeyboardWillHideNotification:
      {name = UIKeyboardWillShowNotification; userInfo = {
      }}
      """, named(), #"{"t":0,"type":"keyboard","name":"willShow"}"#)
  }

  @Test func theMirrorDumpNeverStartsASecondBlock() {
    // Two `po` results one after the other: two notifications, not four or eight.
    let dump = """
       ▿ name = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([AnyHashable("UIKeyboardAnimationDurationUserInfoKey"): 0.25])
       - name : "UIKeyboardWillShowNotification"
       - object : nil
       ▿ userInfo : 1 element
         ▿ 0 : 2 elements
           ▿ key : AnyHashable("UIKeyboardAnimationDurationUserInfoKey")
             - value : "UIKeyboardAnimationDurationUserInfoKey"
           - value : 0.25
      """
    expectEvents(
      "(lldb) po notification\n" + dump + "\n(lldb) po notification\n"
        + dump.replacingOccurrences(of: "WillShow", with: "DidShow"),
      named(),
      """
      {"t":0,"type":"keyboard","name":"willShow","duration":0.25}
      {"t":0.25,"type":"keyboard","name":"didShow","duration":0.25}
      """)
  }

  @Test func stylesMixedInOnePrintout() {
    let result = importPrintout(
      """
      NSConcreteNotification 0x1 {name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
      }}
      name = UIKeyboardDidShowNotification, object = nil, userInfo = Optional([AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 521}, {375, 291}}])
      ["UIKeyboardFrameEndUserInfoKey": NSRect: {{0, 812}, {375, 291}}]
      Optional([UIKeyboardFrameEndUserInfoKey: NSRect: {{0, 812}, {375, 291}}])
      """, named(.willHide, .didHide))
    #expect(
      result.header.contains(
        #""styles":["nsnotification","nsdictionary","swift-dictionary","swift-notification","swift-string-dictionary","swift2-dictionary"]"#
      ), "\(result.header)")
    expectNoDifference(
      result.events,
      """
      {"t":0,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":521,"width":375,"height":291}}
      {"t":0,"type":"keyboard","name":"didShow","frameEnd":{"x":0,"y":521,"width":375,"height":291}}
      {"t":1,"type":"keyboard","name":"willHide","frameEnd":{"x":0,"y":812,"width":375,"height":291}}
      {"t":1,"type":"keyboard","name":"didHide","frameEnd":{"x":0,"y":812,"width":375,"height":291}}
      """)
  }
}
