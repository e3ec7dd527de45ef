import ArgumentParser
import Dispatch
import Foundation
import ReducerKitDebug

/// The options of `rkdebug demo --live`: a sample run as an app with its live link open.
struct LiveDemoOptions: ParsableArguments {
  @Option(name: .long, help: "The sample to run live (default: todos).")
  var feature: String?

  @Option(name: .long, help: "The port of the live link (default: a free one).")
  var port: Int?

  @Option(name: .long, help: "The live link's token (default: a random one).")
  var token: String?

  @Option(
    name: .long,
    help: ArgumentHelp("Seconds between two taps (default: 1).", valueName: "seconds"))
  var every: Double?

  @Option(name: .long, help: "Stop tapping after this many actions (default: never).")
  var actions: Int?

  @Option(name: .long, help: "The seed of the taps (default: 1).")
  var seed: UInt64?

  var isSet: Bool {
    feature != nil || port != nil || token != nil || every != nil || actions != nil
      || seed != nil
  }

  func validate() throws {
    if let port, !(0...65535).contains(port) {
      throw ValidationError("--port must be 0…65535 (0: a free port).")
    }
    if let every, !(every > 0 && every <= 3600) {
      throw ValidationError("--every must be a number of seconds above 0, at most 3600.")
    }
    if let actions, actions < 0 { throw ValidationError("--actions must be 0 or more.") }
    if let token, token.isEmpty || token.contains(where: \.isWhitespace) {
      throw ValidationError("--token must be a word without spaces.")
    }
  }

  @MainActor
  func run(db: String) async throws {
    let name = feature ?? DemoCommand.featureName
    guard let feature = FeatureRegistry.feature(named: name) else {
      throw RKDebugError(
        "no feature named '\(name)' is registered (registered: "
          + "\(FeatureRegistry.registeredNames))")
    }
    let stop = SignalWait()
    var app = LiveApp(stopped: { await stop.wait() })
    app.port = port ?? 0
    app.token = token
    app.interval = .milliseconds(Int64((every ?? 1) * 1000))
    app.actions = actions
    app.seed = seed ?? 1
    app.onOpen = { link in
      print(
        """
        Running '\(name)' as an app: it records into \(db) and taps a random action every \
        \(every ?? 1) s. Its live link is open; in another terminal, attach to it:

          \(link.attachCommand)
          rkdebug ui --db \(db) --attach \(link.url) --token \(link.token)

        live: \(link.url) token: \(link.token)
        Stop it with Ctrl-C.
        """)
      fflush(nil)
    }
    try await feature.erased.runLive(app, log: try ActionLog(path: db))
  }
}

/// Waits for SIGINT or SIGTERM, so that a live app ends its session before exiting.
final class SignalWait: @unchecked Sendable {
  // `@unchecked`: the sources are made once and kept alive by this object.
  private var sources: [any DispatchSourceSignal] = []
  private let stream: AsyncStream<Void>

  init() {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    self.stream = stream
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
      source.setEventHandler { continuation.yield() }
      source.resume()
      sources.append(source)
    }
  }

  func wait() async {
    for await _ in stream { return }
  }
}
