#if canImport(UIKit)
  import Foundation
  import GameController
  public import UIKit

  /// Records a chat screen of a running app into a file that `replay` opens.
  ///
  /// This layer only forwards what UIKit reports to ``SessionRecorder``, which decides what is
  /// written. It is not compiled on Linux; `.github/workflows/apple.yml` builds it.
  ///
  /// ```swift
  /// override func viewDidAppear(_ animated: Bool) {
  ///   super.viewDidAppear(animated)
  ///   #if DEBUG
  ///     recorder = try? ChatReplayRecorder.start(in: self, textInput: textView, scrollView: tableView)
  ///   #endif
  /// }
  /// ```
  @MainActor
  public final class ChatReplayRecorder: NSObject {
    /// Why recording could not start.
    public enum StartError: Error {
      /// The view controller's view is not in a window yet: start from `viewDidAppear(_:)`.
      case notInWindow
      /// The app has no Caches directory.
      case noCachesDirectory
    }

    /// The recording, in `Library/Caches/ChatReplay/` of the app's container.
    public let fileURL: URL
    private let core: SessionRecorder
    private weak var viewController: UIViewController?
    private weak var textInput: (UIView & UITextInput)?
    private weak var scrollView: UIScrollView?
    private let probe = LayoutProbe()
    private var offsetObservation: NSKeyValueObservation?

    /// Starts recording the screen of `viewController`, whose text input and message list are
    /// given; `layout` names the replayer's layout the screen resembles, if known.
    public static func start(
      in viewController: UIViewController, textInput: UIView & UITextInput,
      scrollView: UIScrollView, layout: String? = nil, masksText: Bool = false
    ) throws -> ChatReplayRecorder {
      guard let window = viewController.view.window else { throw StartError.notInWindow }
      guard let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
      else { throw StartError.noCachesDirectory }
      let fileURL = caches.appendingPathComponent("ChatReplay")
        .appendingPathComponent(FileSink.fileName(startedAt: Date()))
      var system = utsname()
      uname(&system)
      let machine = withUnsafeBytes(of: &system.machine) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      let device = UIDevice.current
      let header = SessionRecorder.Header(
        model: .model(
          machine: machine,
          simulatorModelIdentifier: ProcessInfo.processInfo.environment[
            "SIMULATOR_MODEL_IDENTIFIER"]),
        windowSize: window.bounds.size.recorded, safeArea: window.safeAreaInsets.recorded,
        windowFrameInScreen: frameInScreen(of: window), layout: layout,
        os: "\(device.systemName) \(device.systemVersion)",
        idiom: .init(userInterfaceIdiomRawValue: device.userInterfaceIdiom.rawValue),
        scale: window.windowScene.map { Double($0.screen.scale) },
        // https://developer.apple.com/documentation/gamecontroller/gckeyboard/coalesced
        hardwareKeyboard: GCKeyboard.coalesced != nil)
      let sink = try FileSink(path: fileURL.path)
      let core = SessionRecorder(
        header: header, options: .init(masksText: masksText),
        clock: { ProcessInfo.processInfo.systemUptime }, sink: sink, drain: .background)
      let recorder = ChatReplayRecorder(fileURL: fileURL, core: core)
      recorder.startObserving(viewController, textInput, scrollView)
      return recorder
    }

    private init(fileURL: URL, core: SessionRecorder) {
      self.fileURL = fileURL
      self.core = core
      super.init()
    }

    private func startObserving(
      _ viewController: UIViewController, _ textInput: UIView & UITextInput,
      _ scrollView: UIScrollView
    ) {
      self.viewController = viewController
      self.textInput = textInput
      self.scrollView = scrollView
      let center = NotificationCenter.default
      // Keyboard notifications come with `object: nil` before iOS 16.1 and the UIScreen after,
      // so observe every object: https://developer.apple.com/documentation/uikit/uiresponder/keyboardwillhidenotification
      for name in KeyboardNotificationName.allCases {
        center.addObserver(
          self, selector: #selector(keyboardNotification(_:)),
          name: Notification.Name(name.notificationName), object: nil)
      }
      // https://developer.apple.com/documentation/uikit/uitextview/textdidchangenotification
      for name in [UITextView.textDidChangeNotification, UITextField.textDidChangeNotification] {
        center.addObserver(self, selector: #selector(textDidChange), name: name, object: textInput)
      }
      // https://developer.apple.com/documentation/uikit/uiscrollview/pangesturerecognizer
      scrollView.panGestureRecognizer.addTarget(self, action: #selector(panned(_:)))
      offsetObservation = scrollView.observe(\.contentOffset) { [weak self] scrollView, _ in
        MainActor.assumeIsolated { self?.offsetChanged(scrollView) }
      }
      // The probe fills the view, so it is laid out when the view's size changes and told when
      // its safe area does: https://developer.apple.com/documentation/uikit/uiview/safeareainsetsdidchange()
      probe.frame = viewController.view.bounds
      probe.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      probe.isUserInteractionEnabled = false
      probe.onChange = { [weak self] in self?.geometryChanged() }
      viewController.view.insertSubview(probe, at: 0)
    }

    /// Stops observing, writes what is left and closes the file.
    public func stop() {
      NotificationCenter.default.removeObserver(self)
      scrollView?.panGestureRecognizer.removeTarget(self, action: #selector(panned(_:)))
      offsetObservation?.invalidate()
      probe.removeFromSuperview()
      core.stop()
    }

    /// The send button was tapped.
    public func sendTapped() { core.sendTapped() }
    /// A "Done" button above the keyboard was tapped.
    public func doneTapped() { core.doneTapped() }
    /// The return key was pressed (call it from `textFieldShouldReturn(_:)` or the like).
    public func returnKeyPressed() {
      core.returnKeyPressed(whileComposing: textInput?.markedTextRange != nil)
    }
    /// The chat screen appeared (`viewDidAppear(_:)`).
    public func appeared() { core.appeared() }
    /// The chat screen disappeared (`viewDidDisappear(_:)`).
    public func disappeared() { core.disappeared() }
    /// A message from the other person arrived.
    public func messageReceived(_ text: String) { core.messageReceived(text) }

    /// Records what UIKit laid out; call it from `viewDidLayoutSubviews()`.
    public func layoutObserved(inputBar: UIView, list: UIScrollView) {
      core.layoutObserved(
        ObservedLayout(
          inputBarFrame: inputBar.convert(inputBar.bounds, to: nil).recorded,
          listFrame: list.superview.map { $0.convert(list.frame, to: nil).recorded },
          contentInset: list.contentInset.recorded,
          adjustedContentInset: list.adjustedContentInset.recorded,
          contentOffsetY: Double(list.contentOffset.y),
          contentHeight: Double(list.contentSize.height)
        ))
    }

    @objc private func keyboardNotification(_ notification: Notification) {
      guard let name = KeyboardNotificationName(notificationName: notification.name.rawValue)
      else { return }
      var userInfo: [String: UserInfoValue] = [:]
      for (key, value) in notification.userInfo ?? [:] {
        userInfo[String(describing: key.base)] = Self.userInfoValue(value)
      }
      core.keyboardNotificationPosted(name, userInfo: userInfo)
    }

    @objc private func textDidChange() {
      guard let input = textInput,
        let all = input.textRange(from: input.beginningOfDocument, to: input.endOfDocument)
      else { return }
      // https://developer.apple.com/documentation/uikit/uitextinput/markedtextrange
      let marked = input.markedTextRange.map { range in
        SessionRecorder.TextRange(
          location: input.offset(from: input.beginningOfDocument, to: range.start),
          length: input.offset(from: range.start, to: range.end))
      }
      core.textChanged(input.text(in: all) ?? "", markedRange: marked)
    }

    @objc private func panned(_ recognizer: UIPanGestureRecognizer) {
      guard let phase = PanPhase(gestureRecognizerStateRawValue: recognizer.state.rawValue)
      else { return }
      // `nil`: in the window's coordinates,
      // https://developer.apple.com/documentation/uikit/uigesturerecognizer/location(in:)
      core.panned(y: Double(recognizer.location(in: nil).y), phase: phase)
    }

    private func offsetChanged(_ scrollView: UIScrollView) {
      core.scrolled(
        offsetY: Double(scrollView.contentOffset.y), isDragging: scrollView.isDragging,
        isDecelerating: scrollView.isDecelerating)
    }

    private func geometryChanged() {
      guard let window = viewController?.view.window else { return }
      core.viewportChanged(
        windowSize: window.bounds.size.recorded, safeArea: window.safeAreaInsets.recorded,
        windowFrameInScreen: Self.frameInScreen(of: window))
    }

    // Keyboard frames are in the screen's coordinate space, which differs from the window's in
    // Split View, Slide Over and Stage Manager:
    // https://developer.apple.com/documentation/uikit/uiresponder/keyboardframeenduserinfokey
    private static func frameInScreen(of window: UIWindow) -> SessionRecorder.Rect? {
      window.windowScene.map {
        window.convert(window.bounds, to: $0.screen.coordinateSpace).recorded
      }
    }

    /// What kind of object a `userInfo` value is; `NSNumber` first, as it is an `NSValue` too.
    private static func userInfoValue(_ value: Any) -> UserInfoValue {
      if let number = value as? NSNumber {
        let isBool = CFGetTypeID(number) == CFBooleanGetTypeID()
        return isBool ? .bool(number.boolValue) : .number(number.doubleValue)
      }
      if let value = value as? NSValue {
        let type = String(cString: value.objCType)
        if type.hasPrefix("{CGRect") { return .rect(value.cgRectValue.recorded) }
        if type.hasPrefix("{CGPoint") { return .point(value.cgPointValue.recorded) }
      }
      if let string = value as? String { return .string(string) }
      return .other(String(describing: value))
    }
  }

  extension CGRect {
    fileprivate var recorded: SessionRecorder.Rect {
      .init(  // origin and size as stored: `width` and `height` would standardize them
        x: Double(origin.x), y: Double(origin.y), width: Double(size.width),
        height: Double(size.height))
    }
  }

  extension CGPoint {
    fileprivate var recorded: SessionRecorder.Point { .init(x: Double(x), y: Double(y)) }
  }

  extension CGSize {
    fileprivate var recorded: SessionRecorder.Size {
      .init(width: Double(width), height: Double(height))
    }
  }

  extension UIEdgeInsets {
    fileprivate var recorded: SessionRecorder.Insets {
      .init(top: Double(top), left: Double(left), bottom: Double(bottom), right: Double(right))
    }
  }

  /// An empty view filling the screen's view, which reports its layout and safe-area changes.
  private final class LayoutProbe: UIView {
    var onChange: (() -> Void)?

    override func layoutSubviews() {
      super.layoutSubviews()
      onChange?()
    }

    override func safeAreaInsetsDidChange() {
      super.safeAreaInsetsDidChange()
      onChange?()
    }
  }
#endif
