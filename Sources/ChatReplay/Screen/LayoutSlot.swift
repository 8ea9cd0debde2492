/// The layout a state belongs to, with what it remembers: the state's one record of its layout.
///
/// The built-in layouts have a case each, so that replaying them calls their code directly with
/// no existential to open and no cast per event; any other ``Layout`` is ``custom``. Every case
/// holds one reference to an immutable box of the layout's value and memory, so a state carries
/// eight bytes for its layout instead of a few hundred: copying a state (as every step hands one
/// out) and reading its layout copy no layout, and a step that leaves the memory as it was shares
/// the box. A step that changes the memory makes a new box. This is the only place that lists the
/// built-in layouts' types.
enum LayoutSlot: Equatable, Sendable {
  case rxkeyboard(LayoutBox<RxKeyboardLayout>)
  case growing(LayoutBox<GrowingLayout>)
  case scrollToField(LayoutBox<ScrollToFieldLayout>)
  case accessory(LayoutBox<AccessoryLayout>)
  case keyboardLayoutGuide(LayoutBox<KeyboardLayoutGuideLayout>)
  #if !hasFeature(Embedded)
    case custom(CustomLayoutBox)
  #endif

  /// The slot for `layout` and `memory`.
  static func make<L: Layout>(_ layout: L, _ memory: L.Memory) -> LayoutSlot {
    #if hasFeature(Embedded)
      // No casts in Embedded Swift, and no layouts but the built-in ones: a built-in id is its
      // layout's type, and `unsafeBitCast` hands the value on as that type.
      func box<Built: Layout>(_ type: Built.Type) -> LayoutBox<Built> {
        LayoutBox(
          unsafeBitCast(layout, to: Built.self), unsafeBitCast(memory, to: Built.Memory.self))
      }
      switch L.id {
      case .rxkeyboard: return .rxkeyboard(box(RxKeyboardLayout.self))
      case .growing: return .growing(box(GrowingLayout.self))
      case .scrollToField: return .scrollToField(box(ScrollToFieldLayout.self))
      case .accessory: return .accessory(box(AccessoryLayout.self))
      case .keyboardLayoutGuide: return .keyboardLayoutGuide(box(KeyboardLayoutGuideLayout.self))
      case .custom(let name):
        preconditionFailure("'\(name)' is not a built-in layout, the only ones this build has")
      }
    #else
      switch (layout, memory) {
      case (let layout as RxKeyboardLayout, let memory as RxKeyboardLayout.Memory):
        .rxkeyboard(LayoutBox(layout, memory))
      case (let layout as GrowingLayout, let memory as GrowingLayout.Memory):
        .growing(LayoutBox(layout, memory))
      case (let layout as ScrollToFieldLayout, let memory as ScrollToFieldLayout.Memory):
        .scrollToField(LayoutBox(layout, memory))
      case (let layout as AccessoryLayout, let memory as AccessoryLayout.Memory):
        .accessory(LayoutBox(layout, memory))
      case (
        let layout as KeyboardLayoutGuideLayout, let memory as KeyboardLayoutGuideLayout.Memory
      ):
        .keyboardLayoutGuide(LayoutBox(layout, memory))
      default:
        .custom(CustomLayoutBox(CustomLayoutSlot(layout: layout, memory: AnyHashable(memory))))
      }
    #endif
  }

  #if !hasFeature(Embedded)
    /// The layout, with its constants.
    var layout: any Layout {
      switch self {
      case .rxkeyboard(let box): box.layout
      case .growing(let box): box.layout
      case .scrollToField(let box): box.layout
      case .accessory(let box): box.layout
      case .keyboardLayoutGuide(let box): box.layout
      case .custom(let box): box.slot.layout
      }
    }

    /// What the layout remembers.
    var memory: AnyHashable {
      switch self {
      case .rxkeyboard(let box): AnyHashable(box.memory)
      case .growing(let box): AnyHashable(box.memory)
      case .scrollToField(let box): AnyHashable(box.memory)
      case .accessory(let box): AnyHashable(box.memory)
      case .keyboardLayoutGuide(let box): AnyHashable(box.memory)
      case .custom(let box): box.slot.memory
      }
    }
  #endif

  /// The layout's options whose values differ from its defaults, in the layout's order.
  var changedOptions: [LayoutOptionDescription] {
    switch self {
    case .rxkeyboard(let box): box.layout.changedOptions
    case .growing(let box): box.layout.changedOptions
    case .scrollToField(let box): box.layout.changedOptions
    case .accessory(let box): box.layout.changedOptions
    case .keyboardLayoutGuide(let box): box.layout.changedOptions
    #if !hasFeature(Embedded)
      case .custom(let box): box.slot.layout.changedOptions
    #endif
    }
  }

