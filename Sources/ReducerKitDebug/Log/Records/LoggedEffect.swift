import Foundation
import GRDB
import ReducerKit

/// One recorded effect: which action started it, when, and how it ended.
public struct LoggedEffect: Codable, Sendable, Equatable {
  /// How an effect ended.
  public enum Outcome: String, Codable, Sendable, CaseIterable {
    /// Its work ran to the end.
    case finished
    /// It was cancelled.
    case cancelled
    /// Its work threw; ``LoggedEffect/error`` holds the description.
    case failed
  }

  /// Why an effect was cancelled.
  public enum CancelCause: String, Codable, Sendable, CaseIterable {
    /// A reducer returned `.cancel(id:)` for one of its ids.
    case cancelID
    /// Another effect was started under its id with `cancelInFlight: true`.
    case cancelInFlight
    /// The presented child that started it was dismissed.
    case dismissed
    /// The stack element that started it was popped.
    case popped
    /// The child state that started it went away (`ifLet`, `forEach`, `ifCaseLet`).
    case stateRemoved
    /// The session ended with it still running (`rkdebug record`).
    case sessionEnded
  }

  /// The effect's id within its session.
  public var id: Int
  /// The action whose reducer returned the effect.
  public var actionIndex: Int
  /// `run` or `send`.
  public var kind: String
  /// The cancellation ids the effect ran under.
  public var cancelIDs: [String]
  /// When the store started it.
  public var startedAt: Date
  /// When it ended; `nil` if it was still running when the session ended.
  public var endedAt: Date?
  /// How it ended; `nil` if it was still running.
  public var outcome: Outcome?
  /// The error's description, for a failed effect.
  public var error: String?
  /// Why a cancelled effect was cancelled, when the store knew.
  public var cancelCause: CancelCause?
  /// The index of the action during which it was cancelled, with its ``cancelCause``.
  public var cancelledBy: Int?

  /// Creates an effect from its logged fields; each parameter sets the property of the same
  /// name.
  public init(
    id: Int, actionIndex: Int, kind: String, cancelIDs: [String], startedAt: Date,
    endedAt: Date?, outcome: Outcome?, error: String?, cancelCause: CancelCause? = nil,
    cancelledBy: Int? = nil
  ) {
    self.id = id
    self.actionIndex = actionIndex
    self.kind = kind
    self.cancelIDs = cancelIDs
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.outcome = outcome
    self.error = error
    self.cancelCause = cancelCause
    self.cancelledBy = cancelledBy
  }

  /// The `effect.kind` code of each kind: `run` 0, `send` 1.
  static let kindCodes = ["run": 0, "send": 1]

  /// The query ``init(row:sessionStart:)`` reads, its columns in its order, from a log of
  /// schema `version` (one of version 5 has no cancellation columns); conditions go on `e`, the
  /// `effect` table.
  static func selection(schemaVersion version: Int) -> String {
    let cancellation = version >= 6 ? "e.cancel_cause, e.cancelled_by" : "NULL, NULL"
    return """
      SELECT e.id, e.action_idx, e.kind, c.ids, e.started_us, e.ended_us, e.outcome, e.error,
        \(cancellation)
      FROM effect AS e LEFT JOIN cancel_set AS c ON c.id = e.cancel_set
      """
  }

  /// Reads an effect from a row of ``selection`` by position (GRDB looks a name up
  /// case-insensitively, per row); `sessionStart` is the session's `started_at`, which the
  /// row's times count microseconds from.
  init(row: Row, sessionStart: Double) throws {
    id = row[0]
    actionIndex = row[1]
    let kindCode: Int = row[2]
    guard let kind = Self.kindCodes.first(where: { $0.value == kindCode })?.key else {
      throw LogError.corrupt("effect #\(id) has kind code \(kindCode), not 0 (run) or 1 (send)")
    }
    self.kind = kind
    // A JSON array of strings, as `JSONDecoder` would read `[String]`: anything else is none.
    // Effects without any have no set, which needs no parser.
    let elements = (row[3] as String?).flatMap { try? JSONValue(parsing: $0) }?.arrayValue ?? []
    let cancelIDs = elements.compactMap(\.stringValue)
    self.cancelIDs = cancelIDs.count == elements.count ? cancelIDs : []
    startedAt = Date(timeIntervalSince1970: LogSchema.time(row[4], after: sessionStart))
    endedAt = (row[5] as Int64?).map {
      Date(timeIntervalSince1970: LogSchema.time($0, after: sessionStart))
    }
    outcome = (row[6] as Int?).flatMap { code in Outcome.allCases.first { $0.code == code } }
    error = row[7]
    cancelCause = (row[8] as Int?).flatMap { code in
      CancelCause.allCases.first { $0.code == code }
    }
    cancelledBy = row[9]
  }

  /// Inserts the effect into session `sessionID`, whose `started_at` is `sessionStart`: the
  /// one insert of an effect row, for recording and import.
  func insert(session sessionID: Int64?, sessionStart: Double, in db: Database) throws {
    try db.cachedStatement(
      sql: """
        INSERT INTO effect (session_id, id, action_idx, kind, cancel_set, started_us,
          ended_us, outcome, error, cancel_cause, cancelled_by)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    ).execute(arguments: [
      sessionID, id, actionIndex, Self.kindCodes[kind],
      try Self.cancelSet(
        cancelIDs.isEmpty
          ? nil : JSONValue.array(cancelIDs.map(JSONValue.string)).serialized(), in: db),
      LogSchema.microseconds(from: sessionStart, to: startedAt.timeIntervalSince1970),
      endedAt.map {
        LogSchema.microseconds(from: sessionStart, to: $0.timeIntervalSince1970)
      },
      outcome?.code, error, cancelCause?.code, cancelledBy,
    ])
  }
}

extension LoggedEffect {
  /// The id of the `cancel_set` row holding `ids`, a JSON array of strings, inserting it when
  /// missing; `nil` for no ids. Rows are found by their digest (``ActionTextDigest`` of the
  /// ids and an empty label).
  static func cancelSet(_ ids: String?, in db: Database) throws -> Int64? {
    guard let ids else { return nil }
    let digest = ActionTextDigest.of(json: ids, label: "")
    if let id = try Int64.fetchOne(
      db.cachedStatement(sql: "SELECT id FROM cancel_set WHERE digest = ? AND ids = ?"),
      arguments: [digest, ids])
    {
      return id
    }
    try db.cachedStatement(sql: "INSERT INTO cancel_set (ids, digest) VALUES (?, ?)")
      .execute(arguments: [ids, digest])
    return db.lastInsertedRowID
  }
}

extension LoggedEffect.Outcome {
  /// The `effect.outcome` code: `finished` 0, `cancelled` 1, `failed` 2.
  var code: Int {
    switch self {
    case .finished: 0
    case .cancelled: 1
    case .failed: 2
    }
  }
}

extension LoggedEffect.CancelCause {
  /// The `effect.cancel_cause` code, in the order of the cases: `cancelID` 0 … `sessionEnded` 5.
  var code: Int { Self.allCases.firstIndex(of: self)! }

  /// The cause of a cancellation the store reported.
  init(_ cause: CancellationCause) {
    switch cause {
    case .cancelID: self = .cancelID
    case .cancelInFlight: self = .cancelInFlight
    case .dismissed: self = .dismissed
    case .popped: self = .popped
    case .stateRemoved: self = .stateRemoved
    case .storeEnded: self = .sessionEnded
    }
  }
}
