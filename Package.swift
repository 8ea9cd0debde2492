// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "replay",
  products: [
    .executable(name: "replay", targets: ["replay"]),
    .library(name: "ChatReplay", targets: ["ChatReplay"]),
  ],
  dependencies: [],
  targets: [
    // Library
    .target(
      name: "ChatReplay",
      exclude: ["Text/FontData"]
    ),

    // Executable
    .executableTarget(
      name: "replay",
      dependencies: ["ChatReplay"]
    ),
    // libFuzzer entry point; built and run only by .ci/fuzz.sh (see the file).
    .executableTarget(
      name: "ReplayFuzz",
      dependencies: ["ChatReplay"]
    ),

    // Tests
    .testTarget(
      name: "ChatReplayTests",
      dependencies: ["ChatReplay", "replay", "ReplayFuzz"],
      exclude: ["Fixtures"]
    ),
  ]
)

for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("InternalImportsByDefault"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .treatAllWarnings(as: .error),
    ]
}
