import ChatReplay
import ChatReplayTesting
import ReplayTestSupport
import Testing

/// One transition test per rule of the `rxkeyboard` layout.
///
/// Expected numbers are worked out by
/// hand from the seed's and RxKeyboard 1.0.0's formulas; cells use `FixedWidthMeasurer` (10 pt per
/// character, 17 pt lines), so a one-line message is ceil(17) + 2 × 10 = 37 pt tall.
struct RxKeyboardLayoutTests {
  let screen = ChatScreen(layout: .rxkeyboard, measurer: FixedWidthMeasurer())

  static let iPhoneX = Device(
    model: "iPhone XS", screen: Size(width: 375, height: 812),
    safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
  static let iPhoneSE = Device(
    model: "iPhone SE", screen: Size(width: 375, height: 667),
    safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
  static let iPhone5 = Device(
    model: "iPhone 5", screen: Size(width: 320, height: 568),
    safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))

  func start(_ device: Device, messages: [InitialMessage] = []) -> ChatState {
    screen.initialState(header: SessionHeader(device: device, messages: messages))
  }

  func keyboard(_ name: KeyboardNotification.Name, end: Rect?) -> Event {
    .keyboard(
      KeyboardNotification(name: name, frameEnd: end, duration: 0.25, curve: 7, isLocal: true))
  }

  /// iPhone X with no messages, after the 291-pt keyboard showed (see `quickTypeGrowth…`).
  func shownOnIPhoneX() -> ChatState {
    var state = start(Self.iPhoneX)
    screen.reduce(
      into: &state,
      TimedEvent(
        t: 1, event: keyboard(.willChangeFrame, end: Rect(x: 0, y: 521, width: 375, height: 291))))
    return state
  }

  /// iPhone 15 with no messages, after the 336-pt keyboard showed: offset -103 + 336 = 233.
  func shownOnIPhone15() -> ChatState {
    var state = start(.iPhone15)
    screen.reduce(
      into: &state,
      TimedEvent(
        t: 1, event: keyboard(.willChangeFrame, end: Rect(x: 0, y: 516, width: 393, height: 336))))
    return state
  }

  @Test func initialStateOfAnEmptyList() {
    let store = ScreenStore(screen, initialState: start(Self.iPhoneX))
    // Keyboard: the default frame (0, H0, W0, 0) = (0, 812, 375, 0).
    // Input bar bottom at H - S.bottom - k = 812 - 34 - 0 = 778, so y = 778 - 44 = 734.
    // The table view fills the screen (the seed's view.bounds).
    // viewDidLayoutSubviews: contentInset.bottom = 44. Empty section: 10 + 10 = 20.
    // Adjusted: top 0 + 44 (safe area) + 44 (navigation bar) = 88; bottom 44 + 34 = 78.
    // At rest at the adjusted top; no message to scroll to.
    // accessibilityElementCount() - 1 = 0 - 1 = -1.
    store.assertState(
      """
      ChatState(
        step: 0
        t: 0
        layout: "rxkeyboard"
        screen: (width: 375, height: 812)
        safeArea: (top: 44, left: 0, bottom: 34, right: 0)
        keyboard: {
          frame: (x: 0, y: 812, width: 375, height: 0)
          visibleHeight: 0
        }
        inputBar: {
          frame: (x: 0, y: 734, width: 375, height: 44)
          text: ""
          sendEnabled: false
        }
        list: {
          frame: (x: 0, y: 0, width: 375, height: 812)
          contentInset: (top: 0, bottom: 44)
          adjustedContentInset: (top: 88, bottom: 78)
          contentOffset: (y: -88)
          contentSize: (height: 20)
        }
        messageCount: 0
        diagnostics: [
          [0]: (id: "bad-index", message: "scrollToItem(at: item -1) but the list has items 0..<0", item: -1, count: 0)
        ]
        messages: []
      )
      """)
  }

  @Test func initialScrollShowsTheLastMessage() {
    let messages = Array(repeating: InitialMessage(from: .other, text: "Hi"), count: 20)
    let state = start(Self.iPhoneSE, messages: messages)
    // Cells: y(i) = 10 + 43 i; the last (i = 19) spans 827…864; content height 864 + 10 = 874.
    #expect(state.messages.count == 20)
    #expect(state.messages[19] == Message(from: .other, text: "Hi", y: 827, height: 37))
    #expect(state.list.contentHeight == 874)
    // Adjusted insets: top 20 + 44 = 64, bottom 44 + 0 = 44. Starting at -64 the visible bottom
    // is -64 + 667 - 44 = 559 < 864, so scroll to 864 + 44 - 667 = 241.
    #expect(state.list.contentOffsetY == 241)
    #expect(state.diagnostics == [.badIndex(item: -1, count: 20)])
  }

  @Test func quickTypeGrowthEmitsNoSecondWillShow() {
    var store = ScreenStore(screen, initialState: start(Self.iPhoneX))
    // 291-pt keyboard: k = 812 - 521 = 291; inset 291 + 44 = 335; will show (0 → 291), so the
    // offset goes -88 + 291 = 203; bar bottom 812 - 34 - 291 = 487 (y 443), 34 pt above the
    // keyboard's top 521. Max offset max(20 + (335 + 34) - 812, -88) = -88 < 203.
    store.send(
      keyboard(.willChangeFrame, end: Rect(x: 0, y: 521, width: 375, height: 291))
    ) {
      $0.keyboard.frame = Rect(x: 0, y: 521, width: 375, height: 291)
      $0.keyboard.visibleHeight = 291
      $0.list.contentInset.bottom = 335
      $0.list.contentOffsetY = 203
      $0.inputBar.frame.y = 443
      $0.diagnostics = [
        .keyboardGap(gap: 34, inputBarMaxY: 487, keyboardMinY: 521),
        .offsetOutOfRange(offsetY: 203, minimum: -88, maximum: -88),
      ]
    }
    // willShow is ignored by RxKeyboard.
    store.send(
      keyboard(.willShow, end: Rect(x: 0, y: 521, width: 375, height: 291))
    )
    // The QuickType bar: k = 812 - 477 = 335; inset 379; previous k was 291, not 0: no will
    // show, offset stays 203. Bar bottom 812 - 34 - 335 = 443 (y 399); gap 477 - 443 = 34.
    store.send(
      keyboard(.willChangeFrame, end: Rect(x: 0, y: 477, width: 375, height: 335))
    ) {
      $0.keyboard.frame = Rect(x: 0, y: 477, width: 375, height: 335)
      $0.keyboard.visibleHeight = 335
      $0.list.contentInset.bottom = 379
      $0.inputBar.frame.y = 399
      $0.diagnostics = [
        .keyboardGap(gap: 34, inputBarMaxY: 443, keyboardMinY: 477),
        .offsetOutOfRange(offsetY: 203, minimum: -88, maximum: -88),
      ]
    }
  }

  @Test func negativeOriginIsCorrectedOnChangeAndOnHide() {
    var store = ScreenStore(screen, initialState: start(Self.iPhone5))
    // y = -64 < 0 on willChangeFrame: y = H - height = 568 - 252 = 316; k = 568 - 316 = 252;
    // inset 296; will show: offset -(20 + 44) + 252 = 188. Bar bottom 568 - 0 - 252 = 316 (y 272)
    // touches the keyboard: no gap, no overlap. Max offset max(20 + 296 - 568, -64) = -64.
    store.send(
      keyboard(.willChangeFrame, end: Rect(x: 0, y: -64, width: 320, height: 252))
    ) {
      $0.keyboard.frame = Rect(x: 0, y: 316, width: 320, height: 252)
      $0.keyboard.visibleHeight = 252
      $0.list.contentInset.bottom = 296
      $0.list.contentOffsetY = 188
      $0.inputBar.frame.y = 272
      $0.diagnostics = [.offsetOutOfRange(offsetY: 188, minimum: -64, maximum: -64)]
    }
    // y = -64 < 0 on willHide: y = H = 568; k = 0; inset 44; bar back at 568 - 44 = 524.
    store.send(
      keyboard(.willHide, end: Rect(x: 0, y: -64, width: 320, height: 252))
    ) {
      $0.keyboard.frame = Rect(x: 0, y: 568, width: 320, height: 252)
      $0.keyboard.visibleHeight = 0
      $0.list.contentInset.bottom = 44
      $0.inputBar.frame.y = 524
      $0.diagnostics = [.offsetOutOfRange(offsetY: 188, minimum: -64, maximum: -64)]
    }
  }

  @Test func missingFrameEndMeansTheDefaultFrame() {
    var store = ScreenStore(screen, initialState: shownOnIPhone15())
    // The default frame (0, 852, 393, 0): k = 852 - 852 = 0; inset 44; bar y 852 - 34 - 44 = 774.
    // The offset stays 233 > max(20 + 78 - 852, -103) = -103.
    store.send(keyboard(.willHide, end: nil)) {
      $0.keyboard.frame = Rect(x: 0, y: 852, width: 393, height: 0)
      $0.keyboard.visibleHeight = 0
      $0.list.contentInset.bottom = 44
      $0.inputBar.frame.y = 774
      $0.diagnostics = [.offsetOutOfRange(offsetY: 233, minimum: -103, maximum: -103)]
    }
  }

  @Test func defaultFrameKeepsTheFirstScreenSize() {
    var store = ScreenStore(screen, initialState: shownOnIPhone15())
    let landscape = EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)
    store.reduce(.viewport(screen: Size(width: 852, height: 393), safeArea: landscape), at: 1)
    // After rotation H = 393, but the default frame is still (0, 852, 393, 0): k = 393 - 852 = -459.
    // Inset -459 + 44 = -415. Bar bottom 393 - 21 + 459 = 831 (y 787), below the safe area's top
    // 393 - 21 = 372. Offset 233; adjusted top 0 + 32 = 32 (landscape: the compact navigation
    // bar), bottom -415 + 21 = -394, so the max is max(20 - 394 - 393, -32) = -32.
    store.send(keyboard(.willChangeFrame, end: nil), at: 2) {
      $0.keyboard.frame = Rect(x: 0, y: 852, width: 393, height: 0)
      $0.keyboard.visibleHeight = -459
      $0.list.contentInset.bottom = -415
      $0.inputBar.frame.y = 787
      $0.diagnostics = [
        .offsetOutOfRange(offsetY: 233, minimum: -32, maximum: -32),
        .unsafeInput(inputBarMaxY: 831, safeAreaMinY: 372),
      ]
    }
  }

