// swift-tools-version: 6.2
// 6.2 is the lowest: the library uses InlineArray, which Swift 6.2 introduced.
import PackageDescription

let package = Package(
  name: "replay",
  // Only the recorder's UIKit layer is built for iOS; it needs iOS 15 (GCKeyboard.coalesced,
  // UIWindowScene.screen).
  platforms: [.iOS(.v15)],
  products: [
    .executable(name: "replay", targets: ["replay"]),
    .library(name: "ChatReplay", targets: ["ChatReplay"]),
    .library(name: "LineEditing", targets: ["LineEditing"]),
    .library(name: "ChatReplayRecorder", targets: ["ChatReplayRecorder"]),
    .library(name: "ChatReplayTesting", targets: ["ChatReplayTesting"]),
  ],
  dependencies: [],
  targets: [
    // Library
    .target(
      name: "ChatReplay",
      exclude: ["Text/FontData"]
    ),
    // The prompt's line editor: key handling as a pure state machine (no terminal I/O).
    .target(name: "LineEditing"),

    // Recorder, for apps: depends on nothing, not even ChatReplay, so an app embedding it
    // carries a few hundred lines and no replayer.
    .target(name: "ChatReplayRecorder"),

    // `ScreenStore`, for tests of event sequences (Swift Testing or XCTest).
    .target(
      name: "ChatReplayTesting",
      dependencies: ["ChatReplay"]
    ),

    // The library built as a WebAssembly module, in base64 (Sources/ChatReplayWasm/build.sh
    // --ship): `replay html` copies it into the pages that replay their recording.
    .target(name: "ReplayPageModule"),

    // Executable
    .executableTarget(
      name: "replay",
      dependencies: ["ChatReplay", "LineEditing", "ReplayPageModule"]
    ),
    // libFuzzer entry point; built and run only by .ci/fuzz.sh (see the file).
    .executableTarget(
      name: "ReplayFuzz",
      dependencies: ["ChatReplay"]
    ),

    // Tests
    // Helpers both test targets share: expectations, the property runner, the binary runner.
    .target(
      name: "ReplayTestSupport",
      dependencies: ["ChatReplay", "ChatReplayTesting"],
      path: "Tests/ReplayTestSupport"
    ),
    // The library, in process: fast.
    .testTarget(
      name: "ChatReplayTests",
      dependencies: ["ChatReplay", "ChatReplayTesting", "LineEditing", "ReplayTestSupport"]
    ),
    // The `replay` binary run as a user runs it (processes, files, tmux), and the executables'
    // own code through `@testable import`.
    .testTarget(
      name: "ReplayEndToEndTests",
      dependencies: [
        "ChatReplay", "replay", "ReplayFuzz", "ReplayPageModule", "ReplayTestSupport",
      ],
      exclude: ["ReplayFuzz/Fixtures"]
    ),
    // A layout written outside the library with its public API only (no @testable), run through
    // the timeline, the debugger and a check: what a user's own test target does.
    .testTarget(
      name: "CustomLayoutTests",
      dependencies: ["ChatReplay"]
    ),
    // The recorder's core with a fake clock and sink, and what it writes read back by the
    // replayer and by the `replay` binary.
    .testTarget(
      name: "ChatReplayRecorderTests",
      dependencies: ["ChatReplayRecorder", "ChatReplay", "replay", "ReplayTestSupport"]
    ),
  ]
)

// Warnings are errors in this repository's CI (.ci/run builds with -warnings-as-errors), not
// here: a package that depends on this one must not fail to build on a newer compiler's warning.
for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("InternalImportsByDefault"),
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
