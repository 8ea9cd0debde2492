extension ChatState {
  /// How far apart two coordinates may be and still count as equal, against rounding noise.
  static let tolerance = 1e-6

  /// Where the shared checks put the step's next diagnostic, and how many of the diagnostics
  /// before it are the step before's, which the step's are written over.
  struct DiagnosticCursor {
    var next: Int
    var reusable: Int
  }

  /// Starts the step's shared diagnostics: the diagnostics hold the step before's first
  /// `previousCount`, then the layout's own for this step.
  ///
  /// Most layouts add none of their own: then the step's diagnostics are written over the step
  /// before's, in place, and those left over go at the end (clearing them all first and
  /// appending again cost about 50 instructions a step more). When the layout added its own, the
  /// step before's go and the shared ones follow the layout's.
  @inline(__always)
  mutating func startDiagnostics(replacing previousCount: Int) -> DiagnosticCursor {
    if diagnostics.count == previousCount {
      return DiagnosticCursor(next: 0, reusable: previousCount)
    }
    diagnostics.removeFirst(previousCount)
    return DiagnosticCursor(next: diagnostics.count, reusable: 0)
  }

  /// Puts `diagnostic` in the cursor's next place: over the step before's there, or at the end.
  @inline(__always)
  mutating func put(_ diagnostic: Diagnostic, _ cursor: inout DiagnosticCursor) {
    let index = cursor.next
    cursor.next = index + 1
    // Past the reusable ones the cursor is always at the end.
    if index < cursor.reusable {
      diagnostics[index] = diagnostic
    } else {
      diagnostics.append(diagnostic)
    }
  }

  /// Ends the step's shared diagnostics: the step before's that no check found again go, one by
  /// one (for the one or two a state has, cheaper than a general removal).
  @inline(__always)
  mutating func finishDiagnostics(_ cursor: DiagnosticCursor) {
    while diagnostics.count > cursor.next { diagnostics.removeLast() }
  }

  /// Puts the diagnostics every layout shares, which depend only on the state's geometry, after
  /// the layout's own.
  ///
  /// The first `previousCount` diagnostics are the step before's, which they replace (see
  /// ``startDiagnostics(replacing:)``). `geometry` is what the layout gave for this state, when
  /// the caller has it.
  ///
  /// Inlined into the reducer, its one caller per step, which spares a call and its saved
  /// registers per step.
  ///
  /// Returns whether the diagnostics are now the shared checks' alone, and none of them
  /// `message-hidden` (the one check that looks at the step's new message): then the same
  /// geometry with no new message would show them again.
  @inline(__always)
  @discardableResult
  mutating func checkGeometry(
    afterNewMessage: Bool, _ geometry: LayoutGeometry? = nil, replacing previousCount: Int
  ) -> Bool {
    var showsSharedOnly = diagnostics.count == previousCount
    var cursor = startDiagnostics(replacing: previousCount)
    let bar = inputBar.frame
    let keyboardOnScreen = self.keyboardOnScreen
    if let keyboard = keyboardOnScreen {
      if let overlap = bar.intersection(keyboard) {
        put(
          .keyboardOverlap(
            overlap: overlap.height, inputBarMaxY: bar.maxY, keyboardMinY: keyboard.minY),
          &cursor)
      }
      let gap = keyboard.minY - bar.maxY
      if gap > 0.5 {
        put(
          .keyboardGap(gap: gap, inputBarMaxY: bar.maxY, keyboardMinY: keyboard.minY), &cursor)
      }
    }
    let system = geometry?.systemInset ?? systemInset
    let adjusted = EdgeInsets(
      top: list.contentInset.top + system.top, left: list.contentInset.left + system.left,
      bottom: list.contentInset.bottom + system.bottom,
      right: list.contentInset.right + system.right)
    if afterNewMessage, let message = messages.lastCell {
      let top = list.frame.minY + message.y - list.contentOffsetY
      let bottom = top + message.height
      let visibleTop = list.frame.minY + adjusted.top
      let visibleBottom = bar.minY
      if top < visibleTop - Self.tolerance || bottom > visibleBottom + Self.tolerance {
        showsSharedOnly = false
        put(
          .messageHidden(
            index: messages.count - 1, messageMinY: top, messageMaxY: bottom,
            visibleMinY: visibleTop,
            visibleMaxY: visibleBottom), &cursor)
      }
    }
    let range = offsetRange(adjusted)
    if list.contentOffsetY < range.lowerBound - Self.tolerance
      || list.contentOffsetY > range.upperBound + Self.tolerance
    {
      put(
        .offsetOutOfRange(
          offsetY: list.contentOffsetY, minimum: range.lowerBound, maximum: range.upperBound),
        &cursor)
    }
    if keyboardOnScreen == nil && keyboard.visibleHeight > 0.5 {
      put(.phantomKeyboard(visibleHeight: keyboard.visibleHeight), &cursor)
    }
    let safeAreaMinY = screen.height - safeArea.bottom
    let inputMaxY = (geometry?.inputContentFrame ?? inputContentFrame).maxY
    if keyboardOnScreen == nil && inputMaxY > safeAreaMinY + Self.tolerance {
      put(.unsafeInput(inputBarMaxY: inputMaxY, safeAreaMinY: safeAreaMinY), &cursor)
    }
    finishDiagnostics(cursor)
    return showsSharedOnly
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
