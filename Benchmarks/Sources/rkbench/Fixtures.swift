import Foundation
import IdentifiedCollections
import ReducerKit
import ReducerKitSamples

/// A clock whose sleeps never end (until cancelled): the Todos sort effect a check-box toggle
/// schedules is then always cancelled by the next toggle, as when a person taps quickly, and
/// never reorders the rows behind the benchmark's back.
struct NeverClock: Clock {
  typealias Duration = Swift.Duration
  typealias Instant = ContinuousClock.Instant
  var now: Instant { ContinuousClock.now }
  var minimumResolution: Duration { .nanoseconds(1) }
  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    while true {
      try await Task.sleep(for: .seconds(86_400))
    }
  }
}

enum Fixtures {
  /// A list of `rows` to-dos with ids `UUID(1)…UUID(rows)`.
  static func todos(rows: Int) -> Todos.State {
    Todos.State(
      todos: IdentifiedArray(
        uniqueElements: (0..<rows).map { Todo.State(id: UUID($0 + 1), title: "Todo \($0 + 1)") }
      )
    )
  }

  /// The dependencies Todos runs with in the benchmarks: sorts never fire, new rows get ids far
  /// above the fixture's, a fixed date and seeded colours.
  static func todosDependencies(_ values: inout DependencyValues) {
    let next = UUIDCounter(start: 10_000_000)
    values.continuousClock = NeverClock()
    values.uuid = UUIDGenerator { UUID(next.next()) }
    values.date = .constant(Date(timeIntervalSinceReferenceDate: 0))
    values.withRandomNumberGenerator = WithRandomNumberGenerator(SplitMix64(seed: 0))
  }

  /// The dependencies Counter runs with in the benchmarks: delays end at once.
  static func counterDependencies(_ values: inout DependencyValues) {
    values.continuousClock = ImmediateClock()
  }

  /// `count` actions toggling rows picked at random (seeded) among `rows`.
  static func toggles(rows: Int, count: Int, seed: UInt64) -> [Todos.Action] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      .todos(.element(id: UUID(Int.random(in: 1...rows, using: &rng)), action: .checkBoxToggled))
    }
  }

  /// `count` actions renaming rows picked at random (seeded) among `rows`: a row change that
  /// starts no effect.
  static func renames(rows: Int, count: Int, seed: UInt64) -> [Todos.Action] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { step in
      let row = Int.random(in: 1...rows, using: &rng)
      return .todos(.element(id: UUID(row), action: .titleChanged("Todo \(row) (\(step))")))
    }
  }

  /// The library of the navigation benchmarks: the shelf's books, `screens` book screens on
  /// its stack (ids `0…screens - 1`), and the new book's form presented over them.
  static func library(screens: Int) -> Library.State {
    let path = withDependencies {
      $0.stackElementID = stackIDs(from: 0)
    } operation: {
      StackState<Library.Path.State>(
        (0..<screens).map { .detail(BookDetail.State(book: Book.shelf[$0 % Book.shelf.count])) }
      )
    }
    return Library.State(
      path: path,
      addBook: BookForm.State(
        book: Book(id: UUID(1_000), title: "Piranesi", author: "Susanna Clarke", pages: 272)
      )
    )
  }

  /// The dependencies Library runs with in the benchmarks: incrementing uuids, and every push
  /// given the id that follows the fixture's `screens`, which the pop after it frees again
  /// (``pushesAndPops(count:screens:seed:)``), so a fixed list of actions can be sent round and
  /// round.
  static func libraryDependencies(screens: Int) -> (inout DependencyValues) -> Void {
    { values in
      let id = StackElementID(generation: screens)
      values.stackElementID = StackElementIDGenerator(next: { id }, peek: { id })
      values.uuid = .incrementing
    }
  }

  /// Stack element ids from `first` upwards.
  static func stackIDs(from first: Int) -> StackElementIDGenerator {
    let counter = UUIDCounter(start: first - 1)
    return StackElementIDGenerator(
      next: { StackElementID(generation: counter.next()) },
      peek: { StackElementID(generation: counter.peek() + 1) }
    )
  }

  /// `count` navigation actions on a stack of `screens` screens: pushes of a book's screen
  /// (`bookTapped`, of books picked at random, seeded), each followed by the pop of that screen
  /// (`.path(.popFrom(id:))`), so the stack keeps its size.
  static func pushesAndPops(count: Int, screens: Int, seed: UInt64) -> [Library.Action] {
    var rng = SplitMix64(seed: seed)
    let pop = Library.Action.path(.popFrom(id: StackElementID(generation: screens)))
    return (0..<count).map { index in
      index.isMultiple(of: 2) ? .bookTapped(Book.shelf.randomElement(using: &rng)!.id) : pop
    }
  }

  /// `count` actions of the presented new book's form: the binding of its page count set to
  /// a random (seeded) number.
  static func presentedEdits(count: Int, seed: UInt64) -> [Library.Action] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      .addBook(.presented(.binding(.set(\.book.pages, Int.random(in: 1...2_000, using: &rng)))))
    }
  }

  /// A playlist of `rows` songs (ids `UUID(1)…UUID(rows)`) in a `Shared(value:)` of its own,
  /// with the player of the first song presented: that song is held at two places of the state,
  /// the list's row and the player's `Shared($songs[id:])`. Each call makes a new share, so two
  /// stores built from two calls never see each other's changes. The player is presented by the
  /// playlist's reducer, as in the app: the share it makes is the app's (optimized) code's.
  static func playlist(rows: Int) -> Playlist.State {
    let songs = Shared(
      value: IdentifiedArray(
        uniqueElements: (0..<rows).map { Song(id: UUID($0 + 1), title: "Track \($0 + 1)") }
      )
    )
    var state = Playlist.State(songs: songs)
    _ = Playlist().reduce(into: &state, action: .songTapped(UUID(1)))
    precondition(state.player != nil, "the playlist presents the first song's player")
    return state
  }

  /// `count` taps of the presented player's favorite button: each toggles the shared song in
  /// the player's reducer, a shared change made by an action.
  static func favorites(count: Int) -> [Playlist.Action] {
    Array(repeating: .player(.presented(.favoriteButtonTapped)), count: count)
  }

  /// Lets the effect tasks that sends queued on the main actor run (and finish being
  /// cancelled), outside timed code.
  @MainActor
  static func drain() async {
    for _ in 0..<3 { await Task.yield() }
    try? await Task.sleep(for: .milliseconds(2))
    for _ in 0..<3 { await Task.yield() }
  }
}

final class UUIDCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Int
  init(start: Int) { value = start }
  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
  /// The value `next()` returned last.
  func peek() -> Int {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}
