/// One of a layout's constants that a recording's header or `--option` can set.
///
/// It has a name, the property it sets, its valid values and a one-line doc; its default is the
/// property's value in the layout's `init()`. A header sets it with
/// `"options": {"inputBar.height": 52}`, the command line with `--option inputBar.height=52`.
///
/// ```swift
/// static var options: [LayoutOption<Self>] {
///   [.points("inputBar.height", \.inputBarHeight, in: 1...400, "The input bar's height.")]
/// }
/// ```
///
/// The built-in layouts name their properties with a getter and a setter instead of a key path,
/// so that they also build with Embedded Swift (the WebAssembly build in
/// `Sources/ChatReplayWasm`), which has no key paths.
public struct LayoutOption<L: Layout> {
  /// The name a header or `--option` uses.
  public let name: String
  /// What the constant is, in one line.
  public let summary: String
  let kind: Kind

  enum Kind {
    case points(get: (L) -> Double, set: (inout L, Double) -> Void, ClosedRange<Double>)
    case flag(get: (L) -> Bool, set: (inout L, Bool) -> Void)
  }

  /// A length in points, valid in `range`, read with `get` and set with `set`.
  public static func points(
    _ name: String, get: @escaping (L) -> Double, set: @escaping (inout L, Double) -> Void,
    in range: ClosedRange<Double>, _ summary: String
  ) -> LayoutOption {
    LayoutOption(name: name, summary: summary, kind: .points(get: get, set: set, range))
  }

  /// A switch, `true` or `false`, read with `get` and set with `set`.
  public static func flag(
    _ name: String, get: @escaping (L) -> Bool, set: @escaping (inout L, Bool) -> Void,
    _ summary: String
  ) -> LayoutOption {
    LayoutOption(name: name, summary: summary, kind: .flag(get: get, set: set))
  }

  #if !hasFeature(Embedded)
    /// A length in points, valid in `range`.
    public static func points(
      _ name: String, _ keyPath: WritableKeyPath<L, Double>, in range: ClosedRange<Double>,
      _ summary: String
    ) -> LayoutOption {
      points(
        name, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 }, in: range,
        summary)
    }

    /// A switch, `true` or `false`.
    public static func flag(
      _ name: String, _ keyPath: WritableKeyPath<L, Bool>, _ summary: String
    ) -> LayoutOption {
      flag(name, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 }, summary)
    }
  #endif

  /// The option as `replay layouts` lists it, with its value in `layout`.
  func description(in layout: L) -> LayoutOptionDescription {
    switch kind {
    case .points(let get, _, let range):
      LayoutOptionDescription(
        name: name, summary: summary, value: .number(get(layout)), range: range)
    case .flag(let get, _):
      LayoutOptionDescription(name: name, summary: summary, value: .flag(get(layout)), range: nil)
    }
  }

  /// Sets the option in `layout` to `value`, or says why it cannot be.
  func apply(_ value: LayoutOptionValue, to layout: inout L) throws(LayoutOptionError) {
    switch (kind, value) {
    case (.points(_, let set, let range), .number(let number)):
      guard range.contains(number) else {
        throw .outOfRange(name: name, value: number, range: range)
      }
      set(&layout, number)
    case (.flag(_, let set), .flag(let flag)):
      set(&layout, flag)
    case (.points, .flag):
      throw .wrongType(name: name, expected: .number)
    case (.flag, .number):
      throw .wrongType(name: name, expected: .flag)
    }
  }
}

/// A value given to a layout option: a number (points) or a switch.
public enum LayoutOptionValue: Hashable, Sendable, CustomStringConvertible {
  case number(Double)
  case flag(Bool)

  /// The value `text` writes as `--option` takes it: `true`, `false` or a finite number;
  /// `nil` for anything else.
  public init?(_ text: some StringProtocol) {
    switch text {
    case "true": self = .flag(true)
    case "false": self = .flag(false)
    default:
      guard let number = Double(String(text)), number.isFinite else { return nil }
      self = .number(number)
    }
  }

  /// `52`, `true`: as a header and `--option` write it.
  public var description: String {
    switch self {
    case .number(let number): JSONWriter.format(number)
    case .flag(let flag): flag ? "true" : "false"
    }
  }

