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
}
