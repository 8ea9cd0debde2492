/// A page that replays its recording when it opens.
///
/// Making a long page's data takes about ten times as long as replaying its recording: every
/// step's state, changes, phone and summary are written out. A page can instead carry the
/// recording itself and this library built as a WebAssembly module (`Sources/ChatReplayWasm`),
/// and make the same data in the browser when it is opened, by the same code; `replay html` then
/// only replays the recording once to check it, and copies it into the page.
///
/// Such a page is the template (``PageTemplate/replayingParts(title:module:settings:)``) around
/// three elements in place of the data: the module (base64), the settings the data is made with
/// (``PageReplaySettings``), and the recording (``PageData/writeRecording(_:to:)``). The page's
/// script, finding no data, instantiates the module and asks it for the data
/// (``PageData/OnePass``, in one piece).
public struct PageReplaySettings: Hashable, Sendable {
  /// The recording's name, as the page shows it.
  public var name: String
  /// The window: its first step, and its last (the recording's last when `nil`).
  public var first: Int
  public var last: Int?
  /// `--layout`, `--rxkeyboard-version` and `--option`, as ``Replayer/Options`` takes them.
  public var layout: LayoutID?
  public var rxKeyboardVersion: RxKeyboardLayout.Version
  public var layoutOptions: [LayoutOptionSetting]

  public init(
    name: String, first: Int, last: Int?, layout: LayoutID?,
    rxKeyboardVersion: RxKeyboardLayout.Version, layoutOptions: [LayoutOptionSetting]
  ) {
    self.name = name
    self.first = first
    self.last = last
    self.layout = layout
    self.rxKeyboardVersion = rxKeyboardVersion
    self.layoutOptions = layoutOptions
  }

  /// The replay's options.
  public var options: Replayer.Options {
    Replayer.Options(
      layout: layout, rxKeyboardVersion: rxKeyboardVersion, layoutOptions: layoutOptions)
  }

  /// The settings as the page carries them, each a string.
  ///
  /// The name, the first step, the last (empty for the recording's last), the layout (empty for
  /// the header's), the RxKeyboard version, then each option's name and value. The page's script
  /// hands them to the module joined by NUL, which no file name or command-line argument holds.
  public var fields: [String] {
    var fields = [
      name, String(first), last.map { String($0) } ?? "", layout?.rawValue ?? "",
      rxKeyboardVersion.rawValue,
    ]
    for setting in layoutOptions {
      fields.append(setting.name)
      fields.append(setting.value.description)
    }
    return fields
  }

  /// The settings whose ``fields`` `joined` holds, joined by NUL; `nil` when they are not such
  /// fields.
  public init?(joined: UnsafeBufferPointer<UInt8>) {
    var fields: [String] = []
    var start = 0
    for index in 0...joined.count where index == joined.count || joined[index] == 0 {
      fields.append(
        String(decoding: UnsafeBufferPointer(rebasing: joined[start..<index]), as: UTF8.self))
      start = index + 1
    }
    guard fields.count >= 5, fields.count % 2 == 1, let first = Int(fields[1]), first >= 0,
      let version = RxKeyboardLayout.Version(rawValue: fields[4])
    else { return nil }
    var last: Int?
    if !fields[2].isEmpty {
      guard let step = Int(fields[2]), step >= 0 else { return nil }
      last = step
    }
    var settings: [LayoutOptionSetting] = []
    var option = 5
    while option < fields.count {
      guard let value = LayoutOptionValue(fields[option + 1]) else { return nil }
      settings.append(LayoutOptionSetting(name: fields[option], value: value, source: .commandLine))
      option += 2
    }
    self.init(
      name: fields[0], first: first, last: last,
      layout: fields[3].isEmpty ? nil : LayoutID(rawValue: fields[3]), rxKeyboardVersion: version,
      layoutOptions: settings)
  }
}

extension PageTemplate {
  /// A page that replays its recording (``PageReplaySettings``), around the recording: what
  /// comes before it (the template, the module and the settings) and after it.
  public struct ReplayingParts: Sendable {
    public let beforeRecording: [UInt8]
    public let afterRecording: [UInt8]
  }

  /// The page titled `title` that makes its data with `module` (the WebAssembly module, in
  /// base64) from the recording written between the parts, with `settings`.
  public static func replayingParts(
    title: String, module: UnsafeBufferPointer<UInt8>, settings: PageReplaySettings
  ) -> ReplayingParts {
    let parts = parts(title: title)
    var fields = JSONWriter()
    fields.beginArray()
    for field in settings.fields { fields.string(field) }
    fields.endArray()
    var before = parts.beforePieces
    before += Array(moduleTag.utf8)
    before += module
    before += Array("</script>\n\(settingsTag)".utf8)
    fields.withBytes { PageData.writeEscaped($0) { before += $0 } }
    before += Array("</script>\n\(recordingTag)".utf8)
    // The data's tag is left out: the script, finding no data, replays the recording.
    return ReplayingParts(beforeRecording: before, afterRecording: parts.afterData)
  }

  static let moduleTag = #"<script type="application/wasm+base64" id="module">"#
  static let settingsTag = #"<script type="application/json" id="settings">"#
  static let recordingTag = #"<script type="application/jsonl" id="recording">"#
}

extension PageData {
  /// Writes `chunk`, a piece of a recording that replays without an error, into `output` so that
  /// the browser reads it back, as the page's element's text, as the same events on the same
  /// lines: each `<` as `\u003c` (in such a recording a `<` is only ever inside a string, where
  /// the escape means the same), so that no `</script>` or `<!--` in a text ends or changes the
  /// element; and each carriage return as a space (one is only ever white space between tokens
  /// or before a line's end, and HTML reads it as a line break).
  public static func writeRecording(
    _ chunk: UnsafeBufferPointer<UInt8>, to output: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let lessThan: StaticString = "\\u003c"
    let space: StaticString = " "
    var start = 0
    var nextLessThan = firstIndex(of: UInt8(ascii: "<"), in: chunk, from: 0) ?? chunk.count
    var nextReturn = firstIndex(of: 13, in: chunk, from: 0) ?? chunk.count
    while min(nextLessThan, nextReturn) < chunk.count {
      let index = min(nextLessThan, nextReturn)
      output(UnsafeBufferPointer(rebasing: chunk[start..<index]))
      if index == nextLessThan {
        lessThan.withUTF8Buffer { output($0) }
        nextLessThan = firstIndex(of: UInt8(ascii: "<"), in: chunk, from: index + 1) ?? chunk.count
      } else {
        space.withUTF8Buffer { output($0) }
        nextReturn = firstIndex(of: 13, in: chunk, from: index + 1) ?? chunk.count
      }
      start = index + 1
    }
    output(UnsafeBufferPointer(rebasing: chunk[start...]))
  }
}
