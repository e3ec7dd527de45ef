import Foundation
import Testing

@testable import ReducerKitDebug

/// `importSession(_:items:progress:id:)` with a chosen id, and `removeSession(id:)`: how a
/// replica of a collector's sessions keeps the collector's ids and replaces a session that grew.
@Suite struct RemoveSessionTests {
  @Test func aSessionImportedUnderAnIdIsRemovedWithEveryRowAndImportedAgain() throws {
    let (header, items) = try StreamingImportTests.items()
    let log = try ActionLog.inMemory()
    let empty = try SessionImportOldValueTests.rows(of: log)
    var remaining = items.makeIterator()
    #expect(try log.importSession(header, items: { remaining.next() }, id: 42) == 42)
    let other = try SessionImportOldValueTests.session(
      uuid: "00000000-0000-0000-0000-000000000018")
    #expect(try log.importSession(other) == 43)
    #expect(try log.sessions().map(\.id) == [42, 43])
    let imported = try log.reader(session: 42)
    #expect(imported.actionCount == header.actionCount)
    #expect(try imported.effects().count == 1)

    try log.removeSession(id: 43)
    try log.removeSession(id: 42)
    // Nothing of either session is left but the texts of their actions, which sessions share,
    // and the highest id given so far (AUTOINCREMENT gives no id twice).
    let left = try SessionImportOldValueTests.rows(of: log).filter {
      !$0.hasPrefix("action_text: ") && !$0.hasPrefix("sqlite_sequence: ")
    }
    #expect(left == empty)
    remaining = items.makeIterator()
    #expect(try log.importSession(header, items: { remaining.next() }, id: 42) == 42)
    #expect(try log.reader(session: 42).actionCount == header.actionCount)
  }

  @Test func aReadOnlyLogRemovesNothing() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rkdebug-remove-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("log.sqlite").path
    let log = try ActionLog(path: path)
    try log.importSession(try SessionImportOldValueTests.session())
    try log.close()
    let reader = try ActionLog.readOnly(path: path)
    #expect(throws: LogError.self) { try reader.removeSession(id: 1) }
    #expect(try reader.sessions().count == 1)
  }
}
