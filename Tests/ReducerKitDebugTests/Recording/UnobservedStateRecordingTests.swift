import Foundation
import ReducerKit
import Testing

@testable import ReducerKitDebug

/// State the store does not observe property by property is still recorded exactly: properties
/// marked `@ObservationStateIgnored` (which `Codable` encodes) and conformances that list no
/// properties (an enum state), so the patches still rebuild every state.
@MainActor
@Suite struct UnobservedStateRecordingTests {
  struct Notes: Reducer {
    @ObservableState
    struct State: Equatable, Codable {
      var title = ""
      @ObservationStateIgnored var drafts: [String] = []
    }

    enum Action: Equatable, Codable {
      case rename(String)
      case draft(String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .rename(title): state.title = title
      case let .draft(text): state.drafts.append(text)
      }
      return .none
    }
  }

  struct Phase: Reducer {
    enum State: Equatable, Codable, ObservableStateProtocol {
      case idle
      case loading(progress: Int)
      case done(String)
    }

    enum Action: Equatable, Codable {
      case advance
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch state {
      case .idle: state = .loading(progress: 0)
      case let .loading(progress) where progress < 2: state = .loading(progress: progress + 1)
      case .loading: state = .done("finished")
      case .done: break
      }
      return .none
    }
  }

  struct Volume: Reducer {
    /// Encoded as a bare number, not the synthesized `{"level":{"_0":…}}`.
    enum Level: Equatable, Codable {
      case level(Int)

      init(from decoder: any Decoder) throws {
        self = .level(try decoder.singleValueContainer().decode(Int.self))
      }

      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .level(value): try container.encode(value)
        }
      }
    }

    @ObservableState
    struct State: Equatable, Codable {
      var level = Level.level(1)
      var muted: Muted = .no(since: 0)
    }

    enum Muted: Equatable, Codable {
      case no(since: Int)
      case yes
    }

    enum Action: Equatable, Codable {
      case set(Int)
      case unmutedSince(Int)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .set(value): state.level = .level(value)
      case let .unmutedSince(time): state.muted = .no(since: time)
      }
      return .none
    }
  }

  @Test func enumCasesAreDiffedInsideOnlyWhenEncodedTheSynthesizedWay() throws {
    let patches = try recordAndRebuild(Volume(), from: Volume.State(), [.set(2), .unmutedSince(5)])
    #expect(patches[0] == #"[{"old":1,"op":"replace","path":"/level","value":2}]"#)
    #expect(patches[1] == #"[{"old":0,"op":"replace","path":"/muted/no/since","value":5}]"#)
  }

  /// Records `actions` and checks that each action's patch turns the state before it into the
  /// live state after it, forwards and backwards; returns the patches.
  func recordAndRebuild<R: Reducer>(
    _ reducer: R, from initialState: R.State, _ actions: [R.Action]
  ) throws -> [String]
  where R.State: ObservableStateProtocol & Codable, R.Action: Codable & Sendable {
    let capture = StateCapture()
    let log = try ActionLog.inMemory()
    let store = Store(
      initialState: initialState,
      reducer: Capturing(base: reducer, capture: capture).recording(to: log)
    )
    for action in actions { store.send(action) }
    try log.close()
    let live = capture.all
    let reader = try log.reader()
    var state = try JSONValue(parsing: live[0])
    var patches: [String] = []
    for action in try reader.actions() {
      try state.apply(action.patch)
      #expect(state.serialized() == live[action.index], "index \(action.index)")
      patches.append(JSONValue.array(action.patch.map(\.jsonValue)).serialized())
    }
    for action in try reader.actions().reversed() {
      try state.unapply(action.patch)
      #expect(state.serialized() == live[action.index - 1], "back to \(action.index - 1)")
    }
    return patches
  }

  @Test func ignoredPropertiesAreStillRecorded() throws {
    let patches = try recordAndRebuild(
      Notes(), from: Notes.State(), [.rename("Groceries"), .draft("milk"), .draft("eggs")]
    )
    #expect(patches[1] == #"[{"op":"add","path":"/drafts/0","value":"milk"}]"#)
    #expect(patches[2] == #"[{"op":"add","path":"/drafts/1","value":"eggs"}]"#)
  }

  @Test func aStateThatListsNoPropertiesIsReplacedWhole() throws {
    let patches = try recordAndRebuild(
      Phase(), from: .idle, [.advance, .advance, .advance, .advance, .advance, .advance]
    )
    #expect(patches[0] == #"[{"old":{"idle":{}},"op":"replace","path":"","value":{"loading":{"progress":0}}}]"#)
    // Once done, the state no longer changes: no operations.
    #expect(patches[5] == "[]")
  }
}
