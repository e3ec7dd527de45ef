import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The navigation example of README.md, word for word (the test below checks it).
@Reducer
struct Contacts {
  @Reducer
  enum Path {
    case detail(ContactDetail)
  }

  @ObservableState
  struct State: Equatable, Codable {
    var names: [String] = []
    var path = StackState<Path.State>()
    @Presents var addContact: AddContact.State?
  }

  enum Action: Equatable, Codable {
    case addButtonTapped
    case addContact(PresentationAction<AddContact.Action>)
    case nameTapped(String)
    case path(StackActionOf<Path>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.addContact = AddContact.State()  // presents the form as a sheet
        return .none
      case .addContact(.presented(.saveButtonTapped)):
        state.names.append(state.addContact?.name ?? "")
        state.addContact = nil  // dismisses it, cancelling its effects
        return .none
      case .nameTapped(let name):
        state.path.append(.detail(ContactDetail.State(name: name)))  // pushes a screen
        return .none
      case .addContact, .path:
        return .none
      }
    }
    .ifLet(\.$addContact, action: \.addContact) { AddContact() }
    .forEach(\.path, action: \.path)
  }
}
extension Contacts.Path.State: Equatable, Codable {}
extension Contacts.Path.Action: Equatable, Codable {}

@Reducer
struct AddContact {
  @ObservableState
  struct State: Equatable, Codable {
    var name = ""
  }

  enum Action: Equatable, Codable {
    case nameChanged(String)
    case saveButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .nameChanged(let name) = action { state.name = name }
      return .none
    }
  }
}

@Reducer
struct ContactDetail {
  @ObservableState
  struct State: Equatable, Codable {
    var name: String
  }

  enum Action: Equatable, Codable {
    case closeButtonTapped
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { _, _ in
      .run { _ in await dismiss() }
    }
  }
}

@MainActor
@Suite struct ReadmeNavigationTests {
  @Test func theContactsNavigateAsTheReadmeSays() async {
    let store = TestStore(initialState: Contacts.State()) { Contacts() }
    await store.send(.addButtonTapped) { $0.addContact = AddContact.State() }
    await store.send(.addContact(.presented(.nameChanged("Ada")))) {
      $0.addContact?.name = "Ada"
    }
    await store.send(.addContact(.presented(.saveButtonTapped))) {
      $0.names = ["Ada"]
      $0.addContact = nil
    }
    await store.send(.nameTapped("Ada")) {
      $0.path[id: 0] = .detail(ContactDetail.State(name: "Ada"))
    }
    await store.send(.path(.element(id: 0, action: .detail(.closeButtonTapped))))
    await store.receive(\.path.popFrom) { $0.path = StackState() }
  }

  @Test func theReadmeShowsThisFilesNavigationWordForWord() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    let start = try #require(source.range(of: "@Reducer\nstruct Contacts {"))
    let end = try #require(
      source.range(of: "Codable {}\n\n", range: start.upperBound..<source.endIndex)
    )
    let example = String(source[start.lowerBound..<end.lowerBound]) + "Codable {}\n"
    #expect(readme.contains(example))
  }
}
