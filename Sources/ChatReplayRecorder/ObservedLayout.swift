/// What UIKit laid out at one moment, in the replayer's own paths; every part is optional.
///
/// Frames are in window coordinates, as the replayer's state has them. Written as
///
/// ```json
/// {"t":1.31,"type":"observed","inputBar":{"frame":{"x":0,"y":438,"width":393,"height":44}},
///  "list":{"contentInset":{"top":0,"bottom":380},"adjustedContentInset":{"top":103,"bottom":414},
///          "contentOffset":{"y":808},"contentSize":{"height":1290}}}
/// ```
public struct ObservedLayout: Hashable, Sendable {
  /// `inputBar.frame`.
  public var inputBarFrame: SessionRecorder.Rect?
  /// `list.frame`.
  public var listFrame: SessionRecorder.Rect?
  /// `list.contentInset` (its top and bottom are written).
  public var contentInset: SessionRecorder.Insets?
  /// `list.adjustedContentInset` (its top and bottom are written).
  public var adjustedContentInset: SessionRecorder.Insets?
  /// `list.contentOffset.y`.
  public var contentOffsetY: Double?
  /// `list.contentSize.height`.
  public var contentHeight: Double?
  /// `messageCount`: the rows the list shows (the app's data source count).
  public var messageCount: Int?

  public init(
    inputBarFrame: SessionRecorder.Rect? = nil, listFrame: SessionRecorder.Rect? = nil,
    contentInset: SessionRecorder.Insets? = nil,
    adjustedContentInset: SessionRecorder.Insets? = nil, contentOffsetY: Double? = nil,
    contentHeight: Double? = nil, messageCount: Int? = nil
  ) {
    self.messageCount = messageCount
    self.inputBarFrame = inputBarFrame
    self.listFrame = listFrame
    self.contentInset = contentInset
    self.adjustedContentInset = adjustedContentInset
    self.contentOffsetY = contentOffsetY
    self.contentHeight = contentHeight
  }

  var isEmpty: Bool {
    inputBarFrame == nil && !hasList && messageCount == nil
  }

  private var hasList: Bool {
    listFrame != nil || contentInset != nil || adjustedContentInset != nil
      || contentOffsetY != nil || contentHeight != nil
  }

  func write(to writer: inout LineWriter) {
    if let inputBarFrame {
      writer.key("inputBar")
      writer.beginObject()
      writer.key("frame")
      writer.rect(inputBarFrame)
      writer.endObject()
    }
    defer { writeMessageCount(to: &writer) }
    guard hasList else { return }
    writer.key("list")
    writer.beginObject()
    if let listFrame {
      writer.key("frame")
      writer.rect(listFrame)
    }
    if let contentInset {
      writer.key("contentInset")
      writer.verticalInsets(contentInset)
    }
    if let adjustedContentInset {
      writer.key("adjustedContentInset")
      writer.verticalInsets(adjustedContentInset)
    }
    if let contentOffsetY {
      writer.key("contentOffset")
      writer.beginObject()
      writer.key("y")
      writer.number(contentOffsetY)
      writer.endObject()
    }
    if let contentHeight {
      writer.key("contentSize")
      writer.beginObject()
      writer.key("height")
      writer.number(contentHeight)
      writer.endObject()
    }
    writer.endObject()
  }

  private func writeMessageCount(to writer: inout LineWriter) {
    guard let messageCount else { return }
    writer.key("messageCount")
    writer.number(Double(messageCount))
  }
}
