extension ChatState {
  /// Appends a balloon cell below the last message of a flow layout: the label's text measured
  /// at `labelWidth`, the cell `ceil(text height) + 2 × balloonInset` high, `lineSpacing` below
  /// the previous cell (`sectionInset` below the top for the first), and the content
  /// `sectionInset` taller than the last cell's bottom.
  mutating func appendBalloon(
    from sender: Sender, text: String, labelWidth: Double, fontSize: Double, balloonInset: Double,
    lineSpacing: Double, sectionInset: Double, measurer: AnyTextMeasuring
  ) {
    let labelHeight = measurer.boundingSize(of: text, width: labelWidth, fontSize: fontSize).height
    let height = labelHeight.rounded(.up) + 2 * balloonInset
    let y = messages.lastCell.map { $0.y + $0.height + lineSpacing } ?? sectionInset
    messages.append(Message(from: sender, text: text, y: y, height: height))
    list.contentHeight = y + height + sectionInset
  }

  /// `scrollToItem(at: last, at: [], animated: true)`: the least scroll that shows the last
  /// message whole, within the offsets the list can rest at; a message taller than the visible
  /// area is aligned by its top.
  mutating func scrollToLastMessage() {
    guard let message = messages.lastCell else { return }
    let adjusted = adjustedContentInset
    let current = list.contentOffsetY
    let height = list.frame.height
    let top = message.y
    let bottom = message.y + message.height
    var offset = current
    if bottom - top > height - adjusted.top - adjusted.bottom {
      offset = top - adjusted.top
    } else if bottom > current + height - adjusted.bottom {
      offset = bottom + adjusted.bottom - height
    } else if top < current + adjusted.top {
      offset = top - adjusted.top
    }
    let range = offsetRange(adjusted)
    list.contentOffsetY = min(max(offset, range.lowerBound), range.upperBound)
  }
}
