import ReplayTestSupport
import Testing

@testable import ChatReplay

/// Times come from log prefixes, relative to the first keyboard event, to the microsecond and
/// never decreasing; without stamps, from the import's rule.
struct TimeStampTests {
  @Test func millisecondStampsAcrossMidnight() {
    // 23:59:59.870 → 00:00:00.152 the next day: 0.282 s.
    expectEvents(
      """
      2012-12-31 23:59:59.870 KeyboardTest[1453:707] {name = UIKeyboardWillShowNotification; userInfo = {
      }}
      2012-12-31 23:59:59.874 KeyboardTest[1453:707] -done:
      2013-01-01 00:00:00.152 KeyboardTest[1453:707] {name = UIKeyboardDidShowNotification; userInfo = {
      }}
      """, named(),
      """
      {"t":0,"type":"keyboard","name":"willShow"}
      {"t":0.282,"type":"keyboard","name":"didShow"}
      """)
  }

  @Test func microsecondStampsWithZones() {
    // 21:05:51.338401+0800 is 13:05:51.338401 UTC; 14:05:51.644399+0100 is 13:05:51.644399 UTC,
    // 0.305998 s later; 13:05:56.644399+0000 is 5.305998 s after the first.
    expectEvents(
      """
      2018-12-19 21:05:51.338401+0800 FSiOSAppDemo[1870:1400885] {name = UIKeyboardWillShowNotification; userInfo = {
      }}
      2018-12-19 14:05:51.644399+0100 FSiOSAppDemo[1870:1400885] {name = UIKeyboardWillShowNotification; userInfo = {
      }}
      2018-12-19 13:05:56.644399+0000 FSiOSAppDemo[1870:1400885] {name = UIKeyboardWillHideNotification; userInfo = {
      }}
      """, named(),
      """
      {"t":0,"type":"keyboard","name":"willShow"}
      {"t":0.305998,"type":"keyboard","name":"willShow"}
      {"t":5.305998,"type":"keyboard","name":"willHide"}
      """)
  }

  @Test func aLabelLineStampTimesTheBlockBelowIt() {
    expectEvents(
      """
      2015-06-01 08:00:00.000 Chat[1:2] keyboard will show:
      {
          UIKeyboardAnimationDurationUserInfoKey = "0.25";
      }
      2015-06-01 08:00:01.500 Chat[1:2] keyboard did show:
      {
          UIKeyboardIsLocalUserInfoKey = 1;
      }
      """, named(.willShow, .didShow),
      """
      {"t":0,"type":"keyboard","name":"willShow","duration":0.25}
      {"t":1.5,"type":"keyboard","name":"didShow","isLocal":true}
      """)
  }

  @Test func stampsGoingBackwardsKeepTheEarlierTime() {
    let result = importPrintout(
      """
      2015-06-01 08:00:02.000 Chat[1:2] {name = UIKeyboardWillShowNotification; userInfo = {
      }}
      2015-06-01 08:00:01.000 Chat[1:2] {name = UIKeyboardDidShowNotification; userInfo = {
      }}
      """, named())
    expectNoDifference(
      result.events,
      """
      {"t":0,"type":"keyboard","name":"willShow"}
      {"t":0,"type":"keyboard","name":"didShow"}
      """)
    expectNoDifference(
      problems(result),
      "log.txt:3: warning: this time stamp is earlier than the one before; the event keeps the earlier time"
    )
  }

  @Test func theRuleWithoutStamps() {
    // willChangeFrame 0, willShow with it (0), didChangeFrame at 0 + 0.3, didShow at 0 + 0.25,
    // never before the event above (0.3); willHide 1 s later (1.3), didHide at 1.3 + 0.25.
    let result = importPrintout(
      """
      {name = UIKeyboardWillChangeFrameNotification; userInfo = {UIKeyboardAnimationDurationUserInfoKey = "0.3";}}
      {name = UIKeyboardWillShowNotification; userInfo = {UIKeyboardAnimationDurationUserInfoKey = "0.25";}}
      {name = UIKeyboardDidChangeFrameNotification; userInfo = {}}
      {name = UIKeyboardDidShowNotification; userInfo = {}}
      {name = UIKeyboardWillHideNotification; userInfo = {UIKeyboardAnimationDurationUserInfoKey = "0.25";}}
      {name = UIKeyboardDidHideNotification; userInfo = {}}
      """, named())
    expectNoDifference(
      result.events,
      """
      {"t":0,"type":"keyboard","name":"willChangeFrame","duration":0.3}
      {"t":0,"type":"keyboard","name":"willShow","duration":0.25}
      {"t":0.3,"type":"keyboard","name":"didChangeFrame"}
      {"t":0.3,"type":"keyboard","name":"didShow"}
      {"t":1.3,"type":"keyboard","name":"willHide","duration":0.25}
      {"t":1.55,"type":"keyboard","name":"didHide"}
      """)
    #expect(result.messages.contains("note: the printout has no time stamps; times follow"))
    #expect(result.header.contains(#""times":{"from":"rule"}"#))
  }

  @Test func stampParsing() throws {
    let reader = ValueReader(
      scalars: Array("2012-01-19 13:05:48.782 Keyboard Notfication Test[1453:707] x".unicodeScalars)
    )
    let (stamp, end) = try #require(LogStamp.prefix(in: reader, at: 0))
    // 2012-01-19 is day 15358 since 1970: 15358 × 86400 + 13×3600 + 5×60 + 48 = 1326978348 s.
    #expect(stamp.microseconds == 1_326_978_348_782_000)
    // 10 + 1 + 12 + 1 (date, time) + 25 (the name) + 10 ("[1453:707]") + 1 (the space) = 60.
    #expect(end == 60)
    for text in [
      "2012-01-19 13:05:48.78 App[1:2] ", "2012-13-19 13:05:48.782 App[1:2] ",
      "2012-01-19 13:05:48.782 App[1:] ", "2012-01-19 13:05:48.782+08 App[1:2] ",
    ] {
      #expect(LogStamp.prefix(in: ValueReader(scalars: Array(text.unicodeScalars)), at: 0) == nil)
    }
  }
}
