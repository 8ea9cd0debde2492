/// The constants `rxkeyboard` and `keyboard-layout-guide` share: RxKeyboard's example app's
/// navigation bar and its collection view of balloons, which the keyboard layout guide's sample
/// keeps.
protocol BalloonListConstants: Layout {
  var navigationBarHeight: Double { get set }
  var compactNavigationBarHeight: Double { get set }
  var balloonMaxWidth: Double { get set }
  var balloonInset: Double { get set }
  var fontSize: Double { get set }
  var lineSpacing: Double { get set }
  var sectionInset: Double { get set }
}

extension BalloonListConstants {
  /// The navigation bar's options, in the order `replay layouts` lists them.
  static var navigationBarOptions: [LayoutOption<Self>] {
    [
      .points(
        "navigationBar.height", get: { $0.navigationBarHeight },
        set: { $0.navigationBarHeight = $1 }, in: 0...200,
        "The navigation bar's height, added to the list's top inset."),
      .points(
        "navigationBar.compactHeight", get: { $0.compactNavigationBarHeight },
        set: { $0.compactNavigationBarHeight = $1 }, in: 0...200,
        "The navigation bar's height in a compact-height window (an iPhone in landscape)."),
    ]
  }

  /// The balloons' and the list's options, in the order `replay layouts` lists them.
  static var balloonListOptions: [LayoutOption<Self>] {
    [
      .points(
        "balloon.maxWidth", get: { $0.balloonMaxWidth }, set: { $0.balloonMaxWidth = $1 },
        in: 1...2000, "A message balloon's maximum width."),
      .points(
        "balloon.inset", get: { $0.balloonInset }, set: { $0.balloonInset = $1 }, in: 0...200,
        "The balloon's inset around its label, on each side."),
      .points(
        "font.size", get: { $0.fontSize }, set: { $0.fontSize = $1 }, in: 1...200,
        "The messages' system font size."),
      .points(
        "cell.spacing", get: { $0.lineSpacing }, set: { $0.lineSpacing = $1 }, in: 0...200,
        "The space between two cells."),
      .points(
        "section.inset", get: { $0.sectionInset }, set: { $0.sectionInset = $1 }, in: 0...200,
        "The space above the first cell and below the last."),
    ]
  }
}
