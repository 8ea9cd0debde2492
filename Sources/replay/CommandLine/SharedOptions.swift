internal import ChatReplay

/// The options that several commands take, each declared once.
///
/// Each has its names, value, help and checks here; a command includes one by passing what it
/// sets.
enum SharedOptions {
  /// `--color WHEN`: whether drawings use colour.
  static func color<Command>(
    _ set: @escaping (inout Command, ColorChoice) -> Void
  ) -> OptionSpec<Command> {
    .value(
      "--color", placeholder: "WHEN",
      help: "Debugger drawings in colour: auto (a colour terminal), always, never."
    ) { command, text throws(UsageError) in
      set(&command, try choice(text, kind: "--color value"))
    }
  }

  /// `--`: ends the options.
  static func endOfOptions<Command>() -> OptionSpec<Command> {
    OptionSpec(
      names: ["--"], help: "Every later argument is a file, even one that starts with '-'.",
      action: .endOfOptions, isInUsage: false)
  }

  /// `-h`, `--help`.
  static func help<Command>() -> OptionSpec<Command> {
    OptionSpec(names: ["-h", "--help"], help: "Show this help.", action: .help, isInUsage: false)
  }

  /// `--keep-going`: report every bad line and replay the rest.
  static func keepGoing<Command>(
    help: String, _ set: @escaping (inout Command) -> Void
  ) -> OptionSpec<Command> {
    .flag("--keep-going", help: help) { command throws(UsageError) in set(&command) }
  }

  /// `--layout NAME`: one of the layouts, instead of the recording's.
  static func layout<Command>(
    help: String = "Replay through this layout instead of the header's.",
    _ set: @escaping (inout Command, LayoutID) -> Void
  ) -> OptionSpec<Command> {
    let names = LayoutID.allCases.map(\.rawValue).joined(separator: ", ")
    return .value("--layout", placeholder: "NAME", help: help + " One of \(names).") {
      command, text throws(UsageError) in
      set(&command, try choice(text, kind: "layout"))
    }
  }

  /// Refuses an `--option` that none of `columns`' layouts declares: each layout takes the
  /// options it has, so that one would be dropped in silence.
  static func requireALayout(
    for settings: [LayoutOptionSetting], among columns: [Comparison.Column]
  ) throws(UsageError) {
    func declares<L: Layout>(_ layout: L, _ name: String) -> Bool {
      L.options.contains { $0.name == name }
    }
    for setting in settings where !columns.contains(where: { declares($0.layout, setting.name) }) {
      throw .optionOfNoLayout(setting.name, layouts: columns.map(\.name))
    }
  }

  /// The layouts of a `--layouts LIST`, comma-separated, as `replay compare` names its columns
  /// (`rxkeyboard@2.0.1` is the rxkeyboard layout on RxKeyboard 2.0.1).
  static func columns(_ text: String) throws(UsageError) -> [Comparison.Column] {
    var columns: [Comparison.Column] = []
    for name in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let column = Comparison.Column(name: String(name)) else {
        let names = LayoutID.allCases.map(\.rawValue) + ["rxkeyboard@2.0.1"]
        throw .unknownName(String(name), kind: "layout", candidates: names)
      }
      columns.append(column)
    }
    return columns
  }

  /// `--option NAME=VALUE`: one of the layout's options, over the header's (repeatable).
  ///
  /// A name no built-in layout declares is refused here, with the nearest one suggested; one the
  /// replayed layout lacks, or a value out of its range, is reported when the replay starts.
  static func layoutOption<Command>(
    _ add: @escaping (inout Command, LayoutOptionSetting) -> Void
  ) -> OptionSpec<Command> {
    .value(
      "--option", placeholder: "NAME=VALUE",
      help: "Set a layout option over the header's (repeatable; 'replay layouts' lists them): "
        + "points, or true or false."
    ) { command, text throws(UsageError) in
      guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
        throw .invalidValue(option: "--option", value: text, expected: .layoutOption)
      }
      let name = String(text[..<equals])
      guard let value = LayoutOptionValue(text[text.index(after: equals)...]) else {
        throw .invalidValue(option: "--option", value: text, expected: .layoutOption)
      }
      let names = LayoutID.allCases.flatMap { id in
        id.builtInLayout().map { $0.optionValues.map(\.name) } ?? []
      }
      guard names.contains(name) else {
        throw .unknownName(name, kind: "layout option", candidates: names)
      }
      add(&command, LayoutOptionSetting(name: name, value: value, source: .commandLine))
    }
  }

  /// `--rxkeyboard-version V`: the RxKeyboard release the `rxkeyboard` layout follows.
  static func rxKeyboardVersion<Command>(
    help: String = "The RxKeyboard release the rxkeyboard layout follows:",
    _ set: @escaping (inout Command, RxKeyboardLayout.Version) -> Void
  ) -> OptionSpec<Command> {
    let versions = RxKeyboardLayout.Version.allCases.map(\.rawValue)
    return .value(
      "--rxkeyboard-version", placeholder: "V",
      help: help + " \(versions.joined(separator: " or ")) (default \(versions[0]))."
    ) { command, text throws(UsageError) in
      set(&command, try choice(text, kind: "RxKeyboard version"))
    }
  }

  /// `text` as one of `T`'s cases, or an error listing them.
  static func choice<T: RawRepresentable & CaseIterable>(
    _ text: String, kind: String, as type: T.Type = T.self
  ) throws(UsageError) -> T where T.RawValue == String {
    guard let value = T(rawValue: text) else {
      throw .unknownName(text, kind: kind, candidates: T.allCases.map(\.rawValue))
    }
    return value
  }
}

/// `--color auto|always|never`.
enum ColorChoice: String, CaseIterable {
  case auto
  case always
  case never
}