  @Test func panMovesTheKeyboardClampedAndStopsAtTheBottom() {
    var store = ScreenStore(screen, initialState: shownOnIPhone15())
    let max = Diagnostic.offsetOutOfRange(offsetY: 233, minimum: -103, maximum: -103)
    // began: nothing.
    store.send(.pan(y: 500, state: .began))
    // changed at 600: y = max(600, 852 - 336 = 516) = 600; k = 252; inset 296; bar bottom
    // 852 - 34 - 252 = 566 (y 522); gap 600 - 566 = 34.
    store.send(.pan(y: 600, state: .changed)) {
      $0.keyboard.frame.y = 600
      $0.keyboard.visibleHeight = 252
      $0.list.contentInset.bottom = 296
      $0.inputBar.frame.y = 522
      $0.diagnostics = [.keyboardGap(gap: 34, inputBarMaxY: 566, keyboardMinY: 600), max]
    }
    // changed at 400: clamped to max(400, 516) = 516; k = 336; previous k 252: no will show.
    store.send(.pan(y: 400, state: .changed)) {
      $0.keyboard.frame.y = 516
      $0.keyboard.visibleHeight = 336
      $0.list.contentInset.bottom = 380
      $0.inputBar.frame.y = 438
      $0.diagnostics = [.keyboardGap(gap: 34, inputBarMaxY: 482, keyboardMinY: 516), max]
    }
    // changed at 900, below the screen: y = 900; k = 852 - 900 = -48 (unclamped); inset -4;
    // bar bottom 852 - 34 + 48 = 866 (y 822) reaches into the safe area (starts at 818).
    store.send(.pan(y: 900, state: .changed)) {
      $0.keyboard.frame.y = 900
      $0.keyboard.visibleHeight = -48
      $0.list.contentInset.bottom = -4
      $0.inputBar.frame.y = 822
      $0.diagnostics = [max, .unsafeInput(inputBarMaxY: 866, safeAreaMinY: 818)]
    }
    // The guard: kbFrame.y = 900 is not < H = 852, so further pans do nothing.
    store.send(.pan(y: 700, state: .changed))
    store.send(.pan(y: 700, state: .ended))
  }

