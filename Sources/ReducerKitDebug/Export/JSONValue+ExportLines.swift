import Foundation

extension JSONValue {
  /// A date as a JSON number of seconds since 1970, as the log stores it.
  package static func unixTime(_ date: Date) -> JSONValue {
    JSONValue(date.timeIntervalSince1970) ?? .null
  }

  /// `value`, or `null` for `nil`.
  package static func optional<T>(_ value: T?, _ transform: (T) -> JSONValue) -> JSONValue {
    value.map(transform) ?? .null
  }
}
