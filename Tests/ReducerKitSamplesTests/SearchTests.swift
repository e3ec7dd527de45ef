import ReducerKit
import ReducerKitSamples
import Testing

@MainActor
@Suite("Search", .timeLimit(.minutes(1)))
struct SearchTests {
  func makeStore(clock: ManualClock) -> Store<Search> {
    Store(initialState: Search.State(), reducer: Search(environment: .init(clock: clock)))
  }

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
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    let task = store.send(.queryChanged("ber"))
    #expect(store.isSearching)

    await clock.waitForSleeps(1)
    await clock.advance(by: .milliseconds(299))
    #expect(store.results == [])

    await clock.advance(by: .milliseconds(1))
    await task.finish()
    #expect(store.results == ["Berlin", "Bern"])
    #expect(store.isSearching == false)
  }

  @Test func typingCancelsTheSearchInFlight() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    let first = store.send(.queryChanged("b"))
    await clock.waitForSleeps(1)
    await clock.advance(by: .milliseconds(200))
    let second = store.send(.queryChanged("be"))
    // The clock has not moved: the first search ends only because it was cancelled.
    await first.finish()

    await clock.waitForSleeps(1)
    await clock.advance(by: .milliseconds(200))
    #expect(store.results == [])
    #expect(store.isSearching)

    await clock.advance(by: .milliseconds(100))
    await second.finish()
    #expect(store.query == "be")
    #expect(store.results == SearchClient.results(for: "be"))
  }

  @Test func clearingTheQueryCancelsTheSearch() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    let task = store.send(.queryChanged("par"))
    store.send(.queryChanged(""))
    // The clock has not moved: the search ends only because it was cancelled.
    await task.finish()
    #expect(clock.pendingSleeps == 0)

    await clock.advance(by: .seconds(1))
    #expect(store.state == Search.State())
  }

  @Test func selectingAResult() async {
    let store = Store(initialState: Search.State(), reducer: Search(environment: .immediate))
    await store.send(.queryChanged("par")).finish()
    #expect(store.results == ["Paris"])

    store.send(.searchResultTapped("Paris"))
    #expect(store.selectedResult == "Paris")

    await store.send(.queryChanged("pa")).finish()
    #expect(store.selectedResult == "Paris")

    await store.send(.queryChanged("lon")).finish()
    #expect(store.selectedResult == nil)

    store.send(.searchResultTapped("Atlantis"))
    #expect(store.selectedResult == nil)
  }
}
