import GRDB
import Testing

@testable import ReducerKitDebug

/// The writer's C-API statement binds integers, nulls and UTF-8 text exactly as GRDB would, and
/// turns SQLite failures into GRDB's errors.
@Suite struct DirectStatementTests {
  func makeDatabase() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(
        sql: "CREATE TABLE row (a INTEGER NOT NULL UNIQUE, b INTEGER, c INTEGER, t TEXT NOT NULL)"
      )
    }
    return queue
  }

  @Test func bindsIntegersNullsAndText() throws {
    let queue = try makeDatabase()
    try queue.write { db in
      let insert = try DirectStatement(db, sql: "INSERT INTO row (a, b, c, t) VALUES (?, ?, ?, ?)")
      try insert.execute(
        db, integers: 1, nil, Int64.min, text: Array(#"["=","/title","Café ☕️"]"#.utf8)
      )
      try insert.execute(db, integers: 2, Int64.max, 0, text: Array("".utf8))
    }
    let rows = try queue.read { db in
      try Row.fetchAll(db, sql: "SELECT a, b, c, t, typeof(b) AS kind FROM row ORDER BY a")
    }
    #expect(rows.map { $0["a"] as Int64 } == [1, 2])
    #expect(rows.map { $0["kind"] as String } == ["null", "integer"])
    #expect(rows.map { $0["c"] as Int64 } == [Int64.min, 0])
    #expect(rows.map { $0["t"] as String } == [#"["=","/title","Café ☕️"]"#, ""])
    #expect(rows[1]["b"] as Int64 == Int64.max)
  }

  @Test func aFailedStepThrowsGRDBsErrorAndTheStatementStaysUsable() throws {
    let queue = try makeDatabase()
    try queue.write { db in
      let insert = try DirectStatement(db, sql: "INSERT INTO row (a, b, c, t) VALUES (?, ?, ?, ?)")
      try insert.execute(db, integers: 1, nil, nil, text: Array("first".utf8))
      let error = try #require(throws: DatabaseError.self) {
        try insert.execute(db, integers: 1, nil, nil, text: Array("again".utf8))
      }
      #expect(error.resultCode == .SQLITE_CONSTRAINT)
      #expect(error.message?.contains("UNIQUE") == true)
      try insert.execute(db, integers: 2, nil, nil, text: Array("after".utf8))
    }
    #expect(try queue.read { try String.fetchAll($0, sql: "SELECT t FROM row") } == ["first", "after"])
  }

  /// SQLite reads the text in place, so the writer's one reused buffer, emptied and refilled
  /// for each row, must give each row its own text.
  @Test func aReusedTextBufferGivesEachRowItsOwnText() throws {
    let queue = try makeDatabase()
    let texts = (0..<200).map { String(repeating: "é\($0)", count: $0 % 37) }
    try queue.write { db in
      let insert = try DirectStatement(db, sql: "INSERT INTO row (a, b, c, t) VALUES (?, ?, ?, ?)")
      var buffer: [UInt8] = []
      for (index, text) in texts.enumerated() {
        buffer.removeAll(keepingCapacity: true)
        buffer += text.utf8
        try insert.execute(db, integers: Int64(index), nil, nil, text: buffer)
      }
    }
    #expect(try queue.read { try String.fetchAll($0, sql: "SELECT t FROM row ORDER BY a") } == texts)
  }
}
