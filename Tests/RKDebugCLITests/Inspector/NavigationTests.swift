import Foundation
import ReducerKitDebug
import ReducerKitSamples
import Testing

@testable import RKDebugCLI

/// The navigation view and the navigation timeline of `rkdebug ui` (docs/ui-api.md) over a
/// ``Library`` session recorded by `rkdebug record --actions`: a book's screen pushed, its edit
/// sheet presented, replaced by the delete alert and dismissed, a reading clock pushed over it
/// and popped, the new book's form presented over the stack and dismissed, the screen popped.
@Suite struct NavigationTests {
  static let library = DebugFeature.feature(
    Library.name, summary: "", reducer: { Library() }, initialState: { Library.State() })

  /// The recorded log, in a directory of its own.
  static func record() throws -> RecordedLog {
    let log = try RecordedLog(name: "library.sqlite")
    let detail = { (action: String) in
      #"{"path":{"_0":{"element":{"id":0,"action":{"detail":{"_0":\#(action)}}}}}}"#
    }
    let actions = try log.directory.write(
      [
        #"{"bookTapped":{"_0":"00000000-0000-0000-0000-000000000000"}}"#,  // 1 pushes #0
        detail(#"{"editButtonTapped":{}}"#),  // 2 presents the edit sheet
        detail(#"{"deleteButtonTapped":{}}"#),  // 3 the alert in its place
        detail(#"{"destination":{"_0":{"dismiss":{}}}}"#),  // 4 dismisses it
        detail(#"{"readButtonTapped":{}}"#),  // 5, 6 pushes the clock #1
        #"{"path":{"_0":{"popFrom":{"id":1}}}}"#,  // 7
        #"{"addBookButtonTapped":{}}"#,  // 8 presents the new book's form
        #"{"discardNewBookButtonTapped":{}}"#,  // 9
        #"{"path":{"_0":{"popFrom":{"id":0}}}}"#,  // 10
      ].joined(separator: "\n") + "\n", to: "actions.jsonl")
    let record = try RKDebugProcess.run([
      "record", "--db", log.path, "--feature", "library", "--actions", actions,
    ])
    try #require(record.status == 0, "\(record.stderr)")
    return log
  }

  static func snapshot(
    _ path: String, at index: Int, feature: DebugFeature? = library
  ) throws -> String {
    let reader = try ActionLog.readOnly(path: path).reader()
    return NavigationSnapshot(session: reader.session, feature: feature)
      .json(at: index, state: try reader.stateJSON(at: index)).serialized()
  }

  @Test func theScreensAndWhatIsPresentedOverThem() throws {
    let log = try Self.record()
    let path = log.path
    #expect(
      try Self.snapshot(path, at: 3) == #"""
        {"at":3,"message":null,"root":{"presented":[],"stacks":[{"name":"path","pointer":"/path",\#
        "screens":[{"case":"detail","id":0,"pointer":"/path/0/element","presented":[{"case":\#
        "alert","kind":"alert","name":"destination","pointer":"/path/0/element/detail/_0/\#
        destination","presented":[],"stacks":[],"title":"Delete “Middlemarch”?"}],"stacks":[],\#
        "title":"Middlemarch"}]}]},"typed":true}
        """#)
    #expect(
      try Self.snapshot(path, at: 2).contains(
        #"{"case":"edit","kind":"feature","name":"destination","#))
    #expect(
      try Self.snapshot(path, at: 6) == #"""
        {"at":6,"message":null,"root":{"presented":[],"stacks":[{"name":"path","pointer":"/path",\#
        "screens":[{"case":"detail","id":0,"pointer":"/path/0/element","presented":[],\#
        "stacks":[],"title":"Middlemarch"},{"case":"reading","id":1,"pointer":"/path/1/element",\#
        "presented":[],"stacks":[],"title":"Middlemarch"}]}]},"typed":true}
        """#)
    #expect(
      try Self.snapshot(path, at: 8) == #"""
        {"at":8,"message":null,"root":{"presented":[{"case":null,"kind":"feature","name":\#
        "addBook","pointer":"/addBook","presented":[],"stacks":[],"title":""}],"stacks":[{"name":\#
        "path","pointer":"/path","screens":[{"case":"detail","id":0,"pointer":"/path/0/element",\#
        "presented":[],"stacks":[],"title":"Middlemarch"}]}]},"typed":true}
        """#)
  }

  /// Without the feature: the stacks the JSON proves, nothing presented, and a message.
  @Test func anUnregisteredFeatureShowsWhatTheJSONProves() throws {
    let log = try Self.record()
    let path = log.path
    #expect(
      try Self.snapshot(path, at: 3, feature: nil) == #"""
        {"at":3,"message":"this rkdebug registers no feature for 'library': the stacks are \#
        those its JSON holds, and what is presented needs the feature registered","root":\#
        {"presented":[],"stacks":[{"name":"path","pointer":"/path","screens":[{"case":"detail",\#
        "id":0,"pointer":"/path/0/element","presented":[],"stacks":[],"title":"Middlemarch"}]}]},\#
        "typed":false}
        """#)
  }

  @Test func theTimelineListsEveryPushPopAndPresentation() throws {
    let log = try Self.record()
    let path = log.path
    let reader = try ActionLog.readOnly(path: path).reader()
    let timeline = try NavigationTimeline(reader: reader, feature: Self.library).json()
    let lines = try #require(timeline["events"]?.arrayValue).map { event in
      [
        event["index"]?.intValue.map(String.init), event["kind"]?.stringValue,
        event["name"]?.stringValue, event["case"]?.stringValue,
        event["id"]?.intValue.map { "#\($0)" }, event["title"]?.stringValue,
      ].compactMap { $0 }.joined(separator: " ")
    }
    #expect(
      lines == [
        "1 push path detail #0 Middlemarch",
        "2 present destination edit Middlemarch",
        "3 dismiss destination edit Middlemarch",
        "3 present destination alert Delete “Middlemarch”?",
        "4 dismiss destination alert Delete “Middlemarch”?",
        "6 push path reading #1 Middlemarch",
        "7 pop path reading #1 Middlemarch",
        "8 present addBook ",
        "9 dismiss addBook ",
        "10 pop path detail #0 Middlemarch",
      ])
    #expect(timeline["typed"] == true)
    #expect(timeline["buckets"] == .null)

    // Without the feature, pushes and pops alone.
    let untyped = try NavigationTimeline(reader: reader, feature: nil).json()
    #expect(untyped["typed"] == false)
    #expect(
      untyped["events"]?.arrayValue?.map {
        "\($0["index"]?.intValue ?? 0) \($0["kind"]?.stringValue ?? "")"
      } == ["1 push", "6 push", "7 pop", "10 pop"])
  }

  /// Past ``NavigationTimeline/maximumEvents``, events are counted in buckets of indices.
  @Test func aLongTimelineIsCountedInBuckets() throws {
    let directory = try TemporaryDirectory()
    let push = #"{"bookTapped":{"_0":"00000000-0000-0000-0000-000000000001"}}"#
    let lines = (0..<1100).flatMap { id in [push, #"{"path":{"_0":{"popFrom":{"id":\#(id)}}}}"#] }
    let actions = try directory.write(lines.joined(separator: "\n") + "\n", to: "a.jsonl")
    let path = directory.path("long.sqlite")
    let record = try RKDebugProcess.run([
      "record", "--db", path, "--feature", "library", "--actions", actions,
    ])
    try #require(record.status == 0, "\(record.stderr)")
    let reader = try ActionLog.readOnly(path: path).reader()
    let timeline = try NavigationTimeline(reader: reader, feature: Self.library).json()
    #expect(timeline["events"] == [])
    let buckets = try #require(timeline["buckets"]?.arrayValue)
    #expect(buckets.count == 440)
    #expect(
      buckets[0] == [
        "from": 1, "to": 5, "first": 1, "push": 3, "pop": 2, "present": 0,
        "dismiss": 0,
      ])
    #expect(buckets.compactMap { $0["push"]?.intValue }.reduce(0, +) == 1100)
    #expect(buckets.compactMap { $0["pop"]?.intValue }.reduce(0, +) == 1100)
  }

  /// The API answers for a session whose feature this process does not register.
  @Test func theEndpoints() async throws {
    let log = try Self.record()
    let path = log.path
    let expected = try Self.snapshot(path, at: 3, feature: nil)
    try await log.withInspector { client in
      let view = try await client.get("/api/sessions/1/navigation?at=3")
      #expect(view.serialized() == expected)
      let timeline = try await client.get("/api/sessions/1/navigation/timeline")
      #expect(timeline["events"]?.arrayValue?.count == 4)
      #expect(
        try await client.error("/api/sessions/1/navigation?at=11")
          == "index 11 is out of range: this session has actions 1...10 (0 is the initial state)")
      #expect(
        try await client.error("/api/sessions/1/navigation/timeline?at=1")
          == "unknown parameter 'at'")
    }
  }
}
