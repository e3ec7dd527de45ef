import CustomDump
import Foundation
import GRDB
import ReducerKit

/// Inserts a session and its initial-state snapshot (index 0).
struct SessionCommand<State: Encodable & Sendable>: LogWriteCommand {
  let key: SessionKey
  /// The session's row; its `id`, `actionCount` and `effectCount` are not written.
  let session: LoggedSession
  let initialState: State
  /// The initial state's JSON, when it was encoded on the recording thread (a state holding
  /// shared values, which may change before the writer would encode it).
  var initialStateText: String? = nil
  /// The dependencies read once per session, stored as the reads of index 0.
  let environment: SessionEnvironment
  /// The places of the initial state that held one shared value (``SharedPlaces``), stored
  /// with them when there are any.
  var sharedPlaces: [[[String]]] = []
  /// Every place of the initial state holding a shared value, numbered (``SharePlaces``),
  /// stored with them when there are any.
  var shares: [SharePlaces.Entry] = []
  /// The app's metadata; its keys win over the process's `pid` and `host`.
  var metadata: [String: String] = [:]

  func write(_ db: Database, _ context: inout LogWriteContext) throws {
    let metadata = [
      "pid": String(ProcessInfo.processInfo.processIdentifier),
      "host": ProcessInfo.processInfo.hostName,
    ].merging(self.metadata) { _, app in app }
    key.rowID = try session.insert(metadata: try context.encoder.string(metadata), in: db)
    let snapshot =
      if let initialStateText {
        SnapshotCommand(key: key, index: 0, text: initialStateText)
      } else {
        SnapshotCommand(key: key, index: 0, state: initialState)
      }
    try snapshot.write(db, &context)
    var reads = environment.reads
    if !sharedPlaces.isEmpty {
      reads.append(RecordedRead(name: SharedPlaces.name, value: sharedPlaces))
    }
    if !shares.isEmpty {
      reads.append(RecordedRead(name: SharePlaces.readName, value: shares))
    }
    try InputRow.insert(reads, session: key.rowID, index: 0, in: db, &context)
  }
}

/// Inserts one action with its patch as compact operations (see ``LogSchema/tables``).
///
/// A class: the queue holds commands as `any LogWriteCommand`, which stores a class reference
/// in place, where a struct this size would be copied into a box allocated for it.
///
/// The action need not be `Sendable` (a public action enum of another module is not, unless
/// it says so): the writer only reads this copy of it, as TCA's `_printChanges()` does on its
/// queue. An action holding a class instance that the app mutates afterwards is logged as the
/// writer finds it.
final class ActionCommand<Action: Encodable>: LogWriteCommand {
  let key: SessionKey
  let index: Int
  private let sentAction: UncheckedSendable<Action>
  var action: Action { sentAction.value }
  let effectID: Int?
  let parentIndex: Int?
  let time: Date
  /// When the session started: the row stores `time` as microseconds since then.
  let sessionStart: Date
  let durationNanos: UInt64
  let changes: [PendingChange]
  let reads: [RecordedRead]

  init(
    key: SessionKey, index: Int, action: Action, effectID: Int?, parentIndex: Int?, time: Date,
    sessionStart: Date, durationNanos: UInt64, changes: [PendingChange], reads: [RecordedRead]
  ) {
    self.key = key
    self.index = index
    self.sentAction = UncheckedSendable(action)
    self.effectID = effectID
    self.parentIndex = parentIndex
    self.time = time
    self.sessionStart = sessionStart
    self.durationNanos = durationNanos
    self.changes = changes
    self.reads = reads
  }

  func write(_ db: Database, _ context: inout LogWriteContext) throws {
    let textID: Int64
    if let entry = action as? SharedChangeEntry {
      // Every entry's JSON is `null`: its label tells it apart, so the cache by JSON is no use.
      textID = try ActionTextRow.id(
        json: SharedChangeEntry.json, label: entry.customDumpDescription, in: db)
    } else if let entry = action as? DebuggerControlEntry {
      textID = try ActionTextRow.id(
        json: SharedChangeEntry.json, label: entry.control.label, in: db)
    } else {
      textID = try context.actionTexts.text(for: action, using: context.encoder) {
        json, label in try ActionTextRow.id(json: json, label: label, in: db)
      }.id
    }
    context.opsText.removeAll(keepingCapacity: true)
    try changes.appendCompactJSON(to: &context.opsText, using: context.encoder)
    try context.actionInsertStatement(db).execute(
      db,
      integers: key.rowID, Int64(index), textID, effectID.map(Int64.init),
      parentIndex.map(Int64.init),
      LogSchema.microseconds(
        from: sessionStart.timeIntervalSince1970, to: time.timeIntervalSince1970),
      Int64(clamping: durationNanos),
      text: context.opsText
    )
    if !reads.isEmpty {
      try InputRow.insert(reads, session: key.rowID, index: index, in: db, &context)
    }
  }
}

/// The `input` table: the values an action's reducer read from nondeterministic dependencies.
enum InputRow {
  /// Inserts the reads of one index (0 for the session's environment).
  static func insert(
    _ reads: [RecordedRead], session: Int64?, index: Int, in db: Database,
    _ context: inout LogWriteContext
  ) throws {
    var bytes: [UInt8] = []
    try reads.appendJSON(to: &bytes, using: context.encoder)
    try db.cachedStatement(sql: "INSERT INTO input (session_id, idx, reads) VALUES (?, ?, ?)")
      .execute(arguments: [session, index, String(decoding: bytes, as: UTF8.self)])
  }
}