  var id: LayoutID {
    switch self {
    case .rxkeyboard: RxKeyboardLayout.id
    case .growing: GrowingLayout.id
    case .scrollToField: ScrollToFieldLayout.id
    case .accessory: AccessoryLayout.id
    case .keyboardLayoutGuide: KeyboardLayoutGuideLayout.id
    #if !hasFeature(Embedded)
      case .custom(let box): type(of: box.slot.layout).id
    #endif
    }
  }

  /// Applies `event` through the state's layout, and keeps what the layout remembers after it.
  ///
  /// The layout appends its own diagnostics after the step before's, which the shared checks then
  /// replace (a custom layout is handed none, as ``Layout/reduce(into:memory:_:measurer:)``
  /// says, and the step before's are put back before its own). `nil`, with the state left as it
  /// was, when the modelled app has crashed.
  ///
  /// It returns what the shared checks need from the layout after the event, computed while the
  /// layout is at hand. What the layout remembers is stored back, in a new box, only when it
  /// changed.
  @inline(__always)
  static func reduce(_ state: inout ChatState, _ event: Event, measurer: AnyTextMeasuring)
    -> LayoutGeometry?
  {
    // The layout and its memory are copied out of the box and the box let go before the state
    // changes, so that the box is not retained and released around the step.
    switch state.slot {
    case .rxkeyboard(let box):
      let (layout, memory) = (box.layout, box.memory)
      _ = consume box
      return LayoutBox.reduce(
        &state, layout, memory, event, measurer: measurer, keeping: LayoutSlot.rxkeyboard)
    case .growing(let box):
      let (layout, memory) = (box.layout, box.memory)
      _ = consume box
      return LayoutBox.reduce(
        &state, layout, memory, event, measurer: measurer, keeping: LayoutSlot.growing)
    case .scrollToField(let box):
      let (layout, memory) = (box.layout, box.memory)
      _ = consume box
      return LayoutBox.reduce(
        &state, layout, memory, event, measurer: measurer, keeping: LayoutSlot.scrollToField)
    case .accessory(let box):
      let (layout, memory) = (box.layout, box.memory)
      _ = consume box
      return LayoutBox.reduce(
        &state, layout, memory, event, measurer: measurer, keeping: LayoutSlot.accessory)
    case .keyboardLayoutGuide(let box):
      let (layout, memory) = (box.layout, box.memory)
      _ = consume box
      return LayoutBox.reduce(
        &state, layout, memory, event, measurer: measurer,
        keeping: LayoutSlot.keyboardLayoutGuide)
    #if !hasFeature(Embedded)
      case .custom(let box):
        var slot = box.slot
        if slot.hasCrashed { return nil }
        let previous = state.diagnostics
        state.diagnostics = []
        slot.reduce(&state, event, measurer: measurer)
        state.diagnostics = previous + state.diagnostics
        state.slot = .custom(CustomLayoutBox(slot))
        return LayoutGeometry(slot.layout, state)
    #endif
    }
  }

  /// Whether the layout's `textChange` only takes the text, and the layout never crashes, in
  /// `state`.
  ///
  /// Then it lays the views out from fields the text does not change, the same way after every
  /// event, so that a state it laid out is laid out again as it is: `rxkeyboard` (its `layOut`),
  /// `scroll-to-field` (its `layOut`, from the messages and the offset), `accessory` (the list's
  /// frame, and the docked container from the window) and `keyboard-layout-guide` (its `layOut`,
  /// which moves the offset by the change of the bottom inset it computes again: none, unless
  /// that inset is infinite, when the change is NaN). `growing` sizes its text view to the text.
  @inline(__always)
  func takesTextAlone(in state: ChatState) -> Bool {
    switch self {
    case .rxkeyboard, .scrollToField, .accessory: true
    case .keyboardLayoutGuide: state.list.contentInset.bottom.isFinite
    case .growing: false
    #if !hasFeature(Embedded)
      case .custom: false
    #endif
    }
  }

  /// Whether `event` leaves `state`, settled, as it is but for its step and time: for the layouts
  /// that take a text alone, the events their `reduce` ignores (their `ignores(_:in:)`); never
  /// for the others.
  @inline(__always)
  func ignores(_ event: Event, in state: ChatState) -> Bool {
    switch self {
    case .rxkeyboard(let box): box.layout.ignores(event, in: state)
    case .scrollToField(let box): box.layout.ignores(event, in: state)
    case .accessory(let box): box.layout.ignores(event, in: state)
    case .keyboardLayoutGuide(let box):
      state.list.contentInset.bottom.isFinite && box.layout.ignores(event, in: state)
    case .growing: false
    #if !hasFeature(Embedded)
      case .custom: false
    #endif
    }
  }

  var hasCrashed: Bool {
    switch self {
    case .rxkeyboard(let box): box.layout.hasCrashed(box.memory)
    case .growing(let box): box.layout.hasCrashed(box.memory)
    case .scrollToField(let box): box.layout.hasCrashed(box.memory)
    case .accessory(let box): box.layout.hasCrashed(box.memory)
    case .keyboardLayoutGuide(let box): box.layout.hasCrashed(box.memory)
    #if !hasFeature(Embedded)
      case .custom(let box): box.slot.hasCrashed
    #endif
    }
  }

