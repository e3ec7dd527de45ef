import Hummingbird

/// A request's query parameters, read strictly: an unknown, repeated or malformed parameter
/// is an ``InspectorError/badRequest(_:)``, never a default.
struct QueryParameters {
  private let values: [String: String]

  /// Reads the query of `request`, accepting only the names in `allowed`.
  init(_ request: Request, allowed: Set<String>) throws(InspectorError) {
    var values: [String: String] = [:]
    for (name, value) in request.uri.queryParameters {
      let name = String(name)
      guard allowed.contains(name) else {
        let known = allowed.sorted().joined(separator: ", ")
        throw .badRequest(
          "unknown parameter '\(name)'" + (known.isEmpty ? "" : "; this endpoint takes \(known)"))
      }
      guard values[name] == nil else { throw .badRequest("parameter '\(name)' is repeated") }
      guard value.utf8.count <= Self.maximumLength else {
        throw .badRequest("parameter '\(name)' is longer than \(Self.maximumLength) bytes")
      }
      values[name] = String(value)
    }
    self.values = values
  }

  /// The largest integer a parameter may hold: the largest the page's JavaScript counts
  /// exactly (`Number.MAX_SAFE_INTEGER`), and far from overflowing when a window is added.
  static let maximumInteger = 9_007_199_254_740_991

  /// The longest value a parameter may have: a path or a filter is far shorter.
  static let maximumLength = 65536

  /// The text of `name`, or nil when absent.
  func string(_ name: String) -> String? { values[name] }

  /// The text of `name`; throws when absent or empty.
  func requiredString(_ name: String) throws(InspectorError) -> String {
    guard let value = values[name], !value.isEmpty else {
      throw .badRequest("parameter '\(name)' is required")
    }
    return value
  }

  /// The integer `name` in `range`, `defaultValue` when absent.
  func integer(
    _ name: String, in range: ClosedRange<Int>, default defaultValue: Int? = nil
  ) throws(InspectorError) -> Int {
    guard let text = values[name] else {
      guard let defaultValue else { throw .badRequest("parameter '\(name)' is required") }
      return defaultValue
    }
    guard let value = Int(text), !text.hasPrefix("+") else {
      throw .badRequest("parameter '\(name)' must be an integer, not '\(text.prefix(40))'")
    }
    guard range.contains(value) else {
      throw .badRequest(
        "parameter '\(name)' must be between \(range.lowerBound) and \(range.upperBound)")
    }
    return value
  }
}
