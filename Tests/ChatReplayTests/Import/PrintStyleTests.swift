import ChatReplay
import ReplayTestSupport
import Testing

/// Each print style, in a printout written for this test, imports to the events it shows.
struct PrintStyleTests {
  @Test func objectiveCNotificationDescription() {
    expectEvents(
      """
      NSConcreteNotification 0x7fb1c2d04a10 {name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboardAnimationCurveUserInfoKey = 7;
          UIKeyboardAnimationDurationUserInfoKey = "0.25";
          UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 812}, {375, 291}}";
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
          UIKeyboardIsLocalUserInfoKey = 1;
      }}
      """, named(),
      #"{"t":0,"type":"keyboard","name":"willShow","frameBegin":{"x":0,"y":812,"width":375,"height":291},"frameEnd":{"x":0,"y":521,"width":375,"height":291},"duration":0.25,"curve":7,"isLocal":true}"#
    )
  }

  @Test func objectiveCNotificationOpeningsWithoutClassOrAddress() {
    expectEvents(
      """
      0x600003a1c2d0 {name = UIKeyboardDidShowNotification; userInfo = {
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
      }}
      {name = UIKeyboardWillHideNotification; userInfo = {
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 812}, {375, 291}}";
      }}
      UIKeyboardDidHideNotification; userInfo = {
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 812}, {375, 291}}";
      }}
      """, named(),
      """
      {"t":0,"type":"keyboard","name":"didShow","frameEnd":{"x":0,"y":521,"width":375,"height":291}}
      {"t":1,"type":"keyboard","name":"willHide","frameEnd":{"x":0,"y":812,"width":375,"height":291}}
      {"t":1,"type":"keyboard","name":"didHide","frameEnd":{"x":0,"y":812,"width":375,"height":291}}
      """)
  }

  @Test func objectiveCDictionaryInBraces() {
    // `NSLog(@"%@", note.userInfo)`: no name, so `--name` gives it.
    expectEvents(
      """
      {
          UIKeyboardAnimationCurveUserInfoKey = 7;
          UIKeyboardAnimationDurationUserInfoKey = "0.4";
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 477}, {375, 335}}";
      }
      """, named(.willChangeFrame),
      #"{"t":0,"type":"keyboard","name":"willChangeFrame","frameEnd":{"x":0,"y":477,"width":375,"height":335},"duration":0.4,"curve":7}"#
    )
  }

  @Test func objectiveCDictionaryAfterUserInfoAndAsBarePairs() {
    // didHide at willHide (0) + its own duration 0.25, willHide printing none.
    expectEvents(
      """
      userInfo = {
          UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 477}, {375, 335}}";
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 812}, {375, 335}}";
      }
      UIKeyboardAnimationDurationUserInfoKey = "0.25";
      UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 812}, {375, 335}}";
      """, named(.willHide, .didHide),
      """
      {"t":0,"type":"keyboard","name":"willHide","frameBegin":{"x":0,"y":477,"width":375,"height":335},"frameEnd":{"x":0,"y":812,"width":375,"height":335}}
      {"t":0.25,"type":"keyboard","name":"didHide","frameEnd":{"x":0,"y":812,"width":375,"height":335},"duration":0.25}
      """)
  }

  @Test func unquotedUnsortedSemicolonPairs() {
    expectEvents(
      """
      {name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboardFrameEndUserInfoKey = NSRect: {{0, 409}, {375, 258}};
          UIKeyboardAnimationDurationUserInfoKey = 0.25;
          UIKeyboardFrameBeginUserInfoKey = NSRect: {{0, 667}, {375, 258}};
          UIKeyboardAnimationCurveUserInfoKey = 7;
      }}
      """, named(),
      #"{"t":0,"type":"keyboard","name":"willShow","frameBegin":{"x":0,"y":667,"width":375,"height":258},"frameEnd":{"x":0,"y":409,"width":375,"height":258},"duration":0.25,"curve":7}"#
    )
  }

  @Test func unquotedCommaSeparatedPairs() {
    expectEvents(
      """
      {name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboardIsLocalUserInfoKey = 1,
          UIKeyboardFrameEndUserInfoKey = NSRect: {{0, 409}, {375, 258}},
          UIKeyboardAnimationCurveUserInfoKey = 7
      }}
      """, named(),
      #"{"t":0,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":409,"width":375,"height":258},"curve":7,"isLocal":true}"#
    )
  }