  @Test func crossFadeHideGivesNegativeHeightAndSuppressesTheNextWillShow() {
    var store = ScreenStore(screen, initialState: shownOnIPhoneX())
    // Reduce Motion hide: frameEnd (0, 883, 375, 71): k = 812 - 883 = -71; inset -71 + 44 = -27;
    // bar bottom 812 - 34 + 71 = 849 (y 805) in the safe area (from 778). Adjusted bottom
    // -27 + 34 = 7: max offset max(20 + 7 - 812, -88) = -88 < 203.
    store.send(
      keyboard(.willHide, end: Rect(x: 0, y: 883, width: 375, height: 71))
    ) {
      $0.keyboard.frame = Rect(x: 0, y: 883, width: 375, height: 71)
      $0.keyboard.visibleHeight = -71
      $0.list.contentInset.bottom = -27
      $0.inputBar.frame.y = 805
      $0.diagnostics = [
        .offsetOutOfRange(offsetY: 203, minimum: -88, maximum: -88),
        .unsafeInput(inputBarMaxY: 849, safeAreaMinY: 778),
      ]
    }
    // Shown again: k = 291, but the previous k was -71, not 0: no will show, offset stays 203.
    store.send(
      keyboard(.willChangeFrame, end: Rect(x: 0, y: 521, width: 375, height: 291))
    ) {
      $0.keyboard.frame = Rect(x: 0, y: 521, width: 375, height: 291)
      $0.keyboard.visibleHeight = 291
      $0.list.contentInset.bottom = 335
      $0.inputBar.frame.y = 443
      $0.diagnostics = [
        .keyboardGap(gap: 34, inputBarMaxY: 487, keyboardMinY: 521),
        .offsetOutOfRange(offsetY: 203, minimum: -88, maximum: -88),
      ]
    }
  }

