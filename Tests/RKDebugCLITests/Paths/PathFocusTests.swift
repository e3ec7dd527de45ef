import ReducerKitDebug
import Testing

@testable import RKDebugCLI

@Suite struct PathFocusTests {
  func focus(_ paths: String...) throws -> PathFocus {
    PathFocus(try paths.map { try ValuePath(parsing: $0) })
  }

  /// Along a path's names, each perhaps followed by an enum's `_0`: the chain, the members
  /// of its objects, and everything at or under its end.
  @Test func placesAlongTheChainOfNames() throws {
    let focus = try focus("tab.todos.filter")
    let places: [(JSONPointer, PathFocus.Place)] = [
      ("", .chain), ("/tab", .chain), ("/tab/todos", .chain), ("/tab/todos/_0", .chain),
      ("/tab/todos/_0/filter", .followed), ("/tab/todos/filter", .followed),
      ("/tab/todos/_0/filter/x", .followed), ("/tab/settings", .member),
      ("/tab/settings/_0", .unread), ("/counter", .member), ("/counter/count", .unread),
      ("/tab/todos/_0/todos", .member), ("/tab/todos/_0/todos/3", .unread),
      ("/tab/_0", .chain), ("/_0", .member), ("/tab/todos/_0/_0", .member),
    ]
    for (pointer, place) in places {
      #expect(focus.place(of: pointer) == place, "\(pointer)")
      // A member's name changes when it is added or removed, not when it is replaced, and
      // its value is not read.
      let reading: JSONPatchOperation.Reading =
        switch place {
        case .unread: .none
        case .member: .place
        case .chain, .followed: .whole
        }
      #expect(focus.keeps(.add, pointer) == reading, "\(pointer)")
      #expect(focus.keeps(.remove, pointer) == reading, "\(pointer)")
      #expect(focus.keeps(.replace, pointer) == (place >= .chain ? .whole : .none), "\(pointer)")
    }
  }

  /// `count` is a name like any other: a real member, or how many members or elements the
  /// value before it has, which only adding or removing them changes.
  @Test func countIsFollowedAsAName() throws {
    let focus = try focus("todos.count")
    #expect(focus.place(of: "/todos") == .chain)
    #expect(focus.place(of: "/todos/3") == .member)
    #expect(focus.place(of: "/todos/-") == .member)
    #expect(focus.place(of: "/todos/3/title") == .unread)
    #expect(focus.place(of: "/todos/count/limit") == .followed)
    #expect(focus.place(of: "/todos/_0/count") == .followed)
    #expect(try self.focus("count").place(of: "/count/_0/limit") == .followed)
    #expect(try self.focus("count").place(of: "/other") == .member)
    #expect(try self.focus("count").place(of: "/other/x") == .unread)
  }

  /// A path that spells `_0` matches it as a name or as the case's `_0`; a path without names
  /// reads everything; of several paths, the one that reads the most decides.
  @Test func spelledCasesPathsWithoutNamesAndSeveralPaths() throws {
    let spelled = try focus("e._0.n")
    #expect(spelled.place(of: "/e/_0/n") == .followed)
    #expect(spelled.place(of: "/e/_0/_0/n") == .followed)
    #expect(spelled.place(of: "/e/n") == .member)
    #expect(try focus("[0].title").place(of: "/anything/at/all") == .followed)
    let both = try focus("a.b", "c[0]")
    #expect(both.place(of: "/c/4/d") == .followed)
    #expect(both.place(of: "/a/b/c") == .followed)
    #expect(both.place(of: "/a") == .chain)
    #expect(both.place(of: "/a/x") == .member)
    #expect(both.place(of: "/d/x") == .unread)
  }

  /// A name that may be an array's index ends the chain: everything under it is followed.
  /// A `test` is kept only where values are up to date.
  @Test func indexLikeNamesEndTheChainAndTestsNeedFollowedValues() throws {
    let focus = try focus(#"a["0"].v"#)
    #expect(focus.place(of: "/a") == .followed)
    #expect(focus.place(of: "/a/_0/1/v") == .followed)
    #expect(try self.focus(#"a["-"].v"#).place(of: "/a/x") == .followed)
    #expect(try self.focus(#"a["0x"].v"#).place(of: "/a/x") == .member)
    let named = try self.focus("a.b")
    #expect(named.keeps(.test, "/a") == .none)
    #expect(named.keeps(.test, "/a/c") == .none)
    #expect(named.keeps(.test, "/a/b/c") == .whole)
  }

  /// A value copied to a place the path reads must be up to date: only one from a followed
  /// place is, as the members of the chain's objects are kept by name only.
  @Test func movesFromPlacesNotFollowedNeedTheWholeState() throws {
    let focus = try focus("tab.todos.filter")
    let moves: [(from: JSONPointer, to: JSONPointer, rebuilds: Bool)] = [
      ("/counter/count", "/tab/todos/_0/filter", true), ("/counter", "/tab", true),
      ("/tab/todos/_0/todos/1", "/tab/todos/_0/filter", true),
      ("/tab/todos/_0/filter/a", "/tab/todos/_0/filter/b", false),
      ("/counter/count", "/other", false), ("/tab/todos/_0/filter", "/counter/x", false),
    ]
    for move in moves {
      let operation = JSONPatchOperation.move(from: move.from, to: move.to)
      #expect(focus.needsWholeState(operation) == move.rebuilds, "\(move.from) → \(move.to)")
    }
  }
}