  @Test func swiftDictionaryOnOneLineWrappedAndPrettyPrinted() {
    // Times by the rule: willChangeFrame with willShow, didShow at willShow (no duration) + 0,
    // willHide 1 s later.
    expectEvents(
      """
      Optional([AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 409}, {375, 258}}, AnyHashable("UIKeyboardIsLocalUserInfoKey"): 1, AnyHashable("UIKeyboardAnimationCurveUserInfoKey"): 7])
      ([AnyHashable("UIKeyboardAnimationDurationUserInfoKey"): 0.25,
       AnyHashable("UIKeyboardFrameBeginUserInfoKey"): NSRect: {{0, 667}, {375, 258}}])
      [
          AnyHashable("UIKeyboardCenterEndUserInfoKey"):NSPoint: {187.5, 538},
          AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 409}, {375, 258}}
      ]
      AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 667}, {375, 258}}, AnyHashable("UIKeyboardAnimationDurationUserInfoKey"): 0.25]
      """, named(.willShow, .willChangeFrame, .didShow, .willHide),
      """
      {"t":0,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":409,"width":375,"height":258},"curve":7,"isLocal":true}
      {"t":0,"type":"keyboard","name":"willChangeFrame","frameBegin":{"x":0,"y":667,"width":375,"height":258},"duration":0.25}
      {"t":0,"type":"keyboard","name":"didShow","frameEnd":{"x":0,"y":409,"width":375,"height":258},"centerEnd":{"x":187.5,"y":538}}
      {"t":1,"type":"keyboard","name":"willHide","frameEnd":{"x":0,"y":667,"width":375,"height":258},"duration":0.25}
      """)
  }

  @Test func swiftNotificationOnOneLineAndHandWrapped() {
    expectEvents(
      """
      name = UIKeyboardWillChangeFrameNotification, object = nil, userInfo = Optional([AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 521}, {375, 291}}, AnyHashable("UIKeyboardAnimationDurationUserInfoKey"): 0.25])
      name = UIKeyboardDidChangeFrameNotification,\u{20}
      object = nil,\u{20}
      userInfo = Optional(
      [
          AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 521}, {375, 291}}
      ])
      next(name = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([AnyHashable("UIKeyboardIsLocalUserInfoKey"): 1]))
      name = UIKeyboardDidShowNotification, object = nil, userInfo = nil
      """, named(),
      """
      {"t":0,"type":"keyboard","name":"willChangeFrame","frameEnd":{"x":0,"y":521,"width":375,"height":291},"duration":0.25}
      {"t":0.25,"type":"keyboard","name":"didChangeFrame","frameEnd":{"x":0,"y":521,"width":375,"height":291}}
      {"t":1.25,"type":"keyboard","name":"willShow","isLocal":true}
      {"t":1.25,"type":"keyboard","name":"didShow"}
      """)
  }

  @Test func lldbMirrorDumpIsOneNotification() {
    // The description's first line, then the Mirror dump that repeats every pair: one event,
    // whose begin frame comes from the dump alone.
    expectEvents(
      """
      (lldb) po notification
       ▿ name = UIKeyboardWillChangeFrameNotification, object = nil, userInfo = Optional([AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 477}, {375, 335}}])
       - name : "UIKeyboardWillChangeFrameNotification"
       - object : nil
       ▿ userInfo : 2 elements
         ▿ 0 : 2 elements
           ▿ key : AnyHashable("UIKeyboardFrameBeginUserInfoKey")
             - value : "UIKeyboardFrameBeginUserInfoKey"
           - value : NSRect: {{0, 812}, {375, 335}}
         ▿ 1 : 2 elements
           ▿ key : AnyHashable("UIKeyboardFrameEndUserInfoKey")
             - value : "UIKeyboardFrameEndUserInfoKey"
           - value : NSRect: {{0, 477}, {375, 335}}
      """, named(),
      #"{"t":0,"type":"keyboard","name":"willChangeFrame","frameBegin":{"x":0,"y":812,"width":375,"height":335},"frameEnd":{"x":0,"y":477,"width":375,"height":335}}"#
    )
  }

