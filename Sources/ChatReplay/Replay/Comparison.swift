/// One recording replayed through several layouts, step by step, for `replay compare`.
///
/// Each step keeps, per layout, what a reader compares: the input bar's frame, the effective
/// (adjusted) bottom inset, the offset and the diagnostics. A step *diverges* when the layouts
/// disagree on any of them.
///
/// ```text
/// $ replay compare Recordings/basic-chat.jsonl --layouts rxkeyboard,growing
/// step        t  event                                          layout           input bar              inset.b  offset.y  diagnostics
///    1    1.000  keyboard willChangeFrame → (0, 516, 393×336) ≠ rxkeyboard       (0, 438, 393×44)           414       808  keyboard-gap
///                                                               growing          (0, 802, 393×50)             0         0  unsafe-input
/// ```
public struct Comparison: Sendable {
  /// What one layout shows at one step.
  public struct Cell: Hashable, Sendable {
    public var inputBarFrame: Rect
    /// `adjustedContentInset.bottom`.
    public var bottomInset: Double
    /// `contentOffset.y`.
    public var offsetY: Double
    public var diagnostics: [Diagnostic]

    /// The cell of `state`.
    public init(_ state: ChatState) {
      inputBarFrame = state.inputBar.frame
      bottomInset = state.adjustedContentInset.bottom
      offsetY = state.list.contentOffsetY
      diagnostics = state.diagnostics
    }

    /// A cell of these values.
    init(
      inputBarFrame: Rect, bottomInset: Double, offsetY: Double, diagnostics: [Diagnostic] = []
    ) {
      self.inputBarFrame = inputBarFrame
      self.bottomInset = bottomInset
      self.offsetY = offsetY
      self.diagnostics = diagnostics
    }
  }

  /// A layout to compare: a built-in one or one written outside the library, with its constants.
  ///
  /// The header's and the command line's options are applied to it, each where the layout
  /// declares it, when the comparison starts.
  public struct Column: Hashable, Sendable {
    /// The layout, with its constants.
    public var layout: any Layout
    /// The column's name in the table: the layout's id, `rxkeyboard@2.0.1` for the rxkeyboard
    /// layout on RxKeyboard 2.0.1.
    public var name: String

    /// A column of `layout`, named `name` (by default its id, with the RxKeyboard release when it
    /// is not the sample's).
    public init(_ layout: some Layout, name: String? = nil) {
      self.layout = layout
      if let name {
        self.name = name
      } else if let rxKeyboard = layout as? RxKeyboardLayout, rxKeyboard.version != .v1 {
        self.name = "\(RxKeyboardLayout.id.rawValue)@\(rxKeyboard.version.rawValue)"
      } else {
        self.name = type(of: layout).id.rawValue
      }
    }

    /// The built-in layout `id` with its sample's constants, `rxkeyboard` following
    /// `rxKeyboardVersion`; `id` must not be custom (pass the layout itself).
    public init(_ id: LayoutID, rxKeyboardVersion: RxKeyboardLayout.Version = .v1) {
      guard let layout = id.builtInLayout(rxKeyboardVersion: rxKeyboardVersion) else {
        preconditionFailure("'\(id.rawValue)' is not a built-in layout; pass the layout itself")
      }
      self.init(layout)
    }

    /// Every built-in layout, `rxkeyboard` following `rxKeyboardVersion`.
    public static func every(rxKeyboardVersion: RxKeyboardLayout.Version = .v1) -> [Column] {
      LayoutID.allCases.map { Column($0, rxKeyboardVersion: rxKeyboardVersion) }
    }

    /// The layout's id.
    public var id: LayoutID { type(of: layout).id }

    /// The RxKeyboard release, when the layout is `rxkeyboard`.
    public var rxKeyboardVersion: RxKeyboardLayout.Version? {
      (layout as? RxKeyboardLayout)?.version
    }

    /// Reads a built-in layout's ``name``; `rxkeyboard@1.0.0` is accepted too.
    public init?(name: String) {
      let parts = name.split(separator: "@", maxSplits: 1).map(String.init)
      guard let first = parts.first, let layout = LayoutID(rawValue: first) else { return nil }
      var version = RxKeyboardLayout.Version.v1
      if parts.count == 2 {
        guard layout == .rxkeyboard, let given = RxKeyboardLayout.Version(rawValue: parts[1]) else {
          return nil
        }
        version = given
      }
      self.init(layout, rxKeyboardVersion: version)
    }

    public static func == (lhs: Column, rhs: Column) -> Bool {
      lhs.name == rhs.name && AnyHashable(lhs.layout) == AnyHashable(rhs.layout)
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(name)
      hasher.combine(AnyHashable(layout))
    }
  }

  /// One step: the event and one cell per column, in the order of ``columns``.
  public struct Row: Sendable {
    public var step: Int
    public var t: Double
    /// The event that made the step; `nil` for step 0.
    public var event: Event?
    public var cells: [Cell]

    /// Step `step` at time `t`, made by `event`, with a cell per column.
    public init(step: Int, t: Double, event: Event?, cells: [Cell]) {
      self.step = step
      self.t = t
      self.event = event
      self.cells = cells
    }

    /// Whether the layouts disagree here.
    public var diverges: Bool {
      guard let first = cells.first else { return false }
      return cells.contains { $0 != first }
    }
  }

  /// The header the recording starts with (the default one if it has none).
  public var header: SessionHeader
  /// The layouts compared, in order.
  public var columns: [Column]
  public var rows: [Row]
  /// The lines that could not be replayed; the rows stop at the first.
  public var errors: [RecordingError]

  /// Replays the whole recording in `bytes` through each of `columns` (the header's own layout,
  /// `options.layout`, `options.rxKeyboardVersion` and `options.customLayout` are ignored),
  /// stopping at the first bad line.
  public init(
    replaying bytes: UnsafeBufferPointer<UInt8>, columns: [Column] = Column.every(),
    options: Replayer.Options = Replayer.Options()
  ) {
    self.columns = columns
    var comparator = Comparator(columns: columns, options: options)
    var rows: [Row] = []
    func take(_ output: Comparator.Output) -> Bool {
      if case .row(let row) = output { rows.append(row) }
      return true
    }
    if comparator.read(bytes, take) { comparator.finish(take) }
    self.rows = rows
    header = comparator.header ?? .default
    errors = comparator.error.map { [$0] } ?? []
  }

  /// The steps where the layouts disagree.
  public var divergingSteps: [Int] { rows.filter(\.diverges).map(\.step) }
}
