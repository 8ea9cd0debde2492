/// What UIKit laid out on the device at one moment, as values of the model's own paths.
///
/// Recorded from `viewDidLayoutSubviews` by an app's recorder; replaying compares each value with
/// the model's state at that step (differential replay). Any subset of the paths may be given.
public struct Observation: Hashable, Sendable {
  /// The values, in the order the recording gave them.
  public var values: [Value]

  /// The observation of `values`, kept in ``ObservedPath``'s order; of two values of one path,
  /// the last counts.
  public init(_ values: [Value]) {
    var byPath: [ObservedPath: Double] = [:]
    for value in values { byPath[value.path] = value.value }
    self.values = ObservedPath.allCases.compactMap { path in byPath[path].map { Value(path, $0) } }
  }

  /// One observed value.
  public struct Value: Hashable, Sendable {
    public var path: ObservedPath
    public var value: Double

    public init(_ path: ObservedPath, _ value: Double) {
      self.path = path
      self.value = value
    }
  }

  /// How far a device value may be from the model's and still agree, in points: UIKit rounds
  /// layout to pixels, a third of a point on a 3× screen.
  public static let tolerance = 0.5

  /// The values the model disagrees with in `state`, as `model-divergence` diagnostics.
  public func divergences(from state: ChatState) -> [Diagnostic] {
    values.compactMap { observed in
      let model = state.value(at: observed.path)
      guard (model - observed.value).magnitude > Self.tolerance else { return nil }
      return .modelDivergence(path: observed.path, model: model, device: observed.value)
    }
  }

  /// The device's value of `path`, if observed.
  public func value(at path: ObservedPath) -> Double? {
    values.first { $0.path == path }?.value
  }
}

/// A path of the model's state that an `observed` event may give: the numbers UIKit lays out.
///
/// `screen` and `safeArea` are not among them: they are inputs (the header, `viewport` and
/// `safeArea` events), not what a layout computes.
public enum ObservedPath: String, CaseIterable, Hashable, Sendable {
  case keyboardFrameX = "keyboard.frame.x"
  case keyboardFrameY = "keyboard.frame.y"
  case keyboardFrameWidth = "keyboard.frame.width"
  case keyboardFrameHeight = "keyboard.frame.height"
  case keyboardVisibleHeight = "keyboard.visibleHeight"
  case inputBarFrameX = "inputBar.frame.x"
  case inputBarFrameY = "inputBar.frame.y"
  case inputBarFrameWidth = "inputBar.frame.width"
  case inputBarFrameHeight = "inputBar.frame.height"
  case listFrameX = "list.frame.x"
  case listFrameY = "list.frame.y"
  case listFrameWidth = "list.frame.width"
  case listFrameHeight = "list.frame.height"
  case listContentInsetTop = "list.contentInset.top"
  case listContentInsetBottom = "list.contentInset.bottom"
  case listAdjustedContentInsetTop = "list.adjustedContentInset.top"
  case listAdjustedContentInsetBottom = "list.adjustedContentInset.bottom"
  case listContentOffsetY = "list.contentOffset.y"
  case listContentSizeHeight = "list.contentSize.height"
  case messageCount

  /// Whether the value is a length in points (the message count is not).
  public var isInPoints: Bool {
    switch self {
    case .messageCount: false
    case .keyboardFrameX, .keyboardFrameY, .keyboardFrameWidth, .keyboardFrameHeight,
      .keyboardVisibleHeight, .inputBarFrameX, .inputBarFrameY, .inputBarFrameWidth,
      .inputBarFrameHeight, .listFrameX, .listFrameY, .listFrameWidth, .listFrameHeight,
      .listContentInsetTop, .listContentInsetBottom, .listAdjustedContentInsetTop,
      .listAdjustedContentInsetBottom, .listContentOffsetY, .listContentSizeHeight:
      true
    }
  }
}

extension ChatState {
  /// The model's value of `path`.
  public func value(at path: ObservedPath) -> Double {
    switch path {
    case .keyboardFrameX: keyboard.frame.x
    case .keyboardFrameY: keyboard.frame.y
    case .keyboardFrameWidth: keyboard.frame.width
    case .keyboardFrameHeight: keyboard.frame.height
    case .keyboardVisibleHeight: keyboard.visibleHeight
    case .inputBarFrameX: inputBar.frame.x
    case .inputBarFrameY: inputBar.frame.y
    case .inputBarFrameWidth: inputBar.frame.width
    case .inputBarFrameHeight: inputBar.frame.height
    case .listFrameX: list.frame.x
    case .listFrameY: list.frame.y
    case .listFrameWidth: list.frame.width
    case .listFrameHeight: list.frame.height
    case .listContentInsetTop: list.contentInset.top
    case .listContentInsetBottom: list.contentInset.bottom
    case .listAdjustedContentInsetTop: adjustedContentInset.top
    case .listAdjustedContentInsetBottom: adjustedContentInset.bottom
    case .listContentOffsetY: list.contentOffsetY
    case .listContentSizeHeight: list.contentHeight
    case .messageCount: Double(messages.count)
    }
  }
}
