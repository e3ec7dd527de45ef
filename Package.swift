// swift-tools-version: 6.1

import CompilerPluginSupport
import Foundation
import PackageDescription

/// The platforms where `URLSession` is not in Foundation but in FoundationNetworking.
let foundationNetworkingPlatforms: [Platform] = [.linux, .android, .windows, .openbsd]

let package = Package(
  name: "ReducerKit",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "ReducerKit", targets: ["ReducerKit"]),
    .library(name: "ReducerKitDebug", targets: ["ReducerKitDebug"]),
    .library(name: "ReducerKitTesting", targets: ["ReducerKitTesting"]),
    // The live link of a running app (`rkdebug attach`), for an app that wants it.
    .library(name: "ReducerKitLive", targets: ["ReducerKitLive"]),
    // The uploader of an app's log to a team's collector (`rkdebug serve`).
    .library(name: "ReducerKitUpload", targets: ["ReducerKitUpload"]),
    .library(name: "RKDebugCLI", targets: ["RKDebugCLI"]),
    // A team's collector (`serve`), `push`, `pull` and `--db URL`, for an rkdebug that wants them.
    .library(name: "RKDebugCollector", targets: ["RKDebugCollector"]),
    .library(name: "ReducerKitSamples", targets: ["ReducerKitSamples"]),
    .executable(name: "rkdebug", targets: ["rkdebug"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.3.1"),
    // Without the traits that link FoundationNetworking on Linux, and with it libcurl and a
    // score of libraries, into every program, rkdebug's start included (docs/performance.md,
    // "Starting the process"): custom-dump's and dependencies' FoundationNetworking, and
    // dependencies' CombineSchedulers, whose OpenCombine imports it (`\.mainQueue` goes;
    // reducers wait on `\.continuousClock`, as TCA's do since 1.0).
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3", traits: []),
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1",
      traits: ["Clocks", "Foundation"]),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
  ],
  targets: [
    .target(
      name: "ReducerKit",
      dependencies: [
        "ReducerKitMacros",
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Clocks", package: "swift-clocks"),
        // The main serial executor a TestStore runs its test on (MainSerialExecutorHold).
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .macro(
      name: "ReducerKitMacros",
      dependencies: [
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    .target(
      name: "ReducerKitDebug",
      dependencies: [
        "ReducerKit",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]
    ),
    // The uploader of an app's log to a collector (SessionUploader): apart from
    // ReducerKitDebug, so that an app that does not send its sessions links no HTTP client.
    .target(
      name: "ReducerKitUpload",
      dependencies: [
        "ReducerKitDebug",
        // The standard transport where `URLSession` is FoundationNetworking's.
        .product(
          name: "AsyncHTTPClient", package: "async-http-client",
          condition: .when(platforms: foundationNetworkingPlatforms)),
        .product(
          name: "NIOCore", package: "swift-nio",
          condition: .when(platforms: foundationNetworkingPlatforms)),
        .product(
          name: "NIOHTTP1", package: "swift-nio",
          condition: .when(platforms: foundationNetworkingPlatforms)),
      ]
    ),
    // The HTTP server the live link, `rkdebug ui` and `rkdebug serve` run (HTTPServerService).
    .target(
      name: "ReducerKitHTTP",
      dependencies: [
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // The live link (LiveDebugLink): a WebSocket server in the app, apart from ReducerKitDebug
    // so that an app that does not ask for it links no server.
    .target(
      name: "ReducerKitLive",
      dependencies: [
        "ReducerKit",
        "ReducerKitDebug",
        "ReducerKitHTTP",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
        // Stops the server gracefully when the link closes.
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .target(
      name: "ReducerKitTesting",
      dependencies: [
        "ReducerKit",
        "ReducerKitDebug",
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        // Lets `reportIssue` (a misuse, a missing test dependency) fail Swift Testing tests.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "ReducerKitSamples",
      dependencies: [
        "ReducerKit",
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ],
      path: "Samples",
      exclude: ["README.md"]
    ),
    .target(
      name: "RKDebugCLI",
      dependencies: [
        "ReducerKit",
        "ReducerKitDebug",
        // `demo --live` runs a sample as an app with its live link open.
        "ReducerKitLive",
        "RKDebugInspector",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        // A paced recording's clock (RecordingPace).
        .product(name: "Clocks", package: "swift-clocks"),
        // The client of a running app's live link (`attach`, `ui --attach`).
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
      ]
    ),
    // The web inspector's HTTP server and page (`rkdebug ui`); the CLI answers its queries.
    .target(
      name: "RKDebugInspector",
      dependencies: [
        "ReducerKitDebug",
        "ReducerKitHTTP",
        .product(name: "Hummingbird", package: "hummingbird"),
        // Reads a request's target before Hummingbird converts it (RequestTargetCheck).
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
      ],
      resources: [
        .embedInCode("Assets/index.html"),
        .embedInCode("Assets/app.css"),
        .embedInCode("Assets/app.js"),
      ]
    ),
    // The team's collector (docs/collector.md): `serve` and its HTTP API, tokens and TLS, the
    // sessions in PostgreSQL or a log file, and the client of `push`, `pull` and `--db URL`.
    // Apart from RKDebugCLI, so that a user's own rkdebug links none of this unless it asks
    // (TeamCommands), and from ReducerKitDebug, so that an app never links it.
    .target(
      name: "RKDebugCollector",
      dependencies: [
        "ReducerKitDebug",
        "ReducerKitHTTP",
        // `push` runs the uploader an app runs.
        "ReducerKitUpload",
        "RKDebugCLI",
        "RKDebugInspector",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Hummingbird", package: "hummingbird"),
        // `serve --tls-certificate --tls-key`, and the trust of the client.
        .product(name: "HummingbirdTLS", package: "hummingbird"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        // The client (push, pull, --db URL): waits without spinning, speaks TLS.
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        // The ByteBuffer of COPY's rows (CopyTextRow).
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        // The collector's long synchronous work runs on NIOThreadPool.
        .product(name: "NIOPosix", package: "swift-nio"),
      ]
    ),
    .executableTarget(
      name: "rkdebug",
      dependencies: ["ReducerKit", "RKDebugCLI", "RKDebugCollector", "ReducerKitSamples"]
    ),
    // The benchmarks (docs/performance.md): `swift run -c release rkbench`. In this package, not
    // one of its own, so that CI's check that they build and run reuses the build of the tests.
    .executableTarget(
      name: "rkbench",
      dependencies: [
        "ReducerKit", "ReducerKitDebug", "ReducerKitLive", "ReducerKitSamples",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ],
      path: "Benchmarks/Sources/rkbench"
    ),
    // Helpers several test targets share; not a product.
    .target(
      name: "ReducerKitTestSupport",
      dependencies: [
        "ReducerKit",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ],
      path: "Tests/Support"
    ),
    // Databases for the collector's tests (TestDatabase), apart, so that the core library's
    // tests build without the PostgreSQL store.
    .target(
      name: "RKDebugCollectorTestSupport",
      dependencies: ["RKDebugCollector"],
      path: "Tests/CollectorSupport"
    ),
    .testTarget(
      name: "ReducerKitTests",
      dependencies: [
        "ReducerKit",
        "ReducerKitTesting",
        "ReducerKitTestSupport",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    .testTarget(
      name: "ReducerKitMacrosTests",
      dependencies: [
        "ReducerKitMacros",
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
      ]
    ),
    .testTarget(
      name: "ReducerKitDebugTests",
      dependencies: [
        "ReducerKitDebug", "ReducerKitSamples", "ReducerKitTesting", "ReducerKitTestSupport",
      ]
    ),
    .testTarget(
      name: "ReducerKitTestingTests",
      dependencies: [
        "ReducerKitTesting",
        "ReducerKitSamples",
        "ReducerKitTestSupport",
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    .testTarget(
      name: "ReducerKitSamplesTests",
      dependencies: [
        "ReducerKitSamples",
        "ReducerKitTesting",
        "ReducerKitDebug",
        "ReducerKitTestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      // Recorded sessions of the samples, replayed as regression tests (see Fixtures/README.md).
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "RKDebugCollectorTests",
      // The CLI's export and its reader: a session read back must export as the original.
      dependencies: [
        "RKDebugCollector", "RKDebugCLI", "ReducerKitDebug", "RKDebugCollectorTestSupport",
        // Counts the rows of a collector's log (StorageUnderTest).
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "RKDebugCLITests",
      dependencies: [
        "RKDebugCLI", "RKDebugCollector", "RKDebugInspector", "ReducerKitDebug",
        "ReducerKitHTTP", "ReducerKitSamples", "ReducerKitTestSupport", "ReducerKitUpload",
        "RKDebugCollectorTestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ]
    ),
  ]
)

// RKDEBUG_OPTIMIZE=1 compiles the libraries an app links (ReducerKit, the recorder and replay
// engine of ReducerKitDebug, ReducerKitTesting) and the samples optimized (whole module) inside a
// debug build, so CI runs their optimized code without the 20-30 minute release build of
// swift-syntax. The command-line tool's own modules, the dependencies, the macro plugin and the
// tests stay as they are: with every module of the project optimized, CI's one build took 78
// CPU-minutes on two cores, too near its 90-minute limit (and with -O, Swift 6.3.1 cannot fold
// the @Test records of ReducerKitDebugTests).
// swiftc takes the last -O flag given; -num-threads makes whole-module optimization write one
// object per file, as a debug build's output map and index store expect.
let optimizesOwnTargets = Context.environment["RKDEBUG_OPTIMIZE"] == "1"
let optimizedTargets: Set = [
  "ReducerKit", "ReducerKitDebug", "ReducerKitTesting", "ReducerKitSamples", "ReducerKitLive",
  "ReducerKitHTTP", "ReducerKitUpload",
]
let optimizedFlags = [
  "-O", "-whole-module-optimization",
  "-num-threads", "\(ProcessInfo.processInfo.activeProcessorCount)",
]

for target in package.targets where target.type != .plugin {
  target.swiftSettings = (target.swiftSettings ?? []) + [
    .enableUpcomingFeature("ExistentialAny"),
  ]
  if optimizesOwnTargets && optimizedTargets.contains(target.name) {
    target.swiftSettings! += [.unsafeFlags(optimizedFlags)]
  }
}
