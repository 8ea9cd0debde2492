/// Replays a recording as its bytes arrive: decodes each line, reduces each event, and hands out
/// every state, step 0 first, and every bad line, in file order.
///
/// Memory does not grow with the number of events: the replayer keeps one state (whose messages
/// grow with each send and receive) and the reader's unfinished line.
///
/// ```swift
/// var replayer = Replayer(options: .init())
/// replayer.read(chunk) { output in … return true }   // false stops the replay
/// replayer.finish { output in … return true }
/// ```
public struct Replayer: Sendable {
  /// How to replay: which layout and measurer, whatever the header says.
  public struct Options: Sendable {
    /// Replaces the header's `layout` when set (`--layout`).
    public var layout: LayoutID?
    public var rxKeyboardVersion: RxKeyboardLayout.Version
    /// A layout written outside the library; when set, it replaces `layout` and the header's.
    public var customLayout: AnyLayout?
    /// Options set on the command line (`--option`), applied after the header's, in order.
    public var layoutOptions: [LayoutOptionSetting]
    /// Whether an option the layout does not declare is passed over rather than an error: for
    /// `compare`, whose layouts do not all have the same options.
    public var skipsUndeclaredOptions = false
    public var measurer: AnyTextMeasuring
    public var lineLimit: Int

    public init(
      layout: LayoutID? = nil, rxKeyboardVersion: RxKeyboardLayout.Version = .v1,
      customLayout: AnyLayout? = nil, layoutOptions: [LayoutOptionSetting] = [],
      measurer: AnyTextMeasuring = FontMetricsMeasurer(),
      lineLimit: Int = RecordingReader.defaultLineLimit
    ) {
      self.layout = layout
      self.rxKeyboardVersion = rxKeyboardVersion
      self.customLayout = customLayout
      self.layoutOptions = layoutOptions
      self.measurer = measurer
      self.lineLimit = lineLimit
    }

    /// The screen a recording with `header` (on line `line`) replays through: the layout with the
    /// header's options, then the command line's, applied; an error for the first that cannot be
    /// set.
    public func screen(for header: SessionHeader, line: Int? = nil) throws(RecordingError)
      -> ChatScreen
    {
      var layout: AnyLayout
      if let customLayout {
        layout = customLayout
      } else {
        let id = self.layout ?? header.layout ?? .rxkeyboard
        guard let builtIn = id.builtInLayout(rxKeyboardVersion: rxKeyboardVersion) else {
          preconditionFailure("layout '\(id.rawValue)' is custom: set customLayout to its value")
        }
        layout = builtIn
      }
      for setting in header.options + layoutOptions {
        do {
          layout = try applying(setting, to: layout, skippingUndeclared: skipsUndeclaredOptions)
        } catch {
          switch setting.source {
          case .header(let column, let excerpt, let excerptColumn):
            throw RecordingError(
              line: line ?? 1, column: column,
              problem: .layoutOption(error, fromCommandLine: false), excerpt: excerpt,
              excerptColumn: excerptColumn)
          case .commandLine:
            throw RecordingError(
              line: line ?? 1, column: 1, problem: .layoutOption(error, fromCommandLine: true),
              excerpt: "", excerptColumn: 1)
          }
        }
      }
      return ChatScreen(layout: layout, measurer: measurer)
    }
  }

  /// What the replay produced.
  public enum Output: Sendable {
    /// The replay begins: the header (the default one if the file has none) and the screen.
    case start(SessionHeader, ChatScreen)
    /// A state; for steps after 0, with the event's line number and byte range in the file.
    case state(ChatState, event: TimedEvent?, line: Int?, bytes: Range<Int>?)
    /// A line that could not be replayed.
    case error(RecordingError)
  }

  public let options: Options
  var reader: RecordingReader
  public private(set) var header: SessionHeader?
  public private(set) var screen: ChatScreen?
  /// The latest state, once the header is known.
  public var state: ChatState? { started ? current : nil }
  /// Whether the header has arrived and ``current`` holds a real state.
  private(set) var started = false
  /// The latest state, reduced in place: no copy of it is made per step but the one handed out.
  var current = ChatState(
    layout: RxKeyboardLayout(), memory: RxKeyboardLayout.Memory(defaultFrame: .zero),
    screen: Size(width: 0, height: 0), safeArea: .zero)
  /// The screen events are reduced through; a copy of ``screen`` kept unwrapped.
  private(set) var reducer = ChatScreen()

  public init(options: Options = Options()) {
    self.options = options
    self.reader = RecordingReader(lineLimit: options.lineLimit)
  }

  /// Replays the events in the next chunk of the file; returns `false` once `body` asked to stop.
  ///
  /// `decoded`, the same chunk decoded ahead of time (perhaps on another thread), saves decoding
  /// its lines again and changes nothing else.
  @discardableResult
  public mutating func read(
    _ chunk: UnsafeBufferPointer<UInt8>, decoded: DecodedChunk? = nil, _ body: (Output) -> Bool
  ) -> Bool {
    var reader = takeReader()
    defer { self.reader = reader }
    return reader.read(chunk, decoded: decoded) { item in handle(item, body) }
  }

  /// Replays the last line and ends the replay.
  @discardableResult
  public mutating func finish(_ body: (Output) -> Bool) -> Bool {
    var reader = takeReader()
    defer { self.reader = reader }
    return reader.finish { item in handle(item, body) }
  }

