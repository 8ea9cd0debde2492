internal import ChatReplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `replay import`: turns console printouts of keyboard notifications into a recording.
struct ImportCommand: Subcommand {
  static let name = "import"
  static let abstract = "Turn a console log of keyboard notifications into a recording."
  static let usage =
    "Usage: replay import [FILE|-]... [--name NAME[,NAME...]] [--key frameBegin|frameEnd] "
    + "[--device PROFILE | --screen WxH [--safe-area T,L,B,R]] [--layout NAME] [--output FILE] "
    + "[--strict]"

  static let help = """
    replay import: reads what an app printed about its keyboard notifications (print,
    NSLog, po in lldb, gdb; Objective-C or Swift; pasted from Xcode, an issue or a code comment)
    and writes one recording (format 1) to standard output, or to FILE with --output.

    \(usage)

    With no FILE, or with -, reads standard input. Several files are read in order into one
    recording. Notes (what was inferred and from where) and warnings (lines that looked like
    data but were not imported) go to standard error.

    Options:
      --name NAME[,NAME...]  The notification of each block that prints no name: one name for
                             all of them, or one per such block in order (willShow, didShow,
                             willHide, didHide, willChangeFrame, didChangeFrame, or
                             UIKeyboardWillShowNotification and so on). A printed name wins.
      --key frameBegin|frameEnd
                             Which frame a rect printed without a key is.
      --device PROFILE       The device: \(DeviceProfile.all.map(\.name).joined(separator: ", ")).
      --screen WxH           The screen size in points, instead of inferring it from the frames.
      --safe-area T,L,B,R    The safe-area insets, instead of the matching device's.
      --layout NAME          The header's layout: \
    \(LayoutID.allCases.map(\.rawValue).joined(separator: ", ")).
      --output FILE          Write to FILE (atomically; never over an input) instead of
                             standard output.
      --strict               Make every warning an error (exit status 1, no recording).
      -h, --help             Show this help.

    Exit status: 0 imported, 1 nothing to import or an error, 64 bad arguments.
    """

  var files: [String] = []
  var options = ConsoleImporter.Options()
  var outputPath: String?
  var showsHelp = false

  init(arguments: [String]) throws(UsageError) {
    var rest = ArgumentList(arguments)
    var rerun = ["replay", "import"]
    var optionsEnded = false
    while let argument = rest.next() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        files.append(argument)
        rerun.append(argument)
        continue
      }
      switch argument {
      case "--":
        optionsEnded = true
        rerun.append(argument)
      case "-h", "--help":
        showsHelp = true
      case "--name":
        let text = try rest.value(for: "--name")
        options.names = try text.split(separator: ",", omittingEmptySubsequences: false).map {
          (part) throws(UsageError) in
          let word = part.filter { $0 != " " }
          guard let name = KeyboardNotification.Name(userText: word) else {
            throw UsageError.unknown(
              "notification name", word, KeyboardNotification.Name.allCases.map(\.rawValue))
          }
          return name
        }
      case "--key":
        options.rectKey = try rest.choice(for: "--key", named: "key")
        rerun += [argument, options.rectKey?.rawValue ?? ""]
      case "--device":
        let text = try rest.value(for: "--device")
        guard let profile = DeviceProfile.named(text) else {
          throw UsageError.unknown("profile", text, DeviceProfile.all.map(\.name))
        }
        options.profile = profile
        rerun += [argument, text]
      case "--screen":
        let text = try rest.value(for: "--screen")
        let parts = text.split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 100_000 }) else {
          throw UsageError(
            message: "--screen takes WIDTHxHEIGHT in points, such as 375x812, not '\(text)'")
        }
        options.screen = Size(width: parts[0], height: parts[1])
        rerun += [argument, text]
      case "--safe-area":
        let text = try rest.value(for: "--safe-area")
        let parts = text.split(separator: ",").compactMap { Double($0.filter { $0 != " " }) }
        guard parts.count == 4, parts.allSatisfy({ $0.magnitude <= 100_000 }) else {
          throw UsageError(
            message:
              "--safe-area takes TOP,LEFT,BOTTOM,RIGHT in points, such as 44,0,34,0, not '\(text)'")
        }
        options.safeArea = EdgeInsets(
          top: parts[0], left: parts[1], bottom: parts[2], right: parts[3])
        rerun += [argument, text]
      case "--layout":
        let text = try rest.value(for: "--layout")
        let names = LayoutID.allCases.map(\.rawValue)
        guard let layout = LayoutID(rawValue: text), names.contains(text) else {
          throw UsageError.unknown("layout", text, names)
        }
        options.layout = layout
        rerun += [argument, text]
      case "--output":
        outputPath = try rest.value(for: "--output")
      case "--strict":
        options.isStrict = true
        rerun.append(argument)
      default:
        throw UsageError.unknown(
          "option", argument,
          [
            "--name", "--key", "--device", "--screen", "--safe-area", "--layout", "--output",
            "--strict", "--help",
          ])
      }
    }
    if options.profile != nil && options.screen != nil {
      throw UsageError(message: "--device and --screen cannot be used together")
    }
    if options.profile != nil && options.safeArea != nil {
      throw UsageError(
        message: "--safe-area goes with --screen, not --device (whose safe area is known)")
    }
    if files.isEmpty { files = ["-"] }
    if files.filter({ $0 == "-" }).count > 1 {
      throw UsageError(message: "standard input (-) can be read only once")
    }
    if let outputPath { rerun += ["--output", outputPath] }
    options.commandLine = rerun.map(Self.quoted).joined(separator: " ")
  }

  /// `word` as a shell reads it back.
  private static func quoted(_ word: String) -> String {
    let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./,=:+@".contains($0) }
    return plain && !word.isEmpty ? word : "'" + word.replacingQuotes() + "'"
  }

  mutating func run() -> Int32 {
    var output = Output.standardOutput
    var standardError = Output.standardError
    defer {
      output.flush()
      standardError.flush()
    }
    if showsHelp {
      output.line(Self.help)
      return Replay.success
    }
    var importer = ConsoleImporter(options: options)
    for file in files {
      let name = file == "-" ? "<stdin>" : file
      importer.begin(source: name)
      do {
        if file == "-" {
          try readChunks(from: 0, path: name) { chunk in
            importer.read(chunk)
            return !importer.hasStopped
          }
        } else {
          try readChunks(of: file) { chunk in
            importer.read(chunk)
            return !importer.hasStopped
          }
        }
      } catch {
        standardError.line("Error: \(error.description)")
        return Replay.failure
      }
    }
    let outcome = importer.finish()
    for message in outcome.messages {
      standardError.line(message.rendered(files: outcome.sources))
    }
    guard let recording = outcome.recording else { return Replay.failure }
    let bytes = Array(recording.jsonLines.utf8)
    guard let outputPath else {
      output.write(bytes)
      return Replay.success
    }
    do {
      try writeFileAtomically(bytes, to: outputPath, protecting: files.filter { $0 != "-" })
    } catch {
      standardError.line("Error: cannot write '\(error.path)': \(error.reason)")
      return Replay.failure
    }
    return Replay.success
  }
}

extension String {
  /// The text with each `'` written as `'\''`, for a single-quoted shell word.
  fileprivate func replacingQuotes() -> String {
    split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
  }
}
