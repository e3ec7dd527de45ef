import Foundation
import ReducerKit

/// Looks up a one-line summary of a book: the call of the ``Library`` that can fail.
///
/// Apps would call a web service; the samples never touch the network, so the client shipped,
/// live and in tests, is ``deterministic``.
public struct BookSummaryClient: Sendable {
  /// The summary of a book, or an error.
  public var summary: @Sendable (_ book: Book) async throws -> String

  /// A client made from a closure, for tests and for apps with a real service.
  public init(summary: @escaping @Sendable (_ book: Book) async throws -> String) {
    self.summary = summary
  }

  /// A client whose summaries are made from the book, and that fails for a book whose title is
  /// empty or has an even number of letters, so a session shows both outcomes.
  public static let deterministic = Self { book in
    let letters = book.title.filter(\.isLetter).count
    guard letters > 0 else { throw BookSummaryError.untitled }
    guard !letters.isMultiple(of: 2) else { throw BookSummaryError.notFound(title: book.title) }
    let author = book.author.isEmpty ? "an unknown author" : book.author
    return "\(book.title), by \(author), in \(book.pages) pages."
  }
}

/// Why ``BookSummaryClient`` found no summary.
public enum BookSummaryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The book has no title to look up.
  case untitled
  /// Nothing is known about this title.
  case notFound(title: String)

  public var description: String {
    switch self {
    case .untitled: "A book without a title has no summary."
    case let .notFound(title): "No summary of \"\(title)\" was found."
    }
  }
}

extension BookSummaryClient: DependencyKey {
  /// The samples' live client: ``deterministic``.
  public static let liveValue = deterministic
  /// Tests get ``deterministic`` too: its answers are fixed.
  public static let testValue = deterministic
}

extension DependencyValues {
  /// The client the ``Library`` asks for book summaries.
  public var bookSummary: BookSummaryClient {
    get { self[BookSummaryClient.self] }
    set { self[BookSummaryClient.self] = newValue }
  }
}
