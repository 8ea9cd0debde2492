extension ChatState {
  /// Writes the state as `replay --json` prints it: the paths of the format's output table, the
  /// adjusted insets and the diagnostics, and with `includeMessages` every message.
  ///
  /// ```text
  /// {"step":0,"t":0,"layout":"rxkeyboard","screen":{…},"safeArea":{…},
  ///  "keyboard":{"frame":{…},"visibleHeight":0},"inputBar":{"frame":{…},"text":"","sendEnabled":false},
  ///  "list":{"frame":{…},"contentInset":{"top":0,"bottom":44},"adjustedContentInset":{…},
  ///          "contentOffset":{"y":…},"contentSize":{"height":…}},
  ///  "messageCount":19,"diagnostics":[{"id":"bad-index","message":"…","item":-1,"count":19}]}
  /// ```
  ///
  /// With `includeOptions` (`--json` does it for step 0), the layout's options that differ from
  /// their defaults follow `layout`.
  public func write(
    to writer: inout some StructuredWriter, includeMessages: Bool = false,
    includeOptions: Bool = false
  ) {
    write(
      to: &writer, includeMessages: includeMessages, includeDiagnostics: true,
      includeOptions: includeOptions)
  }

  /// Writes the state, and without `includeDiagnostics` an empty `diagnostics` array: what the
  /// debugger's change index compares, without wording every diagnostic of every step.
  func write(
    to writer: inout some StructuredWriter, includeMessages: Bool, includeDiagnostics: Bool,
    includeOptions: Bool = false
  ) {
    writer.beginObject()
    writer.key("step")
    writer.number(Double(step))
    writer.key("t")
    writer.number(t)
    writer.key("layout")
    writer.string(layout.rawValue)
    if includeOptions { writeChangedOptions(to: &writer) }
    writer.key("screen")
    writer.object(.size, numbers: SIMD4(screen.width, screen.height, 0, 0)) {
      EventEncoder.write(screen, to: &$0)
    }
    writer.key("safeArea")
    writer.object(.edgeInsets, numbers: Self.numbers(safeArea)) {
      EventEncoder.write(safeArea, to: &$0)
    }

    writer.key("keyboard")
    writer.beginObject()
    writer.key("frame")
    Self.write(keyboard.frame, to: &writer)
    writer.key("visibleHeight")
    writer.number(keyboard.visibleHeight)
    writer.endObject()

    writer.key("inputBar")
    writer.beginObject()
    writer.key("frame")
    Self.write(inputBar.frame, to: &writer)
    writer.key("text")
    writer.string(inputBar.text)
    writer.key("sendEnabled")
    writer.bool(isSendEnabled)
    writer.endObject()

    writer.key("list")
    writer.beginObject()
    writer.key("frame")
    Self.write(list.frame, to: &writer)
    writer.key("contentInset")
    Self.writeVertical(list.contentInset, to: &writer)
    writer.key("adjustedContentInset")
    Self.writeVertical(adjustedContentInset, to: &writer)
    writer.key("contentOffset")
    writer.beginObject()
    writer.key("y")
    writer.number(list.contentOffsetY)
    writer.endObject()
    writer.key("contentSize")
    writer.beginObject()
    writer.key("height")
    writer.number(list.contentHeight)
    writer.endObject()
    writer.endObject()

    writer.key("messageCount")
    writer.number(Double(messages.count))
    writer.key("diagnostics")
    writer.beginArray()
    if includeDiagnostics {
      for diagnostic in diagnostics {
        writer.diagnostic(diagnostic)
      }
    }
    writer.endArray()
    if includeMessages {
      writer.key("messages")
      writer.beginArray()
      for index in messages.indices {
        writeMessage(at: index, to: &writer)
      }
      writer.endArray()
    }
    writer.endObject()
  }

  /// At step 0, the options that differ from the layout's defaults, when there are any:
  /// `"options":[{"name":"inputBar.height","value":52}]`, in the layout's order.
  func writeChangedOptions(to writer: inout some StructuredWriter) {
    let changed = slot.changedOptions
    guard !changed.isEmpty else { return }
    writer.key("options")
    writer.beginArray()
    for option in changed {
      writer.beginObject()
      writer.key("name")
      writer.string(option.name)
      writer.key("value")
      option.value.write(to: &writer)
      writer.endObject()
    }
    writer.endArray()
  }

  /// Writes message `index` as `messages` lists it: `{"from":…,"text":…,"frame":{…}}`.
  public func writeMessage(at index: Int, to writer: inout some StructuredWriter) {
    let message = messages[index]
    writer.beginObject()
    writer.key("from")
    writer.string(message.from.rawValue)
    writer.key("text")
    writer.string(message.text)
    writer.key("frame")
    EventEncoder.write(message.frame(width: list.frame.width), to: &writer)
    writer.endObject()
  }

  private static func writeVertical(_ insets: EdgeInsets, to writer: inout some StructuredWriter) {
    writer.object(.verticalInsets, numbers: SIMD4(insets.top, insets.bottom, 0, 0)) { writer in
      writer.beginObject()
      writer.key("top")
      writer.number(insets.top)
      writer.key("bottom")
      writer.number(insets.bottom)
      writer.endObject()
    }
  }

  private static func write(_ rect: Rect, to writer: inout some StructuredWriter) {
    writer.object(.rect, numbers: SIMD4(rect.x, rect.y, rect.width, rect.height)) {
      EventEncoder.write(rect, to: &$0)
    }
  }

  private static func numbers(_ insets: EdgeInsets) -> SIMD4<Double> {
    SIMD4(insets.top, insets.left, insets.bottom, insets.right)
  }

  /// The state as one line of JSON, without the line break.
  public func jsonLine(includeMessages: Bool = false, includeOptions: Bool = false) -> String {
    var writer = JSONWriter()
    write(to: &writer, includeMessages: includeMessages, includeOptions: includeOptions)
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

extension Diagnostic {
  /// Writes `{"id":…,"message":…}` followed by the diagnostic's numbers.
  public func write(to writer: inout some StructuredWriter) {
    writer.beginObject()
    writer.key("id")
    writer.string(id)
    writer.key("message")
    writer.message(of: self)
    func field(_ key: StaticString, _ value: Double) {
      writer.key(key)
      writer.number(value)
    }
    switch self {
    case .badIndex(let item, let count):
      field("item", Double(item))
      field("count", Double(count))
    case .crash:
      break
    case .doubledOrigin(let convertedMaxY, let fieldMaxY):
      field("convertedMaxY", convertedMaxY)
      field("fieldMaxY", fieldMaxY)
    case .duplicateObserver(let count):
      field("count", Double(count))
    case .emptyMessage(let index):
      field("index", Double(index))
    case .frameMismatch(_, let childHeight, _, let containerHeight):
      field("childHeight", childHeight)
      field("containerHeight", containerHeight)
    case .keyboardGap(let gap, let inputBarMaxY, let keyboardMinY):
      field("gap", gap)
      field("inputBarMaxY", inputBarMaxY)
      field("keyboardMinY", keyboardMinY)
    case .keyboardOverlap(let overlap, let inputBarMaxY, let keyboardMinY):
      field("overlap", overlap)
      field("inputBarMaxY", inputBarMaxY)
      field("keyboardMinY", keyboardMinY)
    case .messageHidden(let index, let minY, let maxY, let visibleMinY, let visibleMaxY):
      field("index", Double(index))
      field("messageMinY", minY)
      field("messageMaxY", maxY)
      field("visibleMinY", visibleMinY)
      field("visibleMaxY", visibleMaxY)
    case .offsetOutOfRange(let offsetY, let minimum, let maximum):
      field("offsetY", offsetY)
      field("minimum", minimum)
      field("maximum", maximum)
    case .outsideContainer(_, let childMinX, let childMaxX, _, let containerWidth):
      field("childMinX", childMinX)
      field("childMaxX", childMaxX)
      field("containerWidth", containerWidth)
    case .modelDivergence(let path, let model, let device):
      writer.key("path")
      writer.string(path.rawValue)
      field("model", model)
      field("device", device)
      field("difference", device - model)
    case .phantomKeyboard(let visibleHeight):
      field("visibleHeight", visibleHeight)
    case .unsafeInput(let inputBarMaxY, let safeAreaMinY):
      field("inputBarMaxY", inputBarMaxY)
      field("safeAreaMinY", safeAreaMinY)
    }
    writer.endObject()
  }
}
