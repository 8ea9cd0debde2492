internal import Dispatch

/// Turns what happens on a chat screen into the lines of a recording that `replay` reads.
///
/// Inputs are typed facts (a keyboard notification's `userInfo`, a text change, a tap, a scroll,
/// what UIKit laid out); the recorder stamps each with the injected monotonic clock, writes it as
/// one format-version-1 line, and queues it for the sink. It makes every decision about what is
/// written, so that the UIKit layer only forwards:
///
/// - `t` is seconds since the recorder started, never decreasing, even if the clock does.
/// - A keyboard notification's standard keys are written as `null` when absent or unusable; the
///   legacy keys (`centerBegin`, `centerEnd`, `bounds`) when present; every other key under
///   `extra`, so that nothing UIKit posted is lost.
/// - Scrolls are coalesced to one per display frame (the last offset of the frame), and only
///   those the user drives (dragging or decelerating) are written; offsets set by the app are
///   its layout's doing, which `observed` records.
/// - A viewport, safe area or observed layout equal to the last one written is not repeated.
/// - With ``Options/masksText``, typed and received text is masked (``TextMasking``) and the
///   header says `"masked":true`.
///
/// Inputs come from one thread (the main thread in an app). Lines are written to the sink by
/// ``flush()`` or, with ``Drain/background``, on a serial queue of the recorder's own.
///
/// ```swift
/// let recorder = SessionRecorder(header: header, clock: { uptime() }, sink: try FileSink(path: p))
/// recorder.textChanged("Hi")   // {"t":0.52,"type":"textChange","text":"Hi"}
/// recorder.sendTapped()        // {"t":0.9,"type":"sendTap"}
/// recorder.stop()
/// ```
public final class SessionRecorder {
  /// How the recorder behaves.
  public struct Options: Hashable, Sendable {
    /// Mask typed and received text (``TextMasking``).
    public var masksText: Bool
    /// How many lines may wait for the sink before further ones are counted as lost.
    public var bufferCapacity: Int
    /// The display's frame interval, in seconds: scrolls closer together than this are one.
    public var frameInterval: Double
    /// Lines longer than this many bytes are counted as lost (the replayer reads at most 1 MiB).
    public var maximumLineLength: Int

    public init(
      masksText: Bool = false, bufferCapacity: Int = 1024, frameInterval: Double = 1.0 / 60,
      maximumLineLength: Int = 1 << 20
    ) {
      self.masksText = masksText
      self.bufferCapacity = bufferCapacity
      self.frameInterval = frameInterval
      self.maximumLineLength = maximumLineLength
    }
  }

  /// When queued lines reach the sink.
  public enum Drain: Sendable {
    /// When the owner calls ``SessionRecorder/flush()``.
    case manual
    /// As soon as possible, on a serial background queue.
    case background
  }

  let options: Options
  private let clock: () -> Double
  private let start: Double
  private let buffer: LineBuffer
  private var lastT = 0.0
  private var pendingScroll: (firstT: Double, t: Double, offsetY: Double)?
  private var viewport: (size: Size, frame: Rect?)
  private var safeArea: Insets
  private var lastObserved: ObservedLayout?
  private(set) var isStopped = false

  /// Starts a recording: writes `header` as its first line.
  public init(
    header: Header, options: Options = Options(), clock: @escaping () -> Double,
    sink: any RecordingSink, drain: Drain = .manual
  ) {
    self.options = options
    self.clock = clock
    self.start = clock()
    let queue: DispatchQueue? =
      switch drain {
      case .manual: nil
      case .background: DispatchQueue(label: "ChatReplayRecorder.drain", qos: .utility)
      }
    self.buffer = LineBuffer(
      capacity: options.bufferCapacity, maximumLineLength: options.maximumLineLength, sink: sink,
      queue: queue)
    self.viewport = (header.windowSize, header.windowFrameInScreen)
    self.safeArea = header.safeArea
    buffer.append(Self.headerLine(header, masksText: options.masksText), t: 0, isHeader: true)
  }

  /// Writes the queued lines to the sink; safe to call from any thread.
  public func flush() {
    buffer.drain()
  }

  /// Ends the recording: writes a waiting scroll and every queued line, and closes the sink.
  ///
  /// Inputs after this are ignored.
  public func stop() {
    guard !isStopped else { return }
    writePendingScroll()
    isStopped = true
    buffer.close()
  }

  // MARK: Writing lines

  /// The time for an input happening now.
  private func now() -> Double {
    let elapsed = clock() - start
    if elapsed.isFinite, elapsed > lastT { lastT = elapsed }
    return lastT
  }

  /// Writes one event line: `t`, `type`, then what `fields` writes.
  func emit(_ type: String, fields: (inout LineWriter) -> Void = { _ in }) {
    guard !isStopped else { return }
    writePendingScroll()
    let t = now()
    write(type, t: t, fields: fields)
  }

  private func write(_ type: String, t: Double, fields: (inout LineWriter) -> Void) {
    var writer = LineWriter()
    writer.beginObject()
    writer.key("t")
    writer.number(t)
    writer.key("type")
    writer.string(type)
    fields(&writer)
    writer.endObject()
    buffer.append(writer.line, t: t)
  }

  private func writePendingScroll() {
    guard let scroll = pendingScroll else { return }
    pendingScroll = nil
    write("scroll", t: scroll.t) { writer in
      writer.key("offsetY")
      writer.number(scroll.offsetY)
    }
  }

  func text(_ text: String) -> String {
    options.masksText ? TextMasking.mask(text) : text
  }

  // MARK: Inputs whose writing depends on what came before

  /// The list's `contentOffset` changed; `isDragging` and `isDecelerating` are the scroll view's.
  public func scrolled(offsetY: Double, isDragging: Bool, isDecelerating: Bool) {
    guard !isStopped, isDragging || isDecelerating else { return }
    let t = now()
    if let pending = pendingScroll, t - pending.firstT < options.frameInterval {
      pendingScroll = (pending.firstT, t, offsetY)
      return
    }
    writePendingScroll()
    pendingScroll = (t, t, offsetY)
  }

  /// The window's geometry, as it is now; written as a `viewport` event when its size or frame
  /// changed, as a `safeArea` event when only the safe area did, and not at all otherwise.
  public func viewportChanged(windowSize: Size, safeArea: Insets, windowFrameInScreen: Rect?) {
    if windowSize != viewport.size || windowFrameInScreen != viewport.frame {
      viewport = (windowSize, windowFrameInScreen)
      self.safeArea = safeArea
      emit("viewport") { writer in
        writer.key("screen")
        writer.size(windowSize)
        writer.key("safeArea")
        writer.insets(safeArea)
        if let windowFrameInScreen {
          writer.key("windowFrameInScreen")
          writer.rect(windowFrameInScreen)
        }
      }
    } else {
      safeAreaChanged(safeArea)
    }
  }

  /// The safe-area insets changed; written unless they equal the last ones written.
  public func safeAreaChanged(_ insets: Insets) {
    guard insets != safeArea else { return }
    safeArea = insets
    emit("safeArea") { writer in
      writer.key("insets")
      writer.insets(insets)
    }
  }

  /// UIKit laid the screen out (`viewDidLayoutSubviews`); written as an `observed` event unless
  /// it is empty or equal to the last one written.
  public func layoutObserved(_ layout: ObservedLayout) {
    guard !layout.isEmpty, layout != lastObserved else { return }
    lastObserved = layout
    emit("observed") { writer in layout.write(to: &writer) }
  }
}
