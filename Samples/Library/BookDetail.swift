import CasePaths
import Foundation
import ReducerKit

/// A book's screen, pushed on the ``Library``'s stack: it presents the ``BookForm`` as a sheet,
/// asks before deleting in an alert, looks up a summary through ``BookSummaryClient`` (a call
/// that can fail), and asks its parent to push the ``ReadingTimer``.
@Reducer
public struct BookDetail {
  /// What the screen presents: the edit sheet or the delete confirmation.
  @Reducer
  public enum Destination {
    case edit(BookForm)
    case alert(AlertState<BookDetail.Action.Alert>)
  }

  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    /// The book shown.
    public var book: Book
    /// What is presented over the screen.
    @Presents public var destination: Destination.State?
    /// The summary, once looked up.
    public var summary: String?
    /// Why the last lookup found no summary.
    public var summaryError: String?
    /// Whether a lookup is in flight.
    public var isLoadingSummary = false

    /// Creates the screen of `book`.
    public init(
      book: Book, destination: Destination.State? = nil, summary: String? = nil,
      summaryError: String? = nil, isLoadingSummary: Bool = false
    ) {
      self.book = book
      self.destination = destination
      self.summary = summary
      self.summaryError = summaryError
      self.isLoadingSummary = isLoadingSummary
    }
  }

  public enum Action: Equatable, Codable, Sendable {
    /// Deletes the book, once the alert is confirmed.
    case deleteButtonTapped
    /// Tells the parent what happened to the book.
    case delegate(Delegate)
    /// An action of what is presented.
    case destination(PresentationAction<Destination.Action>)
    /// Presents the edit sheet.
    case editButtonTapped
    /// Dismisses the edit sheet, keeping the book as it was.
    case editCancelButtonTapped
    /// Dismisses the edit sheet, keeping the edits.
    case editSaveButtonTapped
    /// Marks or unmarks the book as a favourite.
    case favoriteButtonTapped
    /// Asks the parent to push the reading clock.
    case readButtonTapped
    /// Looks the summary up.
    case summaryButtonTapped
    /// The lookup failed with this description (sent by its effect).
    case summaryFailed(String)
    /// The lookup found this summary (sent by its effect).
    case summaryLoaded(String)

    /// The buttons of the delete confirmation.
    @CasePathable
    public enum Alert: Equatable, Codable, Sendable {
      case confirmDeletion
    }

    /// What the screen tells the ``Library``.
    @CasePathable
    public enum Delegate: Equatable, Codable, Sendable {
      /// The book was edited or marked.
      case bookChanged(Book)
      /// The book is to be deleted (the screen dismisses itself).
      case deleteBook(Book.ID)
      /// The reading clock is to be pushed.
      case startReading(Book)
    }
  }

  @Dependency(\.bookSummary) var bookSummary
  @Dependency(\.dismiss) var dismiss

  /// Creates the screen's reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .deleteButtonTapped:
        state.destination = .alert(.confirmDeletion(of: state.book))
        return .none

      case .delegate:
        return .none

      case .destination(.presented(.alert(.confirmDeletion))):
        return .run { [id = state.book.id, dismiss] send in
          await send(.delegate(.deleteBook(id)))
          await dismiss()
        }

      case .destination:
        return .none

      case .editButtonTapped:
        state.destination = .edit(BookForm.State(book: state.book))
        return .none

      case .editCancelButtonTapped:
        state.destination = nil
        return .none

      case .editSaveButtonTapped:
        guard case let .edit(form) = state.destination else { return .none }
        state.book = form.book
        state.destination = nil
        state.summary = nil
        state.summaryError = nil
        return .send(.delegate(.bookChanged(state.book)))

      case .favoriteButtonTapped:
        state.book.isFavorite.toggle()
        return .send(.delegate(.bookChanged(state.book)))

      case .readButtonTapped:
        return .send(.delegate(.startReading(state.book)))

      case .summaryButtonTapped:
        state.isLoadingSummary = true
        return .run { [book = state.book, bookSummary] send in
          await send(.summaryLoaded(try await bookSummary.summary(book)))
        } catch: { error, send in
          await send(.summaryFailed(String(describing: error)))
        }

      case let .summaryFailed(description):
        state.isLoadingSummary = false
        state.summaryError = description
        return .none

      case let .summaryLoaded(summary):
        state.isLoadingSummary = false
        state.summary = summary
        state.summaryError = nil
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension BookDetail.Destination.State: Equatable, Codable, Sendable {}
extension BookDetail.Destination.Action: Equatable, Codable, Sendable {}

extension AlertState where Action == BookDetail.Action.Alert {
  /// The alert that asks before a book is deleted.
  public static func confirmDeletion(of book: Book) -> Self {
    AlertState {
      TextState("Delete “\(book.title)”?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) {
        TextState("Delete")
      }
      ButtonState(role: .cancel) {
        TextState("Cancel")
      }
    } message: {
      TextState("This cannot be undone.")
    }
  }
}
