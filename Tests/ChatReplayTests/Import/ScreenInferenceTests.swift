import ChatReplay
import ReplayTestSupport
import Testing

/// The screen comes from the options or frames that show it, the safe area from the options, a
/// device with that screen or a stated default; the header says which.
struct ScreenInferenceTests {
  static let show = """
    {name = UIKeyboardWillShowNotification; userInfo = {
        UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 896}, {414, 346}}";
        UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 550}, {414, 346}}";
    }}
    """

  @Test func screenFromFramesAndSafeAreaFromAMatchingDevice() {
    // frameBegin y 896 = frameEnd y 550 + height 346: a 414x896 screen, an iPhone XR.
    let result = importPrintout(Self.show, ConsoleImporter.Options())
    expectNoDifference(
      result.header,
      #"{"type":"session","version":1,"device":{"model":"iPhone XR","screen":{"width":414,"height":896},"safeArea":{"top":48,"left":0,"bottom":34,"right":0}},"import":{"sources":["log.txt"],"styles":["nsnotification","nsdictionary"],"screen":{"from":"printout","source":"log.txt","line":1},"safeArea":{"from":"profile","profile":"iphonexr"},"times":{"from":"rule"},"names":{"printed":1,"label":0,"option":0},"warnings":0}}"#
    )
    expectNoDifference(
      result.messages,
      """
      note: the printout has no time stamps; times follow the import's rule: the first event at 0, willShow or willHide next to willChangeFrame at its time, a did notification at its will notification's time plus the will's duration, and any other event 1 s after the one before
      log.txt:1: note: screen 414x896 inferred from the frames: frameBegin y 896 = frameEnd y 550 + height 346
      note: safe area 48,0,34,0 and model 'iPhone XR' from the device profile 'iphonexr', whose screen matches
      """)
  }

  @Test func aScreenNoDeviceHasGetsTheStatedDefault() {
    let result = importPrintout(
      Self.show, ConsoleImporter.Options(screen: Size(width: 414, height: 900)))
    #expect(
      result.header.hasPrefix(
        #"{"type":"session","version":1,"device":{"model":"unknown 414x900","screen":{"width":414,"height":900},"safeArea":{"top":20,"left":0,"bottom":0,"right":0}},"import":{"sources":["log.txt"],"styles":["nsnotification","nsdictionary"],"screen":{"from":"option","option":"--screen"},"safeArea":{"from":"rule"},"#
      ), "\(result.header)")
    #expect(
      result.messages.contains(
        "note: no device profile has this screen; safe area 20,0,0,0 assumed (a status bar and no home indicator); pass --safe-area T,L,B,R to change it"
      ))
  }

  @Test func deviceAndSafeAreaOptions() {
    let device = importPrintout(Self.show, ConsoleImporter.Options(profile: .iPhoneSE))
    #expect(
      device.header.hasPrefix(
        #"{"type":"session","version":1,"device":{"model":"iPhone SE","screen":{"width":375,"height":667},"safeArea":{"top":20,"left":0,"bottom":0,"right":0}},"import":{"sources":["log.txt"],"styles":["nsnotification","nsdictionary"],"screen":{"from":"option","option":"--device"},"safeArea":{"from":"option","option":"--device"},"#
      ), "\(device.header)")
    let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    let safeArea = importPrintout(Self.show, ConsoleImporter.Options(safeArea: insets))
    #expect(
      safeArea.header.hasPrefix(
        #"{"type":"session","version":1,"device":{"model":"iPhone XR","screen":{"width":414,"height":896},"safeArea":{"top":1,"left":2,"bottom":3,"right":4}}"#
      ), "\(safeArea.header)")
  }

  @Test func aHardwareKeyboardsZeroHeightFrame() {
    let result = importPrintout(
      """
      {name = UIKeyboardWillHideNotification; userInfo = {
          UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 812}, {375, 0}}";
          UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 812}, {375, 54}}";
      }}
      """)
    #expect(
      result.messages.contains(
        "screen 375x812 inferred from the frames: the zero-height frameBegin at y 812"))
  }

  @Test func framesThatDoNotShowTheScreenStopTheImport() {
    let unknown = importPrintout(
      """
      {name = UIKeyboardWillShowNotification; userInfo = {
          UIKeyboardAnimationDurationUserInfoKey = "0.25";
      }}
      """)
    #expect(!unknown.isImported)
    expectNoDifference(
      problems(unknown),
      "error: the frames do not show the screen size; pass --device PROFILE or --screen WxH")
    // A rotation: a portrait show, then a landscape one.
    let rotation = importPrintout(
      Self.show + "\n"
        + """
        {name = UIKeyboardWillShowNotification; userInfo = {
            UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 414}, {896, 243}}";
            UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 171}, {896, 243}}";
        }}
        """)
    expectNoDifference(
      problems(rotation),
      "error: the frames fit more than one screen (414x896, 896x414); pass --device PROFILE or --screen WxH"
    )
  }
}
