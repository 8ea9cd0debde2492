extension PageData {
  /// A page made in one pass over a recording whose bytes arrive chunk by chunk: each line
  /// decoded, reduced and written into the page as it passes, the page's data then written piece
  /// by piece (no copy of it is made whole).
  ///
  /// Its scene is drawn in the pass or, when made with `drawsScene` false, by a ``SceneColumn``
  /// that the caller feeds with the states the pass hands out, in order (on another thread, say):
  /// the page's bytes are the same either way.
  ///
  /// ```swift
  /// var pass = PageData.OnePass(options: options, first: 0, last: nil, expectedSteps: 1_000)
  /// for chunk in chunks { guard pass.read(chunk) else { break } }
  /// _ = pass.finishReading()
  /// if case .ready = pass.outcome { pass.write(name: "r.jsonl") { output.append($0) } }
  /// ```
  public struct OnePass {
    /// What the pass made of the recording.
    public enum Outcome: Sendable {
      /// The page's data is ready to write; the recording's last step.
      case ready(lastStep: Int)
      /// The window asked for is not within steps `0...lastStep`, or holds more than
      /// ``PageData/stepLimit`` steps.
      case outsideWindow(lastStep: Int)
      /// The window holds few enough steps to carry `why` and `blame`, which need a timeline:
      /// make the page with ``PageData/jsonUTF8(_:options:name:first:last:)``.
      case explained
      /// The recording's first bad line.
      case failed(RecordingError)
    }

    private var replayer: Replayer
    private var builder: PageBuilder?
    private let first: Int
    private let last: Int?
    private let end: Int
    private let drawsScene: Bool
    private var firstLayout: LayoutID?
    private var lastStep = 0
    private var isFinished = false
    /// The steps read and not yet handed over in a batch (``read(_:decoded:batches:)``).
    private var batch = SceneBatch(capacity: SceneBatch.stepCount)
    /// The steps of each piece of the columns, when the page is written in pieces.
    private let pieceSteps: Int?
    /// A piece of the columns, written before it is handed out whole.
    private var piece: [UInt8] = []
    /// The recording's first bad line, once read.
    public private(set) var failure: RecordingError?

    /// A pass over the recording replayed with `options`, for the page of steps `first` to
    /// `last` (the last step when `nil`), which holds about `expectedSteps` steps; without
    /// `drawsScene`, the scene is left to a ``SceneColumn`` fed by ``read(_:decoded:scene:)``.
    ///
    /// With `piecesOf` (see ``PageData/pieceSteps(expectedSteps:)``), the columns that grow with
    /// the steps are handed out in pieces of that many steps as the pass goes
    /// (``read(_:decoded:batches:pieces:)``), the phone's by a ``SceneColumn`` made with the
    /// same `piecesOf`, and left out of the data. The page is then the pieces, the pass's piece
    /// k followed by the phone's piece k − 1 (and the phone's last two after the pass's last),
    /// then the data.
    public init(
      options: Replayer.Options, first: Int, last: Int?, expectedSteps: Int,
      drawsScene: Bool = true, piecesOf pieceSteps: Int? = nil
    ) {
      replayer = Replayer(options: options)
      builder = PageBuilder(
        measurer: options.measurer, first: first,
        expectedCount: max(1, min(expectedSteps, stepLimit)), explaining: nil,
        drawsScene: drawsScene, piecesOf: pieceSteps, textsToScript: true)
      self.first = first
      self.last = last
      self.drawsScene = drawsScene
      self.pieceSteps = pieceSteps
      end = min(last ?? Int.max, first + stepLimit - 1)
    }

    /// Replays the next chunk of the recording into the page (`decoded`: its lines decoded
    /// ahead, perhaps on another thread); `false` once a line was bad.
    public mutating func read(_ chunk: UnsafeBufferPointer<UInt8>, decoded: DecodedChunk? = nil)
      -> Bool
    {
      read(chunk, decoded: decoded, scene: { _ in })
    }

    /// Replays the next chunk like ``read(_:decoded:)``, handing each state of the page's window
    /// to `scene` when the pass does not draw the scene itself.
    public mutating func read(
      _ chunk: UnsafeBufferPointer<UInt8>, decoded: DecodedChunk? = nil,
      scene: (SceneStep) -> Void
    ) -> Bool {
      stepping(
        { state, isSettled, _ in scene(SceneStep(state: state, isSettled: isSettled)) },
        Self.noPieces,
        { replayer, step, error in
          replayer.read(chunk, decoded: decoded, settledStep: step, error: error)
        })
    }

    /// The pieces of a pass that hands out none.
    private static func noPieces(_: UnsafeBufferPointer<UInt8>) {
      preconditionFailure("A page in pieces is read with read(_:decoded:batches:pieces:)")
    }

    /// Replays the next chunk like ``read(_:decoded:)``, handing the states of the page's window
    /// to `batches` in batches of ``SceneBatch/stepCount``, when the pass does not draw the scene
    /// itself: a settled state's text alone, no copy of it.
    public mutating func read(
      _ chunk: UnsafeBufferPointer<UInt8>, decoded: DecodedChunk? = nil,
      batches: (SceneBatch) -> Void
    ) -> Bool {
      read(chunk, decoded: decoded, batches: batches, pieces: Self.noPieces)
    }

    /// Replays the next chunk like ``read(_:decoded:batches:)``, handing each piece of the
    /// columns to `pieces` whole, once its steps are read (a page made with `piecesOf`); the
    /// batch under way is handed over with the piece's last step, so that the scene can write
    /// its piece too.
    public mutating func read(
      _ chunk: UnsafeBufferPointer<UInt8>, decoded: DecodedChunk? = nil,
      batches: (SceneBatch) -> Void, pieces: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
      batching(batches) { pass, handOver in
        pass.stepping(handOver, pieces) { replayer, step, error in
          replayer.read(chunk, decoded: decoded, settledStep: step, error: error)
        }
      }
    }

    /// Replays the recording's last line (one without a newline at its end) like
    /// ``read(_:decoded:scene:)``, and ends the replay; `false` when a line was bad.
    public mutating func finishReading(scene: (SceneStep) -> Void = { _ in }) -> Bool {
      defer { isFinished = true }
      return stepping(
        { state, isSettled, _ in scene(SceneStep(state: state, isSettled: isSettled)) },
        Self.noPieces,
        { replayer, step, error in replayer.finish(settledStep: step, error: error) })
    }

    /// Replays the recording's last line like ``read(_:decoded:batches:)``, ends the replay and
    /// hands over the last batch; `false` when a line was bad.
    public mutating func finishReadingInBatches(_ batches: (SceneBatch) -> Void) -> Bool {
      finishReadingInBatches(batches, pieces: Self.noPieces)
    }

    /// Replays the recording's last line like ``read(_:decoded:batches:pieces:)``.
    ///
    /// Ends the replay and hands over the last batch; `false` when a line was bad. The last
    /// piece is ``writeLastPiece(to:)``'s.
    public mutating func finishReadingInBatches(
      _ batches: (SceneBatch) -> Void, pieces: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
      defer { isFinished = true }
      let goesOn = batching(batches) { pass, handOver in
        pass.stepping(handOver, pieces) { replayer, step, error in
          replayer.finish(settledStep: step, error: error)
        }
      }
      if !batch.isEmpty { batches(batch) }
      batch = SceneBatch(capacity: 0)
      return goesOn
    }

    /// Runs `body` with a hand-over that adds each state to ``batch`` (taken out of `self` and
    /// written through a pointer, not checked for exclusive access at every step), handing each
    /// full batch to `batches`.
    private mutating func batching(
      _ batches: (SceneBatch) -> Void,
      _ body: (inout OnePass, (ChatState, Bool, Bool) -> Void) -> Bool
    ) -> Bool {
      var batch = self.batch
      self.batch = SceneBatch(capacity: 0)
      defer { self.batch = batch }
      // Not escaping in fact: `body` only hands over while it runs.
      return withoutActuallyEscaping(batches) { batches in
        withUnsafeMutablePointer(to: &batch) { batch in
          // A piece's last step ends its batch, so that the scene can write its piece too.
          body(&self) { state, isSettled, endsPiece in
            batch.pointee.append(state, isSettled: isSettled)
            if batch.pointee.count == SceneBatch.stepCount || endsPiece {
              batches(batch.pointee)
              batch.pointee = SceneBatch(capacity: SceneBatch.stepCount)
            }
          }
        }
      }
    }

    /// Runs `body` on the replayer with the closures that add each state to the page.
    private mutating func stepping(
      _ scene: (ChatState, Bool, Bool) -> Void, _ pieces: (UnsafeBufferPointer<UInt8>) -> Void,
      _ body:
        (
          inout Replayer, (ChatState, TimedEvent?, Int?, Range<Int>?, Bool) -> Bool,
          (RecordingError) -> Bool
        ) -> Bool
    ) -> Bool {
      guard failure == nil, var builder else { return false }
      // Taken out of `self`, so that the closures write to locals, and through a pointer: a
      // variable captured by `step` would be checked for exclusive access at every step.
      self.builder = nil
      let first = self.first
      let end = self.end
      let handsOut = !drawsScene
      let pieceSteps = self.pieceSteps ?? Int.max
      // The builder's count at which the piece under way ends (no division at every step).
      var pieceEnd = builder.count / pieceSteps * pieceSteps &+ pieceSteps
      var piece = self.piece
      self.piece = []
      defer { self.piece = piece }
      var progress = (firstLayout: self.firstLayout, lastStep: self.lastStep)
      var failure: RecordingError?
      // Not escaping in fact: `body` only calls `step` while it runs.
      let goesOn = withoutActuallyEscaping(scene) { scene in
        withoutActuallyEscaping(pieces) { pieces in
          withUnsafeMutablePointer(to: &builder) { builder in
            withUnsafeMutablePointer(to: &progress) { progress in
              func step(
                _ state: ChatState, _ event: TimedEvent?, _ line: Int?, _: Range<Int>?,
                _ isSettled: Bool
              ) -> Bool {
                let number = state.step
                if number == 0 { progress.pointee.firstLayout = state.layout }
                if number >= first && number <= end {
                  builder.pointee.add(state, event: event, line: line, isSettled: isSettled)
                  let endsPiece = builder.pointee.count == pieceEnd
                  // Settled past the window's first step: the scene drew the step before.
                  if handsOut { scene(state, isSettled && number > first, endsPiece) }
                  if endsPiece {
                    pieceEnd &+= pieceSteps
                    piece.removeAll(keepingCapacity: true)
                    builder.pointee.writePiece { piece.append(contentsOf: $0) }
                    piece.withUnsafeBufferPointer { pieces($0) }
                  }
                }
                progress.pointee.lastStep = number
                return true
              }
              func error(_ error: RecordingError) -> Bool {
                failure = error
                return false
              }
              return body(&replayer, step, error)
            }
          }
        }
      }
      self.builder = builder
      self.firstLayout = progress.firstLayout
      self.lastStep = progress.lastStep
      self.failure = failure
      return goesOn && failure == nil
    }

    /// What the pass made of the recording, once ``finishReading(scene:)`` has run.
    public var outcome: Outcome {
      precondition(isFinished, "The pass is not finished")
      if let failure { return .failed(failure) }
      guard replayer.header != nil, replayer.screen != nil, firstLayout != nil, let builder else {
        return .failed(
          RecordingError(line: 1, column: 1, problem: .emptyFile, excerpt: "", excerptColumn: 1))
      }
      let lastOfWindow = last ?? lastStep
      guard first <= lastOfWindow, lastOfWindow <= lastStep, lastOfWindow - first + 1 <= stepLimit
      else { return .outsideWindow(lastStep: lastStep) }
      // Lines that are not events (blank ones, say) left few enough steps to explain them.
      if builder.count <= explainedStepLimit { return .explained }
      return .ready(lastStep: lastStep)
    }

    /// Writes the last piece of the columns of a page made with `piecesOf`.
    ///
    /// The piece holds the steps since the last one handed out (none, when that one ended the
    /// page). Only once the ``outcome`` is ``Outcome/ready(lastStep:)``.
    public mutating func writeLastPiece(to output: (UnsafeBufferPointer<UInt8>) -> Void) {
      guard case .ready = outcome, pieceSteps != nil, builder != nil else {
        preconditionFailure("The page is not ready, or not in pieces")
      }
      builder?.writePiece(to: output)
    }

    /// Writes the page's data piece by piece into `output`, under `name`.
    ///
    /// The data are those ``PageData/jsonUTF8(_:name:range:)`` writes; `scene` is the scene
    /// drawn apart, when the pass did not draw it. Only once the ``outcome`` is
    /// ``Outcome/ready(lastStep:)``.
    public mutating func write(
      name: String, scene: SceneColumn? = nil, to output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
      guard case .ready = outcome, var builder, let header = replayer.header,
        let screen = replayer.screen, let firstLayout
      else { preconditionFailure("The page is not ready") }
      precondition(
        pieceSteps != nil ? scene == nil : (scene == nil) == drawsScene,
        "The scene is drawn by the pass or apart, and written in pieces or in the data")
      builder.finish(
        name: name, title: Summary.title(file: name, header: header, screen: screen),
        layout: firstLayout, lastStep: lastStep, scene: scene?.scene, to: output)
      self.builder = nil
    }
  }

  /// A state a ``OnePass`` hands out for its scene, with what the pass knows of how it came.
  public struct SceneStep: Sendable {
    /// The state.
    public var state: ChatState
    /// Whether the state is the one handed out before with only its step, its time and its
    /// input text changed (a keystroke, most often): the scene then draws only the draft and
    /// the send button again.
    let isSettled: Bool
  }

  /// Steps a ``OnePass`` handed out, in order, kept to be drawn later (on another thread, say):
  /// the states of those drawn whole in one array, the texts of the settled ones in another, so
  /// that a settled step copies no state.
  public struct SceneBatch: Sendable {
    /// The steps a full batch holds: enough that handing one over (a lock and a wake-up, on
    /// another thread) costs little per step, few enough that the scene starts early.
    public static let stepCount = 2048

    /// The states of the steps drawn whole, in order.
    fileprivate var states: [ChatState] = []
    /// The texts of the settled steps, in order.
    ///
    /// Apart from the kinds of step: an array of optional pairs was destroyed element by element
    /// through the optional's generic witnesses (about 170 instructions a step on the phone's
    /// thread, where each batch ends).
    fileprivate var texts: [String] = []
    /// Each step's kind: ``settled`` or ``settledAndEnabled`` for a settled one (the next of
    /// ``texts``; its send button enabled or not), ``whole`` for one drawn whole (the next of
    /// ``states``).
    fileprivate var kinds: [UInt8] = []
    fileprivate static let settled: UInt8 = 0
    fileprivate static let settledAndEnabled: UInt8 = 1
    fileprivate static let whole: UInt8 = 2

    /// An empty batch with room for `capacity` steps.
    public init(capacity: Int) {
      states.reserveCapacity(capacity)
      texts.reserveCapacity(capacity)
      kinds.reserveCapacity(capacity)
    }

    /// The number of steps.
    public var count: Int { kinds.count }

    /// Whether the batch holds no step.
    public var isEmpty: Bool { kinds.isEmpty }

    /// Adds `state`, trimmed of what the scene does not read (see
    /// ``SceneColumn/trim(_:)-(ChatState)``); only its text and whether its send button is
    /// enabled when `isSettled` (see ``SceneStep/isSettled``).
    @inline(__always)
    mutating func append(_ state: ChatState, isSettled: Bool) {
      if isSettled {
        texts.append(state.inputBar.text)
        kinds.append(state.isSendEnabled ? Self.settledAndEnabled : Self.settled)
        return
      }
      states.append(state)
      SceneColumn.trim(&states[states.count - 1])
      kinds.append(Self.whole)
    }
  }

  /// A page's scene drawn apart from its ``OnePass`` (on a thread of its own, say), from the
  /// states the pass hands out, in order.
  public struct SceneColumn {
    fileprivate var scene: PageScene
    /// The steps of each piece of the phone's column, when it is written in pieces.
    private let pieceSteps: Int?
    /// The steps left to draw in the piece under way (`Int.max` for a column not in pieces).
    private var stepsLeft: Int
    /// The pieces written and not yet taken, oldest first.
    private var pieces: [[UInt8]] = []

    /// A scene for the page of a recording replayed with `options`, of about `expectedSteps`
    /// steps; with `piecesOf`, its column is written in pieces of that many steps (see
    /// ``takePieces()``), as its ``OnePass``'s are.
    public init(options: Replayer.Options, expectedSteps: Int, piecesOf pieceSteps: Int? = nil) {
      let expected = max(1, min(expectedSteps, stepLimit))
      scene = PageScene(
        measurer: options.measurer, expectedCount: min(expected, pieceSteps ?? expected))
      self.pieceSteps = pieceSteps
      stepsLeft = pieceSteps ?? Int.max
    }

    /// Draws the next state's scene.
    public mutating func add(_ state: ChatState) {
      scene.add(state)
      stepped()
    }

    /// Draws the next step's scene, as handed out by a ``OnePass``.
    public mutating func add(_ step: SceneStep) {
      scene.add(step.state, isSettled: step.isSettled)
      stepped()
    }

    /// Counts a step drawn, and writes a piece when it ends one.
    @inline(__always)
    private mutating func stepped() {
      stepsLeft -= 1
      if stepsLeft == 0 { writePiece() }
    }

    private mutating func writePiece() {
      stepsLeft = pieceSteps ?? Int.max
      var piece: [UInt8] = []
      scene.writePiece { piece.append(contentsOf: $0) }
      pieces.append(piece)
    }

    /// The pieces of the phone's column written since the last call, oldest first (a column
    /// made with `piecesOf`).
    public mutating func takePieces() -> [[UInt8]] {
      defer { pieces = [] }
      return pieces
    }

    /// The pieces not yet taken, then the last: the steps since the last piece written (none,
    /// when that one ended the page), once the last step is drawn.
    public mutating func finishPieces() -> [[UInt8]] {
      precondition(pieceSteps != nil, "The column is not written in pieces")
      writePiece()
      return takePieces()
    }

    /// Draws the scenes of `batch`'s steps, in order (each state borrowed where it lies, not
    /// copied).
    public mutating func add(contentsOf batch: SceneBatch) {
      batch.states.withUnsafeBufferPointer { states in
        batch.texts.withUnsafeBufferPointer { texts in
          // Each state read through its pointer: subscripting copied it (retaining and releasing
          // its fields) to hand it on.
          var next = states.baseAddress
          var text = 0
          for kind in batch.kinds {
            if kind != SceneBatch.whole {
              scene.addSettled(
                text: texts[text], isSendEnabled: kind == SceneBatch.settledAndEnabled)
              text += 1
            } else if let state = next {
              scene.add(state.pointee)
              next = state + 1
            }
            stepped()
          }
        }
      }
    }

    /// Drops what the scene does not read from `state`, a copy to be drawn later.
    ///
    /// Its diagnostics go, unless one marks a place on the phone: the replay's own state then
    /// holds its diagnostics' storage alone, and its next step writes over it in place rather
    /// than into a copy.
    public static func trim(_ state: inout ChatState) {
      for diagnostic in state.diagnostics where Scene.isMarked(diagnostic) { return }
      if !state.diagnostics.isEmpty { state.diagnostics = [] }
    }
  }
}