  /// Replays the events in the next chunk, handing each state to `state` as it passes.
  ///
  /// The fast path for consumers that only look at each state: no ``Output`` is built and no
  /// copy of the state is made. `decoded`, the same chunk decoded ahead of time (perhaps on
  /// another thread), saves decoding its lines again and changes nothing else. Returns `false`
  /// once a closure asked to stop.
  @discardableResult
  public mutating func read(
    _ chunk: UnsafeBufferPointer<UInt8>, decoded: DecodedChunk? = nil,
    state: (ChatState, TimedEvent?) -> Bool, error: (RecordingError) -> Bool
  ) -> Bool {
    read(chunk, decoded: decoded, step: { value, event, _, _ in state(value, event) }, error: error)
  }

  /// Replays the events in the next chunk like ``read(_:decoded:state:error:)``, handing each
  /// state to `step` with its event's line number and byte range (those of the header, or `nil`,
  /// for step 0).
  @discardableResult
  public mutating func read(
    _ chunk: UnsafeBufferPointer<UInt8>, decoded: DecodedChunk? = nil,
    step: (ChatState, TimedEvent?, _ line: Int?, _ bytes: Range<Int>?) -> Bool,
    error: (RecordingError) -> Bool
  ) -> Bool {
    read(
      chunk, decoded: decoded,
      settledStep: { value, event, line, bytes, _ in
        step(value, event, line, bytes)
      }, error: error)
  }

  /// Replays the events in the next chunk like ``read(_:decoded:step:error:)``, telling `step`
  /// too whether the state is the one handed out before with only its step, its time and its
  /// input text changed: a step ``ChatScreen/reduceSettled(into:_:)`` took (a keystroke, most
  /// often), whose other fields a consumer may take as they were.
  @discardableResult
  mutating func read(
    _ chunk: UnsafeBufferPointer<UInt8>, decoded: DecodedChunk? = nil,
    settledStep step: (ChatState, TimedEvent?, _ line: Int?, _ bytes: Range<Int>?, Bool) -> Bool,
    error: (RecordingError) -> Bool
  ) -> Bool {
    var reader = takeReader()
    defer { self.reader = reader }
    return reader.read(chunk, decoded: decoded) { item in
      handle(item, state: step, error: error)
    }
  }

  /// Replays the last line and ends the replay, like ``finish(_:)`` for
  /// ``read(_:state:error:)``.
  @discardableResult
  public mutating func finish(
    state: (ChatState, TimedEvent?) -> Bool, error: (RecordingError) -> Bool
  ) -> Bool {
    finish(step: { value, event, _, _ in state(value, event) }, error: error)
  }

  /// Replays the last line and ends the replay, like ``finish(_:)`` for
  /// ``read(_:decoded:step:error:)``.
  @discardableResult
  public mutating func finish(
    step: (ChatState, TimedEvent?, _ line: Int?, _ bytes: Range<Int>?) -> Bool,
    error: (RecordingError) -> Bool
  ) -> Bool {
    finish(
      settledStep: { value, event, line, bytes, _ in step(value, event, line, bytes) },
      error: error)
  }

  /// Replays the last line and ends the replay, like ``finish(step:error:)`` for
  /// ``read(_:decoded:settledStep:error:)``.
  @discardableResult
  mutating func finish(
    settledStep step: (ChatState, TimedEvent?, _ line: Int?, _ bytes: Range<Int>?, Bool) -> Bool,
    error: (RecordingError) -> Bool
  ) -> Bool {
    var reader = takeReader()
    defer { self.reader = reader }
    return reader.finish { item in handle(item, state: step, error: error) }
  }

  mutating func handle(
    _ item: RecordingReader.Item,
    state: (ChatState, TimedEvent?, Int?, Range<Int>?, _ isSettled: Bool) -> Bool,
    error: (RecordingError) -> Bool
  ) -> Bool {
    switch item {
    case .event(let event, let line, let bytes):
      guard started else { return false }
      // ``ChatScreen/reduce(into:_:)``, told apart.
      let isSettled = reducer.reduceSettled(into: &current, event)
      if !isSettled { reducer.reduceFully(into: &current, event) }
      // Handed out through a pointer: passed as it is, the state was copied (its bytes) first.
      return withUnsafePointer(to: &current) { state($0.pointee, event, line, bytes, isSettled) }
    case .header, .error:
      return handle(item) { output in
        switch output {
        case .start: true
        case .state(let value, let event, let line, let bytes):
          state(value, event, line, bytes, false)
        case .error(let value): error(value)
        }
      }
    }
  }

  /// Moves the reader out, so that its buffer stays uniquely referenced while it reads.
  mutating func takeReader() -> RecordingReader {
    let reader = self.reader
    self.reader = RecordingReader(lineLimit: 0)
    return reader
  }

  private mutating func handle(_ item: RecordingReader.Item, _ body: (Output) -> Bool) -> Bool {
    switch item {
    case .header(let header, let line):
      self.header = header
      let screen: ChatScreen
      do {
        screen = try options.screen(for: header, line: line)
      } catch {
        return body(.error(error)) && false
      }
      self.screen = screen
      reducer = screen
      current = screen.initialState(header: header)
      started = true
      return body(.start(header, screen))
        && body(.state(current, event: nil, line: line, bytes: nil))
    case .event(let event, let line, let bytes):
      guard started else { return false }
      reducer.reduce(into: &current, event)
      return body(.state(current, event: event, line: line, bytes: bytes))
    case .error(let error):
      return body(.error(error))
    }
  }
}
