import Testing

@testable import RKDebugCLI

@Suite struct EditDistanceTests {
  @Test func distances() {
    #expect(EditDistance.between("title", "title") == 0)
    #expect(EditDistance.between("titel", "title") == 1)
    #expect(EditDistance.between("count", "cont") == 1)
    #expect(EditDistance.between("", "abc") == 3)
    #expect(EditDistance.between("kitten", "sitting") == 3)
  }

  @Test func suggestions() {
    let keys = ["title", "isComplete", "id"]
    #expect(EditDistance.suggestion(for: "titel", among: keys) == "title")
    #expect(EditDistance.suggestion(for: "iscomplete", among: keys) == "isComplete")
    #expect(EditDistance.suggestion(for: "isCompleted", among: keys) == "isComplete")
    #expect(EditDistance.suggestion(for: "name", among: keys) == nil)
    #expect(EditDistance.suggestion(for: "ix", among: keys) == "id")
  }
}
