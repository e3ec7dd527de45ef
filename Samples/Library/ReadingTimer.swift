import Foundation
import ReducerKit

/// A screen pushed while reading a book: a clock that counts the seconds read, ticking for as
/// long as it runs, until it is stopped or the screen is popped (which cancels the effect, as
/// TCA's stacks do).
@Reducer
public struct ReadingTimer {
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    /// The book being read.
    public var bookID: Book.ID
    /// Its title, shown at the top.
    public var title: String
    /// The seconds counted so far.
    public var secondsRead: Int
    /// Whether the clock is ticking.
    public var isRunning: Bool

    /// Creates the clock of a book, stopped at zero unless told otherwise.
    public init(bookID: Book.ID, title: String, secondsRead: Int = 0, isRunning: Bool = false) {
      self.bookID = bookID
      self.title = title
      self.secondsRead = secondsRead
      self.isRunning = isRunning
    }
  }

  public enum Action: Equatable, Codable, Sendable {
    /// Starts the clock (does nothing while it runs).
    case startButtonTapped
    /// Stops the clock.
    case stopButtonTapped
    /// One second went by (sent by the clock's effect).
    case tick
  }

  /// The identifier of the clock's effect.
  enum CancelID: Hashable, Sendable {
    case clock
  }

  @Dependency(\.continuousClock) var clock

  /// Creates the screen's reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startButtonTapped:
        guard !state.isRunning else { return .none }
        state.isRunning = true
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.clock, cancelInFlight: true)

      case .stopButtonTapped:
        state.isRunning = false
        return .cancel(id: CancelID.clock)

      case .tick:
        state.secondsRead += 1
        return .none
      }
    }
  }
}
