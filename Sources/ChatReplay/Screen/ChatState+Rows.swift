extension ChatState {
  /// UITableView's default `rowHeight`: the row height of the layouts whose seeds show plain rows.
  static let defaultRowHeight = 44.0

  /// Appends a plain row of ``defaultRowHeight`` below the last message, starting at 0.
  mutating func appendRow(from sender: Sender, text: String) {
    let y = messages.last.map { $0.y + $0.height } ?? 0
    messages.append(Message(from: sender, text: text, y: y, height: Self.defaultRowHeight))
    list.contentHeight = y + Self.defaultRowHeight
  }

  /// What automatic content-inset adjustment adds for a list that is not under a navigation bar:
  /// the parts of the safe area the list's frame overlaps.
  var safeAreaOverlap: EdgeInsets {
    let frame = list.frame
    return EdgeInsets(
      top: max(0, safeArea.top - frame.minY), left: 0,
      bottom: max(0, frame.maxY - (screen.height - safeArea.bottom)), right: 0)
  }

  /// Keeps the keyboard's real frame, whether or not the layout listens: the frame of each
  /// `willShow` and `willHide`, where the keyboard's animation starts.
  ///
  /// The `willChangeFrame` that iOS posts at the same moment, with the same frames, just before
  /// them is not taken: between the two no frame is drawn, and taking it would report an overlap
  /// the user never sees on every appearance of layouts that move on `willShow`.
  mutating func trackKeyboard(_ notification: KeyboardNotification) {
    switch notification.name {
    case .willShow, .willHide:
      if let frame = notification.frameEnd { keyboard.frame = frame }
    case .willChangeFrame, .didShow, .didHide, .didChangeFrame:
      break
    }
  }
}
