/// Turns the blocks read from a printout into events: names them, times them, and settles the
/// device, saying in a note how each inference was made.
struct ImportAssembly {
  let blocks: [PrintedBlock]
  let sources: [String]
  let options: ConsoleImporter.Options
  private(set) var messages: [ImportMessage] = []

  init(blocks: [PrintedBlock], sources: [String], options: ConsoleImporter.Options) {
    self.blocks = blocks
    self.sources = sources
    self.options = options
  }

  /// The recording, or `nil` with the errors in ``messages``.
  mutating func run() -> ImportedRecording? {
    guard !blocks.isEmpty else {
      messages.append(ImportMessage(.error, .noKeyboardNotifications))
      return nil
    }
    guard let (named, counts) = named() else { return nil }
    var events = named
    let times = assignTimes(&events)
    var inference = ScreenInference(events: events, options: options)
    guard let device = inference.run() else {
      messages.append(contentsOf: inference.messages)
      return nil
    }
    messages.append(contentsOf: inference.messages)
    var styles = Set<PrintStyle>()
    for block in blocks { styles.formUnion(block.styles) }
    let info = ImportInfo(
      sources: sources, styles: PrintStyle.allCases.filter(styles.contains),
      screen: inference.screenOrigin, safeArea: inference.safeAreaOrigin, times: times,
      printedNames: counts.printed, labelNames: counts.label, optionNames: counts.option,
      warnings: 0)
    let header = SessionHeader(layout: options.layout, device: device)
    return ImportedRecording(header: header, info: info, events: events)
  }

  // MARK: Names

  /// One event per name of each block, with `t` still 0; `nil` when blocks lack names.
  private mutating func named() -> ([ImportedEvent], (printed: Int, label: Int, option: Int))? {
    let unnamed = blocks.filter { block in
      if case .keyboard = block.name { return false }
      return block.labels.isEmpty
    }
    var optionNames = options.names
    if !unnamed.isEmpty {
      if optionNames.isEmpty {
        for block in unnamed.prefix(options.messageLimit) {
          messages.append(
            ImportMessage(.note, .unnamedBlock, source: block.source, line: block.line))
        }
        messages.append(
          ImportMessage(
            .error, .unnamedBlocks(count: unnamed.count, rerun: rerun(count: unnamed.count))))
        return nil
      }
      if optionNames.count == 1 {
        optionNames = Array(repeating: optionNames[0], count: unnamed.count)
      } else if optionNames.count != unnamed.count {
        messages.append(
          ImportMessage(
            .error, .nameCountMismatch(given: optionNames.count, unnamed: unnamed.count)))
        return nil
      }
    }
    var events: [ImportedEvent] = []
    var counts = (printed: 0, label: 0, option: 0)
    var nextOptionName = optionNames.makeIterator()
    var labelNotes = 0
    for block in blocks {
      func event(_ name: KeyboardNotification.Name, stamp: LogStamp?) {
        events.append(
          ImportedEvent(
            t: 0, name: name, fields: block.fields, source: block.source, line: block.line))
        stamps.append(stamp)
      }
      if case .keyboard(let name) = block.name {
        event(name, stamp: block.stamp)
        counts.printed += 1
      } else if !block.labels.isEmpty {
        for label in block.labels {
          event(label.name, stamp: label.stamp ?? block.stamp)
          counts.label += 1
          if labelNotes < options.messageLimit {
            labelNotes += 1
            messages.append(
              ImportMessage(
                .note, .nameFromLabel(label.name, labelLine: label.line), source: block.source,
                line: block.line))
          }
        }
      } else if let name = nextOptionName.next() {
        event(name, stamp: block.stamp)
        counts.option += 1
      }
    }
    return (events, counts)
  }

  /// Each event's time stamp, in the order of the events.
  private var stamps: [LogStamp?] = []

  /// The command line again with `--name` and a placeholder per unnamed block.
  private func rerun(count: Int) -> String {
    let placeholders =
      count == 1
      ? "NAME" : count <= 8 ? (1...count).map { "NAME\($0)" }.joined(separator: ",") : "NAME"
    let names = KeyboardNotification.Name.allCases.map(\.rawValue).joined(separator: ", ")
    return "\(options.commandLine) --name \(placeholders)\n  (each NAME one of \(names))"
  }

  // MARK: Times

  /// Sets every event's `t`, from the log stamps when there are any, else by the rule.
  private mutating func assignTimes(_ events: inout [ImportedEvent]) -> ImportInfo.Origin {
    guard let firstIndex = stamps.firstIndex(where: { $0 != nil }),
      let first = stamps[firstIndex]
    else {
      assignTimesByRule(&events)
      messages.append(ImportMessage(.note, .timesByRule))
      return .rule
    }
    var previous = 0.0
    var previousStamp: LogStamp?
    var unstamped = 0
    for index in events.indices {
      guard let stamp = stamps[index] else {
        events[index].t = previous
        unstamped += 1
        continue
      }
      let t = Double(stamp.microseconds - first.microseconds) / 1_000_000
      if let previousStamp, stamp < previousStamp {
        messages.append(
          ImportMessage(
            .warning, .stampBeforePrevious, source: events[index].source,
            line: events[index].line))
      }
      previousStamp = stamp
      previous = max(previous, t)
      events[index].t = previous
    }
    let start = events[firstIndex]
    messages.append(
      ImportMessage(
        .note, .timesFromStamps(first: start.line), source: start.source, line: start.line))
    if unstamped > 0 {
      messages.append(ImportMessage(.note, .unstampedEvents(count: unstamped)))
    }
    return .printout(source: start.source, line: start.line)
  }

  /// The rule for printouts without stamps: the first event at 0; `willShow` or `willHide` right
  /// after `willChangeFrame`, or the other way round, at its time (UIKit posts them together); a
  /// `did` at its
  /// `will`'s time plus the `will`'s duration (the animation's length); anything else 1 s after
  /// the event before.
  private func assignTimesByRule(_ events: inout [ImportedEvent]) {
    var openWills: [KeyboardNotification.Name: (t: Double, duration: Double?)] = [:]
    for index in events.indices {
      let name = events[index].name
      var t = 0.0
      if index > 0 {
        let previous = events[index - 1]
        let pair = [name, previous.name]
        if !name.isDid && !previous.name.isDid && name != previous.name
          && pair.contains(.willChangeFrame)
        {
          t = previous.t
        } else if name.isDid, let will = openWills.removeValue(forKey: name.will) {
          let duration = will.duration ?? events[index].fields.duration ?? 0
          t = max(previous.t, will.t + duration)
        } else {
          t = previous.t + 1
        }
      }
      events[index].t = t
      if !name.isDid { openWills[name] = (t, events[index].fields.duration) }
    }
  }
}
