import CasePaths
import ReducerKit

/// A counter with two effects: an increment that lands after a delay, and a fact about the
/// current number fetched from the ``NumberFactClient`` dependency.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), reducer: Counter()) {
///   $0.continuousClock = ImmediateClock()
/// }
/// store.send(.increment)
/// await store.send(.factButtonTapped).finish()
/// store.fact  // "1 is the loneliest number."
/// ```
///
/// The fact request is cancellable: asking again cancels the request in flight, and
/// ``Action/reset`` cancels both the fact request and every pending delayed increment.
@Reducer
public struct Counter {
  /// The name `rkdebug` registers the feature under.
  public static let name = "counter"

  /// How long ``Action/delayedIncrementButtonTapped`` waits before incrementing.
  public static let delayedIncrementDelay: Duration = .seconds(1)

  /// The counter's state.
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    /// The current number.
    public var count: Int
    /// The last fact fetched about ``count``; cleared when the count changes.
    public var fact: String?
    /// Why the last fact request failed, if it did.
    public var factError: String?
    /// Whether a fact request is in flight.
    public var isLoadingFact: Bool
    /// How many delayed increments are still waiting.
    public var pendingIncrements: Int

    /// Creates a counter state.
    public init(
      count: Int = 0,
      fact: String? = nil,
      factError: String? = nil,
      isLoadingFact: Bool = false,
      pendingIncrements: Int = 0
    ) {
      self.count = count
      self.fact = fact
      self.factError = factError
      self.isLoadingFact = isLoadingFact
      self.pendingIncrements = pendingIncrements
    }
  }

  /// What can happen to a counter.
  @CasePathable
  public enum Action: Hashable, Codable, Sendable {
    /// Adds one.
    case increment
    /// Subtracts one.
    case decrement
    /// Goes back to zero and cancels every effect in flight.
    case reset
    /// Schedules an increment after ``Counter/delayedIncrementDelay``.
    case delayedIncrementButtonTapped
    /// A delayed increment is due (sent by the effect).
    case delayedIncrementResponse
    /// Asks the ``NumberFactClient`` for a fact about the current count.
    case factButtonTapped
    /// The fact the client returned (sent by the effect).
    case factResponse(String)
    /// The client failed; the error's description (sent by the effect's `catch:`).
    case factFailed(String)
  }

  /// The identifiers of the counter's cancellable effects.
  enum CancelID: Hashable, Sendable {
    case delayedIncrement
    case fact
  }

  /// The clock delayed increments sleep on.
  @Dependency(\.continuousClock) var clock
  /// Where facts come from.
  @Dependency(\.numberFact) var numberFact

  /// Creates the counter reducer.
  public init() {}

  /// The counter's logic: see ``Action`` for what each action does.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        state.fact = nil
        return .none

      case .decrement:
        state.count -= 1
        state.fact = nil
        return .none

      case .reset:
        state = State()
        return .merge(.cancel(id: CancelID.delayedIncrement), .cancel(id: CancelID.fact))

      case .delayedIncrementButtonTapped:
        state.pendingIncrements += 1
        return .run { [clock] send in
          try await clock.sleep(for: Self.delayedIncrementDelay)
          await send(.delayedIncrementResponse)
        }
        .cancellable(id: CancelID.delayedIncrement)

      case .delayedIncrementResponse:
        state.pendingIncrements = max(0, state.pendingIncrements - 1)
        state.count += 1
        state.fact = nil
        return .none

      case .factButtonTapped:
        state.isLoadingFact = true
        state.fact = nil
        state.factError = nil
        return .run { [count = state.count, numberFact] send in
          await send(.factResponse(try await numberFact.fetch(count)))
        } catch: { error, send in
          await send(.factFailed(String(describing: error)))
        }
        .cancellable(id: CancelID.fact, cancelInFlight: true)

      case let .factResponse(fact):
        state.isLoadingFact = false
        state.fact = fact
        return .none

      case let .factFailed(message):
        state.isLoadingFact = false
        state.factError = message
        return .none
      }
    }
  }
}
