import Foundation
import ReducerKit
import Testing

@testable import ReducerKitDebug

/// Pushes, pops, presentations and dismissals are recorded as operations on the one element or
/// destination, with old values, and the patches rebuild every state.
@MainActor
@Suite struct NavigationRecordingTests {
  @Reducer
  struct Screen {
    @ObservableState
    struct State: Equatable, Codable {
      var title = ""
    }

    enum Action: Equatable, Codable {
      case rename(String)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .rename(let title):
          state.title = title
          return .none
        }
      }
    }
  }

  @Reducer
  enum Path {
    case screen(Screen)
  }

  @Reducer
  struct App {
    @ObservableState
    struct State: Equatable, Codable {
      var path = StackState<Path.State>()
      @Presents var sheet: Screen.State?
    }

    enum Action: Equatable, Codable {
      case path(StackActionOf<Path>)
      case sheet(PresentationAction<Screen.Action>)
      case push(String)
      case present(String)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .push(let title):
          state.path.append(.screen(Screen.State(title: title)))
          return .none
        case .present(let title):
          state.sheet = Screen.State(title: title)
          return .none
        case .path, .sheet:
          return .none
        }
      }
      .forEach(\.path, action: \.path)
      .ifLet(\.$sheet, action: \.sheet) { Screen() }
    }
  }

  let actions: [App.Action] = [
    .push("A"),
    .push("B"),
    .path(.element(id: 1, action: .screen(.rename("B2")))),
    .present("S"),
    .sheet(.presented(.rename("S2"))),
    .sheet(.dismiss),
    .path(.popFrom(id: 1)),
    .path(.push(id: 2, state: .screen(Screen.State(title: "C")))),
    .path(.popFrom(id: 0)),
  ]

  @Test func eachNavigationStepIsOneFineOperation() throws {
    let log = try ActionLog.inMemory()
    let store = withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      Store<App>(initialState: App.State(), reducer: App().recording(to: log))
    }
    for action in actions { store.send(action) }
    try log.close()
    let patches = try log.reader().actions().map {
      JSONValue.array($0.patch.map(\.jsonValue)).serialized()
    }
    #expect(
      patches == [
        #"[{"op":"add","path":"/path/0","value":{"element":{"screen":{"_0":{"title":"A"}}},"id":0}}]"#,
        #"[{"op":"add","path":"/path/1","value":{"element":{"screen":{"_0":{"title":"B"}}},"id":1}}]"#,
        #"[{"old":"B","op":"replace","path":"/path/1/element/screen/_0/title","value":"B2"}]"#,
        #"[{"op":"add","path":"/sheet","value":{"title":"S"}}]"#,
        #"[{"old":"S","op":"replace","path":"/sheet/title","value":"S2"}]"#,
        #"[{"old":{"title":"S2"},"op":"remove","path":"/sheet"}]"#,
        #"[{"old":{"element":{"screen":{"_0":{"title":"B2"}}},"id":1},"op":"remove","path":"/path/1"}]"#,
        #"[{"op":"add","path":"/path/1","value":{"element":{"screen":{"_0":{"title":"C"}}},"id":2}}]"#,
        #"[{"old":{"element":{"screen":{"_0":{"title":"C"}}},"id":2},"op":"remove","path":"/path/1"},"#
          + #"{"old":{"element":{"screen":{"_0":{"title":"A"}}},"id":0},"op":"remove","path":"/path/0"}]"#,
      ]
    )
  }

  /// Each mutation of a stack is noted with what it touched, so the recorder looks at those
  /// screens alone, and finds the operations comparing every screen finds.
  @Test func theJournalSaysWhatEachMutationOfAStackTouched() throws {
    typealias Change = ElementChangeJournal.StackChange
    let stackIDs = StackElementIDGenerator.incrementing()
    var state = withDependencies {
      $0.stackElementID = stackIDs
    } operation: {
      App.State(path: StackState((0..<4).map { .screen(Screen.State(title: "\($0)")) }))
    }
    let encoder = JSONFragmentEncoder()
    func change(_ mutate: (inout App.State) -> Void) throws -> (Change?, String) {
      let old = state
      let journal = ElementChangeJournal()
      withDependencies {
        $0.stackElementID = stackIDs
      } operation: {
        ElementChangeJournal.withCurrent(journal) { mutate(&state) }
      }
      let journaled = try StateDiffer.changes(from: old, to: state, journal: journal)
        .compactJSON(using: encoder)
      let compared = try StateDiffer.changes(from: old, to: state).compactJSON(using: encoder)
      #expect(journaled == compared)
      return (journal.stackChange(from: old.path.revision, to: state.path.revision), journaled)
    }
    let screen = Path.State.screen(Screen.State(title: "new"))

    let push = try change { $0.path.append(screen) }
    #expect(push.0 == Change(changedPositions: [], structuralStart: 4))
    #expect(push.1 == #"[["+","/path/4",{"element":{"screen":{"_0":{"title":"new"}}},"id":4}]]"#)

    let rename = try change { $0.path[id: 1, case: \.screen]?.title = "one" }
    #expect(rename.0 == Change(changedPositions: [1], structuralStart: nil))
    #expect(rename.1 == #"[["=","/path/1/element/screen/_0/title","one","1"]]"#)

    let both = try change {
      $0.path[0] = .screen(Screen.State(title: "zero"))
      $0.path.pop(from: 2)
      $0.path.append(screen)
    }
    #expect(both.0 == Change(changedPositions: [0], structuralStart: 2))

    let renamedUnderAPush = try change {
      $0.path[id: 1, case: \.screen]?.title = "one again"
      $0.path[0] = .screen(Screen.State(title: "zero again"))
      $0.path.append(screen)
    }
    #expect(renamedUnderAPush.0 == Change(changedPositions: [0, 1], structuralStart: 3))

    // A stack built anew is not proven by the notes: every screen is compared.
    let rebuilt = try change { $0.path = StackState(Array($0.path)) }
    #expect(rebuilt.0 == nil)

    let untouched = try change { _ in }
    #expect(untouched.0 == Change(changedPositions: [], structuralStart: nil))
    #expect(untouched.1 == "[]")
  }

  @Test func thePatchesRebuildEveryState() throws {
    let capture = StateCapture()
    let log = try ActionLog.inMemory()
    let store = withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      Store<App>(
        initialState: App.State(),
        reducer: Capturing(base: App(), capture: capture).recording(to: log)
      )
    }
    for action in actions { store.send(action) }
    try log.close()
    let live = capture.all
    let reader = try log.reader()
    var state = try JSONValue(parsing: live[0])
    for action in try reader.actions() {
      try state.apply(action.patch)
      #expect(state.serialized() == live[action.index], "index \(action.index)")
      #expect(try reader.stateJSON(at: action.index).serialized() == live[action.index])
    }
    #expect(try reader.state(App.State.self, at: actions.count) == store.state)
  }
}

extension NavigationRecordingTests.Path.State: Equatable, Codable {}
extension NavigationRecordingTests.Path.Action: Equatable, Codable {}
