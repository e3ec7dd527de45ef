import ReducerKitDebug
import Testing

@testable import RKDebugCLI

/// ``PathHistory`` against the states of a session each rebuilt on its own.
@Suite struct PathHistoryTests {
  /// How a path reads depends on each state: a real `count` member holding an enum's case, a
  /// member added beside a case (whose `_0` is then a member like any other), a case that
  /// appears later, a value moved in from a place `history` does not follow. Every change it
  /// lists agrees with the states rebuilt whole, the path spelled as in Swift or as the JSON.
  @Test func pathsReadAsEachStateDecides() throws {
    let session = try PatchedSession(
      initialState: #"{"goal":{"count":{"_0":{"limit":1}}},"e":{"a":{"_0":{"n":1}}},"x":0}"#,
      patches: [
        #"[{"op":"replace","path":"/goal/count/_0/limit","value":2,"old":1}]"#,
        #"[{"op":"add","path":"/e/b","value":5}]"#,
        #"[{"op":"replace","path":"/e/a/_0/n","value":2,"old":1}]"#,
        #"[{"op":"remove","path":"/e/b","old":5}]"#,
        #"[{"op":"add","path":"/stash","value":{"a":[1]}},"#
          + #"{"op":"add","path":"/stash/a/-","value":2}]"#,
        #"[{"op":"add","path":"/goal/other","value":1}]"#,
        #"[{"op":"remove","path":"/goal/other","old":1}]"#,
        #"[{"op":"move","from":"/stash/a","path":"/goal/count/_0/moved"}]"#,
        #"[{"op":"replace","path":"/e","value":{"loaded":{"_0":{"n":7}}},"#
          + #""old":{"a":{"_0":{"n":2}}}}]"#,
        #"[{"op":"replace","path":"/x","value":3,"old":0}]"#,
      ])
    try expectChangesAgree(
      in: session,
      paths: [
        "goal.count.limit", "goal.count._0.limit", "goal.count.moved.count", "goal.count",
        "e.a.n", "e.a._0.n", "e.loaded.n", "e.count", "count", "x", "stash.a.count",
      ])
    // The first action changes the limit inside the `count` member's case.
    #expect(
      try PathHistory(path: ValuePath(parsing: "goal.count.limit"), reader: session.reader)
        .changes().first?.action.index == 1)
  }

  /// A name that is also an array's index (`a["0"]`) is not followed as a member: beside an
  /// array, element 0 moves as its siblings go. Members moved or copied beside the path's
  /// names change `count`; a `test` is ignored where values may be out of date.
  @Test func indexLikeNamesAndMembersBesideThePath() throws {
    let shifted = try PatchedSession(
      initialState: #"{"a":{"_0":[{"v":10},{"v":20}],"0":{"v":1}}}"#,
      patches: [
        #"[{"op":"replace","path":"/a/_0/1/v","value":21,"old":20}]"#,
        #"[{"op":"remove","path":"/a/_0/0","old":{"v":10}}]"#,
        #"[{"op":"move","from":"/a/_0/0/v","path":"/a/0/v","old":1}]"#,
      ])
    try expectChangesAgree(in: shifted, paths: [#"a["0"].v"#, "a.count"], changing: 1)
    let moved = try PatchedSession(
      initialState: #"{"a":{"x":1,"y":2},"b":{}}"#,
      patches: [
        #"[{"op":"move","from":"/a/x","path":"/b/x"}]"#,
        #"[{"op":"replace","path":"/b/x","value":5,"old":1}]"#,
        #"[{"op":"test","path":"/a","value":{"y":2}},"#
          + #"{"op":"copy","from":"/b/x","path":"/a/copied"}]"#,
        #"[{"op":"replace","path":"/a/copied","value":6,"old":5}]"#,
      ])
    try expectChangesAgree(in: moved, paths: ["a.count", "a.copied", "b.x"], changing: 3)
  }

  /// Every change ``PathHistory`` lists for each of `paths` in `session`, action, old and new
  /// value, is a change between the states rebuilt whole; `changing` of the paths change.
  private func expectChangesAgree(
    in session: PatchedSession, paths: [String], changing: Int? = nil
  ) throws {
    let states = try session.states()
    var changedPaths = 0
    for text in paths {
      let path = try ValuePath(parsing: text)
      var expected: [Int] = []
      for index in states.indices.dropFirst() {
        let old = try path.evaluate(in: states[index - 1])
        if !PathHistory.areEqual(old, try path.evaluate(in: states[index])) {
          expected.append(index)
        }
      }
      if !expected.isEmpty { changedPaths += 1 }
      let changes = try PathHistory(path: path, reader: session.reader).changes()
      #expect(changes.map(\.action.index) == expected, "\(text)")
      for change in changes {
        #expect(change.old == (try path.evaluate(in: states[change.action.index - 1])), "\(text)")
        #expect(change.new == (try path.evaluate(in: states[change.action.index])), "\(text)")
      }
    }
    #expect(changedPaths == (changing ?? paths.count))
  }
}
