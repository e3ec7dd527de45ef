import Foundation
import Synchronization

/// custom-dump's text of a `Date`, `Date(2026-11-26T08:00:00.000Z)`, made with one formatter set
/// up as custom-dump sets up its own, instead of the new `DateFormatter` custom-dump makes for
/// every date it prints.
enum DateDumpText {
  private static let formatter = Mutex<DateFormatter>({
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX"
    formatter.timeZone = TimeZone(secondsFromGMT: 0)!
    return formatter
  }())

  /// The text custom-dump prints for `date`.
  static func text(of date: Date) -> String {
    "Date(\(formatter.withLock { $0.string(from: date) }))"
  }
}
