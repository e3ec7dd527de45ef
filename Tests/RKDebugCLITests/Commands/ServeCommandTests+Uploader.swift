import Clocks
import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitSamples
import ReducerKitTestSupport
import ReducerKitUpload
import Testing

/// ReducerKitDebug's ``SessionUploader``, as an app runs it, against a real collector.
extension ServeCommandTests {
  /// A session recorded while the uploader sends it, with effects that run across batches:
  /// once the session ends, the collector holds it whole, byte for byte.
  @Test(arguments: Collector.Storage.allCases)
  @MainActor
  func anUploaderSendsARecordingAsItGrowsWithTheEndsOfItsEffects(
    storage: Collector.Storage
  ) async throws {
    guard let collector = try await Collector(storage: storage) else { return }
    defer { collector.server.process.terminate() }
    let (path, log, clock, store) = try Self.liveLibrary(in: collector)
    let gauge = RequestGauge()
    let uploader = try SessionUploader(
      logAt: path, collector: try #require(URL(string: collector.url)), token: Self.pushToken,
      batchSize: 7, send: gauge.counting(SessionUploader.standardTransport))
    var rng = SplitMix64(seed: 30)
    var effectsRunningWhenSent = 0
    // At least 150 actions, and on until a batch was sent while an effect ran: whether one
    // runs at a given batch depends on when the effects' tasks ran beside the sends.
    for sent in 1...600 where sent <= 150 || effectsRunningWhenSent == 0 {
      store.send(Library.randomAction(for: store.state, using: &rng))
      await clock.advance(by: .milliseconds(400))
      guard sent % 30 == 0 else { continue }
      try log.flush()
      let reader = try ActionLog.readOnly(path: path).reader()
      effectsRunningWhenSent += try reader.effects().count { $0.endedAt == nil }
      #expect(try await uploader.uploadPending() == false)
      let status = try #require(await uploader.statuses.first)
      #expect(status.acknowledged == reader.actionCount)
      #expect(status.isComplete == false)
    }
    #expect(effectsRunningWhenSent > 0, "no effect ran across a batch: the test shows nothing")
    // Ended with an effect running, which then never ends in the log: the session is complete
    // once the collector holds its end.
    func effectRunning() throws -> Bool {
      try log.flush()
      return try ActionLog.readOnly(path: path).reader().effects().contains { $0.endedAt == nil }
    }
    for _ in 0..<300 where try !effectRunning() {
      store.send(Library.randomAction(for: store.state, using: &rng))
      await clock.advance(by: .milliseconds(400))
    }
    try log.close()
    let local = try ActionLog.readOnly(path: path).reader()
    #expect(try local.effects().contains { $0.endedAt == nil })
    #expect(try await uploader.uploadPending() == true)
    let statuses = await uploader.statuses
    #expect(
      statuses == [
        SessionUploadStatus(
          uuid: local.session.uuid, acknowledged: local.actionCount,
          storedActions: local.actionCount, isComplete: true, refusal: nil)
      ])
    #expect(try collector.pulledExportIsTheOriginal(uuid: local.session.uuid, log: path))
    // The collector stored one batch while the next was on its way.
    #expect(await gauge.most == 2)
    await store.cancelEffects()
  }

  /// Answers lost after the collector stored their batch (a dropped connection): with two
  /// batches in flight, the one after such a batch is stored too, and the ends of the effects
  /// the lost one sent running must still be sent. Once the session ends, the collector holds
  /// it whole, byte for byte.
  @Test @MainActor
  func anUploaderWhoseAnswersAreLostSendsTheEndsOfItsEffects() async throws {
    guard let collector = try await Collector(storage: .log) else { return }
    defer { collector.server.process.terminate() }
    let (path, log, clock, store) = try Self.liveLibrary(in: collector)
    let lossy = LossyTransport()
    let uploader = try SessionUploader(
      logAt: path, collector: try #require(URL(string: collector.url)), token: Self.pushToken,
      batchSize: 1, send: lossy.send)
    var rng = SplitMix64(seed: 31)
    // Two actions, then an upload in batches of one before the clock moves: the first batch
    // sends the effects of the first action still running, while the second is on its way.
    // At least 100 rounds, and on until an answer was lost: whether one is depends on which
    // of the two requests' tasks the transport meets first.
    for round in 1...400 {
      if round > 100, await lossy.lost > 0 { break }
      store.send(Library.randomAction(for: store.state, using: &rng))
      store.send(Library.randomAction(for: store.state, using: &rng))
      try log.flush()
      _ = try? await uploader.uploadPending()
      await clock.advance(by: .milliseconds(400))
    }
    await store.cancelEffects()
    try log.close()
    await lossy.stopLosing()
    var complete = false
    for _ in 0..<3 where !complete {
      complete = (try? await uploader.uploadPending()) == true
    }
    #expect(complete)
    #expect(await lossy.lost > 0)
    let uuid = try #require(await uploader.statuses.first?.uuid)
    #expect(try collector.pulledExportIsTheOriginal(uuid: uuid, log: path))
  }

  /// A Library store on a test clock, recording into a new log in `collector`'s folder.
  @MainActor
  private static func liveLibrary(in collector: Collector) throws -> (
    path: String, log: ActionLog, clock: TestClock<Duration>,
    store: Store<some Reducer<Library.State, Library.Action>>
  ) {
    let path = collector.directory.path("live.sqlite")
    let log = try ActionLog(path: path, durability: .everyAction)
    let clock = TestClock()
    let store = Store(
      initialState: Library.State(),
      reducer: Library().recording(to: log, feature: "library"),
      withDependencies: { $0.useTestValues(clock: clock) })
    return (path, log, clock, store)
  }

  /// Offline first: the uploader retries, waiting longer each time, and catches up once the
  /// collector answers; a second uploader of the same log (the app started again) resumes
  /// where the collector is and stores nothing twice.
  @Test(arguments: Collector.Storage.allCases)
  func anUploaderCatchesUpOnceTheCollectorIsBackAndANewOneResumes(
    storage: Collector.Storage
  ) async throws {
    guard var collector = try await Collector(storage: storage) else { return }
    defer { collector.server.process.terminate() }
    let uuid = "F70B64A5-B296-4A05-B37D-2F275D148EDA"
    // The collector holds the first 100 actions, then goes away.
    try await collector.storeTheFirstHundredActions()
    kill(collector.server.process.processIdentifier, SIGKILL)
    collector.server.process.waitUntilExit()

    let url = try #require(URL(string: collector.url))
    let uploader = try SessionUploader(
      logAt: collector.log, collector: url, token: Self.pushToken, batchSize: 40,
      retryDelay: .milliseconds(50), maximumRetryDelay: .milliseconds(400),
      pollInterval: .milliseconds(50))
    await uploader.start()
    defer { Task { await uploader.stop() } }
    try await Task.sleep(for: .milliseconds(600))
    #expect(await uploader.lastError != nil)
    #expect(await uploader.statuses.first?.acknowledged == nil)

    (collector.server, _, _) = try Collector.serve(
      database: collector.database, tokens: collector.tokens, port: collector.port)
    let deadline = ContinuousClock.now + .seconds(60)
    while await uploader.statuses.first?.isComplete != true, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
    }
    await uploader.stop()
    let status = try #require(await uploader.statuses.first)
    let lastError = await uploader.lastError
    #expect(status.isComplete, "\(status), \(lastError ?? "no error")")
    #expect(status.acknowledged == 352)
    #expect(status.storedActions == 252)
    #expect(try collector.pulledExportIsTheOriginal(uuid: uuid))

    let again = try SessionUploader(logAt: collector.log, collector: url, token: Self.pushToken)
    #expect(try await again.uploadPending() == true)
    #expect(
      await again.statuses == [
        SessionUploadStatus(
          uuid: uuid, acknowledged: 352, storedActions: 0, isComplete: true, refusal: nil)
      ])
    #expect(try collector.pulledExportIsTheOriginal(uuid: uuid))
  }

  /// A token without the push scope: nothing can be sent, and the pass says so.
  @Test func anUploaderWithoutThePushScopeIsRefusedAndSaysSo() async throws {
    guard let collector = try await Collector(storage: .log) else { return }
    defer { collector.server.process.terminate() }
    let uploader = try SessionUploader(
      logAt: collector.log, collector: try #require(URL(string: collector.url)),
      token: Self.readToken)
    await #expect(throws: CollectorRefusal(status: 403, message: "forbidden")) {
      try await uploader.uploadPending()
    }
    let sessions = try await collector.request("GET", "/v1/sessions", token: Self.readToken)
    #expect(sessions.body == "[]")
  }

  /// A batch larger than the collector takes (413) is sent again in halves until it fits.
  @Test func anUploaderHalvesABatchTheCollectorFindsTooLarge() async throws {
    guard
      let collector = try await Collector(
        storage: .log, extraArguments: ["--max-batch-bytes", "40000"])
    else { return }
    defer { collector.server.process.terminate() }
    let uploader = try SessionUploader(
      logAt: collector.log, collector: try #require(URL(string: collector.url)),
      token: Self.pushToken, batchSize: 1000)
    #expect(try await uploader.uploadPending() == true)
    let status = try #require(await uploader.statuses.first)
    #expect(status.refusal == nil)
    #expect(status.storedActions == 352)
    #expect(try collector.pulledExportIsTheOriginal(uuid: status.uuid))
  }

  /// An uploader sends a batch while the one before it is stored: one that reaches the
  /// collector first is held until that one is stored. Alone, it is refused with a 409 that
  /// says how many actions the collector holds, and stores nothing.
  @Test(arguments: Collector.Storage.allCases)
  func aBatchAheadOfTheStoredActionsWaitsForTheOneBeforeIt(storage: Collector.Storage)
    async throws
  {
    guard let collector = try await Collector(storage: storage) else { return }
    defer { collector.server.process.terminate() }
    let export = try RKDebugProcess.run(["export", "--db", collector.log])
    let lines = export.stdout.split(separator: "\n").map(String.init)
    func line(ofAction index: Int) throws -> Int {
      try #require(
        lines.firstIndex {
          $0.hasPrefix(#"{"durationNanos":"#) && $0.contains(#""index":\#(index),"#)
        })
    }
    let (start, middle, end) = (1, try line(ofAction: 101), try line(ofAction: 201))
    let first = ([lines[0]] + lines[start..<middle]).joined(separator: "\n") + "\n"
    let second = ([lines[0]] + lines[middle..<end]).joined(separator: "\n") + "\n"

    let clock = ContinuousClock()
    let sent = clock.now
    let alone = try await collector.request(
      "POST", "/v1/batches", token: Self.pushToken, body: second)
    #expect(alone.status == 409)
    #expect(alone.body.contains(#""actionCount":0"#), "\(alone.body)")
    #expect(alone.body.contains("action 101 comes after a gap"), "\(alone.body)")
    #expect(clock.now - sent >= .seconds(2), "the collector did not hold the batch")
    let nothing = try await collector.request("GET", "/v1/sessions", token: Self.readToken)
    #expect(nothing.body == "[]")

    let port = collector.port
    async let early = Collector.request(
      "POST", "/v1/batches", port: port, token: Self.pushToken, body: second)
    try await Task.sleep(for: .milliseconds(300))
    let stored = try await collector.request(
      "POST", "/v1/batches", token: Self.pushToken, body: first)
    #expect(stored.status == 200, "\(stored.body)")
    let held = try await early
    #expect(held.status == 200, "\(held.body)")
    #expect(held.body.contains(#""actionCount":200"#), "\(held.body)")

    let push = try collector.run(
      ["push", "--db", collector.log, "--to", collector.url], token: Self.pushToken)
    #expect(push.status == 0, "\(push.stderr)")
    #expect(push.stdout.hasSuffix(": 352 actions, 152 new to the collector\n"), "\(push.stdout)")
    #expect(try collector.pulledExportIsTheOriginal(uuid: "F70B64A5-B296-4A05-B37D-2F275D148EDA"))
  }
}

