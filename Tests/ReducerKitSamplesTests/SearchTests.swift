import Clocks
import ReducerKitSamples
import ReducerKitTestSupport
import ReducerKitTesting
import Testing

@MainActor
@Suite("Search", .timeLimit(.minutes(1)))
struct SearchTests {
  @Test func deterministicClient() {
    #expect(SearchClient.results(for: "ber") == ["Berlin", "Bern"])
    #expect(SearchClient.results(for: "BER") == ["Berlin", "Bern"])
    #expect(
      SearchClient.results(for: "on")
        == ["Barcelona", "Boston", "Hong Kong", "Lisbon", "London", "Montreal", "Toronto"]
    )
    #expect(SearchClient.results(for: "lon") == ["London", "Barcelona"])
    #expect(SearchClient.results(for: "") == [])
    #expect(SearchClient.results(for: "a").count == SearchClient.maximumResults)
  }

  @Test func searchesAfterTheDebounce() async {
    let clock = CountingTestClock()
    let store = TestStore(initialState: Search.State()) {
      Search().testDependencies(clock: clock)
    }
    await store.send(.queryChanged("ber")) {
      $0.query = "ber"
      $0.isSearching = true
    }
    await clock.waitForSleeps(1)

    await clock.advance(by: .milliseconds(299))
    // One millisecond short of the debounce, the search is still waiting on the clock.
    await #expect(throws: (any Error).self) { try await clock.checkSuspension() }

    await clock.advance(by: .milliseconds(1))
    await store.receive(\.searchResponse, ["Berlin", "Bern"]) {
      $0.results = ["Berlin", "Bern"]
      $0.isSearching = false
    }
  }

  @Test func typingCancelsTheSearchInFlight() async {
    let clock = CountingTestClock()
    let store = TestStore(initialState: Search.State()) {
      Search().testDependencies(clock: clock)
    }
    let first = await store.send(.queryChanged("b")) {
      $0.query = "b"
      $0.isSearching = true
    }
    await clock.waitForSleeps(1)
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("be")) { $0.query = "be" }
    await clock.waitForSleeps(2)
    // The clock has not reached the first search's time: it ends only because it was
    // cancelled.
    await first.finish()

    // Past the first search's time, short of the second's.
    await clock.advance(by: .milliseconds(200))
    await #expect(throws: (any Error).self) { try await clock.checkSuspension() }

    // Only the search for "be" answers: results for "b" would fail this receive.
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.searchResponse, SearchClient.results(for: "be")) {
      $0.results = SearchClient.results(for: "be")
      $0.isSearching = false
    }
  }

  @Test func clearingTheQueryCancelsTheSearch() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search().testDependencies(clock: clock)
    }
    await store.send(.queryChanged("par")) {
      $0.query = "par"
      $0.isSearching = true
    }
    await store.send(.queryChanged("")) {
      $0.query = ""
      $0.isSearching = false
    }
    // The clock has not moved: the search ends only because it was cancelled.
    await store.finish()
    try await clock.checkSuspension()

    // Nothing is left to answer: the store would fail on an action it did not expect.
    await clock.advance(by: .seconds(1))
    #expect(store.state == Search.State())
  }

  @Test func selectingAResult() async {
    let store = TestStore(initialState: Search.State()) {
      Search().testDependencies()
    }
    await store.send(.queryChanged("par")) {
      $0.query = "par"
      $0.isSearching = true
    }
    await store.receive(\.searchResponse, ["Paris"]) {
      $0.results = ["Paris"]
      $0.isSearching = false
    }

    await store.send(.searchResultTapped("Paris")) { $0.selectedResult = "Paris" }

    // Still among the results: the selection stays.
    #expect(SearchClient.results(for: "pa").contains("Paris"))
    await store.send(.queryChanged("pa")) {
      $0.query = "pa"
      $0.isSearching = true
    }
    await store.receive(\.searchResponse) {
      $0.results = SearchClient.results(for: "pa")
      $0.isSearching = false
    }

    // No longer among the results: the selection goes.
    await store.send(.queryChanged("lon")) {
      $0.query = "lon"
      $0.isSearching = true
    }
    await store.receive(\.searchResponse, ["London", "Barcelona"]) {
      $0.results = ["London", "Barcelona"]
      $0.isSearching = false
      $0.selectedResult = nil
    }

    // A result that is not shown cannot be picked.
    await store.send(.searchResultTapped("Atlantis"))
  }
}
