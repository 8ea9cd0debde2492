/// The layout a state belongs to, with what it remembers: the state's one record of its layout.
///
/// The built-in layouts have a case each, so that replaying them calls their code directly with
/// no existential to open and no cast per event; any other ``Layout`` goes in ``custom(_:)``.
/// This is the only place that lists the built-in layouts' types.
enum LayoutSlot: Sendable {
  case rxkeyboard(RxKeyboardLayout, RxKeyboardLayout.Memory)
  case growing(GrowingLayout, GrowingLayout.Memory)
  case scrollToField(ScrollToFieldLayout, ScrollToFieldLayout.Memory)
  case accessory(AccessoryLayout, AccessoryLayout.Memory)
  case keyboardLayoutGuide(KeyboardLayoutGuideLayout, KeyboardLayoutGuideLayout.Memory)
  case custom(CustomLayoutSlot)

  init<L: Layout>(_ layout: L, _ memory: L.Memory) {
    switch (layout, memory) {
    case (let layout as RxKeyboardLayout, let memory as RxKeyboardLayout.Memory):
      self = .rxkeyboard(layout, memory)
    case (let layout as GrowingLayout, let memory as GrowingLayout.Memory):
      self = .growing(layout, memory)
    case (let layout as ScrollToFieldLayout, let memory as ScrollToFieldLayout.Memory):
      self = .scrollToField(layout, memory)
    case (let layout as AccessoryLayout, let memory as AccessoryLayout.Memory):
      self = .accessory(layout, memory)
    case (let layout as KeyboardLayoutGuideLayout, let memory as KeyboardLayoutGuideLayout.Memory):
      self = .keyboardLayoutGuide(layout, memory)
    default:
      self = .custom(CustomLayoutSlot(layout: layout, memory: AnyHashable(memory)))
    }
  }

  /// The layout, with its constants.
  var layout: any Layout {
    switch self {
    case .rxkeyboard(let layout, _): layout
    case .growing(let layout, _): layout
    case .scrollToField(let layout, _): layout
    case .accessory(let layout, _): layout
    case .keyboardLayoutGuide(let layout, _): layout
    case .custom(let slot): slot.layout
    }
  }

  /// What the layout remembers.
  var memory: AnyHashable {
    switch self {
    case .rxkeyboard(_, let memory): AnyHashable(memory)
    case .growing(_, let memory): AnyHashable(memory)
    case .scrollToField(_, let memory): AnyHashable(memory)
    case .accessory(_, let memory): AnyHashable(memory)
    case .keyboardLayoutGuide(_, let memory): AnyHashable(memory)
    case .custom(let slot): slot.memory
    }
  }

  var id: LayoutID {
    switch self {
    case .rxkeyboard: RxKeyboardLayout.id
    case .growing: GrowingLayout.id
    case .scrollToField: ScrollToFieldLayout.id
    case .accessory: AccessoryLayout.id
    case .keyboardLayoutGuide: KeyboardLayoutGuideLayout.id
    case .custom(let slot): type(of: slot.layout).id
    }
  }

  /// Applies `event` through the state's layout, and keeps what the layout remembers after it.
  @inline(__always)
  static func reduce(_ state: inout ChatState, _ event: Event, measurer: any TextMeasuring) {
    switch state.slot {
    case .rxkeyboard(let layout, var memory):
      layout.reduce(into: &state, memory: &memory, event, measurer: measurer)
      state.slot = .rxkeyboard(layout, memory)
    case .growing(let layout, var memory):
      layout.reduce(into: &state, memory: &memory, event, measurer: measurer)
      state.slot = .growing(layout, memory)
    case .scrollToField(let layout, var memory):
      layout.reduce(into: &state, memory: &memory, event, measurer: measurer)
      state.slot = .scrollToField(layout, memory)
    case .accessory(let layout, var memory):
      layout.reduce(into: &state, memory: &memory, event, measurer: measurer)
      state.slot = .accessory(layout, memory)
    case .keyboardLayoutGuide(let layout, var memory):
      layout.reduce(into: &state, memory: &memory, event, measurer: measurer)
      state.slot = .keyboardLayoutGuide(layout, memory)
    case .custom(var slot):
      slot.reduce(&state, event, measurer: measurer)
      state.slot = .custom(slot)
    }
  }

  var hasCrashed: Bool {
    switch self {
    case .rxkeyboard(let layout, let memory): layout.hasCrashed(memory)
    case .growing(let layout, let memory): layout.hasCrashed(memory)
    case .scrollToField(let layout, let memory): layout.hasCrashed(memory)
    case .accessory(let layout, let memory): layout.hasCrashed(memory)
    case .keyboardLayoutGuide(let layout, let memory): layout.hasCrashed(memory)
    case .custom(let slot): slot.hasCrashed
    }
  }

