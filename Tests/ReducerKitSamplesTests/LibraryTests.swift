import Clocks
import Foundation
import ReducerKit
import ReducerKitSamples
import ReducerKitTestSupport
import ReducerKitTesting
import Testing

@MainActor
@Suite("Library", .timeLimit(.minutes(1)))
struct LibraryTests {
  let middlemarch = Book.shelf[0]
  let dune = Book.shelf[1]

  @Test func editingABookInItsSheetUpdatesTheList() async {
    let store = TestStore(initialState: Library.State()) { Library() }
    await store.send(.bookTapped(middlemarch.id)) {
      $0.path[id: 0] = .detail(BookDetail.State(book: middlemarch))
    }
    await store.send(.path(.element(id: 0, action: .detail(.editButtonTapped)))) {
      $0.path[id: 0, case: \.detail]?.destination = .edit(BookForm.State(book: middlemarch))
    }
    let retitle = BookForm.Action.binding(.set(\.book.title, "Adam Bede"))
    await store.send(.path(.element(id: 0, action: .detail(.destination(.presented(.edit(retitle))))))) {
      $0.path[id: 0, case: \.detail]?.destination?.modify(\.edit) { $0.book.title = "Adam Bede" }
    }
    var edited = middlemarch
    edited.title = "Adam Bede"
    await store.send(.path(.element(id: 0, action: .detail(.editSaveButtonTapped)))) {
      $0.path[id: 0, case: \.detail]?.book = edited
      $0.path[id: 0, case: \.detail]?.destination = nil
    }
    await store.receive(\.path[id: 0].detail.delegate.bookChanged) {
      $0.books[id: edited.id] = edited
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
  }

  @Test func deletingAfterTheAlertRemovesTheBookAndPopsItsScreen() async {
    let store = TestStore(initialState: Library.State()) { Library() }
    await store.send(.bookTapped(dune.id)) {
      $0.path[id: 0] = .detail(BookDetail.State(book: dune))
    }
    await store.send(.path(.element(id: 0, action: .detail(.deleteButtonTapped)))) {
      $0.path[id: 0, case: \.detail]?.destination = .alert(.confirmDeletion(of: dune))
    }
    await store.send(\.path[id: 0].detail.destination.alert.confirmDeletion) {
      $0.path[id: 0, case: \.detail]?.destination = nil
    }
    await store.receive(\.path[id: 0].detail.delegate.deleteBook) {
      $0.books.remove(id: dune.id)
    }
    // The screen dismisses itself with `@Dependency(\.dismiss)`: its stack pops it.
    await store.receive(\.path.popFrom) {
      $0.path = StackState()
    }
  }

  @Test func theReadingClockTicksUntilItsScreenIsPopped() async {
    let clock = TestClock()
    let store = TestStore(initialState: Library.State()) {
      Library()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.bookTapped(dune.id)) {
      $0.path[id: 0] = .detail(BookDetail.State(book: dune))
    }
    await store.send(.path(.element(id: 0, action: .detail(.readButtonTapped))))
    await store.receive(\.path[id: 0].detail.delegate.startReading) {
      $0.path[id: 1] = .reading(ReadingTimer.State(bookID: dune.id, title: dune.title))
    }
    await store.send(.path(.element(id: 1, action: .reading(.startButtonTapped)))) {
      $0.path[id: 1, case: \.reading]?.isRunning = true
    }
    await clock.advance(by: .seconds(2))
    await store.receive(\.path[id: 1].reading.tick) {
      $0.path[id: 1, case: \.reading]?.secondsRead = 1
    }
    await store.receive(\.path[id: 1].reading.tick) {
      $0.path[id: 1, case: \.reading]?.secondsRead = 2
    }
    // Popping cancels the clock's effect: no more ticks, and none left running at the end.
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }
    await clock.advance(by: .seconds(5))
  }

  @Test func theSummaryLookupCanFail() async {
    let store = TestStore(initialState: Library.State()) { Library() }
    await store.send(.bookTapped(dune.id)) {
      $0.path[id: 0] = .detail(BookDetail.State(book: dune))
    }
    await store.send(.path(.element(id: 0, action: .detail(.summaryButtonTapped)))) {
      $0.path[id: 0, case: \.detail]?.isLoadingSummary = true
    }
    await store.receive(\.path[id: 0].detail.summaryFailed) {
      $0.path[id: 0, case: \.detail]?.isLoadingSummary = false
      $0.path[id: 0, case: \.detail]?.summaryError = #"No summary of "Dune" was found."#
    }
  }

  @Test func aNewBookIsAddedFromItsSheet() async {
    let store = TestStore(initialState: Library.State()) {
      Library()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    let book = Book(id: UUID(0))
    await store.send(.addBookButtonTapped) {
      $0.addBook = BookForm.State(book: book)
    }
    await store.send(.addBook(.presented(.binding(.set(\.book.pages, 120))))) {
      $0.addBook?.book.pages = 120
    }
    await store.send(.saveNewBookButtonTapped) {
      $0.books.insert(Book(id: UUID(0), pages: 120), at: 0)
      $0.addBook = nil
    }
  }
}
