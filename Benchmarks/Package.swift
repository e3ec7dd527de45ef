// swift-tools-version: 6.1

// The ReducerKit / rkdebug benchmarks: a plain release-build executable, kept out of the root
// package so that the main build and CI stay fast.
//
//   swift build -c release --package-path Benchmarks --product rkdebug   # the CLI under test
//   swift run -c release --package-path Benchmarks rkbench [--quick]
//
// docs/performance.md explains every benchmark and holds the latest full run.

import PackageDescription

let package = Package(
  name: "ReducerKitBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "ReducerKit", path: "../"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
  ],
  targets: [
    .executableTarget(
      name: "rkbench",
      dependencies: [
        .product(name: "ReducerKit", package: "ReducerKit"),
        .product(name: "ReducerKitDebug", package: "ReducerKit"),
        .product(name: "ReducerKitSamples", package: "ReducerKit"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
  ]
)