  /// Writes the value as a JSON number or boolean (a header's `options`, a state's).
  func write(to writer: inout some StructuredWriter) {
    switch self {
    case .number(let number): writer.number(number)
    case .flag(let flag): writer.bool(flag)
    }
  }
}

/// An option set by a recording's header or on the command line.
///
/// Two settings are equal when they set the same option to the same value, wherever each was
/// found: ``source`` says where, for error messages, and a header written again by
/// ``EventEncoder`` and read back has its values at other columns.
public struct LayoutOptionSetting: Hashable, Sendable {
  /// Where a setting came from, for its error messages.
  public enum Source: Hashable, Sendable {
    /// The header's `options`: where the value is in the header's line, and the excerpt of the
    /// line an error shows with its caret.
    case header(column: Int, excerpt: String, excerptColumn: Int)
    /// `--option NAME=VALUE`.
    case commandLine
  }

  public var name: String
  public var value: LayoutOptionValue
  public var source: Source

  public init(name: String, value: LayoutOptionValue, source: Source) {
    self.name = name
    self.value = value
    self.source = source
  }

  public static func == (lhs: LayoutOptionSetting, rhs: LayoutOptionSetting) -> Bool {
    lhs.name == rhs.name && lhs.value == rhs.value
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(value)
  }
}

/// A layout option as `replay layouts` lists it and the debugger shows it.
public struct LayoutOptionDescription: Hashable, Sendable {
  public var name: String
  public var summary: String
  /// The default, or the value in force.
  public var value: LayoutOptionValue
  /// The valid numbers, in points; `nil` for a switch.
  public var range: ClosedRange<Double>?
}

/// Why an option could not be set.
public enum LayoutOptionError: Error, Hashable, Sendable {
  /// The kinds of value an option takes.
  public enum ValueKind: Hashable, Sendable {
    case number
    case flag
  }

  case outOfRange(name: String, value: Double, range: ClosedRange<Double>)
  case unknownOption(name: String, layout: LayoutID, suggestion: String?)
  case wrongType(name: String, expected: ValueKind)

  /// The message, in lowercase as it follows `error:`.
  public var message: String {
    switch self {
    case .outOfRange(let name, let value, let range):
      let f = JSONWriter.format
      return
        "option '\(name)' is \(f(value)) pt, outside its valid range \(f(range.lowerBound))…\(f(range.upperBound)) pt"
    case .unknownOption(let name, let layout, let suggestion):
      let known = "layout '\(layout.rawValue)' has no option '\(name)'"
      return known + (suggestion.map { "; did you mean '\($0)'?" } ?? " (see 'replay layouts')")
    case .wrongType(let name, let expected):
      switch expected {
      case .number: return "option '\(name)' takes a number of points"
      case .flag: return "option '\(name)' takes true or false"
      }
    }
  }
}

extension Layout {
  /// The layout with `settings` applied in order (a later one wins), or the first that fails.
  public func setting(_ settings: [LayoutOptionSetting]) throws(LayoutOptionError) -> Self {
    var layout = self
    guard !settings.isEmpty else { return layout }
    let options = Self.options
    for setting in settings {
      guard let option = options.first(where: { $0.name == setting.name }) else {
        throw .unknownOption(
          name: setting.name, layout: Self.id,
          suggestion: Suggestion.nearest(to: setting.name, in: options.map { $0.name }))
      }
      try option.apply(setting.value, to: &layout)
    }
    return layout
  }

  /// Every option with its value in this layout.
  public var optionValues: [LayoutOptionDescription] {
    Self.options.map { $0.description(in: self) }
  }

  /// Every option with its default.
  public static var optionDefaults: [LayoutOptionDescription] { Self().optionValues }

  /// The options whose value differs from the default: what a header or `--option` changed.
  public var changedOptions: [LayoutOptionDescription] {
    let defaults = Self.optionDefaults
    return optionValues.enumerated().compactMap { index, option in
      option.value == defaults[index].value ? nil : option
    }
  }

  /// `inputBar.height=52 navigationBar.height=32`: the changed options, or `nil` when none is.
  public var changedOptionsText: String? {
    let changed = changedOptions
    guard !changed.isEmpty else { return nil }
    return changed.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
  }
}
