import Foundation
import ReducerKitDebug
import RKDebugCollectorTestSupport
import Testing

@testable import RKDebugCLI
@testable import RKDebugCollector

/// The collector's storage, in a real PostgreSQL server (scripts/postgres-test-cluster.sh) and
/// in a log file, with recorded sample sessions.
@Suite struct CollectorStoreTests {
  @Test func migratesOnceAndListsTheMigrations() async throws {
    guard let store = try await TestDatabase.store(migrate: false) else { return }
    let ids = CollectorSchema.migrations.map(\.id)
    #expect(try await store.migrate() == ids)
    #expect(try await store.migrate() == [])
    #expect(try await store.appliedMigrations() == ids)
    try await store.close()
  }

  @Test(arguments: StorageUnderTest.Kind.allCases, ["library", "todos"])
  func aSessionReadBackExportsByteForByteAsTheOriginal(
    kind: StorageUnderTest.Kind, fixture: String
  ) async throws {
    guard let under = try await StorageUnderTest.open(kind) else { return }
    let store = under.storage
    let sample = try await SampleExport.fixture(fixture)
    let result = try await store.ingest(sample.header, items: sample.items)
    #expect(result.storedActions == sample.actionCount)
    #expect(result.skippedActions == 0)
    #expect(result.actionCount == sample.actionCount)
    #expect(try await store.sessions(matching: SessionQuery()).map(\.uuid) == [sample.header.uuid])
    #expect(try await under.export(sample.header.uuid) == sample.text)
    try await under.close()
  }