  @Test func frameBelowTheScreenGivesANegativeHeight() {
    var store = ScreenStore(screen, initialState: start(.iPhone15))
    // k = 852 - 900 = -48: not > 0, so no will show; inset -4; bar bottom 852 - 34 + 48 = 866.
    // Adjusted bottom -4 + 34 = 30: max(20 + 30 - 852, -103) = -103 = offset: in range.
    store.send(
      keyboard(.willChangeFrame, end: Rect(x: 0, y: 900, width: 393, height: 336))
    ) {
      $0.keyboard.frame = Rect(x: 0, y: 900, width: 393, height: 336)
      $0.keyboard.visibleHeight = -48
      $0.list.contentInset.bottom = -4
      $0.inputBar.frame.y = 822
      $0.diagnostics = [.unsafeInput(inputBarMaxY: 866, safeAreaMinY: 818)]
    }
  }

  @Test func insetOfZeroIsPutBackTo44ByViewDidLayoutSubviews() {
    var store = ScreenStore(screen, initialState: start(.iPhone15))
    // k = 852 - 896 = -44: inset -44 + 44 = 0, which viewDidLayoutSubviews resets to 44.
    // Bar bottom 852 - 34 + 44 = 862 (y 818).
    store.send(
      keyboard(.willChangeFrame, end: Rect(x: 0, y: 896, width: 393, height: 336))
    ) {
      $0.keyboard.frame = Rect(x: 0, y: 896, width: 393, height: 336)
      $0.keyboard.visibleHeight = -44
      $0.list.contentInset.bottom = 44
      $0.inputBar.frame.y = 818
      $0.diagnostics = [.unsafeInput(inputBarMaxY: 862, safeAreaMinY: 818)]
    }
  }

  @Test func equalFrameEmitsNothing() {
    var store = ScreenStore(screen, initialState: shownOnIPhone15())
    // The same rect again: distinctUntilChanged drops it, so nothing moves (a second "will show"
    // would have added 336 to the offset again).
    store.send(
      keyboard(.willChangeFrame, end: Rect(x: 0, y: 516, width: 393, height: 336))
    )
    // didShow, didChangeFrame and didHide are ignored whatever their frames.
    store.send(
      keyboard(.didHide, end: Rect(x: 0, y: 852, width: 393, height: 336))
    )
  }

