import Foundation
import ReducerKitDebug
import Testing

@testable import RKDebugCLI

@Suite struct ExportFormatTests {
  let session = """
    {"type":"session","format":"rkdebug-export","version":1,"uuid":"U","feature":"f",\
    "stateType":"M.S","actionType":"M.A","stateFingerprint":"0","actionFingerprint":"1",\
    "snapshotInterval":2,"durability":"buffered","startedAt":1700000000.25,"endedAt":null,\
    "metadata":{},"initialState":{"n":0}}
    """

  @Test func readsTheLines() throws {
    let text =
      session + "\n" + """
        {"type":"action","index":1,"json":{"inc":{}},"label":"A.inc","source":"send",\
        "effectID":null,"parentIndex":null,"time":1700000001.5,"durationNanos":7,\
        "patch":[{"op":"replace","path":"/n","value":1,"old":0}]}
        {"type":"effect","id":1,"actionIndex":1,"kind":"run","cancelIDs":["x"],\
        "startedAt":1700000001.5,"endedAt":null,"outcome":null,"error":null}

        """
    let imported = try ExportFormat.read(text, source: "t.jsonl")
    #expect(imported.uuid == "U")
    #expect(imported.startedAt == Date(timeIntervalSince1970: 1_700_000_000.25))
    #expect(imported.endedAt == nil)
    #expect(imported.initialState == ["n": 0])
    #expect(imported.actions.count == 1)
    #expect(imported.actions[0].json == #"{"inc":{}}"#)
    #expect(imported.actions[0].patch == [.replace("/n", value: 1, oldValue: 0)])
    #expect(imported.effects[0].cancelIDs == ["x"])
    #expect(imported.effects[0].outcome == nil)
    try imported.validate()
  }

  /// The reader asks for a line only when it needs one, so an import holds one line at a time.
  @Test func theReaderReadsOneLineAtATime() throws {
    var lines = [
      session,
      #"{"type":"action","index":1,"json":{},"label":"A.inc","source":"send","time":1,"#
        + #""durationNanos":7,"patch":[]}"#,
      "",
      #"{"type":"effect","id":1,"actionIndex":1,"kind":"run","startedAt":1}"#,
    ].makeIterator()
    var pulled = 0
    let reader = ExportFormat.Reader(source: "t.jsonl") {
      pulled += 1
      return lines.next()
    }
    #expect(try reader.session().uuid == "U")
    #expect(pulled == 1)
    guard case .action(let action, let reads)? = try reader.next() else {
      Issue.record("expected an action")
      return
    }
    #expect(action.index == 1)
    #expect(reads.isEmpty)
    #expect(pulled == 2)
    guard case .effect(let effect)? = try reader.next() else {
      Issue.record("expected an effect")
      return
    }
    #expect(effect.id == 1)
    #expect(pulled == 4)
    #expect(try reader.next() == nil)
  }

  @Test func errorsNameTheLine() {
    #expect(throws: RKDebugError("line 2 of t.jsonl: missing \"index\"; nothing was imported")) {
      try ExportFormat.read(session + "\n{\"type\":\"action\"}\n", source: "t.jsonl")
    }
    #expect(
      throws: RKDebugError(
        "line 1 of t.jsonl: an action before the session line; nothing was imported"
      )
    ) {
      try ExportFormat.read(#"{"type":"action"}"#, source: "t.jsonl")
    }
    #expect(
      throws: RKDebugError(
        "line 1 of t.jsonl: export version 3 is newer than this rkdebug reads (2); upgrade "
          + "rkdebug; nothing was imported"
      )
    ) {
      try ExportFormat.read(
        session.replacingOccurrences(of: #""version":1"#, with: #""version":3"#),
        source: "t.jsonl"
      )
    }
  }

  @Test func validationRefusesPatchesThatDoNotApply() throws {
    let text =
      session + "\n" + """
        {"type":"action","index":1,"json":{},"label":"A","source":"send","time":1,\
        "durationNanos":1,"patch":[{"op":"replace","path":"/missing","value":1,"old":0}]}
        """
    let imported = try ExportFormat.read(text, source: "t.jsonl")
    #expect(throws: LogError.self) { try imported.validate() }
  }
}
