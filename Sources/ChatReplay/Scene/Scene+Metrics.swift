extension Scene {
  /// How a layout's views are drawn.
  ///
  /// The layout's own constants where it has them, and the drawing's choices where the modelled
  /// screen gives no numbers (a send button's width, a row's font). A layout the drawing does not know draws as plain rows with a field and a
  /// send button in its input bar.
  struct Metrics: Sendable {
    /// Whether messages are balloons sized to their text (`false`: plain table rows).
    var isBalloon = false
    var messageFontSize = rowFontSize
    /// Balloons: the label's width and the balloon's inset around it.
    var labelWidth = 0.0
    var balloonInset = 0.0
    /// The space between a balloon (or a row's text) and the list's edge.
    var sideMargin = rowMargin
    var fieldFontSize = rowFontSize
    /// The text field's height, when the layout sets one; otherwise the bar's less its margins.
    var fieldHeight: Double?
    /// The text's inset in a text view (the growing layout's), or `nil` for a one-line field.
    var textViewInset: Point?
    /// What the text view's line fragment padding takes from the wrapping width.
    var textViewPaddings = 0.0

    static func of(_ state: ChatState) -> Metrics {
      var metrics = Metrics()
      // The state's slot names its built-in layout without a cast (a page asks at every step).
      switch state.slot {
      case .rxkeyboard(let box):
        let layout = box.layout
        metrics.isBalloon = true
        metrics.messageFontSize = layout.fontSize
        metrics.labelWidth = layout.balloonMaxWidth - 2 * layout.balloonInset
        metrics.balloonInset = layout.balloonInset
        metrics.sideMargin = layout.sectionInset
      case .growing(let box):
        let layout = box.layout
        metrics.fieldFontSize = layout.fontSize
        metrics.textViewInset = Point(
          x: layout.lineFragmentPaddings / 2, y: layout.textContainerInsets / 2)
        metrics.textViewPaddings = layout.lineFragmentPaddings
      case .accessory(let box):
        metrics.fieldHeight = box.layout.textFieldHeight
      case .scrollToField, .keyboardLayoutGuide:
        break
      #if !hasFeature(Embedded)
        case .custom:
          break
      #endif
      }
      return metrics
    }

    // MARK: Choices where the modelled screens give no numbers

    /// `UITableViewCell`'s default text label font, and the text field's.
    static let rowFontSize = 17.0
    /// A plain cell's default layout margin.
    static let rowMargin = 16.0
    /// A send button drawn beside the field where the layout does not place one.
    static let sendButtonWidth = 60.0
    /// The space around the field and the send button inside the bar.
    static let barMargin = 8.0
  }
}
