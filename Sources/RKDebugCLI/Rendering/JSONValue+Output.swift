import Foundation
import ReducerKitDebug

extension JSONValue {
  /// A date as an ISO 8601 string in UTC with milliseconds: `2025-01-31T09:15:02.481Z`.
  static func date(_ date: Date) -> JSONValue {
    .string(ISO8601Timestamp.string(from: date))
  }

  /// The date of a string ``date(_:)`` wrote, or `nil`.
  package static func date(parsing text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text)
  }

  /// The JSON text `text` parsed, or the text as a string if it does not parse.
  static func parsedOrString(_ text: String) -> JSONValue {
    (try? JSONValue(parsing: text)) ?? .string(text)
  }
}
