/// The layout a state belongs to, with what it remembers: the state's one record of its layout.
///
/// The built-in layouts have a case each, so that replaying them calls their code directly with
/// no existential to open and no cast per event; any other ``Layout`` is ``custom``, its value and
/// memory in the state's ``ChatState/custom`` box. Every payload is a plain value, so copying a
/// state copies the slot's bytes with no reference to count. This is the only place that lists
/// the built-in layouts' types.
enum LayoutSlot: Equatable, Sendable {
  case rxkeyboard(RxKeyboardLayout, RxKeyboardLayout.Memory)
  case growing(GrowingLayout, GrowingLayout.Memory)
  case scrollToField(ScrollToFieldLayout, ScrollToFieldLayout.Memory)
  case accessory(AccessoryLayout, AccessoryLayout.Memory)
  case keyboardLayoutGuide(KeyboardLayoutGuideLayout, KeyboardLayoutGuideLayout.Memory)
  case custom

  /// The slot for `layout` and `memory`, and the box that holds them when they are custom.
  static func make<L: Layout>(_ layout: L, _ memory: L.Memory) -> (LayoutSlot, CustomLayoutBox?) {
    let slot: LayoutSlot
    switch (layout, memory) {
    case (let layout as RxKeyboardLayout, let memory as RxKeyboardLayout.Memory):
      slot = .rxkeyboard(layout, memory)
    case (let layout as GrowingLayout, let memory as GrowingLayout.Memory):
      slot = .growing(layout, memory)
    case (let layout as ScrollToFieldLayout, let memory as ScrollToFieldLayout.Memory):
      slot = .scrollToField(layout, memory)
    case (let layout as AccessoryLayout, let memory as AccessoryLayout.Memory):
      slot = .accessory(layout, memory)
    case (let layout as KeyboardLayoutGuideLayout, let memory as KeyboardLayoutGuideLayout.Memory):
      slot = .keyboardLayoutGuide(layout, memory)
    default:
      let custom = CustomLayoutSlot(layout: layout, memory: AnyHashable(memory))
      return (.custom, CustomLayoutBox(custom))
    }
    return (slot, nil)
  }

  /// The layout, with its constants.
  func layout(_ custom: CustomLayoutBox?) -> any Layout {
    switch self {
    case .rxkeyboard(let layout, _): layout
    case .growing(let layout, _): layout
    case .scrollToField(let layout, _): layout
    case .accessory(let layout, _): layout
    case .keyboardLayoutGuide(let layout, _): layout
    case .custom: CustomLayoutBox.slot(custom).layout
    }
  }

  /// What the layout remembers.
  func memory(_ custom: CustomLayoutBox?) -> AnyHashable {
    switch self {
    case .rxkeyboard(_, let memory): AnyHashable(memory)
    case .growing(_, let memory): AnyHashable(memory)
    case .scrollToField(_, let memory): AnyHashable(memory)
    case .accessory(_, let memory): AnyHashable(memory)
    case .keyboardLayoutGuide(_, let memory): AnyHashable(memory)
    case .custom: CustomLayoutBox.slot(custom).memory
    }
  }

  func id(_ custom: CustomLayoutBox?) -> LayoutID {
    switch self {
    case .rxkeyboard: RxKeyboardLayout.id
    case .growing: GrowingLayout.id
    case .scrollToField: ScrollToFieldLayout.id
    case .accessory: AccessoryLayout.id
    case .keyboardLayoutGuide: KeyboardLayoutGuideLayout.id
    case .custom: type(of: CustomLayoutBox.slot(custom).layout).id
    }
  }