  @Test func lldbMirrorDumpOfItsOwn() {
    expectEvents(
      """
       - name : "UIKeyboardDidHideNotification"
       ▿ userInfo : 1 element
         ▿ 0 : 2 elements
           ▿ key : AnyHashable("UIKeyboardAnimationDurationUserInfoKey")
             - value : "UIKeyboardAnimationDurationUserInfoKey"
           - value : 0.25
       - name : "UIKeyboardWillShowNotification"
      """, named(),
      """
      {"t":0,"type":"keyboard","name":"didHide","duration":0.25}
      {"t":1,"type":"keyboard","name":"willShow"}
      """)
  }

  @Test func swiftRectNeedsAKeyAndAName() {
    let printout = """
      (x, y, width, height)
      (0.0, 521.0, 375.0, 291.0)
      """
    expectEvents(
      printout, named(.willShow, key: .frameEnd),
      #"{"t":0,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":521,"width":375,"height":291}}"#
    )
    let withoutKey = importPrintout(printout, named(.willShow))
    expectNoDifference(
      problems(withoutKey),
      """
      log.txt:2:1: warning: a rect without a key is not imported; pass --key frameBegin or --key frameEnd (and --name) to import it
          (0.0, 521.0, 375.0, 291.0)
          ^
      error: no keyboard notification found in the input; nothing to import
      """)
  }

  @Test func swiftStringKeyedDictionaryMixedWithAnyHashable() {
    expectEvents(
      """
      ["UIKeyboardFrameBeginUserInfoKey": NSRect: {{0, 667}, {375, 260}}, "UIKeyboardAnimationDurationUserInfoKey": 0.4, AnyHashable("UIKeyboardAnimationCurveUserInfoKey"): 7]
      """, named(.willShow),
      #"{"t":0,"type":"keyboard","name":"willShow","frameBegin":{"x":0,"y":667,"width":375,"height":260},"duration":0.4,"curve":7}"#
    )
  }

  @Test func escapedQuotes() {
    expectEvents(
      #"""
      [AnyHashable(\"UIKeyboardIsLocalUserInfoKey\"): 1, AnyHashable(\"UIKeyboardAnimationDurationUserInfoKey\"): 0.25, AnyHashable(\"UIKeyboardFrameEndUserInfoKey\"): NSRect: {{0, 521}, {375, 291}}]
      """#, named(.willShow),
      #"{"t":0,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":521,"width":375,"height":291},"duration":0.25,"isLocal":true}"#
    )
  }

  @Test func swift2Dictionary() {
    expectEvents(
      """
      Optional([UIKeyboardFrameBeginUserInfoKey: NSRect: {{0, 736}, {414, 226}}, UIKeyboardCenterEndUserInfoKey: NSPoint: {207, 623}, UIKeyboardFrameEndUserInfoKey: NSRect: {{0, 510}, {414, 226}}, UIKeyboardAnimationDurationUserInfoKey: 0.25])
      """, named(.willShow),
      #"{"t":0,"type":"keyboard","name":"willShow","frameBegin":{"x":0,"y":736,"width":414,"height":226},"frameEnd":{"x":0,"y":510,"width":414,"height":226},"duration":0.25,"centerEnd":{"x":207,"y":623}}"#
    )
  }

  @Test func gdbStructsTakeTheirKeyFromTheVariable() {
    // `beginFrame` and `endFrame` printed one after the other: one notification.
    expectEvents(
      """
      (gdb) print beginFrame
      $1 = {
        origin = {
          x = 0,\u{20}
          y = 480
        },\u{20}
        size = {
          width = 320,\u{20}
          height = 216
        }
      }
      (gdb) print endFrame
      $2 = {
        origin = {
          x = 0,\u{20}
          y = 264
        },\u{20}
        size = {
          width = 320,\u{20}
          height = 216
        }
      }
      """, named(.willShow),
      #"{"t":0,"type":"keyboard","name":"willShow","frameBegin":{"x":0,"y":480,"width":320,"height":216},"frameEnd":{"x":0,"y":264,"width":320,"height":216}}"#
    )
  }

  @Test func bareRectInAnAppsLogLineWithXcodeColors() {
    expectEvents(
      """
      \u{1B}[fg255,0,255;kbEndFrame -- {{0, 377}, {1024, 391}} -- show\u{1B}[;
      g255,0,255;kbEndFrame -- {{0, 1024}, {1024, 391}} -- hide[;
      """, named(.willShow, .willHide, key: .frameEnd),
      """
      {"t":0,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":377,"width":1024,"height":391}}
      {"t":1,"type":"keyboard","name":"willHide","frameEnd":{"x":0,"y":1024,"width":1024,"height":391}}
      """)
  }
}