  @inline(__always)
  func systemInset(of state: ChatState) -> EdgeInsets {
    switch self {
    case .rxkeyboard(let box): box.layout.systemInset(of: state)
    case .growing(let box): box.layout.systemInset(of: state)
    case .scrollToField(let box): box.layout.systemInset(of: state)
    case .accessory(let box): box.layout.systemInset(of: state)
    case .keyboardLayoutGuide(let box): box.layout.systemInset(of: state)
    #if !hasFeature(Embedded)
      case .custom(let box): box.slot.layout.systemInset(of: state)
    #endif
    }
  }

  func isSendEnabled(_ state: ChatState) -> Bool {
    switch self {
    case .rxkeyboard(let box): box.layout.isSendEnabled(state)
    case .growing(let box): box.layout.isSendEnabled(state)
    case .scrollToField(let box): box.layout.isSendEnabled(state)
    case .accessory(let box): box.layout.isSendEnabled(state)
    case .keyboardLayoutGuide(let box): box.layout.isSendEnabled(state)
    #if !hasFeature(Embedded)
      case .custom(let box): box.slot.layout.isSendEnabled(state)
    #endif
    }
  }

  @inline(__always)
  func inputContentFrame(of state: ChatState) -> Rect {
    switch self {
    case .rxkeyboard(let box): box.layout.inputContentFrame(of: state)
    case .growing(let box): box.layout.inputContentFrame(of: state)
    case .scrollToField(let box): box.layout.inputContentFrame(of: state)
    case .accessory(let box): box.layout.inputContentFrame(of: state)
    case .keyboardLayoutGuide(let box): box.layout.inputContentFrame(of: state)
    #if !hasFeature(Embedded)
      case .custom(let box): box.slot.layout.inputContentFrame(of: state)
    #endif
    }
  }

  func explain(_ path: StatePath, in state: ChatState) -> Explanation? {
    switch self {
    case .rxkeyboard(let box): box.layout.explain(path, in: state, memory: box.memory)
    case .growing(let box): box.layout.explain(path, in: state, memory: box.memory)
    case .scrollToField(let box): box.layout.explain(path, in: state, memory: box.memory)
    case .accessory(let box): box.layout.explain(path, in: state, memory: box.memory)
    case .keyboardLayoutGuide(let box): box.layout.explain(path, in: state, memory: box.memory)
    #if !hasFeature(Embedded)
      case .custom(let box): box.slot.explain(path, in: state)
    #endif
    }
  }
}

/// A built-in layout's value and memory, shared by the states that have them and replaced whole
/// when the memory changes.
final class LayoutBox<L: Layout>: Equatable, Sendable {
  let layout: L
  let memory: L.Memory

  init(_ layout: L, _ memory: L.Memory) {
    self.layout = layout
    self.memory = memory
  }

  /// Applies `event` to `state` through `layout`, whose memory is `memory` (a box's), as
  /// ``LayoutSlot/reduce(_:_:measurer:)`` does for every built-in layout.
  ///
  /// `nil` when the modelled app has crashed; a memory the event changed is stored in a new box,
  /// made the state's slot by `slot`.
  ///
  /// The built-in layouts only append their own diagnostics, never read them, so the step
  /// before's are left in place.
  @inline(__always)
  static func reduce(
    _ state: inout ChatState, _ layout: L, _ memory: L.Memory, _ event: Event,
    measurer: AnyTextMeasuring, keeping slot: (LayoutBox) -> LayoutSlot
  ) -> LayoutGeometry? {
    if layout.hasCrashed(memory) { return nil }
    var changed = memory
    layout.reduce(into: &state, memory: &changed, event, measurer: measurer)
    if changed != memory { state.slot = slot(LayoutBox(layout, changed)) }
    return LayoutGeometry(layout, state)
  }

  static func == (lhs: LayoutBox, rhs: LayoutBox) -> Bool {
    lhs === rhs || (lhs.layout == rhs.layout && lhs.memory == rhs.memory)
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

#if !hasFeature(Embedded)
  /// A custom layout's slot, shared by the states that have it and replaced whole when it changes.
  final class CustomLayoutBox: Equatable, @unchecked Sendable {
    // `@unchecked`: `slot` is never mutated after `init`, and its contents are `Sendable`.
    let slot: CustomLayoutSlot

    init(_ slot: CustomLayoutSlot) { self.slot = slot }

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
          "a '\(L.id.rawValue)' state holds \(type(of: memory.base)) where \(L.Memory.self) belongs"
        )
      }
      return memory
    }

    mutating func reduce(_ state: inout ChatState, _ event: Event, measurer: AnyTextMeasuring) {
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
#endif
