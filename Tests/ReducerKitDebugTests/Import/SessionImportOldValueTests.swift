import Foundation
import GRDB
import Testing

@testable import ReducerKitDebug

/// Import refuses a session whose old values (`"old"`) lie, so that walking an imported log
/// forwards and backwards always gives the same states.
@Suite struct SessionImportOldValueTests {
  let directory = TemporaryDirectory()

  /// A session of seven actions that replace, add and remove members and array elements.
  static func session(
    uuid: String = "00000000-0000-0000-0000-000000000017",
    editing edit: (inout [[JSONPatchOperation]]) -> Void = { _ in }
  ) throws -> SessionImport {
    var patches: [[JSONPatchOperation]] = [
      [.replace(try JSONPointer(parsing: "/count"), value: 1, oldValue: 0)],
      [.add(try JSONPointer(parsing: "/todos/2"), value: ["title": "c"])],
      [.remove(try JSONPointer(parsing: "/todos/0"), oldValue: ["title": "a"])],
      [.replace(try JSONPointer(parsing: "/todos/0/title"), value: "B", oldValue: "b")],
      [.add(try JSONPointer(parsing: "/note"), value: "hi")],
      [
        .remove(try JSONPointer(parsing: "/note"), oldValue: "hi"),
        .replace(try JSONPointer(parsing: "/count"), value: 2.0, oldValue: 1.0),
      ],
      [.replace(try JSONPointer(parsing: "/count"), value: 3, oldValue: 2)],
    ]
    edit(&patches)
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    return SessionImport(
      uuid: uuid, feature: "todos", stateType: "Todos.State", actionType: "Todos.Action",
      stateFingerprint: "s", actionFingerprint: "a", snapshotInterval: 3,
      durability: "buffered", startedAt: start, endedAt: start.addingTimeInterval(1),
      initialState: ["count": 0, "todos": [["title": "a"], ["title": "b"]]],
      actions: patches.enumerated().map { offset, patch in
        SessionImport.Action(
          index: offset + 1, json: #"{"edit":{}}"#, label: ".edit", source: .send,
          time: start.addingTimeInterval(Double(offset) / 10), durationNanos: 1_000,
          patch: patch
        )
      },
      effects: []
    )
  }

