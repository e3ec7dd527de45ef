import Foundation
import Testing

@testable import ReducerKitDebug

/// `importSession(_:items:progress:)` reads a session one record at a time, checks each as it
/// writes it, and writes nothing when any record is wrong.
@Suite struct StreamingImportTests {
  struct Interrupted: Error, Equatable {}

  /// The header of ``SessionImportOldValueTests/session(uuid:editing:)`` and its items, in
  /// export order, with one effect after action 2.
  static func items() throws -> (SessionImport, [SessionImport.Item]) {
    let whole = try SessionImportOldValueTests.session()
    var header = whole
    header.actions = []
    var items = whole.actions.map { SessionImport.Item.action($0, reads: []) }
    items.insert(.effect(effect(id: 1, action: 2)), at: 2)
    return (header, items)
  }

  static func effect(id: Int, action: Int) -> LoggedEffect {
    LoggedEffect(
      id: id, actionIndex: action, kind: "run", cancelIDs: [],
      startedAt: Date(timeIntervalSince1970: 1_800_000_000), endedAt: nil, outcome: nil,
      error: nil
    )
  }

  @Test func itemsAreReadOneAtATimeAndAFailureRollsEverythingBack() throws {
    let (header, items) = try Self.items()
    let log = try ActionLog.inMemory()
    let before = try SessionImportOldValueTests.rows(of: log)
    var calls = 0
    #expect(throws: Interrupted()) {
      try log.importSession(header, items: {
        calls += 1
        guard calls < 4 else { throw Interrupted() }
        return items[calls - 1]
      })
    }
    // The fourth call threw: three records were read, one at a time, and none was kept.
    #expect(calls == 4)
    #expect(try SessionImportOldValueTests.rows(of: log) == before)
  }

  @Test func aStreamedSessionIsTheSessionImportedWhole() throws {
    let (header, items) = try Self.items()
    let streamed = try ActionLog.inMemory()
    var remaining = items.makeIterator()
    try streamed.importSession(header, items: { remaining.next() })

    var whole = try SessionImportOldValueTests.session()
    whole.effects = [Self.effect(id: 1, action: 2)]
    let log = try ActionLog.inMemory()
    try log.importSession(whole)
    #expect(
      try SessionImportOldValueTests.rows(of: streamed)
        == SessionImportOldValueTests.rows(of: log))
  }

  @Test func aSecondEffectWithTheSameIDIsRefused() throws {
    let (header, items0) = try Self.items()
    var items = items0
    items.append(.effect(Self.effect(id: 1, action: 7)))
    let log = try ActionLog.inMemory()
    let before = try SessionImportOldValueTests.rows(of: log)
    var remaining = items.makeIterator()
    #expect(throws: LogError.corrupt("effect #1 appears twice")) {
      try log.importSession(header, items: { remaining.next() })
    }
    #expect(try SessionImportOldValueTests.rows(of: log) == before)
  }

  /// A cause and the action that cancelled come together, on a cancelled effect, no earlier
  /// than the effect's own action; a lying export is refused whole.
  @Test(arguments: [
    (LoggedEffect.Outcome.cancelled, LoggedEffect.CancelCause?.some(.popped), Int?.none),
    (.cancelled, nil, 3),
    (.finished, .popped, 3),
    (.cancelled, .popped, 1),
  ])
  func aCancellationCauseThatDoesNotHoldIsRefused(
    outcome: LoggedEffect.Outcome, cause: LoggedEffect.CancelCause?, cancelledBy: Int?
  ) throws {
    let (header, items0) = try Self.items()
    var items = items0
    var effect = Self.effect(id: 1, action: 2)
    effect.outcome = outcome
    effect.cancelCause = cause
    effect.cancelledBy = cancelledBy
    items[2] = .effect(effect)
    let log = try ActionLog.inMemory()
    let before = try SessionImportOldValueTests.rows(of: log)
    var remaining = items.makeIterator()
    #expect(
      throws: LogError.corrupt(
        "effect #1 has a cancelCause and cancelledBy that do not go together: both or "
          + "neither, only on a cancelled effect, and cancelledBy at or after its action 2")
    ) {
      try log.importSession(header, items: { remaining.next() })
    }
    #expect(try SessionImportOldValueTests.rows(of: log) == before)
  }

  @Test func anEffectBeforeItsActionIsRefused() throws {
    var (header, items) = try Self.items()
    header.uuid = "00000000-0000-0000-0000-000000000099"
    items.insert(.effect(Self.effect(id: 2, action: 5)), at: 0)
    let log = try ActionLog.inMemory()
    var remaining = items.makeIterator()
    #expect(
      throws: LogError.corrupt(
        "effect #2 belongs to action 5, which the session does not have")
    ) {
      try log.importSession(header, items: { remaining.next() })
    }
    #expect(try log.sessions().isEmpty)
  }
}
