import Foundation
import ReducerKit

/// A book of the ``Library``: what its list, detail screen and form show.
@ObservableState
public struct Book: Equatable, Codable, Sendable, Identifiable {
  public var id: UUID
  public var title: String
  public var author: String
  /// How many pages it has.
  public var pages: Int
  public var isFavorite: Bool

  /// Creates a book.
  public init(
    id: UUID, title: String = "", author: String = "", pages: Int = 0, isFavorite: Bool = false
  ) {
    self.id = id
    self.title = title
    self.author = author
    self.pages = pages
    self.isFavorite = isFavorite
  }

  /// The books a new library starts with, with fixed ids.
  public static let shelf: [Book] = [
    Book(id: UUID(0), title: "Middlemarch", author: "George Eliot", pages: 880),
    Book(id: UUID(1), title: "Dune", author: "Frank Herbert", pages: 412, isFavorite: true),
    Book(id: UUID(2), title: "Beloved", author: "Toni Morrison", pages: 324),
  ]
}
