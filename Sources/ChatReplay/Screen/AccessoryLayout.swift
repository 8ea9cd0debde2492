/// The `accessory` layout: seed 003's input container as the view controller's
/// `inputAccessoryView`.
///
/// Rules (layouts.md, checked against the seed):
/// - The table is the whole view, with automatic inset adjustment (the safe area); the seed never
///   changes its insets, so rows behind the keyboard stay hidden (`message-hidden`).
/// - The container is `8 + 34 + 8 = 50` pt high, plus the bottom safe area while docked. iOS
///   moves it, not the app: every keyboard frame includes it, so a frame taller than the docked
///   container puts the container on its top 50 pt and the keyboard below; a frame no taller
///   (or wholly below the window) leaves it docked at the bottom with no keyboard on screen.
///   A notification without `frameEnd` moves nothing.
/// - `pan` (`changed`, keyboard up; the table's `keyboardDismissMode` is `.interactive`) moves
///   the container and keyboard with the finger, never above the shown position and never below
///   the docked one. The keyboard notifications that follow the release do the rest.
/// - The first message is the seed's `[String()]`: one empty row (`empty-message`). Rows are
///   UITableView's default 44 pt.
/// - `sendTap` and `returnKey`: non-empty text is appended and cleared, with `reloadData` and no
///   scroll; `returnKey` also resigns (the notifications that follow hide the keyboard).
///
/// Choices where the seed is silent: `receive` appends the other person's row the same way; the
/// send button is never disabled; the header's `messages` replace the seed's `[String()]`.
public enum AccessoryLayout {
  /// What the layout remembers.
  public struct Memory: Hashable, Sendable {
    /// The last frame (container plus keyboard) with the keyboard up, for pans; `nil` while docked.
    public var shownFrame: Rect?

    public init(shownFrame: Rect? = nil) { self.shownFrame = shownFrame }
  }

  /// The container's height above the safe area: text field 34 with 8 above and below.
  static let containerHeight = 50.0

  // MARK: Derived values

  /// The table fills the window: the whole safe area is added.
  static func systemInset(of state: ChatState) -> EdgeInsets { state.safeAreaOverlap }

  /// The send button is never disabled.
  static func isSendEnabled(_ state: ChatState) -> Bool { true }

  /// The part of the container that holds the text field: a docked container's bottom safe area
  /// is padding, not input.
  static func inputContentFrame(of state: ChatState) -> Rect {
    var frame = state.inputBar.frame
    frame.height = min(frame.height, containerHeight)
    return frame
  }

  // MARK: Reducer

  static func initialState(header: SessionHeader, measurer: any TextMeasuring) -> ChatState {
    var state = ChatState(
      layout: .accessory, screen: header.device.screen, safeArea: header.device.safeArea,
      memory: .accessory(Memory()))
    state.list.frame = state.screenRect
    let messages = header.messages ?? [InitialMessage(from: .me, text: "")]
    for message in messages {
      state.appendRow(from: message.from, text: message.text)
    }
    if let index = messages.firstIndex(where: { $0.text.isEmpty }) {
      state.diagnostics.append(.emptyMessage(index: index))
    }
    state.list.contentOffsetY = -state.adjustedContentInset.top
    dock(&state)
    return state
  }

  static func reduce(into state: inout ChatState, _ event: Event, measurer: any TextMeasuring) {
    guard case .accessory(var memory) = state.memory else { return }
    defer { state.memory = .accessory(memory) }
    switch event {
    case .keyboard(let notification):
      guard let frame = notification.frameEnd else { break }
      let dockedHeight = containerHeight + state.safeArea.bottom
      if frame.height <= dockedHeight + ChatState.tolerance || frame.minY >= state.screen.height {
        memory.shownFrame = nil
      } else {
        memory.shownFrame = frame
        place(&state, containerY: frame.minY, frame: frame)
      }

    case .pan(let y, let panState):
      guard panState == .changed, let shown = memory.shownFrame else { break }
      let dockedY = state.screen.height - containerHeight - state.safeArea.bottom
      place(&state, containerY: min(max(y, shown.minY), max(dockedY, shown.minY)), frame: shown)

    case .textChange(let text):
      state.inputBar.text = text

    case .sendTap, .returnKey:
      guard !state.inputBar.text.isEmpty else { break }
      state.appendRow(from: .me, text: state.inputBar.text)
      state.inputBar.text = ""

    case .receive(let text):
      state.appendRow(from: .other, text: text)

    case .scroll(let offsetY):
      state.list.contentOffsetY = offsetY

    case .safeArea(let insets):
      state.safeArea = insets

    case .viewport(let screen, let safeArea):
      state.screen = screen
      state.safeArea = safeArea

    case .appear, .disappear, .doneTap:
      break
    }
    state.list.frame = state.screenRect
    if memory.shownFrame == nil { dock(&state) }
  }

  /// The container at `containerY`, the keyboard of `frame` below it.
  private static func place(_ state: inout ChatState, containerY: Double, frame: Rect) {
    state.inputBar.frame = Rect(
      x: frame.minX, y: containerY, width: frame.width, height: containerHeight)
    state.keyboard.frame = Rect(
      x: frame.minX, y: containerY + containerHeight, width: frame.width,
      height: frame.height - containerHeight)
    state.keyboard.visibleHeight = state.keyboardOnScreen?.height ?? 0
  }

  /// The container docked at the bottom of the window, the keyboard off screen.
  private static func dock(_ state: inout ChatState) {
    let height = containerHeight + state.safeArea.bottom
    state.inputBar.frame = Rect(
      x: 0, y: state.screen.height - height, width: state.screen.width, height: height)
    state.keyboard.frame = Rect(
      x: 0, y: state.screen.height, width: state.screen.width, height: 0)
    state.keyboard.visibleHeight = 0
  }
}
