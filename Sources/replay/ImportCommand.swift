internal import ChatReplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `replay import`: turns console printouts of keyboard notifications into a recording.
struct ImportCommand: Command {
  static let name = "import"
  static let abstract = "Turn a console log of keyboard notifications into a recording."
  static let overview = """
    replay import: reads what an app printed about its keyboard notifications (print,
    NSLog, po in lldb, gdb; Objective-C or Swift; pasted from Xcode, an issue or a code comment)
    and writes one recording (format 1) to standard output, or to FILE with --output.
    """
  static let discussion = """
    With no FILE, or with -, reads standard input. Several files are read in order into one
    recording. Notes (what was inferred and from where) and warnings (lines that looked like
    data but were not imported) go to standard error.
    """
  static let epilogue =
    "Exit status: 0 imported, 1 nothing to import or an error, 64 bad arguments."

  static var positional: PositionalSpec<ImportCommand>? {
    PositionalSpec(placeholder: "FILE", count: .any) { command, file throws(UsageError) in
      if file == "-" && command.files.contains("-") { throw .repeatedStandardInput }
      // A file that reads as an option is re-run after `--`.
      if file.hasPrefix("-") && file != "-" && !command.rerun.contains("--") {
        command.rerun.append("--")
      }
      command.files.append(file)
      command.rerun.append(file)
    }
  }

  static var options: [OptionSpec<ImportCommand>] {
    let names = KeyboardNotification.Name.allCases.map(\.rawValue)
    return [
      .value(
        "--name", placeholder: "NAME[,NAME...]",
        help: "The notification of each block that prints no name: one name for all of them, "
          + "or one per such block in order (willShow, didShow, willHide, didHide, "
          + "willChangeFrame, didChangeFrame, or UIKeyboardWillShowNotification and so on). A "
          + "printed name wins."
      ) { command, text throws(UsageError) in
        var parsed: [KeyboardNotification.Name] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
          let word = part.filter { $0 != " " }
          guard let name = KeyboardNotification.Name(userText: word) else {
            throw .unknownName(word, kind: "notification name", candidates: names)
          }
          parsed.append(name)
        }
        command.options.names = parsed
      },
      .value(
        "--key", placeholder: "frameBegin|frameEnd",
        help: "Which frame a rect printed without a key is."
      ) { command, text throws(UsageError) in
        let key: ConsoleImporter.FrameKey = try SharedOptions.choice(text, kind: "key")
        command.options.rectKey = key
        command.rerun += ["--key", key.rawValue]
      },
      .value(
        "--device", placeholder: "PROFILE",
        help: "The device: \(DeviceProfile.all.map(\.name).joined(separator: ", "))."
      ) { command, text throws(UsageError) in
        guard let profile = DeviceProfile.named(text) else {
          throw .unknownName(text, kind: "profile", candidates: DeviceProfile.all.map(\.name))
        }
        command.options.profile = profile
        command.rerun += ["--device", text]
      },
      .value(
        "--screen", placeholder: "WxH",
        help: "The screen size in points, instead of inferring it from the frames."
      ) { command, text throws(UsageError) in
        let parts = text.split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 100_000 }) else {
          throw .invalidValue(option: "--screen", value: text, expected: .size)
        }
        command.options.screen = Size(width: parts[0], height: parts[1])
        command.rerun += ["--screen", text]
      },
      .value(
        "--safe-area", placeholder: "T,L,B,R",
        help: "The safe-area insets, instead of the matching device's."
      ) { command, text throws(UsageError) in
        let parts = text.split(separator: ",").compactMap { Double($0.filter { $0 != " " }) }
        guard parts.count == 4, parts.allSatisfy({ $0.magnitude <= 100_000 }) else {
          throw .invalidValue(option: "--safe-area", value: text, expected: .insets)
        }
        command.options.safeArea = EdgeInsets(
          top: parts[0], left: parts[1], bottom: parts[2], right: parts[3])
        command.rerun += ["--safe-area", text]
      },
      SharedOptions.layout(help: "The header's layout.") { command, layout in
        command.options.layout = layout
        command.rerun += ["--layout", layout.rawValue]
      },
      .value(
        "--output", placeholder: "FILE",
        help: "Write to FILE (atomically; never over an input) instead of standard output."
      ) { command, text throws(UsageError) in command.outputPath = text },
      .flag("--strict", help: "Make every warning an error (exit status 1, no recording).") {
        command throws(UsageError) in
        command.options.isStrict = true
        command.rerun.append("--strict")
      },
      SharedOptions.help(),
      SharedOptions.endOfOptions(),
    ]
  }

  var files: [String] = []
  var options = ConsoleImporter.Options()
  var outputPath: String?
  /// The command line as the recording's header records it.
  private var rerun = ["replay", "import"]

  mutating func validate() throws(UsageError) {
    if options.profile != nil && options.screen != nil {
      throw .conflicting("--device", "--screen")
    }
    if options.profile != nil && options.safeArea != nil {
      throw .requires(
        option: "--safe-area", required: "--screen, not --device (whose safe area is known)")
    }
    if files.isEmpty { files = ["-"] }
    if let outputPath { rerun += ["--output", outputPath] }
    options.commandLine = rerun.map(Self.quoted).joined(separator: " ")
  }

  /// `word` as a shell reads it back.
  private static func quoted(_ word: String) -> String {
    let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./,=:+@".contains($0) }
    return plain && !word.isEmpty ? word : "'" + word.replacingQuotes() + "'"
  }

  func run(_ console: inout Console) -> ExitStatus {
    var importer = ConsoleImporter(options: options)
    for file in files {
      importer.begin(source: displayName(forPath: file))
      do {
        try readChunks(of: file) { chunk in
          importer.read(chunk)
          return !importer.hasStopped
        }
      } catch {
        console.error.line("Error: \(error.description)")
        return .failure
      }
    }
    let outcome = importer.finish()
    for message in outcome.messages {
      console.error.line(message.rendered(files: outcome.sources))
    }
    guard let recording = outcome.recording else { return .failure }
    let bytes = Array(recording.jsonLines.utf8)
    guard let outputPath else {
      console.output.write(bytes)
      return .success
    }
    do {
      try writeFileAtomically(bytes, to: outputPath, protecting: files.filter { $0 != "-" })
    } catch {
      console.error.line("Error: \(error.description)")
      return .failure
    }
    return .success
  }
}

extension String {
  /// The text with each `'` written as `'\''`, for a single-quoted shell word.
  fileprivate func replacingQuotes() -> String {
    split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
  }
}