/// The requests a ``SessionUploader/Send`` has in flight, and the most at once.
private actor RequestGauge {
  private var now = 0
  private(set) var most = 0

  /// `send`, counted.
  nonisolated func counting(_ send: @escaping SessionUploader.Send) -> SessionUploader.Send {
    { request in
      await self.enter()
      do {
        let answer = try await send(request)
        await self.leave()
        return answer
      } catch {
        await self.leave()
        throw error
      }
    }
  }

  private func enter() {
    now += 1
    most = max(most, now)
  }

  private func leave() { now -= 1 }
}

/// A transport that, until told to stop, loses the answer of a batch that sends a running
/// effect when another request was sent while it was on its way: the batch is stored, and the
/// one after it too.
private actor LossyTransport {
  private var started = 0
  private var losing = true
  private(set) var lost = 0

  func stopLosing() { losing = false }

  nonisolated func send(_ request: UploadRequest) async throws -> UploadResponse {
    let number = await start()
    let answer = try await SessionUploader.standardTransport(request)
    let lines = String(decoding: request.body, as: UTF8.self).split(separator: "\n")
    let sendsRunningEffect = lines.contains {
      $0.hasSuffix(#""type":"effect"}"#) && $0.contains(#""endedAt":null"#)
    }
    if sendsRunningEffect {
      // A slow answer: the uploader sends the next batch meanwhile (up to 0.5 s for it).
      for _ in 0..<100 where await hasNoRequest(after: number) {
        try await Task.sleep(for: .milliseconds(5))
      }
      if await losesAnswer(of: number) { throw LostAnswer() }
    }
    return answer
  }

  /// The error of an answer lost on its way back.
  struct LostAnswer: Error {}

  private func hasNoRequest(after number: Int) -> Bool { losing && started == number }

  private func start() -> Int {
    started += 1
    return started
  }

  /// Whether the answer of request `number` is lost: one was sent after it.
  private func losesAnswer(of number: Int) -> Bool {
    guard losing, started > number else { return false }
    lost += 1
    return true
  }
}