  /// Imports `session` into a log that already holds an honest session, and checks that the
  /// import is refused with `message` and leaves every row of the log as it was.
  func expectRefused(
    _ session: SessionImport, with message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let log = try ActionLog.inMemory()
    try log.importSession(Self.session(uuid: "00000000-0000-0000-0000-000000000001"))
    let before = try Self.rows(of: log)

    #expect(throws: LogError.corrupt(message), sourceLocation: sourceLocation) {
      try session.validate()
    }
    #expect(throws: LogError.corrupt(message), sourceLocation: sourceLocation) {
      try log.importSession(session)
    }
    #expect(try Self.rows(of: log) == before, sourceLocation: sourceLocation)
    #expect(try log.sessions().map(\.uuid) == ["00000000-0000-0000-0000-000000000001"])
  }

  /// Every row of every table of the log, as text.
  static func rows(of log: ActionLog) throws -> [String] {
    try log.database.read { db in
      let tables = try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      return try tables.flatMap { table in
        try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map { "\(table): \($0)" }
      }
    }
  }

  @Test func aLyingOldValueOfAReplaceIsRefused() throws {
    let session = try Self.session { $0[6][0].oldValue = 5 }
    try expectRefused(
      session,
      with: "action 7: replace '/count' records old value 5, but the value it replaces is 2")
  }

  @Test func aLyingOldValueOfARemoveIsRefused() throws {
    let session = try Self.session { $0[2][0].oldValue = ["title": "z"] }
    try expectRefused(
      session,
      with: #"action 3: remove '/todos/0' records old value {"title":"z"}, but the value it "#
        + #"replaces is {"title":"a"}"#
    )
  }

  @Test func aMissingOldValueOfAReplaceIsRefused() throws {
    let session = try Self.session { $0[3][0].oldValue = nil }
    try expectRefused(
      session,
      with: #"action 4: replace '/todos/0/title' records no old value, but the value it "#
        + #"replaces is "b""#
    )
  }

  @Test func anAddRecordsWhatItOverwritesAndNothingElse() throws {
    // A new member overwrites nothing.
    try expectRefused(
      try Self.session { $0[4][0].oldValue = "bye" },
      with: #"action 5: add '/note' records old value "bye", but it replaces nothing"#
    )
    // An insertion into an array overwrites nothing either.
    try expectRefused(
      try Self.session { $0[1][0].oldValue = ["title": "b"] },
      with: #"action 2: add '/todos/2' records old value {"title":"b"}, but it replaces nothing"#
    )
    // An add onto an existing member replaces it, and must say what it was.
    try expectRefused(
      try Self.session { $0[6][0] = .add(try! JSONPointer(parsing: "/count"), value: 3) },
      with: "action 7: add '/count' records no old value, but the value it replaces is 2"
    )
    let honest = try Self.session {
      $0[6][0] = .add(try! JSONPointer(parsing: "/count"), value: 3, oldValue: 2)
    }
    try honest.validate()
  }

  @Test func moveAndCopyRecordWhatTheyOverwriteAtTheirPath() throws {
    let state: JSONValue = ["a": 1, "b": 2, "list": [1, 2]]
    let pointer = { (text: String) in try JSONPointer(parsing: text) }
    let move = JSONPatchOperation.move(from: try pointer("/a"), to: try pointer("/b"))
    #expect(
      state.oldValueMismatch(of: move, actionIndex: 1)
        == OldValueMismatch(
          actionIndex: 1, operation: .move, path: try pointer("/b"), recorded: nil, actual: 2))
    var honestMove = move
    honestMove.oldValue = 2
    #expect(state.oldValueMismatch(of: honestMove, actionIndex: 1) == nil)
    let reorder = JSONPatchOperation.move(from: try pointer("/list/0"), to: try pointer("/list/1"))
    #expect(state.oldValueMismatch(of: reorder, actionIndex: 1) == nil)
    var copy = JSONPatchOperation.copy(from: try pointer("/a"), to: try pointer("/c"))
    #expect(state.oldValueMismatch(of: copy, actionIndex: 1) == nil)
    copy.oldValue = 1
    #expect(state.oldValueMismatch(of: copy, actionIndex: 1)?.actual == nil)
  }

  @Test func oldValuesAreComparedAsJSONNotAsText() throws {
    // Action 6 records 1.0 for a count stored as 1, and the object of action 3 with its
    // members in another order: both are the same JSON value.
    let session = try Self.session {
      $0[2][0].oldValue = try! JSONValue(parsing: #"{ "title" : "a" }"#)
      $0[5][1].oldValue = try! JSONValue(parsing: "10e-1")
    }
    try session.validate()
  }

  @Test func anHonestSessionImportsAndEveryStateIsTheSameForwardsAndBackwards() throws {
    let session = try Self.session()
    let log = try ActionLog(path: directory.path("log.sqlite"))
    let id = try log.importSession(session)
    let reader = try log.reader(session: id)
    #expect(reader.actionCount == 7)

    var forwards = [session.initialState]
    for action in session.actions {
      var state = forwards.last!
      try state.apply(action.patch)
      forwards.append(state)
    }
    var backwards = [try reader.stateJSON(at: 7)]
    for action in session.actions.reversed() {
      var state = backwards.first!
      try state.unapply(action.patch)
      backwards.insert(state, at: 0)
    }
    for index in 0...7 {
      #expect(forwards[index].isEquivalent(to: backwards[index]), "index \(index)")
      // The reader starts from the nearest snapshot (0, 3, 6 or 7) and walks either way.
      #expect(try reader.stateJSON(at: index).isEquivalent(to: forwards[index]), "index \(index)")
    }
    #expect(forwards[7] == ["count": 3, "todos": [["title": "B"], ["title": "c"]]])
    try log.close()
  }
}