  /// Applies `event` through the state's layout, and keeps what the layout remembers after it.
  ///
  /// The state's diagnostics are cleared first, for the layout's own. `nil`, with the state left
  /// as it was, when the modelled app has crashed.
  ///
  /// It returns what the shared checks need from the layout after the event, computed while the
  /// layout is at hand: asking the slot again would copy it, a few hundred bytes, per question.
  /// What the layout remembers is stored back only when it changed, for the same reason.
  @inline(__always)
  static func reduce(_ state: inout ChatState, _ event: Event, measurer: any TextMeasuring)
    -> LayoutGeometry?
  {
    switch state.slot {
    case .rxkeyboard(let layout, var memory):
      if layout.hasCrashed(memory) { return nil }
      let before = memory
      state.clearDiagnostics()
      layout.reduce(into: &state, memory: &memory, event, measurer: measurer)
      if memory != before { state.slot = .rxkeyboard(layout, memory) }
      return LayoutGeometry(layout, state)
    case .growing(let layout, var memory):
      if layout.hasCrashed(memory) { return nil }
      let before = memory
      state.clearDiagnostics()
      layout.reduce(into: &state, memory: &memory, event, measurer: measurer)
      if memory != before { state.slot = .growing(layout, memory) }
      return LayoutGeometry(layout, state)
    case .scrollToField(let layout, var memory):
      if layout.hasCrashed(memory) { return nil }
      let before = memory
      state.clearDiagnostics()
      layout.reduce(into: &state, memory: &memory, event, measurer: measurer)
      if memory != before { state.slot = .scrollToField(layout, memory) }
      return LayoutGeometry(layout, state)
    case .accessory(let layout, var memory):
      if layout.hasCrashed(memory) { return nil }
      let before = memory
      state.clearDiagnostics()
      layout.reduce(into: &state, memory: &memory, event, measurer: measurer)
      if memory != before { state.slot = .accessory(layout, memory) }
      return LayoutGeometry(layout, state)
    case .keyboardLayoutGuide(let layout, var memory):
      if layout.hasCrashed(memory) { return nil }
      let before = memory
      state.clearDiagnostics()
      layout.reduce(into: &state, memory: &memory, event, measurer: measurer)
      if memory != before { state.slot = .keyboardLayoutGuide(layout, memory) }
      return LayoutGeometry(layout, state)
    case .custom:
      var slot = CustomLayoutBox.slot(state.custom)
      if slot.hasCrashed { return nil }
      state.clearDiagnostics()
      slot.reduce(&state, event, measurer: measurer)
      state.custom = CustomLayoutBox(slot)
      return LayoutGeometry(slot.layout, state)
    }
  }

  func hasCrashed(_ custom: CustomLayoutBox?) -> Bool {
    switch self {
    case .rxkeyboard(let layout, let memory): layout.hasCrashed(memory)
    case .growing(let layout, let memory): layout.hasCrashed(memory)
    case .scrollToField(let layout, let memory): layout.hasCrashed(memory)
    case .accessory(let layout, let memory): layout.hasCrashed(memory)
    case .keyboardLayoutGuide(let layout, let memory): layout.hasCrashed(memory)
    case .custom: CustomLayoutBox.slot(custom).hasCrashed
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
    case .custom: CustomLayoutBox.slot(state.custom).layout.systemInset(of: state)
    }
  }

  func isSendEnabled(_ state: ChatState) -> Bool {
    switch self {
    case .rxkeyboard(let layout, _): layout.isSendEnabled(state)
    case .growing(let layout, _): layout.isSendEnabled(state)
    case .scrollToField(let layout, _): layout.isSendEnabled(state)
    case .accessory(let layout, _): layout.isSendEnabled(state)
    case .keyboardLayoutGuide(let layout, _): layout.isSendEnabled(state)
    case .custom: CustomLayoutBox.slot(state.custom).layout.isSendEnabled(state)
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
    case .custom: CustomLayoutBox.slot(state.custom).layout.inputContentFrame(of: state)
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
    case .custom: CustomLayoutBox.slot(state.custom).explain(path, in: state)
    }
  }
}

/// What the shared checks read from a state's layout: its system inset and input frame.
struct LayoutGeometry {
  var systemInset: EdgeInsets
  var inputContentFrame: Rect

  @inline(__always)
  init<L: Layout>(_ layout: L, _ state: ChatState) {
    systemInset = layout.systemInset(of: state)
    inputContentFrame = layout.inputContentFrame(of: state)
  }
}

/// A custom layout's slot, shared by the states that have it and replaced whole when it changes.
final class CustomLayoutBox: Equatable, @unchecked Sendable {
  // `@unchecked`: `slot` is never mutated after `init`, and its contents are `Sendable`.
  let slot: CustomLayoutSlot

  init(_ slot: CustomLayoutSlot) { self.slot = slot }

  /// `box`'s slot; a custom state without one is a programming error.
  static func slot(_ box: CustomLayoutBox?) -> CustomLayoutSlot {
    guard let box else { preconditionFailure("a custom-layout state without its layout") }
    return box.slot
  }

  static func == (lhs: CustomLayoutBox, rhs: CustomLayoutBox) -> Bool {
    lhs === rhs || lhs.slot == rhs.slot
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
