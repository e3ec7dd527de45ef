import Foundation
import Synchronization

/// custom-dump's text of a `Date`, `Date(2026-11-26T08:00:00.000Z)`, made with one formatter set
/// up as custom-dump sets up its own, instead of the new `DateFormatter` custom-dump makes for
/// every date it prints; the texts of the dates printed lately are kept, as a state's dates
/// print again with every change of it.
enum DateDumpText {
  private struct Texts {
    let formatter: DateFormatter = {
      let formatter = DateFormatter()
      formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX"
      formatter.timeZone = TimeZone(secondsFromGMT: 0)!
      return formatter
    }()
    var byDate: [Date: String] = [:]
  }

  private static let texts = Mutex(Texts())

  /// The most texts kept: past it they are all dropped.
  private static let capacity = 4096

  /// The text custom-dump prints for `date`.
  static func text(of date: Date) -> String {
    texts.withLock { texts in
      if let text = texts.byDate[date] { return text }
      let text = "Date(\(texts.formatter.string(from: date)))"
      if texts.byDate.count >= capacity { texts.byDate.removeAll(keepingCapacity: true) }
      texts.byDate[date] = text
      return text
    }
  }
}
