import Foundation

/// Turns a `DecodingError` into one short line for people: what was wrong and where, without
/// the coding-path dumps of its default description.
///
/// ```swift
/// DecodingErrorSummary.text(for: error)
/// // "no case named 'bogus' at the top level"
/// ```
public enum DecodingErrorSummary {
  /// One line describing `error`; errors other than `DecodingError` use their description.
  ///
  /// - Parameters:
  ///   - error: The error `JSONDecoder` threw.
  ///   - json: The JSON that was decoded, if known: an enum whose case is unknown is then
  ///     named (`no case named 'double'`) instead of the decoder's "Invalid number of keys".
  public static func text(for error: any Error, decoding json: String? = nil) -> String {
    guard let error = error as? DecodingError else {
      return oneLine(String(describing: error))
    }
    switch error {
    case .typeMismatch(let type, let context):
      if context.debugDescription.hasPrefix("Invalid number of keys"), let json,
        let keys = objectKeys(in: json, at: context.codingPath)
      {
        let place = path(context.codingPath)
        switch keys.count {
        case 0: return "no case at \(place) (the object is empty)"
        case 1: return "no case named '\(keys[0])' at \(place)"
        default:
          let names = keys.map { "'\($0)'" }.joined(separator: ", ")
          return "expected one case at \(place), found \(names)"
        }
      }
      return "expected \(typeName(type)) at \(path(context.codingPath))"
        + detail(context, skipping: "Expected to decode")
    case .valueNotFound(let type, let context):
      return "missing \(typeName(type)) value at \(path(context.codingPath))"
    case .keyNotFound(let key, let context):
      return "missing key '\(key.stringValue)' at \(path(context.codingPath))"
    case .dataCorrupted(let context):
      var text = oneLine(context.debugDescription)
      if let underlying = context.underlyingError {
        let reason = underlyingDescription(underlying)
        if !reason.isEmpty, reason != text { text += " (\(reason))" }
      }
      if !context.codingPath.isEmpty { text += " at \(path(context.codingPath))" }
      return text
    @unknown default:
      return oneLine(String(describing: error))
    }
  }

  /// A coding path as Swift-style text: `.todos[2].title`, or "the top level".
  static func path(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "the top level" }
    return codingPath.map { key in
      key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
    }.joined()
  }

  /// The keys of the object at `codingPath` in `json` that are not a known case (all of them,
  /// sorted), or `nil` when there is no object there.
  private static func objectKeys(in json: String, at codingPath: [any CodingKey]) -> [String]? {
    guard var value = try? JSONValue(parsing: json) else { return nil }
    for key in codingPath {
      if let index = key.intValue, let element = value[index] {
        value = element
      } else if let member = value[key.stringValue] {
        value = member
      } else {
        return nil
      }
    }
    return value.objectValue.map { $0.keys.sorted() }
  }

  private static func typeName(_ type: Any.Type) -> String {
    String(describing: type)
  }

  private static func detail(_ context: DecodingError.Context, skipping prefix: String) -> String {
    let text = oneLine(context.debugDescription)
    guard !text.isEmpty, !text.hasPrefix(prefix) else { return "" }
    return " (\(text))"
  }

  private static func underlyingDescription(_ error: any Error) -> String {
    let error = error as NSError
    if let debug = error.userInfo[NSDebugDescriptionErrorKey] as? String { return oneLine(debug) }
    return oneLine(error.localizedDescription)
  }

  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
