package import ChatReplay

/// A five-step recording whose numbers are worked out by hand (iPhone 15: H = 852, W = 393,
/// safe area 59/34; `FixedWidthMeasurer`: a one-line message is ceil(17) + 2 × 10 = 37 high).
///
/// - Step 0: k = 0, bar bottom 852 − 34 − 0 = 818; "Hi" at y 10, content 10 + 37 + 10 = 57;
///   adjusted insets top 0 + 59 + 44 = 103, bottom 44 + 34 = 78; offset −103.
/// - Step 1 (willChangeFrame y 516): k = 852 − 516 = 336, bar bottom 852 − 34 − 336 = 482,
///   inset 336 + 44 = 380, "will show": offset −103 + 336 = 233; gap 516 − 482 = 34.
/// - Step 2 (textChange "Yo"), step 3 (sendTap: "Yo" at y 10 + 37 + 6 = 53, content 100,
///   scrolled to 53 − 103 = −50, clamped to the maximum max(100 + 414 − 852, −103) = −103).
/// - Step 4 (willHide y 852): k = 0, bar bottom 818, inset 44.
package enum DebuggerFixture {
  package static let text = """
    {"type":"session","version":1,"device":{"model":"Test","screen":{"width":393,"height":852},"safeArea":{"top":59,"left":0,"bottom":34,"right":0}},"messages":[{"from":"other","text":"Hi"}]}
    {"t":1,"type":"keyboard","name":"willChangeFrame","frameEnd":{"x":0,"y":516,"width":393,"height":336}}
    {"t":2,"type":"textChange","text":"Yo"}
    {"t":3,"type":"sendTap"}
    {"t":4,"type":"keyboard","name":"willHide","frameEnd":{"x":0,"y":852,"width":393,"height":336}}

    """

  package static func timeline() -> Timeline {
    let options = Replayer.Options(measurer: FixedWidthMeasurer())
    switch Timeline.load(Array(text.utf8), options: options) {
    case .success(let timeline): return timeline
    case .failure(let error): preconditionFailure(error.rendered(file: "fixture"))
    }
  }

  package static func debugger() -> Debugger {
    Debugger(timeline: timeline())
  }
}

extension Debugger {
  /// Runs each line and returns the last reply's text.
  package mutating func run(_ lines: String...) -> String {
    var text = ""
    for line in lines { text = execute(line).text }
    return text
  }
}
