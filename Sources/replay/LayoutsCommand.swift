internal import ChatReplay

/// `replay layouts`: lists the layouts and their options.
struct LayoutsCommand: Command {
  static let name = "layouts"
  static let abstract = "Lists the layouts with their options and defaults."
  static let overview =
    "replay layouts: lists every layout, what it models, and its options with their defaults."
  static let discussion = """
    A recording's header sets options ("options": {"inputBar.height": 52}); --option NAME=VALUE
    on a command that replays sets them over the header's.
    """
  static let epilogue = "Exit status: 0."
  static var positional: PositionalSpec<LayoutsCommand>? { nil }
  static var options: [OptionSpec<LayoutsCommand>] { [SharedOptions.help()] }

  func run(_ console: inout Console) -> ExitStatus {
    for line in LayoutListing.lines { console.output.line(line) }
    return .success
  }
}
