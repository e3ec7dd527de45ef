import Foundation

extension Library: RandomActionGenerating {
  /// A random user action that is valid for `state`: what a person could tap on the screen
  /// shown on top (the new book's form, else the top of the stack, else the list).
  ///
  /// On a pushed screen the back button is one choice among the screen's own; the clock's ticks
  /// and the summary's answer are left to their effects.
  public static func randomAction(
    for state: State, using rng: inout some RandomNumberGenerator
  ) -> Action {
    if let form = state.addBook {
      return pick(
        [
          (6, .addBook(.presented(BookForm.randomAction(for: form, using: &rng)))),
          (2, .saveNewBookButtonTapped),
          (1, .discardNewBookButtonTapped),
        ],
        using: &rng)
    }
    if let top = state.path.ids.last, let screen = state.path[id: top] {
      // The back button: left more often from the clock, which mostly waits for ticks.
      let backOdds = if case .reading = screen { 3 } else { 6 }
      if Int.random(in: 0..<backOdds, using: &rng) == 0 { return .path(.popFrom(id: top)) }
      switch screen {
      case let .detail(detail):
        return .path(
          .element(id: top, action: .detail(BookDetail.randomAction(for: detail, using: &rng))))
      case let .reading(timer):
        return .path(
          .element(id: top, action: .reading(ReadingTimer.randomAction(for: timer, using: &rng))))
      }
    }
    guard let book = state.books.randomElement(using: &rng) else { return .addBookButtonTapped }
    return pick(
      [(5, .bookTapped(book.id)), (state.books.count < 8 ? 2 : 0, .addBookButtonTapped)],
      using: &rng)
  }
}

extension BookDetail: RandomActionGenerating {
  /// A tap on the book's screen, or on the sheet or alert it presents.
  public static func randomAction(
    for state: State, using rng: inout some RandomNumberGenerator
  ) -> Action {
    switch state.destination {
    case let .edit(form):
      return pick(
        [
          (5, .destination(.presented(.edit(BookForm.randomAction(for: form, using: &rng))))),
          (2, .editSaveButtonTapped),
          (1, .editCancelButtonTapped),
        ],
        using: &rng)
    case .alert:
      return pick(
        [(1, .destination(.presented(.alert(.confirmDeletion)))), (2, .destination(.dismiss))],
        using: &rng)
    case nil:
      return pick(
        [
          (2, .editButtonTapped), (1, .deleteButtonTapped), (2, .favoriteButtonTapped),
          (2, .readButtonTapped), (state.isLoadingSummary ? 0 : 2, .summaryButtonTapped),
        ],
        using: &rng)
    }
  }
}

extension BookForm: RandomActionGenerating {
  /// An edit of one field, through its binding.
  public static func randomAction(
    for state: State, using rng: inout some RandomNumberGenerator
  ) -> Action {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0:
      return .binding(.set(\.book.title, titles.randomElement(using: &rng)!))
    case 1:
      return .binding(.set(\.book.author, authors.randomElement(using: &rng)!))
    case 2:
      return .binding(.set(\.book.pages, Int.random(in: 80...1200, using: &rng)))
    default:
      return .binding(.set(\.book.isFavorite, !state.book.isFavorite))
    }
  }

  private static let titles = [
    "", "Emma", "Ulysses", "Persuasion", "The Waves", "Solaris", "Kindred", "Piranesi",
  ]
  private static let authors = [
    "", "Jane Austen", "James Joyce", "Virginia Woolf", "Stanisław Lem", "Octavia E. Butler",
  ]
}

extension ReadingTimer: RandomActionGenerating {
  /// Starts the clock when it is stopped, and stops it when it runs.
  public static func randomAction(
    for state: State, using rng: inout some RandomNumberGenerator
  ) -> Action {
    state.isRunning ? .stopButtonTapped : .startButtonTapped
  }
}
