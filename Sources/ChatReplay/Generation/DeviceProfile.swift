/// A device a generated recording plays on: its screen, safe area and keyboard heights.
///
/// The numbers are those of Recordings/README.md ("Where the numbers come from"); the landscape
/// keyboards of the iPhone X class and the iPhone SE are assumptions (see the README).
public struct DeviceProfile: Hashable, Sendable {
  /// The name `replay generate --profile` takes.
  public var name: String
  public var device: Device
  /// The software keyboard's height without the QuickType bar, when it ever shows without one.
  public var keyboardHeight: Double?
  /// The software keyboard's height with the QuickType bar.
  public var quickTypeKeyboardHeight: Double
  /// The name of the profile this device becomes when rotated.
  public var rotatedName: String

  public init(
    name: String, device: Device, keyboardHeight: Double?, quickTypeKeyboardHeight: Double,
    rotatedName: String
  ) {
    self.name = name
    self.device = device
    self.keyboardHeight = keyboardHeight
    self.quickTypeKeyboardHeight = quickTypeKeyboardHeight
    self.rotatedName = rotatedName
  }

  /// The height of a hardware keyboard's off-screen shortcut bar frame.
  public static let hardwareKeyboardHeight = 54.0

  /// The profile `replay generate` uses without `--profile`.
  public static let `default` = iPhone15

  /// iPhone 15: 393×852, safe area 59/34, keyboard 336 (with QuickType).
  public static let iPhone15 = DeviceProfile(
    name: "iphone15", device: .iPhone15, keyboardHeight: nil, quickTypeKeyboardHeight: 336,
    rotatedName: "iphone15-landscape")

  /// iPhone 15 in landscape: 852×393, safe area 0/59/21/59, keyboard 209.
  public static let iPhone15Landscape = DeviceProfile(
    name: "iphone15-landscape",
    device: Device(
      model: "iPhone 15", screen: Size(width: 852, height: 393),
      safeArea: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)),
    keyboardHeight: nil, quickTypeKeyboardHeight: 209, rotatedName: "iphone15")

  /// iPhone X class: 375×812, safe area 44/34, keyboard 291, 335 with QuickType.
  public static let iPhoneX = DeviceProfile(
    name: "iphonex",
    device: Device(
      model: "iPhone XS", screen: Size(width: 375, height: 812),
      safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)),
    keyboardHeight: 291, quickTypeKeyboardHeight: 335, rotatedName: "iphonex-landscape")

  /// iPhone X class in landscape: 812×375, safe area 0/44/21/44, keyboard 206 (assumed).
  public static let iPhoneXLandscape = DeviceProfile(
    name: "iphonex-landscape",
    device: Device(
      model: "iPhone XS", screen: Size(width: 812, height: 375),
      safeArea: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44)),
    keyboardHeight: nil, quickTypeKeyboardHeight: 206, rotatedName: "iphonex")

  /// iPhone SE (2nd/3rd generation): 375×667, safe area 20/0, keyboard 216, 258 with QuickType.
  public static let iPhoneSE = DeviceProfile(
    name: "iphonese",
    device: Device(
      model: "iPhone SE", screen: Size(width: 375, height: 667),
      safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)),
    keyboardHeight: 216, quickTypeKeyboardHeight: 258, rotatedName: "iphonese-landscape")

  /// iPhone SE in landscape: 667×375, no safe area, keyboard 200 (assumed).
  public static let iPhoneSELandscape = DeviceProfile(
    name: "iphonese-landscape",
    device: Device(
      model: "iPhone SE", screen: Size(width: 667, height: 375), safeArea: .zero),
    keyboardHeight: nil, quickTypeKeyboardHeight: 200, rotatedName: "iphonese")

  /// Every profile, portrait first.
  public static let all = [
    iPhone15, iPhoneX, iPhoneSE, iPhone15Landscape, iPhoneXLandscape, iPhoneSELandscape,
  ]

  /// The profile named `name`.
  public static func named(_ name: String) -> DeviceProfile? {
    all.first { $0.name == name }
  }

  /// The profile this device becomes when rotated.
  public var rotated: DeviceProfile { Self.named(rotatedName) ?? self }
}
