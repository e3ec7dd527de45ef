import GRDB
import GRDBSQLite

/// A GRDB prepared statement that the log writer binds and steps through SQLite's C API, on
/// the writer's per-row path, and that a reader steps through a session's rows with.
///
/// It skips GRDB's `StatementArguments`, an array of existentials each cast and converted to a
/// `DatabaseValue`, on the path every row takes; a reader's row is read in place
/// (``DirectRow``) rather than through GRDB's `Row` and a `Data` per text. The statement still
/// belongs to GRDB, which prepared it and finalizes it; it runs inside GRDB's transaction on
/// GRDB's connection.
struct DirectStatement {
  private let statement: Statement

  /// Prepares `sql` on `db`'s connection.
  init(_ db: Database, sql: String) throws {
    statement = try db.makeStatement(sql: sql)
  }

  /// Binds `values` to the parameters `?1`, `?2`, … and `text` to the one after them, runs the
  /// statement to completion, and resets it for the next row.
  ///
  /// - Parameter text: The UTF-8 bytes of the last parameter, bound as text. SQLite reads them
  ///   in place while the statement runs (no copy); the parameter is bound to NULL before
  ///   this returns, so the statement keeps no pointer to them.
  func execute(_ db: Database, integers values: Int64?..., text: [UInt8]) throws {
    let handle = statement.sqliteStatement
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code =
        if let value {
          sqlite3_bind_int64(handle, index, value)
        } else {
          sqlite3_bind_null(handle, index)
        }
      guard code == SQLITE_OK else { throw error(code, db) }
    }
    let index = Int32(values.count + 1)
    try text.withUnsafeBufferPointer { utf8 in
      // Read the error's message before resetting and unbinding, which clear it.
      defer {
        sqlite3_reset(handle)
        sqlite3_bind_null(handle, index)
      }
      // An empty array may have no address, and a null pointer would bind NULL, not "".
      let bound =
        if let address = utf8.baseAddress {
          sqlite3_bind_text(
            handle, index, UnsafeRawPointer(address).assumingMemoryBound(to: CChar.self),
            Int32(utf8.count), Self.static)
        } else {
          sqlite3_bind_text(handle, index, "", 0, Self.transient)
        }
      guard bound == SQLITE_OK else { throw error(bound, db) }
      let step = sqlite3_step(handle)
      guard step == SQLITE_DONE else { throw error(step, db) }
    }
  }

  /// Binds `values` to the parameters `?1`, `?2`, …, calls `body` with each row the statement
  /// returns, and resets it.
  func forEachRow(
    _ db: Database, integers values: [Int64], body: (DirectRow) throws -> Void
  ) throws {
    let handle = statement.sqliteStatement
    defer { sqlite3_reset(handle) }
    for (offset, value) in values.enumerated() {
      let code = sqlite3_bind_int64(handle, Int32(offset + 1), value)
      guard code == SQLITE_OK else { throw error(code, db) }
    }
    while true {
      let step = sqlite3_step(handle)
      guard step == SQLITE_ROW else {
        guard step == SQLITE_DONE else { throw error(step, db) }
        return
      }
      try body(DirectRow(handle: handle))
    }
  }

  /// The error GRDB would throw for `code`, with the connection's message and the statement.
  private func error(_ code: Int32, _ db: Database) -> DatabaseError {
    DatabaseError(
      resultCode: ResultCode(rawValue: code),
      message: db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) },
      sql: statement.sql
    )
  }

  /// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the call returns.
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
  /// `SQLITE_STATIC`: SQLite reads the bound bytes where they are, until they are unbound.
  private static let `static`: sqlite3_destructor_type? = nil
}

/// The current row of a ``DirectStatement``, its columns read in place: valid only during the
/// call that gives it.
struct DirectRow {
  fileprivate let handle: SQLiteStatement

  /// Whether the column is NULL.
  func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(handle, column) == SQLITE_NULL
  }

  /// The column as an integer (0 for NULL).
  func int(_ column: Int32) -> Int {
    Int(sqlite3_column_int64(handle, column))
  }

  /// The column as an integer, or `nil` for NULL.
  func optionalInt(_ column: Int32) -> Int? {
    isNull(column) ? nil : int(column)
  }

  /// The UTF-8 bytes of the column as text (empty for NULL), valid until the next step.
  func text(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
    guard let bytes = sqlite3_column_text(handle, column) else {
      return UnsafeBufferPointer(start: nil, count: 0)
    }
    return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column)))
  }
}
