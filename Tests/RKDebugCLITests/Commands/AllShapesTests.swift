import CustomDump
import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitTestSupport
import Testing

@testable import RKDebugCLI

/// The log tells the truth for every value a `Codable` state can hold (``AllShapes``): for
/// each action of a session recorded into a real SQLite file, `changes` prints the live
/// `_printChanges()` text, `log --json` labels are custom-dump's text, every state read back
/// (and rebuilt by Python's `jsonpatch` from `export`) is the live state's JSON byte for byte,
/// and no read command reports a damaged log.
@Suite(.serialized) struct AllShapesTests {
  /// The name the session is recorded and registered under.
  static let name = "allShapes"

  /// A recorded session with what the live store printed and the JSON of each live state.
  struct Session {
    let log: RecordedLog
    let printed: PrintedChanges
    /// The JSON of the state at each index, 0 being the initial state.
    let states: [String]
    /// The state at each index.
    let values: [AllShapes.State]
  }

  /// The encoder of the log: sorted keys, slashes unescaped.
  static func json(_ state: AllShapes.State) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(state), as: UTF8.self)
  }

  /// ``AllShapes/actions`` recorded with a snapshot every 7 actions, so that states are read
  /// back both from snapshots and through patches.
  @MainActor
  static func record() async throws -> Session {
    let printed = PrintedChanges()
    let states = Collected<AllShapes.State>()
    states.append(AllShapes.State())
    let log = try await RecordedLog.make { log in
      try await log.record(
        Capturing(base: AllShapes()._printChanges(printed.printer()), capture: states),
        initialState: AllShapes.State(), actions: AllShapes.actions, feature: name,
        snapshotInterval: 7
      )
    }
    return Session(
      log: log, printed: printed, states: try states.values.map(json), values: states.values)
  }

  @Test func changesIsTheLivePrintChangesByteForByte() async throws {
    let session = try await Self.record()
    let registered = FeatureRegistry.features
    FeatureRegistry.features = [
      .feature(Self.name, summary: "", reducer: { AllShapes() }, initialState: { .init() })
    ]
    defer { FeatureRegistry.features = registered }
    let output = try StreamingReadsTests.output(session.log) { reader, sink in
      try ChangesCommand.parse([]).write(
        reader, range: 1...reader.actionCount, to: &sink, terminal: .plain)
    }
    let live = session.printed.output.components(separatedBy: "received action:\n").dropFirst()
    let logged = output.text.components(separatedBy: "received action:\n").dropFirst()
    #expect(live.count == AllShapes.actions.count)
    #expect(logged.count == live.count)
    // Bytes, not `String`s: `==` holds canonically equivalent texts equal.
    for (index, (logged, live)) in zip(logged, live).enumerated() {
      #expect(Array(logged.utf8) == Array(live.utf8), "action \(index + 1)")
    }
  }

  @Test func logLabelsAreCustomDumpsText() async throws {
    let session = try await Self.record()
    let result = try session.log.run(["log", "--json"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")
    #expect(lines.count == AllShapes.actions.count + 1)
    for (line, action) in zip(lines, AllShapes.actions) {
      let object = try JSONValue(parsing: Data(line.utf8))
      let label = try #require(object["label"]?.stringValue)
      let matches = Array(label.utf8) == Array(String(customDumping: action).utf8)
      #expect(matches, "\(line)")
    }
    // One line per action in the plain listing too, whatever line breaks a label holds.
    let plain = try session.log.run(["log"])
    #expect(plain.status == 0)
    #expect(plain.stdout.split(whereSeparator: \.isNewline).count == AllShapes.actions.count)
  }

  @Test func everyStateReadBackIsTheLiveJSON() async throws {
    let session = try await Self.record()
    let reader = try ActionLog.readOnly(path: session.log.path).reader()
    try #require(reader.actionCount == AllShapes.actions.count)
    for index in 0...reader.actionCount {
      #expect(
        Array(try reader.stateJSON(at: index).serialized().utf8)
          == Array(session.states[index].utf8), "at \(index)")
      // And decodes to the live state, `Int??.some(nil)` included.
      #expect(try reader.state(AllShapes.State.self, at: index) == session.values[index])
    }
    // Walked backwards from the last snapshot too.
    var state = try reader.stateJSON(at: reader.actionCount)
    for index in stride(from: reader.actionCount, to: 0, by: -1) {
      try state.unapply(reader.action(at: index).patch)
      #expect(
        Array(state.serialized().utf8) == Array(session.states[index - 1].utf8),
        "back to \(index - 1)")
    }
  }

  /// Python's numbers lose `-0`'s sign and a `1e+300`'s text: the script keeps every number as
  /// its text, so the states are compared as exactly as their JSON.
  static let script = """
    import json, sys, jsonpatch

    class Number:
        def __init__(self, text): self.text = text
        def __eq__(self, other): return isinstance(other, Number) and self.text == other.text
        def __hash__(self): return hash(self.text)
        def __repr__(self): return self.text
        def __deepcopy__(self, memo): return self

    def load(text):
        return json.loads(text, parse_int=Number, parse_float=Number)

    lines = [load(line) for line in open(sys.argv[1], encoding="utf-8")]
    expected = [load(line) for line in open(sys.argv[2], encoding="utf-8")]
    state = lines[0]["initialState"]
    if state != expected[0]:
        sys.exit("the initial state differs")
    index = 0
    for line in lines[1:]:
        if line["type"] == "action":
            index += 1
            state = jsonpatch.apply_patch(state, line["patch"])
            if state != expected[index]:
                sys.exit(f"the state at {index} differs: {state!r} != {expected[index]!r}")
    if index != len(expected) - 1:
        sys.exit(f"{index} actions, {len(expected) - 1} states")
    """

  @Test(.enabled(if: Python.hasJSONPatch, "needs python3 with jsonpatch"))
  func jsonpatchRebuildsEveryStateFromTheExport() async throws {
    let session = try await Self.record()
    let export = session.log.directory.path("shapes.jsonl")
    let run = try session.log.run(["export", "-o", export])
    #expect(run.status == 0, "\(run.stderr)")
    let expected = session.log.directory.path("expected.jsonl")
    try Data(session.states.map { $0 + "\n" }.joined().utf8)
      .write(to: URL(fileURLWithPath: expected))
    let script = session.log.directory.path("rebuild.py")
    try Data(Self.script.utf8).write(to: URL(fileURLWithPath: script))
    let failure = Python.run([script, export, expected])
    #expect(failure == nil, "python3: \(failure ?? "")")
  }

  @Test func noReadCommandReportsADamagedLog() async throws {
    let session = try await Self.record()
    let last = String(AllShapes.actions.count)
    var commands: [[String]] = [
      ["sessions"], ["log"], ["log", "--tree"], ["changes"], ["changes", "--json"],
      ["diff", "--from", "0", "--to", last], ["find", "--where", "count != 0"],
      ["bisect", "--where", "rows.count > 300"], ["export"],
    ]
    for index in stride(from: 0, through: AllShapes.actions.count, by: 5) {
      commands.append(["state", "--at", String(index)])
      commands.append(["diff", "--from", String(index), "--to", last])
    }
    for path in [
      "maybe", "price", "link", "date", "data", "ratio", "text", "tags", "shape", "point",
      "detail", "rows", "numbers", "grid",
    ] {
      commands.append(["history", "--path", path])
    }
    for command in commands {
      let result = try session.log.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      #expect(result.stderr == "", "\(command)")
    }
  }
}

/// Runs `base`, then keeps the JSON of the state it left.
struct Capturing<Base: Reducer>: Reducer where Base.State == AllShapes.State {
  let base: Base
  let capture: Collected<AllShapes.State>

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    capture.append(state)
    return effect
  }
}
