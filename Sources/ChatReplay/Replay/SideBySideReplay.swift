/// Replays one recording through several layouts at once: each line is decoded once and its
/// event reduced by every layout's screen in turn, so the states of a step arrive together.
///
/// What ``ObservedRanking`` is built on.
struct SideBySideReplay: Sendable {
  /// The layouts, in order, before the header's and the command line's options.
  let layouts: [any Layout]
  /// The measurer, the line limit and the command line's layout options (each layout takes those
  /// it declares).
  let options: Replayer.Options
  private var reader: RecordingReader
  /// The recording's header, once read (the default one if the file has none).
  private(set) var header: SessionHeader?
  private var screens: [ChatScreen] = []
  /// Each layout's latest state, reduced in place.
  private var states: [ChatState] = []
  private var started = false

  init(layouts: [any Layout], options: Replayer.Options) {
    self.layouts = layouts
    self.options = options
    reader = RecordingReader(lineLimit: options.lineLimit)
  }

  /// Replays the next chunk; returns `false` once a closure asked to stop.
  ///
  /// `start` gets the header, then `step` each step's event (`nil` for step 0) and the layouts'
  /// states, in order; `error` gets a bad line. `decoded` is the chunk decoded ahead of time,
  /// perhaps on another thread.
  mutating func read(
    _ chunk: UnsafeBufferPointer<UInt8>, decoded: DecodedChunk? = nil,
    start: (SessionHeader) -> Bool, step: (TimedEvent?, [ChatState]) -> Bool,
    error: (RecordingError) -> Bool
  ) -> Bool {
    var reader = takeReader()
    defer { self.reader = reader }
    return reader.read(chunk, decoded: decoded) { item in handle(item, start, step, error) }
  }

  /// Replays the last line, as ``read(_:decoded:start:step:error:)`` does.
  mutating func finish(
    start: (SessionHeader) -> Bool, step: (TimedEvent?, [ChatState]) -> Bool,
    error: (RecordingError) -> Bool
  ) -> Bool {
    var reader = takeReader()
    defer { self.reader = reader }
    return reader.finish { item in handle(item, start, step, error) }
  }

  /// Moves the reader out, so that its buffer stays uniquely referenced while it reads.
  private mutating func takeReader() -> RecordingReader {
    let reader = self.reader
    self.reader = RecordingReader(lineLimit: 0)
    return reader
  }

  private mutating func handle(
    _ item: RecordingReader.Item, _ start: (SessionHeader) -> Bool,
    _ step: (TimedEvent?, [ChatState]) -> Bool, _ error: (RecordingError) -> Bool
  ) -> Bool {
    switch item {
    case .event(let event, _, _):
      guard started else { return false }
      for index in states.indices {
        screens[index].reduce(into: &states[index], event)
      }
      return step(event, states)
    case .header(let header, let line):
      self.header = header
      screens = []
      states = []
      for layout in layouts {
        var layoutOptions = options
        layoutOptions.customLayout = layout
        // The header's and the command line's options are for whichever layouts have them.
        layoutOptions.skipsUndeclaredOptions = true
        do {
          let screen = try layoutOptions.screen(for: header, line: line)
          screens.append(screen)
          states.append(screen.initialState(header: header))
        } catch let failure {
          return error(failure) && false
        }
      }
      started = true
      return start(header) && step(nil, states)
    case .error(let failure):
      return error(failure)
    }
  }
}
