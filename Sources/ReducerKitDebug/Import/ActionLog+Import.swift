import Foundation
import GRDB

extension ActionLog {
  // MARK: - Import

  /// Writes a whole session into the log in one transaction, as a new session, and returns
  /// its id: ``importSession(_:items:progress:)`` with the session's actions, each followed by
  /// nothing, then its effects.
  @discardableResult
  public func importSession(
    _ session: SessionImport, progress: ((Int) -> Void)? = nil
  ) throws -> Int64 {
    var header = session
    header.actions = []
    header.effects = []
    header.reads = session.reads.filter { $0.key == 0 }
    var actions = session.actions.makeIterator()
    var effects = session.effects.makeIterator()
    return try importSession(
      header,
      items: {
        if let action = actions.next() {
          return .action(action, reads: session.reads[action.index] ?? [])
        }
        return effects.next().map(SessionImport.Item.effect)
      }, progress: progress)
  }

  /// Writes a session into the log in one transaction, as a new session, reading its actions
  /// and effects one at a time from `items` until it returns `nil`, and returns its id.
  ///
  /// Each record is checked as it is read, as ``SessionImport/validate()`` checks a whole
  /// session, and written as it is: the patches (in the log's compact form, by the recorder's
  /// own writer), labels and times. The snapshots are made by
  /// applying the patches to the initial state: one at 0, one every
  /// ``LoggedSession/snapshotInterval`` actions, and one at the last action if the session
  /// ended. Memory holds one state and one record, whatever the session's length. Either
  /// everything is written or nothing is: an error thrown by `items` rolls the transaction back
  /// and is rethrown as it is.
  ///
  /// - Parameters:
  ///   - header: The session's metadata, initial state and environment (`reads[0]`); its
  ///     `actions` and `effects` are not read.
  ///   - items: The next action or effect, in export order (an effect after its action).
  ///   - progress: Called with the number of actions written so far, every few hundred.
  ///   - id: The id the session gets, rather than the next free one: a replica of a
  ///     collector's sessions keeps the collector's ids. No session of the log may have it.
  /// - Returns: The new session's id in this log.
  /// - Throws: ``LogError/corrupt(_:)`` for an inconsistent session;
  ///   ``LogError/sessionAlreadyInLog(uuid:id:)`` when a session with the same uuid is
  ///   already in the log.
  @discardableResult
  public func importSession(
    _ header: SessionImport, items: () throws -> SessionImport.Item?,
    progress: ((Int) -> Void)? = nil, id: Int64? = nil
  ) throws -> Int64 {
    guard !isReadOnly else { throw LogError.openedReadOnly(path: path ?? ":memory:") }
    var row = header.session
    row.snapshotInterval = max(1, row.snapshotInterval)
    let interval = row.snapshotInterval
    do {
      return try database.write { db in
        if let existing = try Int64.fetchOne(
          db, sql: "SELECT id FROM session WHERE uuid = ?", arguments: [row.uuid]
        ) {
          throw LogError.sessionAlreadyInLog(uuid: row.uuid, id: existing)
        }
        let id = try row.insert(metadata: header.metadata.serialized(), id: id, in: db)
        let snapshot = try db.makeStatement(
          sql: "INSERT INTO snapshot (session_id, idx, state) VALUES (?, ?, ?)"
        )
        let insertAction = try db.makeStatement(sql: LoggedAction.insertSQL)
        let start = row.startedAt.timeIntervalSince1970
        let encoder = JSONFragmentEncoder()
        let insertInput = try db.makeStatement(
          sql: "INSERT INTO input (session_id, idx, reads) VALUES (?, ?, ?)"
        )
        func insertReads(_ reads: [DependencyRead]?, at index: Int) throws {
          guard let reads, !reads.isEmpty else { return }
          try insertInput.execute(arguments: [
            id, index, DependencyRead.json(of: reads).serialized(),
          ])
        }
        var checker = SessionImport.Checker(initialState: header.initialState)
        try snapshot.execute(arguments: [id, 0, checker.state.serialized()])
        try insertReads(header.reads[0], at: 0)
        while let item = try items() {
          switch item {
          case .action(let action, let reads):
            try checker.check(action)
            let (effectID, parentIndex): (Int?, Int?) =
              switch action.source {
              case .send: (nil, nil)
              case .effect(let effectID, let parentIndex): (effectID, parentIndex)
              }
            try insertAction.execute(arguments: [
              id, action.index, ActionTextRow.id(json: action.json, label: action.label, in: db),
              effectID, parentIndex,
              LogSchema.microseconds(from: start, to: action.time.timeIntervalSince1970),
              action.durationNanos,
              action.patch.map(PendingChange.init).compactJSON(using: encoder),
            ])
            try insertReads(reads, at: action.index)
            if action.index % interval == 0 {
              try snapshot.execute(arguments: [id, action.index, checker.state.serialized()])
            }
            if action.index % 500 == 0 { progress?(action.index) }
          case .effect(let effect):
            try checker.check(effect)
            do {
              try effect.insert(session: id, sessionStart: start, in: db)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
              throw SessionImport.Checker.duplicate(effect)
            }
          }
        }
        let last = checker.lastIndex
        if last % interval != 0, row.endedAt != nil {
          try snapshot.execute(arguments: [id, last, checker.state.serialized()])
        }
        progress?(last)
        return id
      }
    } catch let error as DatabaseError {
      throw LogError(error, path: path)
    }
  }

  /// The metadata object of session `id` (`pid`, `host`), for export.
  public func metadata(ofSession id: Int64) throws -> JSONValue {
    let text = try read { db in
      try String.fetchOne(db, sql: "SELECT metadata FROM session WHERE id = ?", arguments: [id])
    }
    guard let text else { throw LogError.unknownSession(id: id, available: []) }
    return (try? JSONValue(parsing: text)) ?? [:]
  }
}
