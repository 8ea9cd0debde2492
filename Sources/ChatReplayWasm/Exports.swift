// The WebAssembly module's entry points (see build.sh): a recording in; out, its `--json` lines
// or the page data `replay html` makes of it, by the same library code as the command.
//
// The module owns one output at a time; JavaScript copies it out before the next call.

/// The lines being written, and the last replay's output.
nonisolated(unsafe) private var output = StateLineWriter()
nonisolated(unsafe) private var outputBytes: [UInt8] = []

/// Memory for `count` bytes the caller fills (a recording); freed with `replay_free`.
@_cdecl("replay_alloc")
public func replayAlloc(_ count: Int32) -> UnsafeMutableRawPointer {
  UnsafeMutableRawPointer.allocate(byteCount: Int(max(count, 1)), alignment: 16)
}

@_cdecl("replay_free")
public func replayFree(_ pointer: UnsafeMutableRawPointer) {
  pointer.deallocate()
}

/// Replays the `count` bytes at `bytes` (a whole recording) through the header's layout and
/// keeps each state's `--json` line, as `replay FILE --json --keep-going` writes them, then each
/// bad line's error as it reports it, naming the file with the `nameCount` bytes of UTF-8 at
/// `name`; the number of errors.
@_cdecl("replay_json")
public func replayJSON(
  _ bytes: UnsafeRawPointer, _ count: Int32, _ name: UnsafeRawPointer, _ nameCount: Int32
) -> Int32 {
  let recording = buffer(bytes, count)
  let file = String(decoding: buffer(name, nameCount), as: UTF8.self)
  var replayer = Replayer(options: Replayer.Options())
  var errors: [RecordingError] = []
  outputBytes.removeAll(keepingCapacity: true)
  let keep = { (state: ChatState) -> Bool in
    output.write(state, includeOptions: state.step == 0)
    output.take { outputBytes.append(contentsOf: $0) }
    return true
  }
  let reject = { (error: RecordingError) -> Bool in
    errors.append(error)
    return true
  }
  replayer.read(recording, step: { state, _, _, _ in keep(state) }, error: reject)
  replayer.finish(step: { state, _, _, _ in keep(state) }, error: reject)
  for error in errors {
    outputBytes.append(contentsOf: error.rendered(file: file).utf8)
    outputBytes.append(10)
  }
  return Int32(errors.count)
}

/// The `count` bytes at `bytes`.
private func buffer(_ bytes: UnsafeRawPointer, _ count: Int32) -> UnsafeBufferPointer<UInt8> {
  UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt8.self), count: Int(count))
}

/// Where the last replay's output starts.
@_cdecl("replay_output")
public func replayOutput() -> UnsafeRawPointer? {
  outputBytes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
}

/// How many bytes the last replay's output has.
@_cdecl("replay_output_count")
public func replayOutputCount() -> Int32 {
  Int32(outputBytes.count)
}

/// Makes the page data `replay html` writes for the `count` bytes at `bytes` (a whole recording
/// of more than ``PageData/explainedStepLimit`` steps), in one piece, with the settings of
/// ``PageReplaySettings`` in the `settingsCount` bytes at `settings` (its fields joined by NUL):
/// 0 and the data, or 1 and the first bad line's error as `replay html` reports it, or 2 (and
/// no output) for a recording short enough to carry `why` and `blame`, which this module does
/// not make, or too long for one page, or settings it cannot read.
@_cdecl("replay_page_data")
public func replayPageData(
  _ bytes: UnsafeRawPointer, _ count: Int32, _ settings: UnsafeRawPointer, _ settingsCount: Int32
) -> Int32 {
  outputBytes.removeAll(keepingCapacity: true)
  let recording = buffer(bytes, count)
  guard let settings = PageReplaySettings(joined: buffer(settings, settingsCount)) else {
    return 2
  }
  let lineCount = recording.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
  var pass = PageData.OnePass(
    options: settings.options, first: settings.first, last: settings.last,
    expectedSteps: lineCount)
  _ = pass.read(recording)
  _ = pass.finishReading()
  switch pass.outcome {
  case .ready:
    pass.write(name: settings.name) { outputBytes.append(contentsOf: $0) }
    return 0
  case .failed(let error):
    outputBytes.append(contentsOf: error.rendered(file: settings.name).utf8)
    outputBytes.append(10)
    return 1
  case .explained, .outsideWindow:
    return 2
  }
}
