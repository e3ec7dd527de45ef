import Clocks
import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitSamples
import ReducerKitTestSupport
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
    let path = collector.directory.path("live.sqlite")
    let log = try ActionLog(path: path, durability: .everyAction)
    let clock = TestClock()
    let store = Store(
      initialState: Library.State(),
      reducer: Library().recording(to: log, feature: "library"),
      withDependencies: { $0.useTestValues(clock: clock) })
    let uploader = try SessionUploader(
      logAt: path, collector: try #require(URL(string: collector.url)), token: Self.pushToken,
      batchSize: 7)
    var rng = SplitMix64(seed: 30)
    var effectsRunningWhenSent = 0
    for sent in 1...150 {
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
    await store.cancelEffects()
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
}