/// The `action_text` table: each distinct action JSON and label, stored once, as they are or
/// as the arguments of a shared `action_template` (``ActionTemplate``).
enum ActionTextRow {
  /// The id of the row holding `json` and `label`, inserting it when missing: as a template's
  /// arguments when the texts make one.
  static func id(json: String, label: String, in db: Database) throws -> Int64 {
    let digest = ActionTextDigest.of(json: json, label: label)
    // Either form of the texts, an older log's rows included, found by the texts' digest.
    let texts = ActionTemplate.Columns(schemaVersion: LogSchema.version)
    let candidates = try Row.fetchCursor(
      db.cachedStatement(
        sql: "SELECT t.id, \(texts.json), \(texts.label) FROM action_text AS t \(texts.join) "
          + "WHERE t.digest = ?"),
      arguments: [digest])
    while let row = try candidates.next() {
      if row[1] as String? == json, row[2] as String? == label { return row[0] as Int64 }
    }
    if let template = ActionTemplate(json: json, label: label) {
      try db.cachedStatement(
        sql: "INSERT INTO action_text (digest, template_id, args) VALUES (?, ?, ?)"
      ).execute(
        arguments: [
          digest, try ActionTemplateRow.id(of: template, in: db), template.argumentsJSON,
        ])
    } else {
      try db.cachedStatement(
        sql: "INSERT INTO action_text (json, label, digest) VALUES (?, ?, ?)"
      ).execute(arguments: [json, label, digest])
    }
    return db.lastInsertedRowID
  }
}

/// The `action_template` table: each distinct template of action texts, stored once.
enum ActionTemplateRow {
  /// The id of the row holding `template`'s texts, inserting it when missing.
  static func id(of template: ActionTemplate, in db: Database) throws -> Int64 {
    let digest = ActionTextDigest.of(json: template.json, label: template.label)
    if let id = try Int64.fetchOne(
      db.cachedStatement(
        sql: "SELECT id FROM action_template WHERE digest = ? AND json = ? AND label = ?"),
      arguments: [digest, template.json, template.label]
    ) {
      return id
    }
    try db.cachedStatement(
      sql: "INSERT INTO action_template (json, label, digest) VALUES (?, ?, ?)"
    ).execute(arguments: [template.json, template.label, digest])
    return db.lastInsertedRowID
  }
}

/// Inserts a full-state snapshot.
struct SnapshotCommand: LogWriteCommand {
  let key: SessionKey
  let index: Int
  let encode: @Sendable (JSONFragmentEncoder) throws -> String

  init<State: Encodable & Sendable>(key: SessionKey, index: Int, state: State) {
    self.key = key
    self.index = index
    self.encode = { try $0.string(state) }
  }

  /// A snapshot whose JSON was encoded already.
  init(key: SessionKey, index: Int, text: String) {
    self.key = key
    self.index = index
    self.encode = { _ in text }
  }

  func write(_ db: Database, _ context: inout LogWriteContext) throws {
    try db.cachedStatement(
      sql: "INSERT OR REPLACE INTO snapshot (session_id, idx, state) VALUES (?, ?, ?)"
    ).execute(arguments: [key.rowID, index, try encode(context.encoder)])
  }
}

/// Inserts an effect when it starts.
struct EffectStartCommand: LogWriteCommand {
  let key: SessionKey
  let effectID: Int
  let actionIndex: Int
  let kind: String
  /// Described as text on the writer thread: `String(describing:)` reflects on the value.
  let cancelIDs: [AnyCancelID]
  let startedAt: Date
  /// When the session started: the row stores times as microseconds since then.
  let sessionStart: Date

  func write(_ db: Database, _ context: inout LogWriteContext) throws {
    let effect = LoggedEffect(
      id: effectID, actionIndex: actionIndex, kind: kind,
      cancelIDs: cancelIDs.map(\.description), startedAt: startedAt, endedAt: nil,
      outcome: nil, error: nil)
    try effect.insert(
      session: key.rowID, sessionStart: sessionStart.timeIntervalSince1970, in: db)
  }
}

/// Records how an effect ended.
struct EffectEndCommand: LogWriteCommand {
  let key: SessionKey
  let effectID: Int
  let completion: EffectCompletion
  /// The index of the last action logged when the effect ended: the one that cancelled it,
  /// for a cancellation with a cause.
  let lastActionIndex: Int
  let endedAt: Date
  /// When the session started: the row stores times as microseconds since then.
  let sessionStart: Date

  func write(_ db: Database, _ context: inout LogWriteContext) throws {
    let outcome: LoggedEffect.Outcome
    var error: String?
    var cause: LoggedEffect.CancelCause?
    switch completion {
    case .finished:
      outcome = .finished
    case let .cancelled(reported):
      outcome = .cancelled
      cause = reported.map(LoggedEffect.CancelCause.init)
    case let .failed(description):
      outcome = .failed
      error = description
    }
    try db.cachedStatement(
      sql: """
        UPDATE effect SET ended_us = ?, outcome = ?, error = ?, cancel_cause = ?, cancelled_by = ?
        WHERE session_id = ? AND id = ?
        """
    ).execute(arguments: [
      LogSchema.microseconds(
        from: sessionStart.timeIntervalSince1970, to: endedAt.timeIntervalSince1970),
      outcome.code, error, cause?.code, cause == nil ? nil : lastActionIndex, key.rowID,
      effectID,
    ])
  }
}

/// Ends a session: its end time and a snapshot of its final state.
struct SessionEndCommand: LogWriteCommand {
  let key: SessionKey
  let endedAt: Date
  let finalSnapshot: SnapshotCommand?

  func write(_ db: Database, _ context: inout LogWriteContext) throws {
    try finalSnapshot?.write(db, &context)
    try db.execute(
      sql: "UPDATE session SET ended_at = ? WHERE id = ?",
      arguments: [endedAt.timeIntervalSince1970, key.rowID]
    )
  }
}
