import ChatReplay

/// A screen none of the built-in layouts models, written as a user writes one in their own
/// module: an input bar pinned above the keyboard with a fixed gap below it, and a list that never
/// scrolls.
struct PinnedBarLayout: Layout {
  /// How many messages the user sent.
  struct Memory: Hashable, Sendable {
    var sentCount = 0
  }

  static let id = LayoutID.custom("pinned-bar")
  static let summary = "An input bar a fixed gap above the keyboard's top."

  static var options: [LayoutOption<Self>] {
    [
      .points("inputBar.height", \.barHeight, in: 1...200, "The input bar's height."),
      .points("inputBar.gap", \.gap, in: 0...100, "The space between the bar and the keyboard."),
    ]
  }

  var barHeight = 50.0
  var gap = 0.0

  init() {}

  func initialState(header: SessionHeader, measurer: any TextMeasuring) -> ChatState {
    let screen = header.device.screen
    var state = ChatState(
      layout: self, memory: Memory(), screen: screen, safeArea: header.device.safeArea)
    state.keyboard.frame = Rect(x: 0, y: screen.height, width: screen.width, height: 0)
    state.list.frame = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
    // At rest a scroll view's offset is its adjusted top: the safe area.
    state.list.contentOffsetY = -header.device.safeArea.top
    layOut(&state)
    return state
  }

  func reduce(
    into state: inout ChatState, memory: inout Memory, _ event: Event, measurer: any TextMeasuring
  ) {
    switch event {
    case .keyboard(let notification):
      switch notification.name {
      case .willChangeFrame:
        if let frame = notification.frameEnd { state.keyboard.frame = frame }
      case .willShow, .willHide, .didShow, .didHide, .didChangeFrame:
        break
      }
    case .textChange(let text):
      state.inputBar.text = text
    case .sendTap:
      guard !state.inputBar.text.isEmpty else { break }
      let y = state.messages.last.map { $0.y + $0.height } ?? 0
      state.messages.append(Message(from: .me, text: state.inputBar.text, y: y, height: 40))
      state.list.contentHeight = y + 40
      state.inputBar.text = ""
      memory.sentCount += 1
    case .receive, .scroll, .safeArea, .viewport, .pan, .appear, .disappear, .returnKey, .doneTap,
      .gap, .observed:
      break
    }
    layOut(&state)
  }

  func systemInset(of state: ChatState) -> EdgeInsets { state.safeArea }

  func isSendEnabled(_ state: ChatState) -> Bool { !state.inputBar.text.isEmpty }

  func explain(_ path: StatePath, in state: ChatState, memory: Memory) -> Explanation? {
    guard path.description == "inputBar.frame.y" else { return nil }
    let top = keyboardTop(state)
    return Explanation(
      rule: "The bar sits inputBar.gap above the keyboard's top (or the safe area's bottom).",
      formulas: [
        Explanation.formula(
          "inputBar.frame.y", "top − inputBar.gap − inputBar.height", [top, gap, barHeight],
          operators: ["−", "−"], result: top - gap - barHeight)
      ],
      inputs: [Explanation.Input("keyboard.frame.y", "keyboard.frame.y")])
  }

  private func keyboardTop(_ state: ChatState) -> Double {
    min(state.keyboard.frame.minY, state.screen.height - state.safeArea.bottom)
  }

  private func layOut(_ state: inout ChatState) {
    let y = keyboardTop(state) - gap - barHeight
    state.inputBar.frame = Rect(x: 0, y: y, width: state.screen.width, height: barHeight)
    state.keyboard.visibleHeight = max(state.screen.height - state.keyboard.frame.minY, 0)
  }
}
