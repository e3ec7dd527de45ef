import Foundation
import ReducerKit

/// A feature shaped like TCA's SyncUps, written here (no TCA code): a list of standups in a
/// `@Shared` identified array, a detail presented over it that shares one standup with it
/// (`Shared($standups[id: id])`) and renames it, and a meeting whose effect writes the meeting
/// into the shared standup with `withLock`. Its types are internal, as an app's are: a test
/// of it imports its module with `@testable import`.
@Reducer
struct Standups {
  @ObservableState
  struct State: Equatable, Codable {
    @Shared var standups: IdentifiedArrayOf<Standup>
    @Presents var detail: StandupDetail.State?
  }

  enum Action: Equatable, Codable {
    case addButtonTapped
    case detail(PresentationAction<StandupDetail.Action>)
    case standupTapped(Standup.ID)
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        let id = uuid()
        state.$standups.withLock { $0.append(Standup(id: id, title: "Standup \($0.count + 1)")) }
        return .none
      case .detail:
        return .none
      case let .standupTapped(id):
        guard let standup = Shared(state.$standups[id: id]) else { return .none }
        state.detail = StandupDetail.State(standup: standup)
        return .none
      }
    }
    .ifLet(\.$detail, action: \.detail) {
      StandupDetail()
    }
  }
}

/// A standup and the meetings held so far, newest first.
struct Standup: Equatable, Codable, Identifiable {
  var id: UUID
  var title: String
  var meetings: [Meeting] = []
}

/// One meeting of a standup.
struct Meeting: Equatable, Codable, Identifiable {
  var id: UUID
  var date: Date
  var transcript: String
}

/// A standup's screen: renames it through the share, and records a meeting whose effect adds
/// it to the shared standup when it ends.
@Reducer
struct StandupDetail {
  @ObservableState
  struct State: Equatable, Codable {
    @Shared var standup: Standup
    var isRecording = false
  }

  enum Action: Equatable, Codable {
    case meetingEnded
    case recordButtonTapped
    case titleChanged(String)
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .meetingEnded:
        state.isRecording = false
        return .none
      case .recordButtonTapped:
        guard !state.isRecording else { return .none }
        state.isRecording = true
        let meeting = Meeting(id: uuid(), date: now, transcript: "Notes")
        return .run { [standup = state.$standup, clock] send in
          try await clock.sleep(for: .seconds(5))
          standup.withLock { $0.meetings.insert(meeting, at: 0) }
          await send(.meetingEnded)
        }
      case let .titleChanged(title):
        state.$standup.withLock { $0.title = title }
        return .none
      }
    }
  }
}
