import ChatReplay
import ReplayTestSupport
import Testing

/// Names are never invented: a printed name wins, and blocks without one take `--name` or stop
/// the import with a list of them.
struct NamingTests {
  static let twoUnnamed = """
    {
        UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 521}, {375, 291}}";
    }
    {name = UIKeyboardDidShowNotification; userInfo = {
    }}
    {
        UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 812}, {375, 291}}";
    }
    """

  @Test func unnamedBlocksWithoutNameStopTheImport() {
    var options = named()
    options.commandLine = "replay import log.txt"
    let result = importPrintout(Self.twoUnnamed, options)
    #expect(!result.isImported)
    expectNoDifference(
      result.messages,
      """
      log.txt:1: note: block without a notification name
      log.txt:6: note: block without a notification name
      error: 2 blocks have no notification name; the import never guesses one. Name them with --name (one name for all, or one per block in order), for example:
        replay import log.txt --name NAME1,NAME2
        (each NAME one of willShow, didShow, willHide, didHide, willChangeFrame, didChangeFrame)
      """)
  }

  @Test func oneNameForEveryUnnamedBlock() {
    expectEvents(
      Self.twoUnnamed, named(.willChangeFrame),
      """
      {"t":0,"type":"keyboard","name":"willChangeFrame","frameEnd":{"x":0,"y":521,"width":375,"height":291}}
      {"t":1,"type":"keyboard","name":"didShow"}
      {"t":2,"type":"keyboard","name":"willChangeFrame","frameEnd":{"x":0,"y":812,"width":375,"height":291}}
      """)
  }

  @Test func oneNamePerUnnamedBlockInOrder() {
    expectEvents(
      Self.twoUnnamed, named(.willShow, .willHide),
      """
      {"t":0,"type":"keyboard","name":"willShow","frameEnd":{"x":0,"y":521,"width":375,"height":291}}
      {"t":0,"type":"keyboard","name":"didShow"}
      {"t":1,"type":"keyboard","name":"willHide","frameEnd":{"x":0,"y":812,"width":375,"height":291}}
      """)
  }

  @Test func aNameListOfTheWrongLengthIsAnError() {
    let result = importPrintout(Self.twoUnnamed, named(.willShow, .didShow, .willHide))
    #expect(!result.isImported)
    expectNoDifference(
      result.messages,
      "error: --name lists 3 names but 2 blocks have no notification name; give one name for "
        + "all of them, or exactly one per block")
  }

  @Test func labelNamesAreNoted() {
    let result = importPrintout(
      """
      UIKeyboardWillShowNotification, userInfo: [AnyHashable("UIKeyboardIsLocalUserInfoKey"): 1]
      """, named())
    expectNoDifference(
      result.events, #"{"t":0,"type":"keyboard","name":"willShow","isLocal":true}"#)
    #expect(
      result.messages.contains("log.txt:1: note: block named 'willShow' from the label on line 1"))
  }

  @Test(arguments: [
    ("willShow", KeyboardNotification.Name.willShow),
    ("UIKeyboardDidShowNotification", .didShow),
    ("UIResponder.keyboardWillHideNotification", .willHide),
    ("NSNotification.Name.UIKeyboardDidHide", .didHide),
    (".UIKeyboardWillChangeFrame", .willChangeFrame),
    ("keyboardDidChangeFrameNotification", .didChangeFrame),
  ])
  func namesAsPeopleTypeThem(_ text: String, _ name: KeyboardNotification.Name) {
    #expect(KeyboardNotification.Name(userText: text) == name)
  }

  @Test func unknownUserNames() {
    #expect(KeyboardNotification.Name(userText: "willshow") == nil)
    #expect(KeyboardNotification.Name(userText: "UIKeyboardWillShow Notification") == nil)
  }

  @Test func aNameAloneIsReportedNotImported() {
    let result = importPrintout(
      """
      {name = UIKeyboardWillShowNotification; userInfo = {
      }}
      UIKeyboardDidShowNotification
      """, named())
    expectNoDifference(result.events, #"{"t":0,"type":"keyboard","name":"willShow"}"#)
    expectNoDifference(
      problems(result),
      "log.txt:3: warning: 'UIKeyboardDidShowNotification' is not followed by a userInfo; not imported"
    )
  }
}
