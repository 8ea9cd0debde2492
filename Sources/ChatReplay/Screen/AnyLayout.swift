#if hasFeature(Embedded)
  /// A screen's layout: ``BuiltInLayout``.
  ///
  /// Embedded Swift (the WebAssembly build in `Sources/ChatReplayWasm`) has no existentials and
  /// no layouts but the built-in ones.
  public typealias AnyLayout = BuiltInLayout

  /// A built-in layout's value, as an Embedded Swift build holds a screen's layout.
  public enum BuiltInLayout: Sendable {
    case rxkeyboard(RxKeyboardLayout)
    case growing(GrowingLayout)
    case scrollToField(ScrollToFieldLayout)
    case accessory(AccessoryLayout)
    case keyboardLayoutGuide(KeyboardLayoutGuideLayout)

    /// The layout's ``Layout/initialState(header:measurer:)``.
    public func initialState(header: SessionHeader, measurer: AnyTextMeasuring) -> ChatState {
      switch self {
      case .rxkeyboard(let layout): layout.initialState(header: header, measurer: measurer)
      case .growing(let layout): layout.initialState(header: header, measurer: measurer)
      case .scrollToField(let layout): layout.initialState(header: header, measurer: measurer)
      case .accessory(let layout): layout.initialState(header: header, measurer: measurer)
      case .keyboardLayoutGuide(let layout):
        layout.initialState(header: header, measurer: measurer)
      }
    }

    /// The layout's name.
    public var id: LayoutID {
      switch self {
      case .rxkeyboard: RxKeyboardLayout.id
      case .growing: GrowingLayout.id
      case .scrollToField: ScrollToFieldLayout.id
      case .accessory: AccessoryLayout.id
      case .keyboardLayoutGuide: KeyboardLayoutGuideLayout.id
      }
    }

    /// The layout's ``Layout/changedOptionsText``.
    public var changedOptionsText: String? {
      switch self {
      case .rxkeyboard(let layout): layout.changedOptionsText
      case .growing(let layout): layout.changedOptionsText
      case .scrollToField(let layout): layout.changedOptionsText
      case .accessory(let layout): layout.changedOptionsText
      case .keyboardLayoutGuide(let layout): layout.changedOptionsText
      }
    }

    /// The layout with `setting` applied, or itself when `skippingUndeclared` and it has no such
    /// option (see ``applying(_:to:skippingUndeclared:)``).
    func applying(_ setting: LayoutOptionSetting, skippingUndeclared: Bool)
      throws(LayoutOptionError) -> BuiltInLayout
    {
      switch self {
      case .rxkeyboard(let layout):
        .rxkeyboard(try layout.applying(setting, skippingUndeclared: skippingUndeclared))
      case .growing(let layout):
        .growing(try layout.applying(setting, skippingUndeclared: skippingUndeclared))
      case .scrollToField(let layout):
        .scrollToField(try layout.applying(setting, skippingUndeclared: skippingUndeclared))
      case .accessory(let layout):
        .accessory(try layout.applying(setting, skippingUndeclared: skippingUndeclared))
      case .keyboardLayoutGuide(let layout):
        .keyboardLayoutGuide(try layout.applying(setting, skippingUndeclared: skippingUndeclared))
      }
    }
  }
#else
  /// A screen's layout: any ``Layout``, the built-in ones and those written outside the library.
  public typealias AnyLayout = any Layout
#endif

extension ChatScreen {
  /// The layout of a screen made without one: `rxkeyboard` with its sample's constants.
  @usableFromInline static var defaultLayout: AnyLayout {
    #if hasFeature(Embedded)
      .rxkeyboard(RxKeyboardLayout())
    #else
      RxKeyboardLayout()
    #endif
  }

  /// The name of the layout that makes the initial state.
  public var layoutID: LayoutID {
    #if hasFeature(Embedded)
      layout.id
    #else
      type(of: layout).id
    #endif
  }

  /// The version of RxKeyboard the layout follows, when it is `rxkeyboard`.
  public var rxKeyboardVersion: RxKeyboardLayout.Version? {
    #if hasFeature(Embedded)
      if case .rxkeyboard(let layout) = layout { layout.version } else { nil }
    #else
      (layout as? RxKeyboardLayout)?.version
    #endif
  }

  /// The layout's options that differ from its defaults, as `name=value` words; `nil` when none
  /// does.
  public var changedOptionsText: String? { layout.changedOptionsText }
}

extension LayoutID {
  /// The built-in layout of this name with its sample's constants, `rxkeyboard` following
  /// `rxKeyboardVersion`; `nil` for a custom name, whose layout only its own module can make.
  public func builtInLayout(rxKeyboardVersion: RxKeyboardLayout.Version = .v1) -> AnyLayout? {
    #if hasFeature(Embedded)
      switch self {
      case .rxkeyboard: .rxkeyboard(RxKeyboardLayout(version: rxKeyboardVersion))
      case .growing: .growing(GrowingLayout())
      case .scrollToField: .scrollToField(ScrollToFieldLayout())
      case .accessory: .accessory(AccessoryLayout())
      case .keyboardLayoutGuide: .keyboardLayoutGuide(KeyboardLayoutGuideLayout())
      case .custom: nil
      }
    #else
      switch self {
      case .rxkeyboard: RxKeyboardLayout(version: rxKeyboardVersion)
      case .growing: GrowingLayout()
      case .scrollToField: ScrollToFieldLayout()
      case .accessory: AccessoryLayout()
      case .keyboardLayoutGuide: KeyboardLayoutGuideLayout()
      case .custom: nil
      }
    #endif
  }
}

/// `layout` with `setting` applied, or `layout` as it is when `skippingUndeclared` and the layout
/// has no such option (`compare`, whose layouts do not all have the same options).
func applying(_ setting: LayoutOptionSetting, to layout: AnyLayout, skippingUndeclared: Bool)
  throws(LayoutOptionError) -> AnyLayout
{
  #if hasFeature(Embedded)
    try layout.applying(setting, skippingUndeclared: skippingUndeclared)
  #else
    func open<L: Layout>(_ layout: L) throws(LayoutOptionError) -> any Layout {
      try layout.applying(setting, skippingUndeclared: skippingUndeclared)
    }
    return try open(layout)
  #endif
}

extension Layout {
  /// The layout with `setting` applied, or itself when `skippingUndeclared` and it has no such
  /// option.
  func applying(_ setting: LayoutOptionSetting, skippingUndeclared: Bool)
    throws(LayoutOptionError) -> Self
  {
    if skippingUndeclared && !Self.options.contains(where: { $0.name == setting.name }) {
      return self
    }
    return try self.setting([setting])
  }
}
