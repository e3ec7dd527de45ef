import CustomDump
import Foundation
import ReducerKit
import Testing

@testable import ReducerKitDebug

/// A patch's values are what `JSONEncoder` writes for them, as in the initial state and the
/// snapshots, and a value `==` to the old one but written differently is still a change.
@MainActor
@Suite struct ExactValueRecordingTests {
  struct Ledger: Reducer {
    @ObservableState
    struct State: Equatable, Codable, Sendable {
      var price: Decimal = 0
      var link = URL(string: "https://example.com/")!
      var date = Date(timeIntervalSinceReferenceDate: 0)
      var data = Data()
      var maybe: Int?? = nil
      var ratio = 0.0
      var name = ""
      var point = Point()
      var values: [Double] = [0, 1]
      var counts: [String: Int] = [:]
      var mark = Mark.none
    }

    struct Point: Equatable, Codable, Sendable {
      var x = 0.0
      var label = ""
    }

    enum Mark: Equatable, Codable, Sendable {
      case none
      case at(Double)
    }

    enum Action: Equatable, Codable, Sendable {
      case setPrice(Decimal)
      case setLink(URL)
      case setDate(Date)
      case setData(Data)
      case setMaybe(Int??)
      case setRatio(Double)
      case setName(String)
      case setPoint(Point)
      case setValue(Int, Double)
      case setCounts([String: Int])
      case setMark(Mark)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .setPrice(value): state.price = value
      case let .setLink(value): state.link = value
      case let .setDate(value): state.date = value
      case let .setData(value): state.data = value
      case let .setMaybe(value): state.maybe = value
      case let .setRatio(value): state.ratio = value
      case let .setName(value): state.name = value
      case let .setPoint(value): state.point = value
      case let .setValue(index, value): state.values[index] = value
      case let .setCounts(value): state.counts = value
      case let .setMark(value): state.mark = value
      }
      return .none
    }
  }

  /// Records `actions` and returns each action's patch JSON, after checking that the log's
  /// state at every index is the live state's JSON, byte for byte, and decodes to it.
  func patches(_ actions: [Ledger.Action]) throws -> [String] {
    let log = try ActionLog.inMemory()
    let store = Store<Ledger>(initialState: Ledger.State(), reducer: Ledger().recording(to: log))
    var states = [store.state]
    for action in actions {
      store.send(action)
      states.append(store.state)
    }
    try log.close()
    let reader = try log.reader()
    for (index, state) in states.enumerated() {
      // Bytes, not `String`s: `==` holds canonically equivalent texts equal.
      #expect(
        Array(try reader.stateJSON(at: index).serialized().utf8)
          == Array(try encoderText(state).utf8), "at \(index)")
      #expect(try reader.state(Ledger.State.self, at: index) == state, "at \(index)")
    }
    return try reader.actions().map { action in
      JSONValue.array(action.patch.map(\.jsonValue)).serialized()
    }
  }

  @Test func decimalURLDateAndDataAreWrittenAsJSONEncoderWritesThem() throws {
    #expect(
      try patches([
        .setPrice(Decimal(string: "3.14")!),
        .setLink(URL(string: "file:///tmp/a%20b.txt")!),
        .setDate(Date(timeIntervalSinceReferenceDate: 1.5)),
        .setData(Data([0, 255])),
      ]) == [
        #"[{"old":0,"op":"replace","path":"/price","value":3.14}]"#,
        #"[{"old":"https://example.com/","op":"replace","path":"/link","#
          + #""value":"file:///tmp/a%20b.txt"}]"#,
        #"[{"old":0,"op":"replace","path":"/date","value":1.5}]"#,
        #"[{"old":"","op":"replace","path":"/data","value":"AP8="}]"#,
      ]
    )
  }

  /// `Int??`: `.some(.some(1))` is `1`, `.some(nil)` is `null`, `nil` is no member at all.
  @Test func nestedOptionalsAreValidPatchesThroughEveryLevel() throws {
    #expect(
      try patches([
        .setMaybe(.some(.some(1))), .setMaybe(.some(nil)), .setMaybe(nil), .setMaybe(.some(nil)),
        .setMaybe(.some(.some(2))), .setMaybe(nil),
      ]) == [
        #"[{"op":"add","path":"/maybe","value":1}]"#,
        #"[{"old":1,"op":"replace","path":"/maybe","value":null}]"#,
        #"[{"old":null,"op":"remove","path":"/maybe"}]"#,
        #"[{"op":"add","path":"/maybe","value":null}]"#,
        #"[{"old":null,"op":"replace","path":"/maybe","value":2}]"#,
        #"[{"old":2,"op":"remove","path":"/maybe"}]"#,
      ]
    )
  }

  /// `0.0 == -0.0`, but `JSONEncoder` writes `0` and `-0`: a field, a plain struct's field, an
  /// array element and an enum's payload changing sign are each a change.
  @Test func negativeZeroIsAChangeFromZero() throws {
    #expect(
      try patches([
        .setRatio(-0.0), .setRatio(0.0), .setPoint(Ledger.Point(x: -0.0)), .setValue(0, -0.0),
        .setMark(.at(0)), .setMark(.at(-0.0)),
      ]) == [
        #"[{"old":0,"op":"replace","path":"/ratio","value":-0}]"#,
        #"[{"old":-0,"op":"replace","path":"/ratio","value":0}]"#,
        #"[{"old":{"label":"","x":0},"op":"replace","path":"/point","#
          + #""value":{"label":"","x":-0}}]"#,
        #"[{"old":0,"op":"replace","path":"/values/0","value":-0}]"#,
        #"[{"old":{"none":{}},"op":"replace","path":"/mark","value":{"at":{"_0":0}}}]"#,
        #"[{"old":0,"op":"replace","path":"/mark/at/_0","value":-0}]"#,
      ]
    )
  }

  /// `"caf\u{E9}" == "cafe\u{301}"` (canonical equivalence), but their UTF-8 differs, and so
  /// do their JSON and their dumps.
  @Test func canonicallyEquivalentStringsAreAChange() throws {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    #expect(composed == decomposed)
    let patches = try patches([
      .setName(composed), .setName(decomposed), .setPoint(Ledger.Point(label: composed)),
      .setPoint(Ledger.Point(label: decomposed)), .setCounts([composed: 1]),
      .setCounts([decomposed: 1]),
    ])
    let expected: [String] = [
        #"[{"old":"","op":"replace","path":"/name","value":"\#(composed)"}]"#,
        #"[{"old":"\#(composed)","op":"replace","path":"/name","value":"\#(decomposed)"}]"#,
        #"[{"old":{"label":"","x":0},"op":"replace","path":"/point","#
          + #""value":{"label":"\#(composed)","x":0}}]"#,
        #"[{"old":{"label":"\#(composed)","x":0},"op":"replace","path":"/point","#
          + #""value":{"label":"\#(decomposed)","x":0}}]"#,
        #"[{"old":{},"op":"replace","path":"/counts","value":{"\#(composed)":1}}]"#,
        #"[{"old":{"\#(composed)":1},"op":"replace","path":"/counts","#
          + #""value":{"\#(decomposed)":1}}]"#,
    ]
    // Bytes, not `String`s, for the same reason.
    #expect(patches.map { Array($0.utf8) } == expected.map { Array($0.utf8) })
  }

  /// A value rebuilt equal to the old one, and written the same way, is no change.
  @Test func anEqualValueWrittenAlikeIsNoChange() throws {
    let long = String(repeating: "long text, stored on the heap ", count: 4)
    #expect(
      try patches([
        .setName(long), .setName(String(long.reversed().reversed())), .setRatio(0.0),
        .setPoint(Ledger.Point(label: long)), .setPoint(Ledger.Point(label: long + "")),
        .setCounts(["a": 1, "b": 2]), .setCounts(["b": 2, "a": 1]),
      ]).map { $0 == "[]" } == [false, true, true, false, true, false, true]
    )
  }

  /// The label cache looks actions up by their JSON: `setRatio(-0.0)` after the equal
  /// `setRatio(0.0)` keeps its own label.
  @Test func equalActionsWrittenDifferentlyKeepTheirOwnLabels() throws {
    let log = try ActionLog.inMemory()
    let store = Store<Ledger>(initialState: Ledger.State(), reducer: Ledger().recording(to: log))
    let actions: [Ledger.Action] = [
      .setRatio(0.0), .setRatio(-0.0), .setName("caf\u{E9}"), .setName("cafe\u{301}"),
    ]
    for action in actions { store.send(action) }
    try log.close()
    let logged = try log.reader().actions()
    // Compared by their bytes: `String`'s `==` holds canonically equivalent texts equal.
    #expect(
      logged.map { Array($0.label.utf8) } == actions.map { Array(String(customDumping: $0).utf8) }
    )
    #expect(logged[1].label == "ExactValueRecordingTests.Ledger.Action.setRatio(-0.0)")
    let json = try actions.map(encoderText)
    #expect(logged.map { Array($0.json.utf8) } == json.map { Array($0.utf8) })
  }
}
