import Foundation
import ReducerKit

/// The form that edits a book, presented as a sheet: every field is a SwiftUI binding, sent as
/// a `BindingAction` and applied by `BindingReducer`.
///
/// ```swift
/// store.send(.binding(.set(\.book.title, "Dune Messiah")))
/// ```
@Reducer
public struct BookForm {
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    /// The book as edited so far.
    public var book: Book

    /// Creates a form editing `book`.
    public init(book: Book) {
      self.book = book
    }
  }

  public enum Action: BindableAction, Equatable, Codable, Sendable {
    /// A field edited through its binding.
    case binding(BindingAction<State>)
  }

  /// Creates the form's reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
  }
}