  @inline(__always)
  func systemInset(of state: ChatState) -> EdgeInsets {
    switch self {
    case .rxkeyboard(let layout, _): layout.systemInset(of: state)
    case .growing(let layout, _): layout.systemInset(of: state)
    case .scrollToField(let layout, _): layout.systemInset(of: state)
    case .accessory(let layout, _): layout.systemInset(of: state)
    case .keyboardLayoutGuide(let layout, _): layout.systemInset(of: state)
    case .custom(let slot): slot.layout.systemInset(of: state)
    }
  }

  func isSendEnabled(_ state: ChatState) -> Bool {
    switch self {
    case .rxkeyboard(let layout, _): layout.isSendEnabled(state)
    case .growing(let layout, _): layout.isSendEnabled(state)
    case .scrollToField(let layout, _): layout.isSendEnabled(state)
    case .accessory(let layout, _): layout.isSendEnabled(state)
    case .keyboardLayoutGuide(let layout, _): layout.isSendEnabled(state)
    case .custom(let slot): slot.layout.isSendEnabled(state)
    }
  }

  @inline(__always)
  func inputContentFrame(of state: ChatState) -> Rect {
    switch self {
    case .rxkeyboard(let layout, _): layout.inputContentFrame(of: state)
    case .growing(let layout, _): layout.inputContentFrame(of: state)
    case .scrollToField(let layout, _): layout.inputContentFrame(of: state)
    case .accessory(let layout, _): layout.inputContentFrame(of: state)
    case .keyboardLayoutGuide(let layout, _): layout.inputContentFrame(of: state)
    case .custom(let slot): slot.layout.inputContentFrame(of: state)
    }
  }

  func explain(_ path: StatePath, in state: ChatState) -> Explanation? {
    switch self {
    case .rxkeyboard(let layout, let memory): layout.explain(path, in: state, memory: memory)
    case .growing(let layout, let memory): layout.explain(path, in: state, memory: memory)
    case .scrollToField(let layout, let memory): layout.explain(path, in: state, memory: memory)
    case .accessory(let layout, let memory): layout.explain(path, in: state, memory: memory)
    case .keyboardLayoutGuide(let layout, let memory):
      layout.explain(path, in: state, memory: memory)
    case .custom(let slot): slot.explain(path, in: state)
    }
  }
}

extension LayoutSlot: Equatable {
  static func == (lhs: LayoutSlot, rhs: LayoutSlot) -> Bool {
    switch (lhs, rhs) {
    case (.rxkeyboard(let a, let m), .rxkeyboard(let b, let n)): a == b && m == n
    case (.growing(let a, let m), .growing(let b, let n)): a == b && m == n
    case (.scrollToField(let a, let m), .scrollToField(let b, let n)): a == b && m == n
    case (.accessory(let a, let m), .accessory(let b, let n)): a == b && m == n
    case (.keyboardLayoutGuide(let a, let m), .keyboardLayoutGuide(let b, let n)):
      a == b && m == n
    case (.custom(let a), .custom(let b)): a == b
    case (.rxkeyboard, _), (.growing, _), (.scrollToField, _), (.accessory, _),
      (.keyboardLayoutGuide, _), (.custom, _):
      false
    }
  }
}

/// A layout defined outside the library and its memory, behind existentials.
///
/// `@unchecked`: `memory` only ever holds a `Layout.Memory`, which is `Sendable`.
struct CustomLayoutSlot: Equatable, @unchecked Sendable {
  var layout: any Layout
  /// The layout's `Memory`, which is `Sendable`.
  var memory: AnyHashable

  static func == (lhs: CustomLayoutSlot, rhs: CustomLayoutSlot) -> Bool {
    AnyHashable(lhs.layout) == AnyHashable(rhs.layout) && lhs.memory == rhs.memory
  }

  /// `memory` as `L`'s; a slot whose memory is another layout's is a programming error.
  private func memory<L: Layout>(of layout: L) -> L.Memory {
    guard let memory = memory.base as? L.Memory else {
      preconditionFailure(
        "a '\(L.id.rawValue)' state holds \(type(of: memory.base)) where \(L.Memory.self) belongs")
    }
    return memory
  }

  mutating func reduce(_ state: inout ChatState, _ event: Event, measurer: any TextMeasuring) {
    func open<L: Layout>(_ layout: L) -> AnyHashable {
      var memory = memory(of: layout)
      layout.reduce(into: &state, memory: &memory, event, measurer: measurer)
      return AnyHashable(memory)
    }
    memory = open(layout)
  }

  var hasCrashed: Bool {
    func open<L: Layout>(_ layout: L) -> Bool { layout.hasCrashed(memory(of: layout)) }
    return open(layout)
  }

  func explain(_ path: StatePath, in state: ChatState) -> Explanation? {
    func open<L: Layout>(_ layout: L) -> Explanation? {
      layout.explain(path, in: state, memory: memory(of: layout))
    }
    return open(layout)
  }
}
