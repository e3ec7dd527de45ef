import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitTestSupport
import Testing

/// A session with pushes, pops, a presented sheet and an alert: no patch replaces the whole
/// stack, a third-party JSON Patch library (Python's `jsonpatch`) rebuilds every state from the
/// export, and paths reach into a stack element and a presented case.
@Suite struct NavigationSessionTests {
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
  enum Destination {
    case edit(Screen)
    case alert(AlertState<Alert>)

    @CasePathable
    enum Alert: Equatable, Codable { case confirm }
  }

  @Reducer
  struct Navigator {
    @ObservableState
    struct State: Equatable, Codable {
      var path = StackState<Path.State>()
      @Presents var destination: Destination.State?
    }

    enum Action: Equatable, Codable {
      case path(StackActionOf<Path>)
      case destination(PresentationAction<Destination.Action>)
      case push(String)
      case edit(String)
      case ask
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .push(let title):
          state.path.append(.screen(Screen.State(title: title)))
        case .edit(let title):
          state.destination = .edit(Screen.State(title: title))
        case .ask:
          state.destination = .alert(
            AlertState { TextState("Sure?") } actions: {
              ButtonState(role: .destructive, action: .confirm) { TextState("Yes") }
            }
          )
        case .path, .destination:
          break
        }
        return .none
      }
      .forEach(\.path, action: \.path)
      .ifLet(\.$destination, action: \.destination)
    }
  }

  static let actions: [Navigator.Action] = [
    .push("A"), .push("B"), .push("C"),
    .path(.element(id: 1, action: .screen(.rename("B2")))),
    .edit("Sheet"), .destination(.presented(.edit(.rename("Sheet 2")))), .destination(.dismiss),
    .path(.popFrom(id: 2)),
    .ask, .destination(.presented(.alert(.confirm))),
    .path(.popFrom(id: 0)), .push("D"),
  ]

  @MainActor
  static func recorded() async throws -> RecordedLog {
    try await RecordedLog.make { log in
      try await withDependencies {
        $0.stackElementID = .incrementing()
      } operation: {
        try await log.record(
          Navigator(), initialState: Navigator.State(), actions: actions, feature: "navigator"
        )
      }
    }
  }

  @MainActor
  @Test func noPatchReplacesTheStackAndPathsReachIntoIt() async throws {
    let log = try await Self.recorded()
    let reader = try ActionLog.readOnly(path: log.path).reader()
    let paths = try reader.actions().flatMap { $0.patch.map { "\($0.op.rawValue) \($0.path)" } }
    #expect(!paths.contains { $0.hasSuffix(" /path") })
    #expect(paths.contains("add /path/2"))
    #expect(paths.contains("remove /path/2"))
    #expect(paths.contains("add /destination"))
    #expect(paths.contains("remove /destination"))
    let element = try log.run(["state", "--at", "4", "--path", "path[id: 1].screen.title"])
    #expect(element.stdout == "B2\n", "\(element.stderr)")
    let presented = try log.run(["state", "--at", "5", "--path", "destination.edit.title"])
    #expect(presented.stdout == "Sheet\n", "\(presented.stderr)")
    #expect(
      try log.run(["history", "--path", "destination.edit.title"]).stdout == """
         5  NavigationSessionTests.Navigator.Action.edit("Sheet")
            nil → "Sheet"
         6  NavigationSessionTests.Navigator.Action.destination(.presented(.edit(.rename("Sheet 2"))))
            "Sheet" → "Sheet 2"
         7  NavigationSessionTests.Navigator.Action.destination(.dismiss)
            "Sheet 2" → nil

        """
    )
    #expect(
      try log.run(["find", "--where", "path.count >= 3"]).stdout.contains("3")
    )
  }

  @MainActor
  @Test(.enabled(if: Python.hasJSONPatch, "needs python3 with jsonpatch"))
  func jsonpatchRebuildsEveryStateFromTheExport() async throws {
    let log = try await Self.recorded()
    let export = log.directory.path("navigation.jsonl")
    let run = try log.run(["export", "-o", export])
    #expect(run.status == 0, "\(run.stderr)")
    let output = log.directory.path("states.json")
    let script = log.directory.path("rebuild.py")
    try Data(ExportReorderTests.script.utf8).write(to: URL(fileURLWithPath: script))
    let failure = Python.run([script, export, output])
    try #require(failure == nil, "python3 failed: \(failure ?? "")")
    let states = try #require(
      try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: output))).arrayValue
    )
    let reader = try ActionLog.readOnly(path: log.path).reader()
    try #require(states.count == Self.actions.count)
    for (offset, state) in states.enumerated() {
      #expect(state.isEquivalent(to: try reader.stateJSON(at: offset + 1)), "at \(offset + 1)")
    }
    let last = try reader.state(Navigator.State.self, at: Self.actions.count)
    #expect(last.path.ids == [3])
    #expect(last.destination == nil)
  }
}

extension NavigationSessionTests.Path.State: Equatable, Codable {}
extension NavigationSessionTests.Path.Action: Equatable, Codable {}
extension NavigationSessionTests.Destination.State: Equatable, Codable {}
extension NavigationSessionTests.Destination.Action: Equatable, Codable {}