  /// Rows go to PostgreSQL in COPY's text format, where a tab, newline, carriage return or
  /// backslash in a value must be escaped, and `\N` is NULL.
  @Test func textThatCOPYEscapesIsStoredAsSent() async throws {
    guard let store = try await TestDatabase.store() else { return }
    let sample = try await SampleExport.fixture("library")
    let label = "tab\there,\nnewline,\r\nreturn, \\N back\\slash \\\\ \\t"
    let json = #"{"text":"quote \" tab \t backslash \\ \\N"}"#
    var items = sample.items
    let first = try #require(
      items.firstIndex { if case .action = $0 { true } else { false } })
    guard case .action(var action, let reads) = items[first] else { return }
    action.label = label
    action.json = json
    items[first] = .action(action, reads: reads)
    try await store.ingest(sample.header, items: items)
    let stored = try await store.session(uuid: sample.header.uuid)
    #expect(stored.actions.first?.label == label)
    #expect(stored.actions.first?.json == json)
    #expect(stored.actions.dropFirst() == sample.actionsOfItems.dropFirst())
    try await store.close()
  }

  /// A session stored with a NUL in its metadata (by a collector from before the checks of
  /// CollectorBatchCheck: `json` keeps `\u0000`, `jsonb` refuses it) fails no filter of the
  /// listing: the metadata filters are matched outside SQL.
  @Test func aSessionWithANulInItsMetadataFailsNoMetadataFilter() async throws {
    guard let store = try await TestDatabase.store() else { return }
    let sample = try await SampleExport.fixture("library")
    var poisoned = sample.header
    poisoned.uuid = "0BADF00D-0000-4000-8000-000000000001"
    poisoned.metadata = ["a": "\u{0}", "host": "vm"]
    try await store.ingest(poisoned, items: [])
    try await store.ingest(sample.header, items: sample.items)
    let hosts = try await store.sessions(matching: SessionQuery(metadata: ["host": "vm"]))
    #expect(hosts.map(\.uuid) == [poisoned.uuid, sample.header.uuid])
    #expect(try await store.sessions(matching: SessionQuery(metadata: ["a": "b"])).isEmpty)
    let nul = try await store.sessions(matching: SessionQuery(metadata: ["a": "\u{0}"]))
    #expect(nul.map(\.uuid) == [poisoned.uuid])
    #expect(
      try await store.sessions(matching: SessionQuery(metadata: ["pid": "30914", "host": "vm"]))
        .map(\.uuid) == [sample.header.uuid])
    try await store.close()
  }

  @Test(arguments: StorageUnderTest.Kind.allCases)
  func sendingASessionAgainStoresNothingTwice(kind: StorageUnderTest.Kind) async throws {
    guard let under = try await StorageUnderTest.open(kind) else { return }
    let store = under.storage
    let sample = try await SampleExport.fixture("library")
    try await store.ingest(sample.header, items: sample.items)
    let counts = try await under.rowCounts()
    let again = try await store.ingest(sample.header, items: sample.items)
    #expect(again.storedActions == 0)
    #expect(again.skippedActions == sample.actionCount)
    #expect(again.storedEffects == 0)
    #expect(try await under.rowCounts() == counts)
    #expect(counts["session"] == 1)
    #expect(counts["action"] == sample.actionCount)
    try await under.close()
  }

  @Test(arguments: StorageUnderTest.Kind.allCases)
  func aSessionSentInTwoHalvesResumes(kind: StorageUnderTest.Kind) async throws {
    guard let under = try await StorageUnderTest.open(kind) else { return }
    let store = under.storage
    let sample = try await SampleExport.fixture("todos")
    let half = sample.actionCount / 2
    let (first, second) = sample.split(afterAction: half)
    let one = try await store.ingest(sample.header, items: first)
    #expect(one.actionCount == half)
    // The first half again with the second, as a sender that lost the acknowledgement does.
    let two = try await store.ingest(sample.header, items: first + second)
    #expect(two.skippedActions == half)
    #expect(two.storedActions == sample.actionCount - half)

    #expect(try await under.export(sample.header.uuid) == sample.text)
    try await under.close()
  }

  @Test(arguments: StorageUnderTest.Kind.allCases)
  func aGapIsRefusedAndStoresNothing(kind: StorageUnderTest.Kind) async throws {
    guard let under = try await StorageUnderTest.open(kind) else { return }
    let store = under.storage
    let sample = try await SampleExport.fixture("todos")
    let (first, second) = sample.split(afterAction: 100)
    let (_, last) = sample.split(afterAction: 200)
    // Before the session is stored: no session either.
    let empty = try await under.rowCounts()
    let early = await #expect(throws: SessionBatchError.self) {
      try await store.ingest(sample.header, items: last)
    }
    #expect(early?.gapAfter == 0)
    #expect(try await under.rowCounts() == empty)
    try await store.ingest(sample.header, items: first)
    let counts = try await under.rowCounts()
    let error = await #expect(throws: SessionBatchError.self) {
      try await store.ingest(sample.header, items: last)
    }
    #expect(
      error?.description
        == "session \(sample.header.uuid): action 201 comes after a gap: the store holds 100 "
        + "actions of the session; send from action 101; nothing of the batch was stored")
    // The refusal says how far the store got: an uploader goes on from there.
    #expect(error?.gapAfter == 100)
    #expect(try await under.rowCounts() == counts)
    // The batch that fills the gap is taken.
    #expect(try await store.ingest(sample.header, items: second).actionCount == sample.actionCount)
    try await under.close()
  }

  @Test(arguments: StorageUnderTest.Kind.allCases)
  func aPatchWhoseOldValueLiesIsRefusedAndStoresNothing(kind: StorageUnderTest.Kind) async throws {
    guard let under = try await StorageUnderTest.open(kind) else { return }
    let store = under.storage
    let sample = try await SampleExport.fixture("library")
    var items = sample.items
    // The first action with a replace: its old value changed.
    guard
      let position = items.firstIndex(where: {
        if case .action(let action, _) = $0 {
          action.patch.contains { $0.op == .replace }
        } else {
          false
        }
      }), case .action(var action, let reads) = items[position],
      let operation = action.patch.firstIndex(where: { $0.op == .replace })
    else {
      Issue.record("the library session has no replace")
      return
    }
    action.patch[operation].oldValue = "a value it never had"
    items[position] = .action(action, reads: reads)
    let error = await #expect(throws: SessionBatchError.self) {
      try await store.ingest(sample.header, items: items)
    }
    #expect(error?.description.contains("action \(action.index): replace '") == true)
    #expect(error?.description.contains("records old value \"a value it never had\"") == true)
    #expect(error?.description.hasSuffix("; nothing of the batch was stored") == true)
    #expect(
      try await under.rowCounts()
        == ["session": 0, "action": 0, "effect": 0, "snapshot": 0, "input": 0])
    try await under.close()
  }

  @Test(arguments: StorageUnderTest.Kind.allCases)
  func aResentActionThatDiffersFromTheStoredOneIsRefused(kind: StorageUnderTest.Kind) async throws {
    guard let under = try await StorageUnderTest.open(kind) else { return }
    let store = under.storage
    let sample = try await SampleExport.fixture("library")
    let (first, second) = sample.split(afterAction: 10)
    try await store.ingest(sample.header, items: first)
    let counts = try await under.rowCounts()
    var lying = first
    guard case .action(var action, let reads) = lying[0] else { return }
    action.label += " (edited)"
    lying[0] = .action(action, reads: reads)
    let error = await #expect(throws: SessionBatchError.self) {
      try await store.ingest(sample.header, items: lying + second)
    }
    #expect(
      error?.description
        == "session \(sample.header.uuid): action 1 differs from the stored action 1; "
        + "nothing of the batch was stored")
    #expect(try await under.rowCounts() == counts)
    try await under.close()
  }

  @Test(arguments: StorageUnderTest.Kind.allCases)
  func aRunningEffectSentAgainWithItsEndIsEndedAndADifferentOneIsRefused(
    kind: StorageUnderTest.Kind
  ) async throws {
    guard let under = try await StorageUnderTest.open(kind) else { return }
    let store = under.storage
    let sample = try await SampleExport.fixture("library")
    let (first, second) = sample.split(afterAction: 40)
    // The first half's ended effects, as a running session sends them: not ended yet.
    let running = first.map { item -> SessionImport.Item in
      guard case .effect(var effect) = item, effect.endedAt != nil else { return item }
      effect.endedAt = nil
      effect.outcome = nil
      effect.error = nil
      effect.cancelCause = nil
      effect.cancelledBy = nil
      return .effect(effect)
    }
    #expect(running != first)
    let one = try await store.ingest(sample.header, items: running)
    let ended = first.filter { if case .effect(let e) = $0 { e.endedAt != nil } else { false } }
    #expect(one.storedEffects == first.count - 40)
    #expect(one.storedActions == 40)
    // Sent again with their ends and the rest: the ends are stored, nothing twice.
    let two = try await store.ingest(sample.header, items: first + second)
    let later = second.filter { if case .effect = $0 { true } else { false } }
    #expect(!ended.isEmpty)
    #expect(two.storedEffects == ended.count + later.count)
    #expect(try await under.export(sample.header.uuid) == sample.text)

    let counts = try await under.rowCounts()
    var lying = first
    guard let position = lying.firstIndex(where: { if case .effect = $0 { true } else { false } }),
      case .effect(var effect) = lying[position]
    else {
      Issue.record("the library session's first actions started no effect")
      return
    }
    effect.kind = effect.kind == "run" ? "send" : "run"
    lying[position] = .effect(effect)
    let error = await #expect(throws: SessionBatchError.self) {
      try await store.ingest(sample.header, items: lying)
    }
    #expect(
      error?.description
        == "session \(sample.header.uuid): effect #\(effect.id) differs from the stored effect "
        + "#\(effect.id); nothing of the batch was stored")
    #expect(try await under.rowCounts() == counts)
    try await under.close()
  }
}