  @Test func rotationMovesTheBarWithTheStaleHeight() {
    var store = ScreenStore(screen, initialState: shownOnIPhone15())
    let landscape = EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)
    // H = 393, W = 852, S.bottom = 21, k still 336: bar bottom 393 - 21 - 336 = 36 (y -8).
    // The keyboard frame (0, 516, …) is below the new screen: hidden, while k = 336 still makes
    // room for it. Adjusted top 0 + 32 = 32 (the compact navigation bar), bottom 380 + 21 = 401:
    // max(20 + 401 - 393, -32) = 28 < 233.
    store.send(
      .viewport(screen: Size(width: 852, height: 393), safeArea: landscape)
    ) {
      $0.screen = Size(width: 852, height: 393)
      $0.safeArea = landscape
      $0.inputBar.frame = Rect(x: 0, y: -8, width: 852, height: 44)
      $0.list.frame = Rect(x: 0, y: 0, width: 852, height: 393)
      $0.diagnostics = [
        .offsetOutOfRange(offsetY: 233, minimum: -32, maximum: 28),
        .phantomKeyboard(visibleHeight: 336),
      ]
    }
    // The landscape keyboard: k = 393 - 184 = 209; inset 253; no will show (336 → 209).
    // Bar bottom 393 - 21 - 209 = 163 (y 119); gap 184 - 163 = 21. Max 20 + 274 - 393 = -99 → -32.
    store.send(
      keyboard(.willChangeFrame, end: Rect(x: 0, y: 184, width: 852, height: 209)), at: 2
    ) {
      $0.keyboard.frame = Rect(x: 0, y: 184, width: 852, height: 209)
      $0.keyboard.visibleHeight = 209
      $0.list.contentInset.bottom = 253
      $0.inputBar.frame.y = 119
      $0.diagnostics = [
        .keyboardGap(gap: 21, inputBarMaxY: 163, keyboardMinY: 184),
        .offsetOutOfRange(offsetY: 233, minimum: -32, maximum: -32),
      ]
    }
  }

  @Test func textChangeEnablesSendAndSendAppendsAndScrolls() {
    let messages = Array(repeating: InitialMessage(from: .other, text: "Hi"), count: 20)
    var store = ScreenStore(screen, initialState: start(Self.iPhoneSE, messages: messages))
    store.send(.textChange(text: "Yo")) {
      $0.inputBar.text = "Yo"
      $0.diagnostics = []
    }
    #expect(store.state.isSendEnabled)
    // New cell y = 827 + 37 + 6 = 870, bottom 907; content 917. Visible bottom 241 + 667 - 44 =
    // 864 < 907: scroll to 907 + 44 - 667 = 284 (max 917 + 44 - 667 = 294).
    store.send(.sendTap) {
      $0.messages.append(Message(from: .me, text: "Yo", y: 870, height: 37))
      $0.list.contentHeight = 917
      $0.list.contentOffsetY = 284
      $0.inputBar.text = ""
    }
    #expect(!store.state.isSendEnabled)
    // Empty text: nothing.
    store.send(.sendTap)
  }

  @Test func receiveAppendsWithoutScrolling() {
    let messages = Array(repeating: InitialMessage(from: .other, text: "Hi"), count: 20)
    var store = ScreenStore(screen, initialState: start(Self.iPhoneSE, messages: messages))
    // y 870, bottom 907; on screen 870 - 241 = 629 … 666, below the bar's top 667 - 44 = 623.
    store.send(.receive(text: "Yo")) {
      $0.messages.append(Message(from: .other, text: "Yo", y: 870, height: 37))
      $0.list.contentHeight = 917
      $0.diagnostics = [
        .messageHidden(
          index: 20, messageMinY: 629, messageMaxY: 666, visibleMinY: 64, visibleMaxY: 623)
      ]
    }
  }

  @Test func scrollAndSafeAreaAreTakenAsGiven() {
    var store = ScreenStore(screen, initialState: start(.iPhone15))
    // Offset 500 > max(20 + 78 - 852, -103) = -103.
    store.send(.scroll(offsetY: 500)) {
      $0.list.contentOffsetY = 500
      $0.diagnostics = [.offsetOutOfRange(offsetY: 500, minimum: -103, maximum: -103)]
    }
    // Bottom safe area 0: bar bottom 852 - 0 - 0 = 852 (y 808); adjusted top 47 + 44 = 91,
    // bottom 44: max(20 + 44 - 852, -91) = -91.
    let insets = EdgeInsets(top: 47, left: 0, bottom: 0, right: 0)
    store.send(.safeArea(insets)) {
      $0.safeArea = insets
      $0.inputBar.frame.y = 808
      $0.diagnostics = [.offsetOutOfRange(offsetY: 500, minimum: -91, maximum: -91)]
    }
  }

  @Test func version2UsesTheIntersectionWithTheScreen() {
    let screen = ChatScreen(
      layout: .rxkeyboard, measurer: FixedWidthMeasurer(), rxKeyboardVersion: .v2)
    var store = ScreenStore(
      screen, initialState: screen.initialState(header: SessionHeader(messages: [])))
    // Below the screen: the intersection is empty, so k = 0 (1.0.0 gives -48); nothing moves.
    store.send(
      keyboard(.willChangeFrame, end: Rect(x: 0, y: 900, width: 393, height: 336))
    ) {
      $0.keyboard.frame = Rect(x: 0, y: 900, width: 393, height: 336)
      $0.diagnostics = []
    }
  }
}
