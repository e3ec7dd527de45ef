import Testing

@testable import ReducerKit

/// A presentation is the same while its state keeps its type, its enum case and its id.
@Suite struct NavigationIDTests {
  enum Destination: Equatable {
    case editor(Int)
    case viewer(Int)
    indirect case indirectly(Box)
    case none
    case other
  }

  struct Box: Equatable {
    var text: String
  }

  struct Row: Identifiable {
    var id: Int
    var title: String
  }

  @Test func anEnumIsTheSamePresentationWhileItsCaseIsTheSame() {
    #expect(NavigationID(Destination.editor(1)) == NavigationID(Destination.editor(2)))
    #expect(NavigationID(Destination.editor(1)) != NavigationID(Destination.viewer(1)))
    #expect(NavigationID(Destination.none) != NavigationID(Destination.other))
    #expect(NavigationID(Destination.none) == NavigationID(Destination.none))
    #expect(
      NavigationID(Destination.indirectly(Box(text: "a")))
        == NavigationID(Destination.indirectly(Box(text: "b")))
    )
    #expect(NavigationID(Destination.indirectly(Box(text: "a"))) != NavigationID(Destination.other))
    #expect(NavigationID(Optional(1)) != NavigationID(Int?.none))
  }

  @Test func aStructIsTheSamePresentationWhileItsIDIsTheSame() {
    #expect(NavigationID(Row(id: 1, title: "a")) == NavigationID(Row(id: 1, title: "b")))
    #expect(NavigationID(Row(id: 1, title: "a")) != NavigationID(Row(id: 2, title: "a")))
    #expect(NavigationID(Box(text: "a")) == NavigationID(Box(text: "b")))
    #expect(NavigationID(Box(text: "a")) != NavigationID(Row(id: 1, title: "a")))
  }
}
