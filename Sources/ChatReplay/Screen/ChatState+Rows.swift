extension ChatState {
  /// UITableView's default `rowHeight`: the row height of the layouts whose seeds show plain rows.
  static let defaultRowHeight = 44.0

  /// Appends a plain row `height` high below the last message, starting at 0.
  mutating func appendRow(from sender: Sender, text: String, height: Double) {
    let y = messages.lastCell.map { $0.y + $0.height } ?? 0
    messages.append(Message(from: sender, text: text, y: y, height: height))
    list.contentHeight = y + height
  }

  /// What automatic content-inset adjustment adds for a list that is not under a navigation bar:
  /// the parts of the safe area the list's frame overlaps.
  var safeAreaOverlap: EdgeInsets {
    let frame = list.frame
    return EdgeInsets(
      top: max(0, safeArea.top - frame.minY), left: 0,
      bottom: max(0, frame.maxY - (screen.height - safeArea.bottom)), right: 0)
  }
}
