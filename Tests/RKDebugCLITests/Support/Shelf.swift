import Foundation
import ReducerKit

/// A small feature for the CLI tests: scalars, an optional, an array of plain structs, a
/// nested observable struct, and an effect that emits an action.
struct Shelf: Reducer {
  @ObservableState
  struct State: Equatable, Codable, Sendable {
    var title = "Shelf"
    var count = 0
    var books: [Book] = []
    var note: String?
    var settings = Settings()
  }

  struct Book: Equatable, Codable, Sendable {
    var title: String
    var isRead = false
  }

  @ObservableState
  struct Settings: Equatable, Codable, Sendable {
    var isDark = false
    var fontSize = 12
  }

  enum Action: Equatable, Codable, Sendable {
    case increment
    case rename(String)
    case addBook(String)
    case addBooks([String])
    case toggleRead(Int)
    case retitleBook(Int, String)
    case removeBook(Int)
    case setNote(String?)
    case setDark(Bool)
    case load
    case loaded(Int)
    case fail
    case failed(String)
  }

  struct LoadError: Error, CustomStringConvertible {
    var description: String { "the shelf is locked" }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case let .rename(title):
      state.title = title
      return .none
    case let .addBook(title):
      state.books.append(Book(title: title))
      return .none
    case let .addBooks(titles):
      state.books += titles.map { Book(title: $0) }
      return .none
    case let .toggleRead(index):
      state.books[index].isRead.toggle()
      return .none
    case let .retitleBook(index, title):
      state.books[index].title = title
      return .none
    case let .removeBook(index):
      state.books.remove(at: index)
      return .none
    case let .setNote(note):
      state.note = note
      return .none
    case let .setDark(isDark):
      state.settings.isDark = isDark
      return .none
    case .load:
      return .run { send in
        await send(.loaded(42))
      }
    case let .loaded(value):
      state.count = value
      return .none
    case .fail:
      return .run { _ in
        throw LoadError()
      } catch: { error, send in
        await send(.failed(String(describing: error)))
      }
    case let .failed(message):
      state.note = message
      return .none
    }
  }
}

extension Shelf {
  /// A session that exercises every kind of change: 12 actions, two of them from effects.
  static let sampleActions: [Action] = [
    .increment,  // 1
    .addBook("Dune"),  // 2
    .addBook("Emma"),  // 3
    .toggleRead(0),  // 4
    .setNote("hello"),  // 5
    .load,  // 6, and 7 .loaded(42) from effect #1
    .retitleBook(1, "Emma 2"),  // 8
    .setDark(true),  // 9
    .setNote(nil),  // 10
    .removeBook(0),  // 11
    .rename("Books"),  // 12
  ]
}
