/// A layout's name: one of the built-in layouts a recording's header and `--layout` can name, or
/// a layout defined outside the library.
///
/// The built-in layouts and the screens they model are described in <doc:Layouts>.
public enum LayoutID: Hashable, Sendable, CaseIterable, RawRepresentable, CustomStringConvertible {
  /// ``RxKeyboardLayout``.
  case rxkeyboard
  /// ``GrowingLayout``.
  case growing
  /// ``ScrollToFieldLayout``.
  case scrollToField
  /// ``AccessoryLayout``.
  case accessory
  /// ``KeyboardLayoutGuideLayout``.
  case keyboardLayoutGuide
  /// A ``Layout`` written outside the library, by its name.
  case custom(String)

  /// The built-in layouts, the default first.
  public static let allCases: [LayoutID] = [
    .rxkeyboard, .growing, .scrollToField, .accessory, .keyboardLayoutGuide,
  ]

  /// The built-in layout named `rawValue`, or `nil` when none is.
  public init?(rawValue: String) {
    guard let id = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = id
  }

  /// The name as recordings spell it.
  public var rawValue: String {
    switch self {
    case .rxkeyboard: "rxkeyboard"
    case .growing: "growing"
    case .scrollToField: "scroll-to-field"
    case .accessory: "accessory"
    case .keyboardLayoutGuide: "keyboard-layout-guide"
    case .custom(let name): name
    }
  }

  public var description: String { rawValue }
}
