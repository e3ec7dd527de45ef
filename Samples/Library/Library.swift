import CasePaths
import Foundation
import IdentifiedCollections
import ReducerKit

/// A reading list that navigates as a real app does: its list pushes each ``BookDetail`` on a
/// stack, which can push a ``ReadingTimer`` over itself; a ``BookForm`` for a new book is
/// presented as a sheet; a book's screen presents its own edit sheet and a delete alert.
///
/// It uses TCA's navigation API: `StackState` and `StackAction` with
/// `.forEach(\.path, action: \.path)`, `@Presents` with `.ifLet(\.$addBook, action: \.addBook)`,
/// `@Reducer` enums of screens, `@Dependency(\.dismiss)`, bindings and `AlertState`. Popping a
/// reading clock stops its ticking effect; adding a book reads `uuid`.
///
/// ```swift
/// let store = Store(initialState: Library.State(), reducer: Library())
/// store.send(.bookTapped(Book.shelf[0].id))        // pushes the book's screen
/// store.send(.path(.element(id: 0, action: .detail(.readButtonTapped))))  // and its clock
/// ```
@Reducer
public struct Library {
  /// The name `rkdebug` registers the feature under.
  public static let name = "library"

  /// The screens the stack can hold.
  @Reducer
  public enum Path {
    case detail(BookDetail)
    case reading(ReadingTimer)
  }

  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    /// The books, in the list's order.
    public var books: IdentifiedArrayOf<Book>
    /// The screens pushed over the list.
    public var path: StackState<Path.State>
    /// The form of a new book, while it is presented.
    @Presents public var addBook: BookForm.State?

    /// Creates a library; it starts with ``Book/shelf``.
    public init(
      books: IdentifiedArrayOf<Book> = IdentifiedArray(uniqueElements: Book.shelf),
      path: StackState<Path.State> = StackState(),
      addBook: BookForm.State? = nil
    ) {
      self.books = books
      self.path = path
      self.addBook = addBook
    }
  }

  public enum Action: Equatable, Codable, Sendable {
    /// An action of the new book's form.
    case addBook(PresentationAction<BookForm.Action>)
    /// Presents the form of a new book.
    case addBookButtonTapped
    /// Pushes the screen of a book.
    case bookTapped(Book.ID)
    /// Dismisses the new book's form, adding nothing.
    case discardNewBookButtonTapped
    /// An action of the stack: a screen's action, a push or a pop.
    case path(StackActionOf<Path>)
    /// Adds the new book at the top and dismisses its form.
    case saveNewBookButtonTapped
  }

  @Dependency(\.uuid) var uuid

  /// Creates the library's reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addBook:
        return .none

      case .addBookButtonTapped:
        state.addBook = BookForm.State(book: Book(id: uuid()))
        return .none

      case let .bookTapped(id):
        guard let book = state.books[id: id] else { return .none }
        state.path.append(.detail(BookDetail.State(book: book)))
        return .none

      case .discardNewBookButtonTapped:
        state.addBook = nil
        return .none

      case let .path(.element(id: _, action: .detail(.delegate(delegate)))):
        switch delegate {
        case let .bookChanged(book):
          state.books[id: book.id] = book
        case let .deleteBook(id):
          state.books.remove(id: id)
        case let .startReading(book):
          state.path.append(.reading(ReadingTimer.State(bookID: book.id, title: book.title)))
        }
        return .none

      case .path:
        return .none

      case .saveNewBookButtonTapped:
        guard let form = state.addBook else { return .none }
        state.books.insert(form.book, at: 0)
        state.addBook = nil
        return .none
      }
    }
    .ifLet(\.$addBook, action: \.addBook) {
      BookForm()
    }
    .forEach(\.path, action: \.path)
  }
}

extension Library.Path.State: Equatable, Codable, Sendable {}
extension Library.Path.Action: Equatable, Codable, Sendable {}
