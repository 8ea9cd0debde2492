extension ChatState {
  /// How far apart two coordinates may be and still count as equal, against rounding noise.
  static let tolerance = 1e-6

  /// Clears the diagnostics, one by one: for the one or two a state has, cheaper than
  /// `removeAll`'s general replacement, and the storage is kept for the next ones.
  @inline(__always)
  mutating func clearDiagnostics() {
    while !diagnostics.isEmpty { diagnostics.removeLast() }
  }

  /// Appends the diagnostics every layout shares, which depend only on the state's geometry;
  /// `geometry` is what the layout gave for this state, when the caller has it.
  ///
  /// Inlined into the reducer, its one caller per step, which spares a call and its saved
  /// registers per step.
  @inline(__always)
  mutating func checkGeometry(afterNewMessage: Bool, _ geometry: LayoutGeometry? = nil) {
    let bar = inputBar.frame
    let keyboardOnScreen = self.keyboardOnScreen
    if let keyboard = keyboardOnScreen {
      if let overlap = bar.intersection(keyboard) {
        diagnostics.append(
          .keyboardOverlap(
            overlap: overlap.height, inputBarMaxY: bar.maxY, keyboardMinY: keyboard.minY))
      }
      let gap = keyboard.minY - bar.maxY
      if gap > 0.5 {
        diagnostics.append(
          .keyboardGap(gap: gap, inputBarMaxY: bar.maxY, keyboardMinY: keyboard.minY))
      }
    }
    let system = geometry?.systemInset ?? systemInset
    let adjusted = EdgeInsets(
      top: list.contentInset.top + system.top, left: list.contentInset.left + system.left,
      bottom: list.contentInset.bottom + system.bottom,
      right: list.contentInset.right + system.right)
    if afterNewMessage, let message = messages.last {
      let top = list.frame.minY + message.y - list.contentOffsetY
      let bottom = top + message.height
      let visibleTop = list.frame.minY + adjusted.top
      let visibleBottom = bar.minY
      if top < visibleTop - Self.tolerance || bottom > visibleBottom + Self.tolerance {
        diagnostics.append(
          .messageHidden(
            index: messages.count - 1, messageMinY: top, messageMaxY: bottom,
            visibleMinY: visibleTop,
            visibleMaxY: visibleBottom))
      }
    }
    let range = offsetRange(adjusted)
    if list.contentOffsetY < range.lowerBound - Self.tolerance
      || list.contentOffsetY > range.upperBound + Self.tolerance
    {
      diagnostics.append(
        .offsetOutOfRange(
          offsetY: list.contentOffsetY, minimum: range.lowerBound, maximum: range.upperBound))
    }
    if keyboardOnScreen == nil && keyboard.visibleHeight > 0.5 {
      diagnostics.append(.phantomKeyboard(visibleHeight: keyboard.visibleHeight))
    }
    let safeAreaMinY = screen.height - safeArea.bottom
    let inputMaxY = (geometry?.inputContentFrame ?? inputContentFrame).maxY
    if keyboardOnScreen == nil && inputMaxY > safeAreaMinY + Self.tolerance {
      diagnostics.append(.unsafeInput(inputBarMaxY: inputMaxY, safeAreaMinY: safeAreaMinY))
    }
  }

  /// The offsets the list can rest at: `-top … max(contentHeight + bottom - height, -top)` with
  /// the adjusted insets.
  @inline(__always)
  public var offsetRange: ClosedRange<Double> { offsetRange(adjustedContentInset) }

  /// ``offsetRange`` for the adjusted insets `adjusted`, when they are at hand.
  @inline(__always)
  func offsetRange(_ adjusted: EdgeInsets) -> ClosedRange<Double> {
    let minimum = -adjusted.top
    let maximum = max(list.contentHeight + adjusted.bottom - list.frame.height, minimum)
    return minimum...maximum
  }
}
