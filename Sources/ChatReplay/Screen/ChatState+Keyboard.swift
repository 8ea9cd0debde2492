extension ChatState {
  /// Keeps the keyboard's real frame, whether or not the layout listens: the frame of each
  /// `willShow` and `willHide`, where the keyboard's animation starts, and of each
  /// `didChangeFrame`, where a keyboard that posts no show or hide (an iPad's floating, undocked or
  /// split keyboard) comes to rest.
  ///
  /// The `willChangeFrame` that iOS posts at the same moment, with the same frames, just before
  /// them is not taken: between the two no frame is drawn, and taking it would report an overlap
  /// the user never sees on every appearance of layouts that move on `willShow`. A frame that is
  /// not where a keyboard can be (``isKeyboardPlaceholder(_:)``) is not taken either.
  mutating func trackKeyboard(_ notification: KeyboardNotification) {
    switch notification.name {
    case .willShow, .willHide, .didChangeFrame:
      if let frame = notification.frameEnd, !isKeyboardPlaceholder(frame) {
        keyboard.frame = frame
      }
    case .willChangeFrame, .didShow, .didHide:
      break
    }
  }

  /// Whether `frame` is one iOS posts for a keyboard that is not there: as tall as the window or
  /// taller (an iPad's floating keyboard while the user drags it), or starting above the window (an
  /// iPad keyboard that is being undocked or split).
  ///
  /// App code takes such frames as they come; what iOS itself places (the keyboard as the layouts
  /// track it, an input accessory view, the keyboard layout guide) stays where it was.
  public func isKeyboardPlaceholder(_ frame: Rect) -> Bool {
    frame.height >= screen.height - Self.tolerance || frame.minY < -Self.tolerance
  }
}
