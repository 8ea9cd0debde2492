extension ChatState {
  /// Keeps the keyboard's real frame, whether or not the layout listens: the frame of each
  /// `willShow` and `willHide`, where the keyboard's animation starts.
  ///
  /// The `willChangeFrame` that iOS posts at the same moment, with the same frames, just before
  /// them is not taken: between the two no frame is drawn, and taking it would report an overlap
  /// the user never sees on every appearance of layouts that move on `willShow`.
  mutating func trackKeyboard(_ notification: KeyboardNotification) {
    switch notification.name {
    case .willShow, .willHide:
      if let frame = notification.frameEnd { keyboard.frame = frame }
    case .willChangeFrame, .didShow, .didHide, .didChangeFrame:
      break
    }
  }
}
